package benchgen

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

// TestMatchesSharedGenerator checks that Write produces the same token set
// as ../shared/bench/gen-tokens.cjs, which the side-by-side bench uses.
func TestMatchesSharedGenerator(t *testing.T) {
	script, _ := filepath.Abs("../../../shared/bench/gen-tokens.cjs")
	if _, err := os.Stat(script); err != nil {
		t.Skip("the shared bench generator is not beside this checkout")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	js, gos := t.TempDir(), t.TempDir()
	if out, err := exec.Command("node", script, "3000", js).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if err := Write(gos, 3000); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"tokens/f0.json", "tokens/f1.json", "tokens/f2.json", "config.json"} {
		var a, b any
		for i, dir := range []string{js, gos} {
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			target := &a
			if i == 1 {
				target = &b
			}
			if err := json.Unmarshal(data, target); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s differs from the node generator's", f)
		}
	}
}
