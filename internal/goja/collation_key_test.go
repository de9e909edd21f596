package goja

import (
	"math/rand"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestCollationKeysOrderAsTheCollator checks that localeCompare's cached
// sort keys order strings exactly as the collator's CompareString does,
// on random strings mixing case, digits, punctuation, accents (precomposed
// and combining), other scripts and astral characters.
func TestCollationKeysOrderAsTheCollator(t *testing.T) {
	alphabet := []rune("aAbBzZ019 -_.,:/#()[]{}éÉèeE\u0301\u0308ñßøæœÅåçÇ字汉あア한😀𝒜\u00a0\tİı")
	random := rand.New(rand.NewSource(1))
	word := func() string {
		n := random.Intn(6)
		r := make([]rune, n)
		for i := range r {
			r[i] = alphabet[random.Intn(len(alphabet))]
		}
		return string(r)
	}
	r := New()
	sign := func(x int) int {
		switch {
		case x < 0:
			return -1
		case x > 0:
			return 1
		}
		return 0
	}
	for i := 0; i < 20000; i++ {
		a, b := word(), word()
		if i%3 == 0 && len(a) > 0 {
			b = string([]rune(a)[:len([]rune(a))/2]) + word() // shared prefixes
		}
		want := r.collator().CompareString(norm.NFD.String(a), norm.NFD.String(b))
		got := r.stringproto_localeCompare(FunctionCall{This: newStringValue(a), Arguments: []Value{newStringValue(b)}}).ToInteger()
		if int(got) != sign(want) {
			t.Fatalf("localeCompare(%q, %q) = %d, the collator says %d", a, b, got, want)
		}
	}
}

func TestCollationKeyCacheIsBounded(t *testing.T) {
	r := New()
	for i := 0; i < maxCachedCollationKeys+10; i++ {
		r.collationKey(string(rune('a'+i%26)) + string(rune(i)))
	}
	if len(r.collationKeys) > maxCachedCollationKeys {
		t.Errorf("%d cached keys, more than %d", len(r.collationKeys), maxCachedCollationKeys)
	}
}
