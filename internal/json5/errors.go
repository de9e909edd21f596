package json5

import (
	"strconv"
	"unicode/utf8"

	"github.com/tokengen/tokengen/tokenbuild"
)

// position returns node json5's line and column after it has read the
// character at byte offset at: lines count '\n' only, columns count UTF-16
// code units, and reading '\n' itself moves to column 0 of the next line.
func (p *parser) position(at int) (line, col int) {
	line, lineStart := 1, 0
	for i := 0; i < at && i < len(p.src); i++ {
		if p.src[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	col = utf16Len(p.src[lineStart:min(at, len(p.src))])
	if at >= len(p.src) {
		return line, col + 1 // reading past the end still counts a column
	}
	r, _ := utf8.DecodeRune(p.src[at:])
	if r == '\n' {
		return line + 1, 0
	}
	return line, col + utf16RuneLen(r)
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += utf16RuneLen(r)
		b = b[size:]
	}
	return n
}

func utf16RuneLen(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// errChar reports the character at byte offset at (or the end of input).
func (p *parser) errChar(at int) error {
	if at >= len(p.src) {
		return p.errEOF()
	}
	line, col := p.position(at)
	r, _ := utf8.DecodeRune(p.src[at:])
	return &tokenbuild.Diagnostic{Line: line, Col: col, Msg: "invalid character '" + formatChar(r) + "'", Hint: p.hint()}
}

// errEOF reports an unexpected end of input.
func (p *parser) errEOF() error {
	line, col := p.position(len(p.src))
	return &tokenbuild.Diagnostic{Line: line, Col: col, Msg: "invalid end of input", Hint: p.hint()}
}

// errIdentifier reports a \u escape (starting at the backslash at offset
// slash) that is not allowed in an identifier.
func (p *parser) errIdentifier(slash int) error {
	line, col := p.position(slash)
	return &tokenbuild.Diagnostic{Line: line, Col: col, Msg: "invalid identifier character"}
}

// errTooDeep reports the opening bracket at offset at that would nest
// deeper than MaxDepth.
func (p *parser) errTooDeep(at int) error {
	line, col := p.position(at)
	return &tokenbuild.Diagnostic{Line: line, Col: col, Msg: "nesting deeper than " + strconv.Itoa(MaxDepth) + " levels"}
}

// formatChar prints a character the way json5's error messages do.
func formatChar(r rune) string {
	switch r {
	case '\'':
		return `\'`
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	case 0:
		return `\0`
	case '\u2028':
		return `\u2028`
	case '\u2029':
		return `\u2029`
	}
	if r < ' ' {
		h := strconv.FormatInt(int64(r), 16)
		if len(h) < 2 {
			h = "0" + h
		}
		return `\x` + h
	}
	return string(r)
}

// hint says what was expected where an error occurred.
func (p *parser) hint() string {
	if p.expect == "" {
		return ""
	}
	return "expected " + p.expect
}
