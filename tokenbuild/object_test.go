package tokenbuild

import (
	"fmt"
	"reflect"
	"testing"
)

// TestObjectKeyOrder checks JavaScript's property order: canonical array
// indices first in numeric order, then insertion order (node:
// Object.keys({b:1,10:1,2:1,a:1,"01":1,"-1":1,"1.5":1,4294967295:1}) is
// ["2","10","b","a","01","-1","1.5","4294967295"]).
func TestObjectKeyOrder(t *testing.T) {
	o := NewObject()
	for _, k := range []string{"b", "10", "2", "a", "01", "-1", "1.5", "4294967295"} {
		o.Set(k, 1)
	}
	want := []string{"2", "10", "b", "a", "01", "-1", "1.5", "4294967295"}
	if !reflect.DeepEqual(o.Keys(), want) {
		t.Fatalf("keys %v, want %v", o.Keys(), want)
	}
	o.Set("b", 2) // an existing key keeps its place
	o.Delete("2")
	o.Set("2", 3)
	if got := fmt.Sprint(o.Keys()); got != "[2 10 b a 01 -1 1.5 4294967295]" {
		t.Fatalf("after updates: %s", got)
	}
	if o.Value("b") != 2 || o.Value("2") != 3 {
		t.Fatal("values lost")
	}
}

// TestObjectLarge crosses the size where lookups switch to a map.
func TestObjectLarge(t *testing.T) {
	o := NewObject()
	for i := 0; i < 40; i++ {
		o.Set(fmt.Sprintf("k%d", 39-i), i)
		o.Set(fmt.Sprint(39-i), i)
	}
	for i := 0; i < 40; i++ {
		if o.Value(fmt.Sprintf("k%d", 39-i)) != i || o.Value(fmt.Sprint(39-i)) != i {
			t.Fatalf("lookup %d", i)
		}
	}
	if o.Keys()[0] != "0" || o.Keys()[39] != "39" || o.Keys()[40] != "k39" {
		t.Fatalf("order %v", o.Keys()[:41])
	}
	for i := 0; i < 40; i += 2 {
		o.Delete(fmt.Sprintf("k%d", i))
	}
	if o.Len() != 60 || o.Has("k0") || !o.Has("k1") || o.Value("k1") != 38 {
		t.Fatalf("after delete: len %d", o.Len())
	}
	c := o.Clone()
	c.Set("k1", "x")
	if o.Value("k1") != 38 || c.Value("k1") != "x" {
		t.Fatal("clone shares state")
	}
}

// TestTreeOf checks the tree against a straightforward walk from the root,
// for paths that share, leave and re-enter groups.
func TestTreeOf(t *testing.T) {
	paths := [][]string{
		{"a", "b", "c"}, {"a", "b", "d"}, {"a", "e"}, {"f"}, {"a", "b", "g"},
		{"x", "1"}, {"x", "1", "5"}, {"x", "2"}, {"a", "z", "q", "r"}, {"a", "z", "s"},
	}
	var toks []*Token
	for _, p := range paths {
		toks = append(toks, &Token{Path: p, Name: fmt.Sprint(p)})
	}
	tree := TreeOf(toks)
	var dump func(o *Object, ind string) string
	dump = func(o *Object, ind string) string {
		s := ""
		o.Range(func(k string, v any) bool {
			if tok, ok := v.(*Token); ok {
				s += ind + k + "=" + tok.Name + "\n"
			} else {
				s += ind + k + "\n" + dump(v.(*Object), ind+" ")
			}
			return true
		})
		return s
	}
	want := "a\n b\n  c=[a b c]\n  d=[a b d]\n  g=[a b g]\n e=[a e]\n z\n  q\n   r=[a z q r]\n  s=[a z s]\nf=[f]\nx\n 1=[x 1]\n 2=[x 2]\n"
	if got := dump(tree, ""); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
}

// TestTreeOfPlainPaths checks the unchecked path against TreeOf on plain
// paths (including integer-like keys, which keep their numeric order).
func TestTreeOfPlainPaths(t *testing.T) {
	var toks []*Token
	for i := 0; i < 400; i++ {
		p := []string{fmt.Sprint("g", i%7), fmt.Sprint(i % 13), fmt.Sprint("t", i)}
		if i%5 == 0 {
			p = []string{p[0], fmt.Sprint("leaf", i)}
		}
		if i%11 == 0 {
			p = []string{fmt.Sprint(400 - i)}
		}
		toks = append(toks, &Token{Path: p, Name: fmt.Sprint(i)})
	}
	var dump func(o *Object) string
	dump = func(o *Object) string {
		s := "{"
		o.Range(func(k string, v any) bool {
			if tok, ok := v.(*Token); ok {
				s += k + "=" + tok.Name + ","
			} else {
				s += k + ":" + dump(v.(*Object)) + ","
			}
			return true
		})
		return s + "}"
	}
	if a, b := dump(TreeOf(toks)), dump(TreeOfPlainPaths(toks)); a != b {
		t.Fatalf("trees differ:\n%s\n%s", a, b)
	}
}
