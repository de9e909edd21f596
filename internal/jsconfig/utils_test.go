package jsconfig_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/cli"
)

var updateUtils = flag.Bool("update", false, "rewrite testdata/utils/diff.node.json from node and style-dictionary 5.5.5")

// referenceModules is the reference's node_modules (style-dictionary
// 5.5.5), or "" when it or node is missing.
func referenceModules() string {
	dir := os.Getenv("TOKENGEN_ORACLE_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "tokengen-conformance")
	}
	mods := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(mods, "style-dictionary", "package.json")); err != nil {
		return ""
	}
	if _, err := exec.LookPath("node"); err != nil {
		return ""
	}
	return mods
}

// TestUtilsMatchReference runs testdata/utils/diff.mjs, the same calls of
// style-dictionary/utils and /enums on trees the script builds and on the
// dictionaries formats receive, through tokengen and compares every
// result (or error) with what node and style-dictionary 5.5.5 give:
// diff.node.json, which the test checks is still node's output when node
// and the reference are installed (and with CI=1 requires them).
func TestUtilsMatchReference(t *testing.T) {
	golden := filepath.Join("testdata", "utils", "diff.node.json")
	script, err := os.ReadFile(filepath.Join("testdata", "utils", "diff.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(golden)
	if err != nil && !*updateUtils {
		t.Fatal(err)
	}

	if mods := referenceModules(); mods != "" {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "diff.mjs"), script, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(mods, filepath.Join(dir, "node_modules")); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("node", "diff.mjs", "out.json")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("node diff.mjs: %v\n%s", err, out)
		}
		fromNode, err := os.ReadFile(filepath.Join(dir, "out.json"))
		if err != nil {
			t.Fatal(err)
		}
		if *updateUtils {
			if err := os.WriteFile(golden, fromNode, 0o644); err != nil {
				t.Fatal(err)
			}
			want = fromNode
		} else if !bytes.Equal(fromNode, want) {
			t.Fatalf("%s is not what node writes today; rerun with -update", golden)
		}
	} else if os.Getenv("CI") != "" {
		t.Fatal("node and style-dictionary 5.5.5 under ~/.cache/tokengen-conformance (or $TOKENGEN_ORACLE_DIR) are needed with CI set")
	} else if *updateUtils {
		t.Fatal("-update needs node and the reference's node_modules")
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "diff.mjs"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	// through the command, which gives the script's StyleDictionary the
	// driver to build with
	var stdout, stderr bytes.Buffer
	if code := cli.Main(context.Background(), []string{"run", "diff.mjs", "out.json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("tokengen run diff.mjs: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	got, err := os.ReadFile("out.json")
	if err != nil {
		t.Fatal(err)
	}
	wantCases, gotCases := decodeCases(t, want), decodeCases(t, got)
	if len(wantCases) != len(gotCases) {
		t.Errorf("%d results, node has %d", len(gotCases), len(wantCases))
	}
	for i := range min(len(wantCases), len(gotCases)) {
		w, g := wantCases[i], gotCases[i]
		if w.name != g.name || w.value != g.value {
			t.Errorf("%s:\n got %s\nwant %s", w.name, g.value, w.value)
		}
	}
}

type utilsCase struct{ name, value string }

// decodeCases reads the script's [[name, result], ...] keeping key order
// (a result's order is part of what must match), each result compacted.
func decodeCases(t *testing.T, data []byte) []utilsCase {
	t.Helper()
	var raw [][2]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("results: %v", err)
	}
	out := make([]utilsCase, len(raw))
	for i, r := range raw {
		var name string
		_ = json.Unmarshal(r[0], &name)
		var b bytes.Buffer
		if err := json.Compact(&b, r[1]); err != nil {
			t.Fatal(err)
		}
		out[i] = utilsCase{name, strings.TrimSpace(b.String())}
	}
	return out
}
