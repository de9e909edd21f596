// Package diag holds what the engine and its phases share about
// reporting: a hook's panic turned into an error naming the hook's line,
// values and tokens as messages show them.
package diag

import (
	"fmt"
	"runtime"
	"strings"
)

// modulePath is tokengen's own module: its frames are the engine's and the
// built-ins', not the code of the hook's author.
const modulePath = "github.com/tokengen/tokengen/"

// PanicSite is " (at FILE:LINE)", the line that panicked in a hook, read
// from the stack of the panic that a deferred function of the engine
// (Guard's, or a transformer's) is recovering, called straight from that
// deferred function: the innermost frame of the hook author's code (not the
// runtime, the standard library or tokengen), so that a bad index in a
// user's transform points at the user's line rather than into strings or
// the engine. A built-in hook that panics has no such frame: its own line
// is given. The path is absolute, as in Go's panic traces; a command
// shortens it for its display. "" when no frame is found.
func PanicSite() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs) // from above runtime.Callers, PanicSite and the deferred function
	frames := runtime.CallersFrames(pcs[:n])
	var stack []runtime.Frame
	for {
		f, more := frames.Next()
		stack = append(stack, f)
		if !more {
			break
		}
	}
	return siteOf(stack)
}

// enginePackages are the packages that call hooks: the engine and its
// phases.
var enginePackages = map[string]bool{
	modulePath + "internal/pipeline": true, modulePath + "internal/load": true,
	modulePath + "internal/dtcg": true, modulePath + "internal/diag": true,
}

// siteOf picks the hook's line from a panicking stack, innermost first.
func siteOf(stack []runtime.Frame) string {
	var first *runtime.Frame // the innermost frame outside the runtime
	for i := range stack {
		f := &stack[i]
		pkg := funcPackage(f.Function)
		if enginePackages[pkg] {
			break // the engine, which called the hook: no hook code beyond
		}
		if pkg == "runtime" || strings.HasPrefix(pkg, "runtime/") || f.File == "" {
			continue
		}
		if first == nil {
			first = f
		}
		if !isStd(pkg) && !strings.HasPrefix(pkg+"/", modulePath) {
			return fmt.Sprintf(" (at %s:%d)", f.File, f.Line)
		}
	}
	if first == nil {
		return ""
	}
	return fmt.Sprintf(" (at %s:%d)", first.File, first.Line)
}

// funcPackage is the import path of a function's package, from its
// runtime name ("example.com/app/design.Config.func1").
func funcPackage(fn string) string {
	slash := strings.LastIndex(fn, "/")
	if dot := strings.Index(fn[slash+1:], "."); dot >= 0 {
		return fn[:slash+1+dot]
	}
	return fn
}

// isStd reports whether an import path is the standard library's: no dot
// in its first element, and not a program's own package main.
func isStd(pkg string) bool {
	first, _, _ := strings.Cut(pkg, "/")
	return !strings.Contains(first, ".") && pkg != "main"
}
