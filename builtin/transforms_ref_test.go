package builtin

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// referenceLib is the reference implementation's source folder.
func referenceLib() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache/tokengen-conformance/node_modules/style-dictionary/lib")
}

// TestTransformsMatchReference runs the name, size, time, html, content and
// asset transforms on the cases of testdata/transforms/gen.mjs and compares
// with what the reference's own transforms returned for them.
func TestTransformsMatchReference(t *testing.T) {
	dir := filepath.Join("testdata", "transforms")
	if *update {
		cmd := exec.Command("node", "gen.mjs", referenceLib())
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("node gen.mjs: %v\n%s", err, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := json5.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]tokenbuild.Transform{}
	for _, tr := range Transforms() {
		byName[tr.Name] = tr
	}
	cwd, _ := os.Getwd()
	absDir, _ := filepath.Abs(dir)
	for i, raw := range parsed.([]any) {
		c := raw.(*tokenbuild.Object)
		name := c.Value("transform").(string)
		tr, ok := byName[name]
		if !ok {
			t.Errorf("transform %s is missing", name)
			continue
		}
		if string(tr.Type) != c.Value("kind") || tr.Transitive != (c.Value("transitive") == true) {
			t.Errorf("%s: type %s transitive %v, want %v %v", name, tr.Type, tr.Transitive, c.Value("kind"), c.Value("transitive"))
		}
		tok := tokenFromCase(c.Value("token").(*tokenbuild.Object), c.Value("usesDtcg") == true)
		platform := platformFromCase(c.Value("platform").(*tokenbuild.Object))
		opts := tokenbuild.Options{"usesDtcg": c.Value("usesDtcg"), "configDir": absDir}
		desc := func() string { return strings.TrimSpace(string(mustLine(data, i))) }

		if !keeps(tr, tok, opts) {
			if !c.Has("skipped") {
				t.Errorf("filter rejected a token the reference transforms: %s", desc())
			}
			continue
		}
		if c.Has("skipped") {
			t.Errorf("filter accepted a token the reference skips: %s", desc())
			continue
		}
		got, err := runTransform(tr, tok, platform, opts)
		if want, isErr := c.Get("error"); isErr {
			if err == nil || err.Error() != want.(string) {
				t.Errorf("error = %v, want %q: %s", err, want, desc())
			}
			continue
		}
		if err != nil {
			t.Errorf("unexpected error %v: %s", err, desc())
			continue
		}
		if s, ok := got.(string); ok && cwd != "" {
			got = strings.ReplaceAll(s, cwd, "<cwd>")
		}
		if want := c.Value("result"); !sameValue(got, want) {
			t.Errorf("got %#v, want %#v: %s", got, want, desc())
		}
	}
}

// mustLine returns line i+1 of data (one case per line after the "[").
func mustLine(data []byte, i int) []byte {
	lines := strings.Split(string(data), "\n")
	if i+1 < len(lines) {
		return []byte(lines[i+1])
	}
	return nil
}

func tokenFromCase(o *tokenbuild.Object, dtcg bool) *tokenbuild.Token {
	t := &tokenbuild.Token{Props: o, DTCG: dtcg}
	t.Name, _ = o.Value("name").(string)
	for _, p := range o.Value("path").([]any) {
		t.Path = append(t.Path, p.(string))
	}
	t.Key = "{" + strings.Join(t.Path, ".") + "}"
	t.Value = tokenbuild.CloneValue(o.Value(t.ValueKey()))
	t.Type, _ = o.Value(t.TypeKey()).(string)
	if a, ok := o.Value("attributes").(*tokenbuild.Object); ok {
		t.Attributes = a.Clone()
	}
	return t
}

func platformFromCase(o *tokenbuild.Object) *tokenbuild.Platform {
	p := &tokenbuild.Platform{}
	p.Prefix, _ = o.Value("prefix").(string)
	p.BasePxFontSize, _ = o.Value("basePxFontSize").(float64)
	return p
}

// sameValue compares JSON-like values, including the key order of objects.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case *tokenbuild.Object:
		y, ok := b.(*tokenbuild.Object)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.Keys() {
			if y.Keys()[i] != k || !sameValue(x.Value(k), y.Value(k)) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}
