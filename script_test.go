package tokengen_test

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tokengen/tokengen/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the expected files inside testdata/script/*.txtar")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tokengen": func() { os.Exit(cli.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs every scenario in testdata/script through the real
// tokengen command. Scripts that compile Go configs get the repository root
// and the Go caches, and run offline.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	goEnv := map[string]string{}
	if out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT").Output(); err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		for i, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT"} {
			if i < len(lines) {
				goEnv[k] = lines[i]
			}
		}
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(e *testscript.Env) error {
			e.Setenv("TOKENGEN_ROOT", root)
			for k, v := range goEnv {
				e.Setenv(k, v)
			}
			e.Setenv("GOPROXY", "off")
			e.Setenv("GOFLAGS", "-mod=mod")
			e.Setenv("GOTOOLCHAIN", "local")
			e.Setenv("SOURCE_DATE_EPOCH", "1700000000")
			e.Setenv("XDG_CACHE_HOME", filepath.Join(e.WorkDir, ".cache"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"cmpout":  cmpOut,
			"status":  exitStatus,
			"notemps": noTemps,
		},
		Condition: func(cond string) (bool, error) {
			if cond == "go" {
				_, err := exec.LookPath("go")
				return err == nil, nil
			}
			return false, nil
		},
	})
}

// exitStatus runs a command like exec and checks its exit code:
// status N command [args...].
func exitStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("status: %v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// noTemps fails when a staged file (.tokengen-*) is left anywhere under
// the folders given: notemps dir... (exists takes no pattern).
func noTemps(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: notemps dir...")
	}
	for _, dir := range args {
		filepath.WalkDir(ts.MkAbs(dir), func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.HasPrefix(d.Name(), ".tokengen-") {
				ts.Fatalf("staged file left behind: %s", p)
			}
			return nil
		})
	}
}

// stampLine is the header line that changes with every build.
var stampLine = regexp.MustCompile(`(?m)^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\n`)

// cmpOut compares a built file with the reference's, ignoring the header's
// timestamp line as the conformance run does: cmpout [-nonl] got want.
// -nonl says the reference's file has no final newline (txtar adds one).
func cmpOut(ts *testscript.TestScript, neg bool, args []string) {
	nonl := len(args) > 0 && args[0] == "-nonl"
	if nonl {
		args = args[1:]
	}
	if len(args) != 2 {
		ts.Fatalf("usage: cmpout [-nonl] got want")
	}
	got := stampLine.ReplaceAllString(ts.ReadFile(args[0]), "")
	want := stampLine.ReplaceAllString(ts.ReadFile(args[1]), "")
	if nonl {
		want = strings.TrimSuffix(want, "\n")
	}
	if (got == want) == neg {
		if neg {
			ts.Fatalf("%s and %s do not differ", args[0], args[1])
		}
		ts.Logf("--- %s (reference)\n%s\n+++ %s (tokengen)\n%s", args[1], want, args[0], got)
		ts.Fatalf("%s differs from %s", args[0], args[1])
	}
}
