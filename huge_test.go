package tokengen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/cli"
)

// TestHugeInputs builds inputs far beyond real token files through the
// command: each gives the right output or one clear error, never a crash
// or a hang (the test's own timeout bounds the time; no timing is asserted).
func TestHugeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	chain := map[string]any{}
	for i := 0; i < 100_000; i++ {
		chain[fmt.Sprintf("t%d", i)] = map[string]any{"value": fmt.Sprintf("{chain.t%d}", i+1)}
	}
	chain["t100000"] = map[string]any{"value": "4px"}

	cycle := map[string]any{}
	for i := 0; i < 10_000; i++ {
		cycle[fmt.Sprintf("t%d", i)] = map[string]any{"value": fmt.Sprintf("{cycle.t%d}", (i+1)%10_000)}
	}

	broken := map[string]any{}
	for i := 0; i < 20_000; i++ {
		broken[fmt.Sprintf("t%d", i)] = map[string]any{"value": fmt.Sprintf("{missing.t%d}", i)}
	}

	garbage := make([]byte, 10<<20)
	for i := range garbage {
		garbage[i] = byte(i*7919 + i>>8)
	}

	deepOK := strings.Repeat(`{"g":`, 998) + `{"value": "1px"}` + strings.Repeat("}", 998)

	dots := strings.Repeat("a.", 199_999) + "a" // one key, 200,000 levels; its token's object starts after {"key":

	for _, tc := range []struct {
		name   string
		tokens []byte
		code   int
		stdout string // a line the output file must hold, when the build succeeds
		stderr string // the only error line, when it fails
		errors int    // the number of error lines, when there are many
	}{
		{name: "chain of 100,000 references", tokens: jsonOf(t, map[string]any{"chain": chain}), stdout: "  --chain-t0: 4px;"},
		{name: "value of 5,000,000 characters", tokens: jsonOf(t, map[string]any{"long": map[string]any{"value": strings.Repeat("ab", 2_500_000)}}), stdout: "  --long: " + strings.Repeat("ab", 2_500_000) + ";"},
		{name: "998 levels of groups", tokens: []byte(deepOK), stdout: "  --" + strings.Repeat("g-", 998)[:2*998-1] + ": 1px;"},
		{name: "cycle of 10,000 references", tokens: jsonOf(t, map[string]any{"cycle": cycle}), code: 1,
			stderr: "tokens/a.json:1:26: token cycle.t0: circular reference: {cycle.t0} => {cycle.t1} => {cycle.t2} => {cycle.t3} => ... 9993 more ... => {cycle.t9997} => {cycle.t9998} => {cycle.t9999} => {cycle.t0}"},
		{name: "20,000 broken references", tokens: jsonOf(t, map[string]any{"broken": broken}), code: 1, errors: 20_000},
		{name: "a key of 200,000 levels", tokens: jsonOf(t, map[string]any{dots: map[string]any{"value": 1}}), code: 1,
			stderr: fmt.Sprintf("tokens/a.json:1:%d: token %s...: its path has 200000 levels (the dots of its keys split them), deeper than 1000", len(dots)+5, dots[:39])},
		{name: "1,000,000 levels of arrays", tokens: []byte(strings.Repeat("[", 1_000_000)), code: 1, stderr: "tokens/a.json:1:1001: nesting deeper than 1000 levels"},
		{name: "10 MB of binary garbage", tokens: garbage, code: 1, stderr: `tokens/a.json:1:1: invalid character '\0'; expected a value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "tokens", "a.json"), tc.tokens)
			writeFile(t, filepath.Join(dir, "config.json"), []byte(`{"source": ["tokens/*.json"], "platforms": {"css": {"transformGroup": "css", "buildPath": "build/", "files": [{"destination": "vars.css", "format": "css/variables"}]}}}`))
			var stdout, stderr bytes.Buffer
			code := cli.Main(context.Background(), []string{"build", "--silent", "--config", filepath.Join(dir, "config.json")}, &stdout, &stderr)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%.2000s", code, tc.code, stderr.String())
			}
			out, readErr := os.ReadFile(filepath.Join(dir, "build", "vars.css"))
			if tc.code != 0 {
				if readErr == nil {
					t.Errorf("a failed build wrote build/vars.css")
				}
				lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
				if tc.errors > 0 {
					if len(lines) != tc.errors+1 {
						t.Errorf("%d stderr lines, want %d errors and a summary", len(lines), tc.errors)
					}
					return
				}
				if len(lines) != 2 || lines[0] != tc.stderr {
					t.Errorf("stderr:\n%.2000s\nwant:\n%s", stderr.String(), tc.stderr)
				}
				return
			}
			if readErr != nil {
				t.Fatal(readErr)
			}
			if !strings.Contains(string(out), "\n"+tc.stdout+"\n") {
				t.Errorf("build/vars.css lacks %.200q", tc.stdout)
			}
		})
	}
}

func jsonOf(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, path string, data []byte) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// An interrupted build (Ctrl-C, a CI timeout: a cancelled context) says so,
// exits 1 and leaves nothing behind.
func TestInterruptedBuild(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "tokens", "a.json"), []byte(`{"color": {"red": {"value": "#ff0000"}}}`))
	writeFile(t, filepath.Join(dir, "config.json"), []byte(`{"source": ["tokens/*.json"], "platforms": {"css": {"transformGroup": "css", "buildPath": "build/", "files": [{"destination": "vars.css", "format": "css/variables"}]}}}`))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if code := cli.Main(ctx, []string{"build", "--config", filepath.Join(dir, "config.json")}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := "tokengen: interrupted; no files were written\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "build")); !os.IsNotExist(err) {
		t.Error("an interrupted build left build/ behind")
	}
}
