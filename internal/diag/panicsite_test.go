package diag

import (
	"runtime"
	"strings"
	"testing"
)

// A hook that panics is reported with the line that panicked: the hook
// author's innermost line, not the runtime's, the standard library's or
// tokengen's, unless only those are there.
func TestPanicSite(t *testing.T) {
	// Through Guard: a test's hook is in a package that calls hooks, so the
	// standard library's frame, where the panic happened, is the one left.
	err := Guard(func() { _ = strings.Repeat("x", -1) })
	if err == nil || !strings.Contains(err.Error(), "strings.go:") || !strings.HasPrefix(err.Error(), "panic: strings: negative Repeat count (at ") {
		t.Errorf("got %v", err)
	}
	frame := func(fn, file string, line int) runtime.Frame {
		return runtime.Frame{Function: fn, File: file, Line: line}
	}
	engine := frame("github.com/tokengen/tokengen/internal/pipeline.(*transformer).finish", "/src/pipeline/resolve.go", 420)
	for _, tc := range []struct {
		name  string
		stack []runtime.Frame
		want  string
	}{
		{"user code", []runtime.Frame{frame("runtime.gopanic", "/go/src/runtime/panic.go", 1), frame("runtime.goPanicIndex", "/go/src/runtime/panic.go", 2),
			frame("example.com/app/design.Config.func1", "/app/design/config.go", 15), engine}, " (at /app/design/config.go:15)"},
		{"through the standard library", []runtime.Frame{frame("runtime.gopanic", "/go/src/runtime/panic.go", 1), frame("strings.Repeat", "/go/src/strings/strings.go", 3),
			frame("main.pad", "/app/tokens.config.go", 9), frame("main.Config.func2", "/app/tokens.config.go", 30), engine}, " (at /app/tokens.config.go:9)"},
		{"a built-in", []runtime.Frame{frame("runtime.gopanic", "/go/src/runtime/panic.go", 1), frame("github.com/tokengen/tokengen/builtin.init.func7", "/src/builtin/color.go", 77),
			engine, frame("example.com/app/main.main", "/app/main.go", 5)}, " (at /src/builtin/color.go:77)"},
		{"the engine", []runtime.Frame{frame("runtime.gopanic", "/go/src/runtime/panic.go", 1), engine}, ""},
	} {
		if got := siteOf(tc.stack); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	for fn, want := range map[string]string{
		"example.com/app/design.Config.func1":         "example.com/app/design",
		"main.Config.func1":                           "main",
		"strings.Repeat":                              "strings",
		"github.com/tokengen/tokengen/builtin.init.0": "github.com/tokengen/tokengen/builtin",
		"example.com/app/x.(*T).M":                    "example.com/app/x",
	} {
		if got := funcPackage(fn); got != want {
			t.Errorf("funcPackage(%q) = %q, want %q", fn, got, want)
		}
	}
}
