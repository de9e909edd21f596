package goja

import (
	"bytes"
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// TestASCIICollationOrdersAsTheKeys checks the ASCII comparison against the
// sort keys it stands for, on random strings over all of ASCII (controls,
// which the collator ignores, included), with shared prefixes and case
// variants so that every level decides some of the pairs.
func TestASCIICollationOrdersAsTheKeys(t *testing.T) {
	table := rootASCIICollationTable()
	if table == nil {
		t.Fatal("no ASCII table for the root collator")
	}
	for _, c := range "azAZ09-_. #" {
		if table.primary[c] == 0 {
			t.Errorf("%q is not in the table", c)
		}
	}
	r := New()
	random := rand.New(rand.NewSource(2))
	const common = "aAbBzZ019 -_.,:/#"
	word := func() string {
		n := random.Intn(7)
		b := make([]byte, n)
		for i := range b {
			if random.Intn(8) == 0 {
				b[i] = byte(random.Intn(128))
			} else {
				b[i] = common[random.Intn(len(common))]
			}
		}
		return string(b)
	}
	decided := 0
	for i := 0; i < 50000; i++ {
		a, b := word(), word()
		switch i % 4 {
		case 1:
			b = a[:len(a)/2] + word()
		case 2:
			b = strings.ToUpper(a)
		}
		want := bytes.Compare(r.collationKey(a), r.collationKey(b))
		got, ok := table.compare(a, b)
		if !ok {
			continue
		}
		decided++
		if got != want {
			t.Fatalf("compare(%q, %q) = %d, the keys say %d", a, b, got, want)
		}
	}
	if decided < 30000 {
		t.Errorf("only %d of 50000 pairs decided without keys", decided)
	}
}

// TestLocaleCompareASCIISort checks a sort with localeCompare against node's.
func TestLocaleCompareASCIISort(t *testing.T) {
	words := []string{"a", "A", "b", "B", "a-b", "a_b", "ab", "aB", "Ab", "AB", "a b", "a.b", "a1", "a10", "a2", "1a", "_a", "-a", "#fff", "$x", "a~", "a!", "a\x01b", "ab\x01", "color-brand-10", "color-brand-9", "Color-brand-9", "color_brand", "colorBrand", "size-1.5", "size-1-5", "@x", "[x]", "{x}", "x/y", "x\\y", "x`y", "x^y", "x|y", "x+y", "x=y", "x<y", "x>y", "x?y", "x%y", "x&y", "x*y", "x'y", "x\"y", "x,y", "x;y", "x:y", "\t", "\ta", " a", ""}
	want := []string{"", "\t", "\ta", " a", "_a", "-a", "[x]", "{x}", "@x", "#fff", "$x", "1a", "a", "A", "a b", "a_b", "a-b", "a!", "a.b", "a~", "a1", "a10", "a2", "ab", "a\x01b", "ab\x01", "aB", "Ab", "AB", "b", "B", "color_brand", "color-brand-10", "color-brand-9", "Color-brand-9", "colorBrand", "size-1-5", "size-1.5", "x,y", "x;y", "x:y", "x?y", "x'y", "x\"y", "x*y", "x/y", "x\\y", "x&y", "x%y", "x`y", "x^y", "x+y", "x<y", "x=y", "x>y", "x|y"} // node 20
	r := New()
	got := append([]string(nil), words...)
	sort.SliceStable(got, func(i, j int) bool {
		return r.stringproto_localeCompare(FunctionCall{This: newStringValue(got[i]), Arguments: []Value{newStringValue(got[j])}}).ToInteger() < 0
	})
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%q\nwant (node's)\n%q", got, want)
	}
}
