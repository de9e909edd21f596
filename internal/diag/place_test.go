package diag

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// TestPlaceIndexedMatchesLocate checks that a file with many errors, placed
// from one index, gets the same positions as each error placed alone.
func TestPlaceIndexedMatchesLocate(t *testing.T) {
	dir := t.TempDir()
	in := &Placer{Dir: dir}
	doc := "{\n  \"a\": {\"b\": {\"value\": \"x {r.1} y\"}, \"1.5\": {\"$value\": [1, \"{r.2}\"]}},\n" +
		"  \"😀\": {\"value\": {\"k\": \"{r.3}\"}, \"type\": \"color\"},\n  \"g\": {\"h\": {\"value\": 1}}\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "t.json"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs []*tokenbuild.Diagnostic
	for range 2 {
		errs = append(errs,
			&tokenbuild.Diagnostic{File: "t.json", Token: "a.b", Near: "{r.1}", Msg: "m"},
			&tokenbuild.Diagnostic{File: "t.json", Token: "a.1.5", Near: "{r.2}", Msg: "m"},
			&tokenbuild.Diagnostic{File: "t.json", Token: "😀", Near: "{r.3}", Msg: "m"},
			&tokenbuild.Diagnostic{File: "t.json", Token: "😀", Path: "type", Msg: "m"},
			&tokenbuild.Diagnostic{File: "t.json", Token: "g.h.expanded", Msg: "m"}, // made by expansion: its token
			&tokenbuild.Diagnostic{File: "t.json", Token: "nowhere", Msg: "m"},
		)
	}
	// computed by hand from doc: the reference inside the value, the
	// property, the enclosing token of an expanded one
	want := []string{"t.json:2:27", "t.json:2:61", "t.json:3:26", "t.json:3:43", "t.json:4:14", ""}
	indexed := in.Place(errs)
	if len(errs) <= manyErrors {
		t.Fatalf("%d errors do not reach the indexed path", len(errs))
	}
	for i, e := range errs {
		alone := in.Place([]*tokenbuild.Diagnostic{e})[0].(*tokenbuild.Diagnostic)
		got := indexed[i].(*tokenbuild.Diagnostic)
		if got.Line != alone.Line || got.Col != alone.Col {
			t.Errorf("%s: indexed %d:%d, alone %d:%d", e.Token, got.Line, got.Col, alone.Line, alone.Col)
		}
		where := ""
		if got.Line > 0 {
			where = got.File + ":" + strconv.Itoa(got.Line) + ":" + strconv.Itoa(got.Col)
		}
		if where != want[i%len(want)] {
			t.Errorf("%s: at %q, want %q", e.Token, where, want[i%len(want)])
		}
	}
}
