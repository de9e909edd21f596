// Package consumertest builds fixture projects with the tokengen binary and
// feeds every written file to the real tool that would read it (sass, less,
// stylus, a CSS parser, node, tsc, tree-sitter grammars, xmllint), using the
// node harness in consumer/check.mjs.
//
// Without node, consumer/node_modules (`npm ci` in consumer/) or xmllint the
// test is skipped, unless the CI environment variable is set: then it fails,
// so CI cannot pass without running the tools.
package consumertest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// fixtureProjects are folders under testdata/project; legacy and DTCG tokens
// are told apart per project, so each style has its own project.
// dtcg-composites holds a token of every DTCG 2025.10 type and colour space
// for the CSS-family formats; themes builds several permutations of a
// resolver document into multi-context files (light-dark(), context maps,
// night resources). A project's cross-file checks are <project>.compare.json
// when it has its own list, else compare.json.
var fixtureProjects = []string{"legacy", "dtcg", "dtcg-composites", "themes"}

func TestConsumersReadEveryOutput(t *testing.T) {
	repo := repoRoot(t)
	consumerDir := filepath.Join(repo, "consumer")
	node := requireTools(t, consumerDir)

	tokengen := buildTokengen(t, repo)

	t.Run("self-test", func(t *testing.T) {
		out, err := runCommand(consumerDir, node, "check.mjs", "--self-test")
		if err != nil {
			t.Fatalf("the consumer checks accept known-bad input or reject known-good input (%v):\n%s", err, out)
		}
	})

	// The expected outputs of the mobile golden tests that deliberately
	// differ from the reference (<file>.valid) are tokengen's output: prove
	// that the real tools read them.
	t.Run("deviation-goldens", func(t *testing.T) {
		dir := t.TempDir()
		var n int
		err := filepath.WalkDir(filepath.Join(repo, "builtin", "testdata", "mobile"), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".valid") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			n++
			// keep the file's own name (its extension picks the tool) in a folder of its own
			target := filepath.Join(dir, strconv.Itoa(n), strings.TrimSuffix(filepath.Base(p), ".valid"))
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Fatal("no .valid golden files found under builtin/testdata/mobile")
		}
		out, err := runCommand(consumerDir, node, "check.mjs", dir)
		if err != nil {
			t.Fatalf("a deliberate-deviation golden file is rejected by its consumer tool (%v):\n%s", err, out)
		}
	})

	for _, name := range fixtureProjects {
		t.Run(name, func(t *testing.T) {
			compareList := filepath.Join(repo, "internal", "consumertest", "testdata", "project", name+".compare.json")
			if _, err := os.Stat(compareList); err != nil {
				compareList = filepath.Join(repo, "internal", "consumertest", "testdata", "project", "compare.json")
			}
			project := filepath.Join(t.TempDir(), name)
			copyDir(t, filepath.Join(repo, "internal", "consumertest", "testdata", "project", name), project)

			out, err := runCommand(project, tokengen, "build", "--config", "config.json")
			if err != nil {
				t.Fatalf("tokengen build failed (%v):\n%s", err, out)
			}

			out, err = runCommand(consumerDir, node, "check.mjs", filepath.Join(project, "build"), "--compare", compareList)
			if err != nil {
				var failures []string
				for _, line := range strings.Split(out, "\n") {
					if !strings.HasPrefix(line, "ok ") && strings.TrimSpace(line) != "" {
						failures = append(failures, line)
					}
				}
				t.Fatalf("output files rejected by their consumer tool (%v):\n%s", err, strings.Join(failures, "\n"))
			}
			t.Logf("consumer checks:\n%s", out)
		})
	}
}

// howToRunConsumerChecks is what a skipped run tells the developer to do.
const howToRunConsumerChecks = "run `npm ci` in consumer/ and install libxml2-utils (or run .ci/run); set CI=1 to make this a failure"

// skipped holds why the consumer checks were skipped, if they were.
var skipped atomic.Value

// TestMain says so on the terminal when the consumer checks were skipped:
// `go test ./...` shows a passing package's output only with -v, and a
// silent skip would let a developer believe the generated files were
// checked by sass, tsc and the rest.
func TestMain(m *testing.M) {
	code := m.Run()
	if why, ok := skipped.Load().(string); ok {
		tellTerminal(fmt.Sprintf("\ntokengen: the consumer checks were SKIPPED: %s.\n  To run them: %s.\n\n", why, howToRunConsumerChecks))
	}
	os.Exit(code)
}

// tellTerminal writes msg on the controlling terminal, which `go test`
// does not capture; without one (CI, an editor) it does nothing, as the
// test's own log already holds the message.
func tellTerminal(msg string) {
	tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		return
	}
	defer tty.Close()
	_, _ = tty.WriteString(msg)
}

// requireTools returns the node binary, or skips (fails under CI) when a tool
// the checks need is missing.
func requireTools(t *testing.T, consumerDir string) string {
	t.Helper()
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s; run .ci/run, or install it and run `npm ci` in consumer/", what)
		}
		skipped.Store(what)
		t.Skipf("skipping the consumer checks: %s (%s)", what, howToRunConsumerChecks)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	if _, err := os.Stat(filepath.Join(consumerDir, "node_modules")); err != nil {
		missing("consumer/node_modules is missing")
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		missing("xmllint (Debian package libxml2-utils) is not on PATH")
	}
	return node
}

func buildTokengen(t *testing.T, repo string) string {
	t.Helper()
	binary := filepath.Join(t.TempDir(), "tokengen")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	// go test puts its own toolchain's bin first on PATH
	if out, err := runCommand(repo, "go", "build", "-o", binary, "./cmd/tokengen"); err != nil {
		t.Fatalf("go build ./cmd/tokengen failed (%v):\n%s", err, out)
	}
	return binary
}

// repoRoot is the module root: two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Clean(filepath.Join(wd, "..", ".."))
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("cannot find the repository root from %s: %v", wd, err)
	}
	return root
}

func runCommand(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.String(), err
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying fixture %s: %v", from, err)
	}
}
