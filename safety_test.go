package tokengen_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/configmain"
	"github.com/tokengen/tokengen/tokenbuild"
)

// safetyConfig is a Go config of two files in out/ and the given actions
// on the css platform.
func safetyConfig(dir string, actions ...tokenbuild.Action) tokenbuild.Config {
	cfg := tokenbuild.Config{
		Dir:    dir,
		Source: []string{"tokens/*.json"},
		Log:    &tokenbuild.LogConfig{Verbosity: tokenbuild.VerbositySilent},
		Hooks:  tokenbuild.Hooks{Actions: actions},
		Platforms: []tokenbuild.Platform{{
			Name: "css", TransformGroup: "css", BuildPath: "out/",
			Files: []tokenbuild.File{
				{Destination: "a.css", Format: "css/variables", Options: tokenbuild.Options{"showFileHeader": false}},
				{Destination: "b.css", Format: "css/variables", Options: tokenbuild.Options{"showFileHeader": false}},
			},
		}},
	}
	for _, a := range actions {
		cfg.Platforms[0].Actions = append(cfg.Platforms[0].Actions, a.Name)
	}
	return cfg
}

const safetyTokens = `{"color": {"red": {"value": "#ff0000"}}}`
const safetyCSS = ":root {\n  --color-red: #ff0000;\n}\n"

// build runs the command line's build over cfg and returns its exit code
// and what it printed to stderr.
func build(ctx context.Context, cfg tokenbuild.Config, args ...string) (int, string) {
	var stdout, stderr bytes.Buffer
	code := configmain.Command(ctx, append([]string{"build"}, args...), cfg, &stdout, &stderr)
	return code, stderr.String()
}

func readOr(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// An action that is not staged runs once the files are in place (it can
// read them, as in the reference); when it fails, the summary lists the
// files that were written rather than claiming none was, and says none
// was only when that is true.
func TestFailingActionAfterCommit(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tokens/a.json": safetyTokens})
	var saw string
	fail := tokenbuild.Action{Name: "zip", Do: func(_ context.Context, a *tokenbuild.ActionArgs) error {
		saw = readOr(filepath.Join(a.Platform.BuildPath, "a.css"))
		return errors.New("zip: disk full")
	}}
	code, stderr := build(context.Background(), safetyConfig(dir, fail))
	want := "tokengen: platform \"css\": action \"zip\" failed: zip: disk full\n" +
		"tokengen: 1 error; 2 files were written before the build stopped:\n  out/a.css\n  out/b.css\n"
	if code != 1 || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stderr, want)
	}
	if saw != safetyCSS {
		t.Errorf("the action read %q from out/a.css, want the file just built", saw)
	}
	// Built again, the files already hold their text: nothing is written,
	// and that is what the summary says.
	code, stderr = build(context.Background(), safetyConfig(dir, fail))
	if want := "tokengen: 1 error; no files were written\n"; code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("second build: exit %d, stderr:\n%s\nwant it to end with %q", code, stderr, want)
	}
}

// A staged action runs before anything is put in place: what it writes
// goes in with the build's files, and when it fails nothing at all is
// written.
func TestStagedAction(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tokens/a.json": safetyTokens})
	failing := tokenbuild.Action{Name: "icons", Staged: true, Do: func(_ context.Context, a *tokenbuild.ActionArgs) error {
		if err := a.WriteFile("icons/home.svg", []byte("<svg/>"), 0o644); err != nil {
			return err
		}
		return errors.New("icons: the source is gone")
	}}
	code, stderr := build(context.Background(), safetyConfig(dir, failing))
	want := "tokengen: platform \"css\": action \"icons\" failed: icons: the source is gone\ntokengen: 1 error; no files were written\n"
	if code != 1 || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1, stderr:\n%s", code, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("a failed staged action left out/ behind: %v", err)
	}

	working := failing
	working.Do = func(_ context.Context, a *tokenbuild.ActionArgs) error {
		if got := readOr(filepath.Join(a.Platform.BuildPath, "a.css")); !strings.HasPrefix(got, "<") {
			t.Errorf("a staged action sees out/a.css before the build put it in place: %q", got)
		}
		if err := a.MkdirAll("icons/empty"); err != nil {
			return err
		}
		return a.WriteFile("icons/home.svg", []byte("<svg/>"), 0o600)
	}
	if code, stderr := build(context.Background(), safetyConfig(dir, working)); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := readOr(filepath.Join(dir, "out/icons/home.svg")); got != "<svg/>" {
		t.Errorf("out/icons/home.svg holds %q", got)
	}
	if fi, err := os.Stat(filepath.Join(dir, "out/icons/home.svg")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("out/icons/home.svg: %v, mode %v; want 0600 as written", err, fi.Mode())
	}
	if fi, err := os.Stat(filepath.Join(dir, "out/icons/empty")); err != nil || !fi.IsDir() {
		t.Errorf("out/icons/empty was not made: %v", err)
	}
}

// WriteFile and RemoveAll refuse what would destroy the user's files,
// naming the action; nothing is written or removed.
func TestActionRefusals(t *testing.T) {
	ctx := context.Background()
	dir := writeFiles(t, map[string]string{"tokens/a.json": safetyTokens})
	for _, tc := range []struct {
		name, write, want string
	}{
		{"outside", "../tokens/a.json", `tokengen: platform "css": action "w": tokens/a.json is outside the platform's buildPath "out/"`},
		{"other platform's file", "tokens.js", `tokengen: platform "css": action "w": out/tokens.js is also written by platform "js" (destination tokens.js); one would overwrite the other`},
		{"file where a folder is", "a.css/x", `tokengen: platform "css": action "w": out/a.css/x needs out/a.css to be a folder, but destination a.css of platform "css" writes a file there`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := tokenbuild.Action{Name: "w", Staged: true, Do: func(_ context.Context, a *tokenbuild.ActionArgs) error {
				return a.WriteFile(tc.write, []byte("x"), 0o644)
			}}
			cfg := safetyConfig(dir, w)
			cfg.Platforms = append(cfg.Platforms, tokenbuild.Platform{Name: "js", TransformGroup: "js", BuildPath: "out/",
				Files: []tokenbuild.File{{Destination: "tokens.js", Format: "javascript/es6"}}})
			code, stderr := build(ctx, cfg)
			if want := tc.want + "\ntokengen: 1 error; no files were written\n"; code != 1 || stderr != want {
				t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
			}
			if got := readOr(filepath.Join(dir, "tokens/a.json")); got != safetyTokens {
				t.Errorf("tokens/a.json now holds %q", got)
			}
			if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
				t.Errorf("out/ was written: %v", err)
			}
		})
	}

	// A buildPath holding the token folder: the action may write beside the
	// tokens, never over one, and clean may not remove the folder.
	cfg := safetyConfig(dir, tokenbuild.Action{Name: "w", Staged: true,
		Do: func(_ context.Context, a *tokenbuild.ActionArgs) error {
			return a.WriteFile("tokens/a.json", []byte("{}"), 0o644)
		},
		Undo: func(_ context.Context, a *tokenbuild.ActionArgs) error { return a.RemoveAll("tokens") },
	})
	cfg.Platforms[0].BuildPath = "./"
	cfg.Platforms[0].Files = []tokenbuild.File{}
	code, stderr := build(ctx, cfg)
	want := "tokengen: platform \"css\": action \"w\": tokens/a.json is a file tokengen reads (the config or a token file); writing it would destroy it\n" +
		"tokengen: 1 error; no files were written\n"
	if code != 1 || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
	var stdout, errOut bytes.Buffer
	if code := configmain.Command(ctx, []string{"clean"}, cfg, &stdout, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), `action "w": tokens holds tokens/a.json, a file tokengen reads`) {
		t.Errorf("clean: exit %d, stderr:\n%s", code, errOut.String())
	}
	if got := readOr(filepath.Join(dir, "tokens/a.json")); got != safetyTokens {
		t.Errorf("tokens/a.json now holds %q", got)
	}
}

// A build stops at a cancelled context up to the moment its files are
// renamed into place: nothing is written, and the summary says so. After
// that moment the files are in place, and the summary lists them.
func TestCancelledBuild(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tokens/a.json": safetyTokens})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := safetyConfig(dir)
	// a format that is cancelled as it runs, as a signal arriving then
	cfg.Hooks.Formats = []tokenbuild.Format{{Name: "slow", Format: func(context.Context, *tokenbuild.FormatArgs) (string, error) {
		cancel()
		return "x\n", nil
	}}}
	cfg.Platforms[0].Files[1].Format = "slow"
	code, stderr := build(ctx, cfg)
	if want := "tokengen: interrupted; no files were written\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("an interrupted build left out/ behind: %v", err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	late := tokenbuild.Action{Name: "late", Do: func(context.Context, *tokenbuild.ActionArgs) error {
		cancel() // the signal comes once the files are in
		return nil
	}}
	code, stderr = build(ctx, safetyConfig(dir, late))
	if want := "tokengen: interrupted; 2 files were written before the build stopped: out/a.css, out/b.css\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, stderr, want)
	}
	if got := readOr(filepath.Join(dir, "out/b.css")); got != safetyCSS {
		t.Errorf("out/b.css holds %q", got)
	}
}

// The library reports a build that failed after writing as a
// *tokenbuild.PartialBuildError listing the files, so that a caller knows
// what changed.
func TestPartialBuildError(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tokens/a.json": safetyTokens})
	fail := tokenbuild.Action{Name: "fail", Do: func(context.Context, *tokenbuild.ActionArgs) error { return fs.ErrPermission }}
	b, err := tokengen.New(context.Background(), safetyConfig(dir, fail))
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.BuildAllPlatforms(context.Background())
	var partial *tokenbuild.PartialBuildError
	if !errors.As(err, &partial) || strings.Join(partial.Written, " ") != "out/a.css out/b.css" {
		t.Fatalf("err = %v, want a PartialBuildError listing out/a.css and out/b.css", err)
	}
	if !strings.Contains(partial.Err.Error(), `action "fail" failed: permission denied`) {
		t.Errorf("partial.Err = %v, want the action's failure", partial.Err)
	}

	// interrupted once the files are in: errors.Is sees the cancellation
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err = tokengen.New(ctx, safetyConfig(writeFiles(t, map[string]string{"tokens/a.json": safetyTokens}),
		tokenbuild.Action{Name: "late", Do: func(context.Context, *tokenbuild.ActionArgs) error { cancel(); return nil }}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err = b.BuildAllPlatforms(ctx); !errors.Is(err, context.Canceled) || !errors.As(err, &partial) {
		t.Errorf("err = %v, want a PartialBuildError of context.Canceled", err)
	}
}

// A config whose folder is given relative to the working folder: the
// built-in actions still copy into the platform's buildPath (the paths
// they make from it are not taken as relative to it once more).
func TestActionsWithRelativeConfigDir(t *testing.T) {
	dir := writeFiles(t, map[string]string{"design/tokens/a.json": safetyTokens, "design/assets/logo.svg": "<svg/>"})
	t.Chdir(dir)
	cfg := safetyConfig("design")
	cfg.Platforms[0].Actions = []string{"copy_assets"}
	if code, stderr := build(context.Background(), cfg); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := readOr(filepath.Join(dir, "design/out/assets/logo.svg")); got != "<svg/>" {
		t.Errorf("design/out/assets/logo.svg holds %q", got)
	}
}
