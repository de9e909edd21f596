package projectfolder

import (
	"os"
	"path/filepath"
	"testing"
)

func TestProjectFolder(t *testing.T) {
	t.Setenv("HOME", "/nonexistent-home")
	top := t.TempDir()
	write := func(p, s string) {
		full := filepath.Join(top, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("mono/package.json", `{"workspaces":["packages/*"]}`)
	write("mono/packages/web/package.json", `{"name":"web"}`)
	write("plain/package.json", `{"name":"plain"}`)
	write("plain/lib/inner/package.json", `{"name":"inner"}`)
	write("plain/scripts/x.js", ``)
	write("bare/run/x", ``)
	at := func(p string) string { return filepath.Join(top, p) }
	for _, c := range []struct{ dir, wd, want string }{
		{"mono/packages/web", "mono/packages/web", "mono"}, // widened to the workspace root
		{"plain/scripts", "plain/scripts", "plain"},        // nearest marker up
		{"plain/lib/inner", "plain", "plain"},              // the higher of the two
		{"plain/lib/inner", "plain/lib/inner", "plain/lib/inner"},
		{"bare/run", "bare/run", "bare/run"},          // none: the working folder
		{"mono/packages/web", "bare/run", "bare/run"}, // apart: the working folder's
	} {
		if got := Higher(at(c.dir), at(c.wd)); got != at(c.want) {
			t.Errorf("Higher(%s, %s) = %s, want %s", c.dir, c.wd, got, at(c.want))
		}
	}
}
