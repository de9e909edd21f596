package tokengen_test

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tokengen/tokengen/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the expected files inside testdata/script/*.txtar")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tokengen": func() { os.Exit(cli.Run(os.Args[1:])) },
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
			e.Values[signalledKey{}] = &signalled{}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"cmpout":  cmpOut,
			"status":  exitStatus,
			"notemps": noTemps,
			// signals: wait for a background command's readiness, signal it, check its status
			"waitfile": waitFile,
			"signal":   sendSignal,
			"exitcode": exitCode,
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

// signalled is the background command a script's signal command sent a
// signal to, for exitcode once it was waited for.
type signalled struct{ cmd *exec.Cmd }

type signalledKey struct{}

// waitFile waits until a file exists: a background command's way to say
// it is ready (waitfile path). The script's own deadline bounds the wait.
func waitFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile path")
	}
	path := ts.MkAbs(args[0])
	bg := ts.BackgroundCmds()
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		for _, c := range bg {
			if c.Process.Signal(syscall.Signal(0)) != nil {
				ts.Fatalf("the background command ended before %s appeared", args[0])
			}
		}
		time.Sleep(5 * time.Millisecond) // polling for the file, not waiting for a moment
	}
}

// sendSignal sends a signal to the last background command:
// signal INT|TERM|KILL.
func sendSignal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: signal INT|TERM|KILL")
	}
	sigs := map[string]os.Signal{"INT": os.Interrupt, "TERM": syscall.SIGTERM, "KILL": os.Kill}
	sig, ok := sigs[args[0]]
	bg := ts.BackgroundCmds()
	if !ok || len(bg) == 0 {
		ts.Fatalf("signal: unknown signal %q, or no background command", args[0])
	}
	cmd := bg[len(bg)-1]
	ts.Check(cmd.Process.Signal(sig))
	ts.Value(signalledKey{}).(*signalled).cmd = cmd
}

// exitCode checks the exit code of the command signal signalled, once
// wait has waited for it: exitcode N (-1: killed by a signal).
func exitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: exitcode N")
	}
	cmd := ts.Value(signalledKey{}).(*signalled).cmd
	if cmd == nil || cmd.ProcessState == nil {
		ts.Fatalf("exitcode: no signalled command was waited for")
	}
	if got := strconv.Itoa(cmd.ProcessState.ExitCode()); got != args[0] {
		ts.Fatalf("exit code %s, want %s", got, args[0])
	}
}
