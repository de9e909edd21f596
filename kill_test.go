//go:build unix

package tokengen_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killConfig builds four platforms of text files and copies assets: a
// build that takes a few tens of milliseconds, so that random moments
// fall in every phase (loading, formatting, staging, the renames).
const killConfig = `{"source": ["tokens/*.json"], "platforms": {
  "css": {"transformGroup": "css", "buildPath": "build/css/", "files": [
    {"destination": "vars.css", "format": "css/variables"},
    {"destination": "refs.css", "format": "css/variables", "options": {"outputReferences": true}}]},
  "scss": {"transformGroup": "scss", "buildPath": "build/scss/", "files": [{"destination": "_vars.scss", "format": "scss/variables"}]},
  "js": {"transformGroup": "js", "buildPath": "build/js/", "files": [{"destination": "tokens.js", "format": "javascript/es6"}]},
  "json": {"transformGroup": "js", "buildPath": "build/json/", "files": [{"destination": "tokens.json", "format": "json/nested"}]},
  "assets": {"buildPath": "build/", "files": [], "actions": ["copy_assets"]}
}}
`

// killProject writes a project whose every output differs between
// versions (every token value and every asset changes), so that each
// output tells which version it holds.
func killProject(t *testing.T, dir string, version int) {
	t.Helper()
	files := map[string]string{"config.json": killConfig}
	for f := range 10 {
		var b strings.Builder
		fmt.Fprintf(&b, `{"g%d": {`, f)
		for i := range 1000 {
			if i > 0 {
				b.WriteString(",")
			}
			if i%3 == 2 {
				fmt.Fprintf(&b, `"t%d": {"value": "{g%d.t%d}", "type": "color"}`, i, f, i-1)
			} else {
				fmt.Fprintf(&b, `"t%d": {"value": "#%06x", "type": "color"}`, i, (f*1000+i)*16+version)
			}
		}
		b.WriteString("}}\n")
		files[fmt.Sprintf("tokens/t%d.json", f)] = b.String()
	}
	for i := range 30 {
		files[fmt.Sprintf("assets/img/%d.svg", i)] = strings.Repeat(fmt.Sprintf("<!-- version %d, asset %d -->\n", version, i), 400)
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tree reads every file under dir, by slash path relative to it.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func isTemp(name string) bool { return strings.HasPrefix(filepath.Base(name), ".tokengen-") }

// TestKilledBuilds kills real builds (the command, built once) at random
// moments, with SIGKILL and SIGTERM, while they replace every output of an
// earlier build. Whatever the moment, every output holds its complete old
// text or its complete new one; a build stopped by SIGTERM says truthfully
// what it wrote (nothing, and then every output is old, or the files it
// lists, which are then new and the rest old), or finished (all new); and
// the next build leaves no staged file behind, whatever killed builds
// left.
func TestKilledBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it some twenty-five times")
	}
	tmp := t.TempDir()
	bin := buildCommand(t, tmp)
	env := append(os.Environ(), "SOURCE_DATE_EPOCH=1700000000")
	run := func(dir string, args ...string) (string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	// What a finished build writes, old and new, made in folders of their own.
	var versions [2]map[string]string
	for v := range versions {
		dir := filepath.Join(tmp, fmt.Sprint("v", v))
		killProject(t, dir, v)
		if out, err := run(dir, "build", "--silent"); err != nil {
			t.Fatalf("build of version %d: %v\n%s", v, err, out)
		}
		versions[v] = tree(t, filepath.Join(dir, "build"))
	}
	old, new := versions[0], versions[1]
	outputs := slices.Sorted(func(yield func(string) bool) {
		for k := range old {
			if !yield(k) {
				return
			}
		}
	})
	if len(outputs) != len(new) || len(outputs) < 35 {
		t.Fatalf("versions write %d and %d files", len(old), len(new))
	}
	for _, o := range outputs {
		if old[o] == new[o] || new[o] == "" {
			t.Fatalf("%s does not tell the versions apart", o)
		}
	}

	work := filepath.Join(tmp, "work")
	killProject(t, work, 1)
	build := filepath.Join(work, "build")
	reset := func() {
		for _, o := range outputs {
			p := filepath.Join(build, filepath.FromSlash(o))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(old[o]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	took := time.Hour // the faster of two builds: the first fills caches
	for range 2 {
		reset()
		start := time.Now()
		if out, err := run(work, "build", "--silent"); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		took = min(took, time.Since(start))
	}

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("a build takes %v; seed %d", took, seed)
	outcomes := map[string]int{}
	for i := range 24 {
		reset()
		sig := syscall.SIGKILL
		if i%2 == 1 {
			sig = syscall.SIGTERM
		}
		cmd := exec.Command(bin, "build", "--silent")
		cmd.Dir, cmd.Env = work, env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(took) * 5 / 4)))
		cmd.Process.Signal(sig) // fails when the build is over: that is a moment too
		err := cmd.Wait()

		got := tree(t, build)
		var isNew []string
		for _, o := range outputs {
			switch got[o] {
			case new[o]:
				isNew = append(isNew, o)
			case old[o]:
			default:
				t.Fatalf("%v at a random moment: %s holds neither its old nor its new text (%d bytes)", sig, o, len(got[o]))
			}
		}
		for f := range got {
			if _, ok := old[f]; !ok && !isTemp(f) {
				t.Errorf("%v: a file no build writes: %s", sig, f)
			}
		}
		var exit *exec.ExitError
		errors.As(err, &exit)
		status := "finished"
		switch {
		case err == nil:
			if len(isNew) != len(outputs) {
				t.Errorf("%v: the build succeeded but only %d of %d files are new", sig, len(isNew), len(outputs))
			}
		case exit == nil:
			t.Fatal(err)
		case exit.Sys().(syscall.WaitStatus).Signaled():
			status = "killed"
			if sig == syscall.SIGTERM && len(isNew) > 0 {
				// only before the command handles signals, when it has written nothing
				t.Errorf("SIGTERM killed the build after it wrote %q", isNew)
			}
		case sig == syscall.SIGTERM && exit.ExitCode() == 143:
			// one line: nothing written, or how many files and which
			status = "stopped"
			msg := stderr.String()
			n := 0
			if rest, ok := strings.CutPrefix(msg, "tokengen: interrupted; "); ok && strings.Contains(rest, " written before the build stopped: ") {
				head, files, _ := strings.Cut(strings.TrimSpace(rest), " written before the build stopped: ")
				fmt.Sscan(head, &n)
				files, _, _ = strings.Cut(files, " and ")
				for _, f := range strings.Split(files, ", ") {
					if !slices.Contains(isNew, strings.TrimPrefix(f, "build/")) {
						t.Errorf("SIGTERM: the build said it wrote %s, which is old", f)
					}
				}
				status = "stopped after writing"
			} else if msg != "tokengen: interrupted; no files were written\n" {
				t.Fatalf("SIGTERM: stderr %q", msg)
			}
			if strings.Count(msg, "\n") != 1 || n != len(isNew) {
				t.Errorf("SIGTERM: the build said %q, and %d files are new", msg, len(isNew))
			}
		default:
			t.Fatalf("%v: %v, stderr %q", sig, err, stderr.String())
		}
		outcomes[fmt.Sprintf("%v: %s", sig, status)]++
	}
	t.Logf("outcomes: %v", outcomes)

	var left []string
	for f := range tree(t, build) {
		if isTemp(f) {
			left = append(left, f)
		}
	}
	t.Logf("killed builds left %d staged files", len(left))
	// However the moments fell, one is left as a killed build leaves it:
	// named with the id of a process that has ended.
	dead := exec.Command(bin, "--version")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(build, "css", fmt.Sprintf(".tokengen-%d-42.tmp", dead.Process.Pid))
	if err := os.WriteFile(stale, []byte(new["css/vars.css"][:100]), 0o600); err != nil {
		t.Fatal(err)
	}
	reset()
	if out, err := run(work, "build", "--silent"); err != nil {
		t.Fatalf("the build after: %v\n%s", err, out)
	}
	got := tree(t, build)
	for f := range got {
		if isTemp(f) {
			t.Errorf("the next build left %s", f)
		}
	}
	for _, o := range outputs {
		if got[o] != new[o] {
			t.Errorf("the next build did not write %s", o)
		}
	}
}

// buildCommand builds the tokengen command into dir for the tests that
// run it as a real process (signals, kills, the README's quick starts)
// and returns its path; without a go command the test is skipped.
func buildCommand(t *testing.T, dir string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build tokengen with")
	}
	bin := filepath.Join(dir, "tokengen")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/tokengen").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
