package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/tokenbuild"
)

// A build reports each file it writes as KindFileWritten and each file it
// leaves alone, because it already holds the text, as KindFileUnchanged,
// with the same "✔︎ dest" message: go generate names only the former.
// Both kinds of write are covered: a format that streams a new file
// (javascript/es6) and one that returns its text (json/flat).
func TestUnchangedFilesReported(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tokens.json"), []byte(`{"color": {"red": {"value": "#ff0000"}}}`), 0o644)
	cfg := &tokenbuild.Config{Dir: dir, Source: []string{"tokens.json"},
		Platforms: []tokenbuild.Platform{{Name: "js", TransformGroup: "js", BuildPath: "build/",
			Files: []tokenbuild.File{{Destination: "tokens.js", Format: "javascript/es6"}, {Destination: "flat.json", Format: "json/flat"}}}}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	progress := func() map[string]tokenbuild.DiagnosticKind {
		t.Helper()
		ds, err := in.Build(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]tokenbuild.DiagnosticKind{}
		for _, d := range ds {
			if d.Kind == tokenbuild.KindFileWritten || d.Kind == tokenbuild.KindFileUnchanged {
				got[d.Msg] = d.Kind
			}
		}
		return got
	}
	check := func(step string, want map[string]tokenbuild.DiagnosticKind) {
		t.Helper()
		got := progress()
		if len(got) != len(want) {
			t.Errorf("%s: %v, want %v", step, got, want)
		}
		for msg, k := range want {
			if got[msg] != k {
				t.Errorf("%s: %s is %q, want %q", step, msg, got[msg], k)
			}
		}
	}
	w, u := tokenbuild.KindFileWritten, tokenbuild.KindFileUnchanged
	check("first build", map[string]tokenbuild.DiagnosticKind{"✔︎ build/tokens.js": w, "✔︎ build/flat.json": w})
	check("rebuild", map[string]tokenbuild.DiagnosticKind{"✔︎ build/tokens.js": u, "✔︎ build/flat.json": u})
	os.WriteFile(filepath.Join(dir, "build", "flat.json"), []byte("edited by hand\n"), 0o644)
	check("one file edited", map[string]tokenbuild.DiagnosticKind{"✔︎ build/tokens.js": u, "✔︎ build/flat.json": w})
}

// An action that fails names its platform: the same action may run for
// several platforms.
func TestActionFailureNamesPlatform(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tokens.json"), []byte(`{"a": {"value": 1}}`), 0o644)
	fail := tokenbuild.Action{Name: "app/fail", Do: func(context.Context, *tokenbuild.ActionArgs) error { return errors.New("disk full") }}
	cfg := &tokenbuild.Config{Dir: dir, Source: []string{"tokens.json"}, Hooks: tokenbuild.Hooks{Actions: []tokenbuild.Action{fail}},
		Platforms: []tokenbuild.Platform{{Name: "web", BuildPath: "build/", Actions: []string{"app/fail"}, Files: []tokenbuild.File{}}}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = in.Build(context.Background(), nil)
	var d *tokenbuild.Diagnostic
	if !errors.As(err, &d) || d.Platform != "web" || d.Error() != `platform "web": action "app/fail" failed: disk full` {
		t.Fatalf("got %v", err)
	}
}
