package glob

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

type globTree struct {
	Files    []string    `json:"files"`
	Dirs     []string    `json:"dirs"`
	Symlinks [][2]string `json:"symlinks"`
}

type globCase struct {
	Pattern string   `json:"pattern"`
	Matches []string `json:"matches"`
	Error   string   `json:"error"`
}

type globTable struct {
	GeneratedBy string     `json:"generatedBy"`
	Cases       []globCase `json:"cases"`
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// makeTree builds globs_tree.json's files, folders and links under a
// fresh folder, as gen_globs.mjs does.
func makeTree(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fixture has names and links Windows does not allow")
	}
	var tree globTree
	readJSON(t, filepath.Join("testdata", "globs_tree.json"), &tree)
	root := t.TempDir()
	for _, f := range tree.Files {
		full := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range tree.Dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range tree.Symlinks {
		if err := os.Symlink(l[1], filepath.Join(root, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func checkTable(t *testing.T, root string, table globTable) {
	t.Helper()
	if len(table.Cases) < 100 {
		t.Fatalf("the table holds %d cases; it should hold every pattern of globs_patterns.json", len(table.Cases))
	}
	for _, c := range table.Cases {
		pattern := strings.ReplaceAll(c.Pattern, "$ROOT", filepath.ToSlash(root))
		got, err := Expand(root, pattern)
		if c.Error != "" {
			if err == nil {
				t.Errorf("%q: the reference fails (%s); tokengen gives %q", c.Pattern, c.Error, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.Pattern, err)
			continue
		}
		for i, m := range got {
			if rest, ok := strings.CutPrefix(m, filepath.ToSlash(root)); ok {
				got[i] = "$ROOT" + rest
			}
		}
		want := c.Matches
		if len(want) == 0 {
			want = nil
		}
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %q\nwant %q", c.Pattern, got, want)
		}
	}
}

// TestExpandMatchesReference checks every pattern of the table that
// gen_globs.mjs made with the reference's own glob.
func TestExpandMatchesReference(t *testing.T) {
	var table globTable
	readJSON(t, filepath.Join("testdata", "globs.json"), &table)
	checkTable(t, makeTree(t), table)
}

// TestExpandMatchesLiveReference runs gen_globs.mjs when node and the
// reference's modules are installed, so that a pattern added to
// globs_patterns.json is checked before the table is regenerated.
func TestExpandMatchesLiveReference(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	home, _ := os.UserHomeDir()
	modules := filepath.Join(home, ".cache", "tokengen-conformance", "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "@bundled-es-modules", "glob")); err != nil {
		t.Skip("the reference's modules are not installed")
	}
	out := filepath.Join(t.TempDir(), "globs.json")
	cmd := exec.Command(node, filepath.Join("testdata", "gen_globs.mjs"), modules, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen_globs.mjs: %v\n%s", err, msg)
	}
	var table globTable
	readJSON(t, out, &table)
	checkTable(t, makeTree(t), table)
}

func TestExpandBraces(t *testing.T) {
	// expectations from minimatch.braceExpand in node
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"a{b,c}d", []string{"abd", "acd"}},
		{"{1..3}", []string{"1", "2", "3"}},
		{"{01..03}", []string{"01", "02", "03"}},
		{"{3..1}", []string{"3", "2", "1"}},
		{"{1..10..4}", []string{"1", "5", "9"}},
		{"{a..c}", []string{"a", "b", "c"}},
		{"a{b}c", []string{"a{b}c"}},
		{"${a,b}", []string{"${a,b}"}},
		{"a{,b}", []string{"a", "ab"}},
		{"{a,{b,c}}x", []string{"ax", "bx", "cx"}},
		{`\{a,b}`, []string{"{a,b}"}},
		{"{a,b}{1,2}", []string{"a1", "a2", "b1", "b2"}},
		{"{a},b}", []string{"a}", "b"}},
		{"x{{a,b}}y", []string{"x{a}y", "x{b}y"}},
	} {
		if got := expandBraces(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("expandBraces(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	root := makeTree(t)
	for _, c := range []struct{ pattern, want string }{
		{"token/**/*.json", "tokens/**/*.json"},
		{"./token/*.json", "./tokens/*.json"},
		{"tokens/thems/*.json", "tokens/themes/*.json"},
		{"tokens/themes/drak.json", "tokens/themes/dark.json"},
		{"tokens/**/drak.json", ""},               // below ** nothing is certain
		{"tokens/*/drak.json", ""},                // nor below a wildcard
		{"tokens/themes/*.jsn", ""},               // a wildcard portion is not corrected
		{"zzzzzz/*.json", ""},                     // nothing near
		{"tokens/a.json", ""},                     // exists
		{"{token,other}/*.json", "tokens/*.json"}, // the first expansion
	} {
		if got := Suggest(root, c.pattern); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

// FuzzExpand checks that no pattern panics or fails but as a PatternError.
func FuzzExpand(f *testing.F) {
	for _, s := range []string{"tokens/**/!(dark|light).json", "{a,{b,c}}/[[:alpha:]]*", "a/**/../**/..", `\{x\}/+(a|!(b))`, "[z-a]", "@(", "{1..3..0}", "${a,b}", "/**/x"} {
		f.Add(s)
	}
	root := f.TempDir()
	for _, p := range []string{"a/b.json", "a/.c.json", "tokens/dark.json", "x/y/z.json"} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(full, nil, 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		if strings.HasPrefix(pattern, "/") || strings.Contains(pattern, "..") {
			return // stay inside the fixture
		}
		if _, err := Expand(root, pattern); err != nil {
			var pe *PatternError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: %v", pattern, err)
			}
		}
		Suggest(root, pattern)
	})
}

// TestExpandTooLong: minimatch refuses a pattern past 64 KiB ("pattern is
// too long"), which fails the reference's build; so does tokengen's.
func TestExpandTooLong(t *testing.T) {
	_, err := Expand(t.TempDir(), strings.Repeat("a", 64*1024+1))
	var pe *PatternError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "pattern is too long") {
		t.Errorf("got %v, want a PatternError saying the pattern is too long", err)
	}
	if _, err := Expand(t.TempDir(), strings.Repeat("a", 64*1024)); err != nil {
		t.Errorf("a pattern of 64 KiB: %v", err)
	}
}
