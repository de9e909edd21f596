// Package textbuf is the buffer the built-in formats write their text
// into. It builds a string as strings.Builder does; given a stream (the
// staged output file), it instead hands its text on to the stream in
// chunks as the format goes (Spill), so that an output of megabytes is
// never held whole: memory the build would otherwise touch once, for the
// price of a page fault every 4 KB.
//
// Neither way copies the text: a buffer building a string keeps it in a
// strings.Builder, whose String is the bytes written, and a streaming one
// hands its one chunk-sized slice to the stream's Write and then reuses
// it. Only the rest of a streamed text, at most about a chunk, is copied
// by String.
package textbuf

import (
	"io"
	"strings"
	"unicode/utf8"
)

// chunk is how much a streaming buffer holds before Spill hands it on.
const chunk = 64 << 10

// Buffer is a text under construction. Its zero value builds a string.
// A Buffer must not be copied once written to (it holds a strings.Builder).
type Buffer struct {
	sb     strings.Builder // the text, when not streaming
	buf    []byte          // the text not handed on yet, when streaming
	stream io.Writer
	err    error // the first error writing to stream
	handed int   // how many bytes were handed on to stream
}

// Stream makes b hand its text on to w: Spill writes what b holds once
// it is a chunk, and String returns only what is left. Call it before
// writing; w nil leaves b building a string.
func (b *Buffer) Stream(w io.Writer) {
	if w != nil {
		b.stream, b.buf = w, make([]byte, 0, chunk+chunk/2)
		b.buf = append(b.buf, b.sb.String()...) // none, called before writing
		b.sb = strings.Builder{}
	}
}

// WriteString appends s.
func (b *Buffer) WriteString(s string) (int, error) {
	if b.stream == nil {
		return b.sb.WriteString(s)
	}
	b.buf = append(b.buf, s...)
	return len(s), nil
}

// WriteByte appends c.
func (b *Buffer) WriteByte(c byte) error {
	if b.stream == nil {
		return b.sb.WriteByte(c)
	}
	b.buf = append(b.buf, c)
	return nil
}

// WriteRune appends r in UTF-8.
func (b *Buffer) WriteRune(r rune) (int, error) {
	if b.stream == nil {
		return b.sb.WriteRune(r)
	}
	n := len(b.buf)
	b.buf = utf8.AppendRune(b.buf, r)
	return len(b.buf) - n, nil
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	if b.stream == nil {
		return b.sb.Write(p)
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// Len is the length of the text b holds (not yet handed on).
func (b *Buffer) Len() int {
	if b.stream == nil {
		return b.sb.Len()
	}
	return len(b.buf)
}

// Grow makes room for n more bytes without copying again, for a buffer
// building a string (a streaming one keeps its size). The room is not
// cleared first (strings.Builder.Grow): pages never written are never
// touched.
func (b *Buffer) Grow(n int) {
	if b.stream == nil && n > 0 {
		b.sb.Grow(n)
	}
}

// Spill hands the text on to the stream once it is a chunk. Formats call
// it between entries, where the text may be cut.
func (b *Buffer) Spill() {
	if b.stream != nil && len(b.buf) >= chunk {
		b.flush()
	}
}

func (b *Buffer) flush() {
	if b.err == nil && len(b.buf) > 0 {
		_, b.err = b.stream.Write(b.buf)
	}
	b.handed += len(b.buf)
	b.buf = b.buf[:0]
}

// String returns the text b holds: all of it, or for a streaming buffer
// what Spill has not handed on (the caller writes it after the rest).
func (b *Buffer) String() string {
	if b.stream == nil {
		return b.sb.String()
	}
	return string(b.buf)
}

// Mark is the place of the next byte written, for Since.
func (b *Buffer) Mark() int { return b.handed + b.Len() }

// Since is the text written after mark: a token's text, which a format
// hands to the engine (tokenbuild.FileShape). ok is false when some of
// it was handed on already (a Spill in between). A string buffer's is
// part of its text, a streaming one's a copy.
func (b *Buffer) Since(mark int) (text string, ok bool) {
	if mark < b.handed {
		return "", false
	}
	if b.stream == nil {
		return b.sb.String()[mark:], true
	}
	return string(b.buf[mark-b.handed:]), true
}

// Err is the first error writing to the stream.
func (b *Buffer) Err() error { return b.err }
