package jsconfig

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// srcPos is a place in the user's source, found through the bundle's
// source map.
type srcPos struct {
	file      string // relative to the working folder when below it
	line, col int    // 1-based; col in UTF-16 units, as node counts
}

func (p srcPos) String() string { return fmt.Sprintf("%s:%d:%d", p.file, p.line, p.col) }

// sourcePlaces find where in the user's source an exception was thrown or
// a rejected error was made: goja's stack frames, source-mapped into the
// user's files, paths relative to dir (the config's folder).
type sourcePlaces struct {
	dir string
}

// thrown is an exception's message ("TypeError: ...") and the place in
// the user's source where it was thrown: the first frame of the stack
// that is not tokengen's own (the virtual modules, the helpers esbuild
// adds).
func (sp *sourcePlaces) thrown(err error) (string, srcPos) {
	if msg, stack, ok := uncatchable(err); ok {
		return msg, sp.firstUserPos(stack)
	}
	ex, ok := err.(*goja.Exception)
	if !ok {
		return err.Error(), srcPos{}
	}
	msg := ex.Value().String()
	if o, ok := ex.Value().(*goja.Object); ok {
		if m := o.Get("message"); m != nil && !goja.IsUndefined(m) {
			if n := o.Get("name"); n != nil && !goja.IsUndefined(n) {
				msg = n.String() + ": " + m.String()
			}
		}
	}
	return msg, sp.firstUserPos(ex.Stack())
}

// firstUserPos is the place of the first frame of stack in the user's
// source.
func (sp *sourcePlaces) firstUserPos(stack []goja.StackFrame) srcPos {
	for _, f := range stack {
		p := f.Position()
		if pos, ok := sp.userPos(p.Filename, p.Line, p.Column); ok {
			return pos
		}
	}
	return srcPos{}
}

// bundleName is the name goja gives the bundle of the module at abs: a
// frame the source map does not cover (esbuild's helpers) keeps it, and
// is then known not to be the user's. It is in the module's folder, where
// the source map's paths are relative to.
func bundleName(abs string) string {
	return filepath.Join(filepath.Dir(abs), "tokengen:bundle.js")
}

// userPos makes a position of goja's stack a place in the user's source,
// or says it is none (a frame of tokengen's virtual modules or of Go).
// goja returns a source-mapped column as the source map holds it, counted
// from 0: node counts from 1.
func (sp *sourcePlaces) userPos(file string, line, col int) (srcPos, bool) {
	if file == "" || line == 0 || strings.Contains(file, "tokengen:") || strings.Contains(file, "tokengen-node:") {
		return srcPos{}, false
	}
	file = strings.TrimPrefix(file, "file://")
	if !filepath.IsAbs(file) {
		file = filepath.Join(sp.dir, file)
	}
	return srcPos{file: showPath(file), line: line, col: col + 1}, true
}

// rejected is a rejected value's message and, for an error, the place
// in the user's source its stack starts at.
func (sp *sourcePlaces) rejected(v goja.Value) (string, srcPos) {
	o, ok := v.(*goja.Object)
	if !ok {
		return v.String(), srcPos{}
	}
	msg := v.String()
	st := get(o, "stack")
	if st == nil {
		return msg, srcPos{}
	}
	for _, line := range strings.Split(st.String(), "\n") {
		m := stackFrame.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if pos, ok := sp.userPos(m[1], ln, col); ok {
			return msg, pos
		}
	}
	return msg, srcPos{}
}

// stackFrame is a frame of goja's stack: "at name (file:line:col(pc))" or
// "at file:line:col(pc)".
var stackFrame = lazyregexp.New(`^\s*at (?:.*\()?([^()\s]+):(\d+):(\d+)\(\d+\)\)?\s*$`)

// exceptionAt is a diagnostic of an exception thrown while running the
// module shown (what says what ran): at the place it was thrown when that
// is known, else at the module.
func (e *engine) exceptionAt(shown, what string, err error) error {
	if x, ok := exitOf(err); ok {
		return x
	}
	msg, pos := e.places.thrown(err)
	return diagAt(shown, what, msg, pos)
}

// diagAt is the diagnostic "what: msg" at pos, naming the module shown
// when pos is in another file (a module it imports), or at the module
// when pos is not known.
func diagAt(shown, what, msg string, pos srcPos) error {
	if pos.file == "" {
		return &tokenbuild.Diagnostic{File: shown, Msg: what + ": " + msg}
	}
	if abs, err := filepath.Abs(shown); err != nil || showPath(abs) != pos.file {
		what += " (" + shown + ")"
	}
	return &tokenbuild.Diagnostic{File: pos.file, Line: pos.line, Col: pos.col, Msg: what + ": " + msg}
}
