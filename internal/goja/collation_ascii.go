package goja

import (
	"bytes"
	"sort"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// asciiCollation compares two ASCII strings as the root collator's sort keys
// compare, without making the keys (a tokengen patch, see README.md): token
// names and paths are ASCII, and localeCompare of two of them is decided by
// the first character whose primary weight differs, or failing that by case.
//
// It is derived from the collator itself, not written by hand: a character is
// in the table only if its key is one collation element (a primary, the
// common secondary and a tertiary weight). For such characters the key of a
// string is the characters' primary weights, then their secondaries (all the
// same), then their tertiaries, so comparing ranks of primaries, then of
// tertiaries, orders as comparing the keys byte by byte does. Strings with
// any other character (controls, which the collator ignores, or non-ASCII)
// reaching the point of decision are left to the keys.
type asciiCollation struct {
	primary  [128]uint8 // rank of the character's primary weight, from 1; 0 when not in the table
	tertiary [128]uint8 // rank of its tertiary weight
}

var (
	rootASCIICollationOnce sync.Once
	rootASCIICollation     *asciiCollation
)

// rootASCIICollationTable is the table of the root collator (the one
// localeCompare uses without locales or options), made once per process; nil
// if the collator's weights do not have the form the comparison relies on.
func rootASCIICollationTable() *asciiCollation {
	rootASCIICollationOnce.Do(func() {
		rootASCIICollation = newASCIICollation(collate.New(language.Und))
	})
	return rootASCIICollation
}

func newASCIICollation(c *collate.Collator) *asciiCollation {
	type weights struct {
		char      byte
		primary   []byte
		secondary [2]byte
		tertiary  byte
	}
	var buf collate.Buffer
	var chars []weights
	for ch := byte(0); ch < 128; ch++ {
		buf.Reset()
		key := c.Key(&buf, []byte{ch})
		// primary... 0 0 secondary(2) 0 0 tertiary(1)
		n := len(key)
		if n < 8 || key[n-3] != 0 || key[n-2] != 0 || key[n-7] != 0 || key[n-6] != 0 || key[n-1] == 0 {
			continue
		}
		primary := key[:n-7]
		// One primary weight: two bytes, or three with the top bit set.
		if !(len(primary) == 2 && primary[0] < 0x80 || len(primary) == 3 && primary[0] >= 0x80) {
			continue
		}
		chars = append(chars, weights{ch, bytes.Clone(primary), [2]byte{key[n-5], key[n-4]}, key[n-1]})
	}
	if len(chars) == 0 {
		return nil
	}
	// Every character in the table must share one secondary weight, else
	// the secondary level could decide between strings of equal primaries.
	for _, w := range chars {
		if w.secondary != chars[0].secondary {
			return nil
		}
	}
	table := &asciiCollation{}
	sort.Slice(chars, func(i, j int) bool { return bytes.Compare(chars[i].primary, chars[j].primary) < 0 })
	rank := 0
	for i, w := range chars {
		if i == 0 || !bytes.Equal(w.primary, chars[i-1].primary) {
			rank++
		}
		table.primary[w.char] = uint8(rank)
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i].tertiary < chars[j].tertiary })
	rank = 0
	for i, w := range chars {
		if i == 0 || w.tertiary != chars[i-1].tertiary {
			rank++
		}
		table.tertiary[w.char] = uint8(rank)
	}
	return table
}

// compare is the comparison of a and b's sort keys (-1, 0 or 1), and true; or
// false when a character outside the table could change it.
func (t *asciiCollation) compare(a, b string) (int, bool) {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		ca, cb := a[i], b[i]
		if ca >= 128 || cb >= 128 {
			return 0, false
		}
		pa, pb := t.primary[ca], t.primary[cb]
		if pa == 0 || pb == 0 {
			return 0, false
		}
		if pa != pb {
			if pa < pb {
				return -1, true
			}
			return 1, true
		}
	}
	// Equal primaries up to the shorter length: the rest of the longer
	// string decides (its primaries make its key longer), if it is in the
	// table.
	if len(a) != len(b) {
		longer, sign := a, 1
		if len(b) > len(a) {
			longer, sign = b, -1
		}
		for i := n; i < len(longer); i++ {
			if c := longer[i]; c >= 128 || t.primary[c] == 0 {
				return 0, false
			}
		}
		return sign, true
	}
	for i := 0; i < n; i++ {
		ta, tb := t.tertiary[a[i]], t.tertiary[b[i]]
		if ta != tb {
			if ta < tb {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}
