package examples

import (
	"io/fs"
	"strings"
	"testing"
)

// TestStartersHoldNoBuildOutputs guards init against shipping what a
// build of an example wrote into the checkout: every starter file is a
// config or a token file.
func TestStartersHoldNoBuildOutputs(t *testing.T) {
	n := 0
	err := fs.WalkDir(Starters, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		parts := strings.Split(p, "/")
		if len(parts) > 1 && parts[1] == "build" {
			t.Errorf("starter file %s is a build output", p)
		}
		if !strings.HasSuffix(p, ".json") && !strings.HasSuffix(p, ".go.txt") {
			t.Errorf("starter file %s is neither a config nor a token file", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no starter files embedded")
	}
}
