package cmdline

import (
	"io"
	"os"
	"path/filepath"

	"github.com/tokengen/tokengen/internal/diagprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The tokengen command runs a compiled Go config program with these set,
// so that the program can point at the config's Go source and show paths
// as the command would.
const (
	// SourceEnv is the Go config's package folder or file (absolute).
	SourceEnv = "TOKENGEN_GOCONFIG_SOURCE"
	// BaseEnv is the folder paths are shown relative to (DisplayBase).
	BaseEnv = "TOKENGEN_GOCONFIG_BASE"
	// ReportEnv names the file the program writes its exit code into as
	// it ends, so that the command can tell a finished build from a hook
	// calling os.Exit.
	ReportEnv = "TOKENGEN_GOCONFIG_REPORT"
)

// UnderGoGenerate reports whether go generate runs the command: it sets
// GOFILE and GOPACKAGE for the command of each //go:generate line (and
// they are passed on to a Go config program).
func UnderGoGenerate() bool {
	return os.Getenv("GOFILE") != "" && os.Getenv("GOPACKAGE") != ""
}

// IsTerminal reports whether w is a terminal (a character device). It
// needs no terminal library: a false positive is /dev/null, where what is
// printed is thrown away anyway, and the usual non-terminals, pipes and
// files (CI logs, `go generate ./... 2>&1 | tee`), are told apart.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// DisplayBase is the folder that paths in messages are shown relative to:
// where the user ran the command. go generate runs each command in its
// package's folder and does not say where it was itself run; `go generate
// ./...` is run at the module's root, so paths are shown from there, as
// go generate's own "design/config.go:3: running ..." line is.
func DisplayBase() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	if UnderGoGenerate() {
		for d := wd; ; d = filepath.Dir(d) {
			if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
				return d
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return wd
}

// QuietProgress is what go generate shows of a build's diagnostics: the
// command is silent on success, as stringer and sqlc are. Warnings stay.
// Progress is dropped, except, when name is true (stdout is a terminal, or
// --verbose), the files that were rewritten (and those clean removed),
// after their platform's name; a rerun that changes nothing prints
// nothing. verbose keeps what actions report too.
func QuietProgress(ds []tokenbuild.Diagnostic, name, verbose bool) []tokenbuild.Diagnostic {
	var out []tokenbuild.Diagnostic
	for _, d := range ds {
		if d.Severity == tokenbuild.SeverityInfo {
			keep := false
			switch d.Kind {
			case tokenbuild.KindPlatform:
				keep = true // dropped below when nothing of its own follows
			case tokenbuild.KindFileWritten, tokenbuild.KindFileRemoved:
				keep = name
			case tokenbuild.KindAction:
				keep = verbose
			}
			if !keep {
				continue
			}
		}
		out = append(out, d)
	}
	kept := out[:0]
	for i, d := range out {
		if d.Kind == tokenbuild.KindPlatform && !ownLines(out[i+1:]) {
			continue
		}
		kept = append(kept, d)
	}
	return kept
}

// ownLines reports whether a platform whose name is followed by ds
// prints anything under it: anything before the next platform's name but
// the failed transforms, which are printed before every platform.
func ownLines(ds []tokenbuild.Diagnostic) bool {
	for _, d := range ds {
		switch {
		case d.Kind == tokenbuild.KindPlatform:
			return false
		case !diagprint.Hoisted(d):
			return true
		}
	}
	return false
}
