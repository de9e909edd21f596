package pipeline

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TestStructureInlineTokens checks $extends and $ref in a config's inline
// tokens (not read from a file, so found by dtcg.HasStructureKeys), with the
// values the spec gives: theme inherits base's tokens, its own b replaces
// the inherited one, and the pointers become an alias and a copied
// component.
func TestStructureInlineTokens(t *testing.T) {
	doc := `{
	  "base": {"$type": "color", "a": {"$value": "#010101"}, "b": {"$value": "#020202", "$description": "inherited"}},
	  "theme": {"$extends": "{base}", "b": {"$value": "#030303"}},
	  "link": {"$type": "color", "$ref": "#/theme/b/$value"},
	  "n": {"$type": "number", "$value": {"$ref": "#/list/$value/1"}},
	  "list": {"$type": "cubicBezier", "$value": [0, 0.5, 1, 1]}
	}`
	v, err := json5.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &tokenbuild.Config{Dir: t.TempDir(), Tokens: v.(*tokenbuild.Object), Log: &tokenbuild.LogConfig{Verbosity: "silent"}}
	in, err := New(context.Background(), cfg, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tok := range in.AllTokens() {
		val, _ := json.Marshal(tok.Value)
		desc, _ := tok.Props.Value("$description").(string)
		got = append(got, strings.Join(tok.Path, ".")+"="+string(val)+" "+tok.Type+" "+desc)
	}
	want := []string{
		`base.a="#010101" color `,
		`base.b="#020202" color inherited`,
		`theme.a="#010101" color `,
		`theme.b="#030303" color `,
		`link="{theme.b}" color `,
		`n=0.5 number `,
		`list=[0,0.5,1,1] cubicBezier `,
	}
	if !slices.Equal(got, want) {
		t.Errorf("tokens:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
