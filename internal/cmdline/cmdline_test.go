package cmdline

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args     string
		want     Options
		help     bool
		usageErr string // a part of the usage error, "" for none
	}{
		{args: "", want: Options{Command: "build"}},
		{args: "build design -p css -p js --verbose", want: Options{Command: "build", Dir: "design", Platforms: []string{"css", "js"}, Verbosity: tokenbuild.VerbosityVerbose}},
		{args: "clean --config=x.json -s", want: Options{Command: "clean", Config: "x.json", Verbosity: tokenbuild.VerbositySilent}},
		{args: "build --help", want: Options{Command: "build"}, help: true},
		{args: "help clean", want: Options{Command: "clean"}, help: true},
		{args: "help", help: true},
		{args: "--help build", help: true},
		{args: "init go design", want: Options{Command: "init", InitType: "go", Dir: "design"}},
		{args: "init", usageErr: "init needs the kind of project to write: basic, complete or go"},
		{args: "init fancy", usageErr: `unknown project kind "fancy"; init writes basic, complete or go`},
		{args: "init bsaic", usageErr: "Did you mean basic?"},
		{args: "build --platfrom css", usageErr: "unknown option --platfrom\nDid you mean --platform?"},
		{args: "build -platform css", usageErr: "unknown option -platform\nDid you mean --platform?"},
		{args: "build --frobnicate", usageErr: "unknown option --frobnicate\nSee --help"},
		{args: "biuld", usageErr: "Invalid command: biuld\nDid you mean build?"},
		{args: "build a b", usageErr: "unexpected argument b"},
		{args: "build design --config x.json", usageErr: "not both"},
		// the reference's -p takes an optional value: alone, every platform
		{args: "build -p", want: Options{Command: "build"}},
		{args: "build -p -v", want: Options{Command: "build", Verbosity: tokenbuild.VerbosityVerbose}},
		{args: "build -c", usageErr: "option -c needs a value"},
		// short options written together, as the reference reads them
		{args: "build -pcss -vn", want: Options{Command: "build", Platforms: []string{"css"}, Verbosity: tokenbuild.VerbosityVerbose, Warnings: tokenbuild.WarningsDisabled}},
		{args: "clean -scx.json", want: Options{Command: "clean", Config: "x.json", Verbosity: tokenbuild.VerbositySilent}},
		{args: "build -vx", usageErr: "unknown option -vx"},
		{args: "build --json -p css", want: Options{Command: "build", Platforms: []string{"css"}, JSON: true}},
		{args: "build --input theme=dark -i density=compact --input=brand=a=b --input x=", want: Options{Command: "build",
			Inputs: map[string]string{"theme": "dark", "density": "compact", "brand": "a=b", "x": ""}}},
		{args: "build --input theme", usageErr: "--input theme: give a modifier and one of its contexts"},
		{args: "build --input =dark", usageErr: "--input =dark: give a modifier"},
		{args: "build -i theme=dark -i theme=light", usageErr: "modifier theme is already given (theme=dark)"},
	} {
		o, help, err := Parse(strings.Fields(tc.args))
		if tc.usageErr != "" {
			if _, ok := err.(UsageError); !ok || !strings.Contains(err.Error(), tc.usageErr) {
				t.Errorf("%q: error %v, want a usage error with %q", tc.args, err, tc.usageErr)
			}
			continue
		}
		if err != nil || help != tc.help || !reflect.DeepEqual(o, tc.want) {
			t.Errorf("%q: %+v, help %v, %v; want %+v, help %v", tc.args, o, help, err, tc.want, tc.help)
		}
	}
}

// Each command has its own help; anything else gets the whole command
// line's.
func TestHelp(t *testing.T) {
	for cmd, want := range map[string]string{"build": "Usage: tokengen build", "clean": "Usage: tokengen clean",
		"init": "Usage: tokengen init", "": "Usage: tokengen [command]", "nope": "Usage: tokengen [command]"} {
		if got := Help(cmd); !strings.HasPrefix(got, want) {
			t.Errorf("Help(%q) starts %q, want %q", cmd, strings.SplitN(got, "\n", 2)[0], want)
		}
	}
}

// Under go generate a build shows only what changed, and nothing when
// nothing did; warnings always.
func TestQuietProgress(t *testing.T) {
	info := func(k tokenbuild.DiagnosticKind, msg string) tokenbuild.Diagnostic {
		return tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: k, Msg: msg}
	}
	warn := tokenbuild.Diagnostic{Severity: tokenbuild.SeverityWarning, Msg: "a warning"}
	ds := []tokenbuild.Diagnostic{
		info(tokenbuild.KindPlatform, "css"),
		info(tokenbuild.KindFileUnchanged, "✔︎ build/a.css"),
		info(tokenbuild.KindFileWritten, "✔︎ build/b.css"),
		info(tokenbuild.KindPlatform, "js"),
		info(tokenbuild.KindFileUnchanged, "✔︎ build/a.js"),
		info(tokenbuild.KindAction, "copied"),
		info(tokenbuild.KindPlatform, "scss"),
		warn,
	}
	msgs := func(ds []tokenbuild.Diagnostic) string {
		var s []string
		for _, d := range ds {
			s = append(s, d.Msg)
		}
		return strings.Join(s, "|")
	}
	for _, tc := range []struct {
		name, verbose bool
		want          string
	}{
		{false, false, "scss|a warning"},
		{true, false, "css|✔︎ build/b.css|scss|a warning"},
		{true, true, "css|✔︎ build/b.css|js|copied|scss|a warning"},
	} {
		if got := msgs(QuietProgress(ds, tc.name, tc.verbose)); got != tc.want {
			t.Errorf("name %v verbose %v: %q, want %q", tc.name, tc.verbose, got, tc.want)
		}
	}
	if got := QuietProgress(ds[:6], false, false); len(got) != 0 {
		t.Errorf("a build that changed nothing shows %q", msgs(got))
	}
}

func TestIsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if IsTerminal(w) {
		t.Error("a pipe is a terminal")
	}
	f, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Error("a file is a terminal")
	}
	if IsTerminal(&strings.Builder{}) {
		t.Error("a buffer is a terminal")
	}
	tty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skip("no pseudo-terminal here:", err)
	}
	defer tty.Close()
	if !IsTerminal(tty) {
		t.Error("a pseudo-terminal is not a terminal")
	}
}

// --version names the commit the npm packer links in; without it, the
// version alone (a test binary has no stamped commit).
func TestVersionLine(t *testing.T) {
	if got := VersionLine(); got != Version {
		t.Errorf("VersionLine() = %q without a commit, want %q", got, Version)
	}
	Commit = "0123456789ab"
	defer func() { Commit = "" }()
	if got, want := VersionLine(), Version+" (commit 0123456789ab)"; got != want {
		t.Errorf("VersionLine() = %q, want %q", got, want)
	}
}
