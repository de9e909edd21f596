package diag

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/didyoumean"
	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Guard runs f, turning a panic into an error.
func Guard(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v%s", r, PanicSite())
		}
	}()
	f()
	return nil
}

// CallHook runs a hook that is not per token, recovering panics.
func CallHook[T any](kind, name, file string, f func() (T, error)) (T, error) {
	var v T
	var err error
	if perr := Guard(func() { v, err = f() }); perr != nil {
		return v, &tokenbuild.Diagnostic{File: file, Msg: fmt.Sprintf("%s %q failed: %v", kind, name, perr)}
	}
	if err != nil {
		return v, &tokenbuild.Diagnostic{File: file, Msg: fmt.Sprintf("%s %q failed: %v", kind, name, err)}
	}
	return v, nil
}

// ValueForMessage is a value as compact JSON, shortened for a one-line message.
func ValueForMessage(v any) string {
	s := jsprint.Stringify(v, "")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:77]) + "..."
	}
	return s
}

// TokenError is a problem with token t, placed in its file; the line and
// column are filled in when the error is reported (the engine's place).
func TokenError(t *tokenbuild.Token, near, msg string) *tokenbuild.Diagnostic {
	return &tokenbuild.Diagnostic{File: t.FilePath, Token: t.PathString(), Near: near, Msg: msg}
}

// Suggest returns ` Did you mean "x"?` for the name of m closest to name
// (didyoumean.Closest), or "".
func Suggest[V any](name string, m map[string]V) string {
	best := didyoumean.Closest(name, slices.Collect(maps.Keys(m)))
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" Did you mean %q?", best)
}

// HookError names the hook, the token and its file: kind "transform",
// "filter", name the hook's.
func HookError(kind, name string, t *tokenbuild.Token, err error) error {
	return TokenError(t, "", fmt.Sprintf("%s %q failed: %v", kind, name, err))
}

// HookWarning is a warning a hook reported through Warn, with where it
// was: the token being transformed, or the file being formatted.
type HookWarning struct {
	tokenbuild.Warning
	Hook string                 // `transform "x"`, `format "y"`
	At   *tokenbuild.Diagnostic // the place: File, Token
}

// ListAnd is "a, b and c" (a message's list of names), "none" for none.
func ListAnd(names []string) string { return list(names, " and ") }

// ListOr is "a, b or c", "none" for none.
func ListOr(names []string) string { return list(names, " or ") }

func list(names []string, last string) string {
	switch len(names) {
	case 0:
		return "none"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}
