package tokengen_test

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
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
			if cache, err := os.UserCacheDir(); err == nil {
				e.Setenv("XDG_CACHE_HOME", filepath.Join(e.WorkDir, ".cache"))
				_ = cache
			}
			return nil
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
