package builtin

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func listFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(files)
	return files
}

func assetToken(path []string, value string, attrs *tokenbuild.Object, typeKey string) *tokenbuild.Token {
	return &tokenbuild.Token{
		Path: path, Value: value, Attributes: attrs,
		Props: tokenbuild.ObjectOf("value", value, typeKey, "asset"),
	}
}

// TestCopyActions mirrors a reference run (android group, actions
// android/copyImages and copy_assets; build then clean): the same files
// appear, the same messages are logged, and undo removes them.
func TestCopyActions(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, filepath.Join(dir, "assets/fonts/a.woff"), "font")
	writeTestFile(t, filepath.Join(dir, "assets/readme.txt"), "top")
	writeTestFile(t, filepath.Join(dir, "img/home.png"), "png1")
	writeTestFile(t, filepath.Join(dir, "img/back.png"), "png2")
	tokens := []*tokenbuild.Token{
		assetToken([]string{"asset", "icon", "home"}, "img/home.png", tokenbuild.ObjectOf("category", "asset", "type", "icon", "item", "home", "state", "hdpi"), "type"),
		assetToken([]string{"asset", "icon", "back"}, "img/back.png", tokenbuild.ObjectOf("category", "asset", "type", "icon", "item", "back"), "type"),
		assetToken([]string{"image", "x", "y", "z"}, "img/home.png", tokenbuild.ObjectOf("category", "image"), "type"),
		assetToken([]string{"dtcg", "x", "y"}, "img/home.png", nil, "$type"), // only the legacy type key counts
	}
	build := filepath.ToSlash(filepath.Join(dir, "build")) + "/"
	var log bytes.Buffer
	args := &tokenbuild.ActionArgs{
		Dictionary: &tokenbuild.Dictionary{AllTokens: tokens},
		Platform:   &tokenbuild.Platform{Name: "android", BuildPath: build},
		Options:    tokenbuild.Options{"configDir": dir},
		Log:        &log,
	}
	actions := map[string]tokenbuild.Action{}
	for _, a := range Actions() {
		actions[a.Name] = a
	}
	ctx := context.Background()
	for _, name := range []string{"mobile-a/copyImages", "copy_assets"} {
		if err := actions[name].Do(ctx, args); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	want := []string{
		"android/main/res/drawable-hdpi/home.png",
		"android/main/res/drawable-undefined/back.png",
		"android/main/res/drawable-undefined/y_z.png",
		"assets/fonts/a.woff",
		"assets/readme.txt",
	}
	if got := listFiles(t, filepath.Join(dir, "build")); !slices.Equal(got, want) {
		t.Errorf("files after do = %q, want %q", got, want)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "build/android/main/res/drawable-hdpi/home.png")); string(b) != "png1" {
		t.Errorf("copied image holds %q", b)
	}
	if got, want := log.String(), "Copying assets directory to "+build+"assets\n"; got != want {
		t.Errorf("log = %q, want %q", got, want)
	}
	log.Reset()
	for _, name := range []string{"android/copyImages", "copy_assets"} {
		if err := actions[name].Undo(ctx, args); err != nil {
			t.Fatalf("undo %s: %v", name, err)
		}
	}
	if got := listFiles(t, filepath.Join(dir, "build")); len(got) != 0 {
		t.Errorf("files after undo = %q", got)
	}
	if got, want := log.String(), "Removing assets directory from "+build+"assets\n"; got != want {
		t.Errorf("undo log = %q, want %q", got, want)
	}
	// Undoing again fails, as the reference's rmdir and unlink do.
	if err := actions["copy_assets"].Undo(ctx, args); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("second undo: %v", err)
	}
}
