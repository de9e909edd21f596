package builtin

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/jssort"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/strset"
	"github.com/tokengen/tokengen/tokenbuild"
)

// SortByName is the reference's sortByName comparator: `b.name > a.name ?
// -1 : 1`, comparing JavaScript UTF-16 code units. It never returns 0, so
// equal names are ordered by how the sort algorithm happens to probe them;
// use it through JSSortTokens to get the reference's exact order.
func SortByName(a, b *tokenbuild.Token) int {
	if compareUTF16(b.Name, a.Name) > 0 {
		return -1
	}
	return 1
}

// SortName is the "name" sort (the reference's hooks.sorts): SortByName,
// for the sort option of formats such as css/variables.
var SortName = tokenbuild.Sort{Name: "name", Sort: SortByName}

// sortTokensByName is JSSortTokens(tokens, SortByName), with the names
// checked once rather than at every comparison: when byte order is UTF-16
// order for all of them (ASCII names), they compare as bytes.
func sortTokensByName(tokens []*tokenbuild.Token) []*tokenbuild.Token {
	for _, t := range tokens {
		if !utf16OrderIsByteOrder(t.Name) {
			return JSSortTokens(tokens, SortByName)
		}
	}
	return JSSortTokens(tokens, func(a, b *tokenbuild.Token) int {
		if b.Name > a.Name {
			return -1
		}
		return 1
	})
}

// compareUTF16 compares two strings as sequences of UTF-16 code units, the
// way JavaScript's relational operators do.
func compareUTF16(a, b string) int {
	if utf16OrderIsByteOrder(a) && utf16OrderIsByteOrder(b) {
		return strings.Compare(a, b)
	}
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			if ua[i] < ub[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(ua) < len(ub):
		return -1
	case len(ua) > len(ub):
		return 1
	}
	return 0
}

// utf16OrderIsByteOrder reports whether comparing s byte by byte gives
// the UTF-16 order: valid UTF-8 orders by code point, which differs from
// UTF-16 only between U+E000..U+FFFF and supplementary characters, whose
// encodings are the ones starting with a byte from 0xEE up.
func utf16OrderIsByteOrder(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0xEE {
			return false
		} else if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	return ascii || utf8.ValidString(s)
}

// SortByReference ports the reference's sortByReference(tokens,
// {unfilteredTokens, usesDtcg}): tokens whose original value has no
// reference come first, a referenced token comes before its referrer, and
// two referrers of unrelated tokens are ordered by their first references.
// usesDtcg picks the key the original value is read from; some reference
// formats pass false even for DTCG tokens, which makes every token look
// reference-free (input order is kept).
func SortByReference(d *tokenbuild.Dictionary, usesDtcg bool) tokenbuild.SortFunc {
	return sortByReference(d, usesDtcg, nil)
}

// sortByReference is SortByReference recording, like the reference, the
// filtered-out references it meets in w.
func sortByReference(d *tokenbuild.Dictionary, usesDtcg bool, w *refWarnings) tokenbuild.SortFunc {
	return newRefSorter(d, usesDtcg, w, 0).compare
}

// refSorter is sortByReference's comparator. A token's references are
// looked up once per sort, not once per comparison: each token gets one
// entry, and an entry's references point at the referenced tokens'
// entries, so comparisons (and the comparison of first references they
// recurse into) follow pointers instead of looking tokens up. Filtered
// references are reported when first looked up: the warnings are a set in
// first-seen order, so adding them again on later comparisons would
// change nothing.
type refSorter struct {
	d        *tokenbuild.Dictionary
	usesDtcg bool
	valueKey string
	w        *refWarnings
	memo     map[*tokenbuild.Token]*refEntry
	// free and refSlab hand out entries and reference lists in chunks.
	free    []refEntry
	refSlab []*refEntry
	targets refTargets
}

// refEntry memoises one token: usesKnown/uses for usesRefs, looked/refs
// for refsOf.
type refEntry struct {
	t                       *tokenbuild.Token
	usesKnown, uses, looked bool
	refs                    []*refEntry
}

func newRefSorter(d *tokenbuild.Dictionary, usesDtcg bool, w *refWarnings, size int) *refSorter {
	valueKey := "value"
	if usesDtcg {
		valueKey = "$value"
	}
	return &refSorter{d: d, usesDtcg: usesDtcg, valueKey: valueKey, w: w, memo: make(map[*tokenbuild.Token]*refEntry, size)}
}

// entry returns t's entry (nil for nil), creating it on first use.
func (r *refSorter) entry(t *tokenbuild.Token) *refEntry {
	if t == nil {
		return nil
	}
	if e, ok := r.memo[t]; ok {
		return e
	}
	if len(r.free) == 0 {
		r.free = make([]refEntry, 256)
	}
	e := &r.free[0]
	r.free = r.free[1:]
	e.t = t
	r.memo[t] = e
	return e
}

// usesRefs reports whether the token's original value holds a reference.
func (r *refSorter) usesRefs(e *refEntry) bool {
	if !e.usesKnown {
		e.usesKnown, e.uses = true, refs.Uses(e.t.Prop(r.valueKey))
	}
	return e.uses
}

// refsOf returns the entries of the tokens the token's original value
// references (unresolvable references left out).
func (r *refSorter) refsOf(e *refEntry) []*refEntry {
	if e.looked {
		return e.refs
	}
	var buf [4]refHit
	hits := appendReferences(buf[:0], e.t, e.t.Prop(r.valueKey), r.d, r.usesDtcg, &r.targets)
	start := len(r.refSlab)
	if cap(r.refSlab)-start < len(hits) {
		r.refSlab = make([]*refEntry, 0, max(1024, len(hits)))
		start = 0
	}
	for _, h := range hits {
		if h.filtered {
			r.w.add(h.path)
		}
		if h.token != nil {
			r.refSlab = append(r.refSlab, r.entry(h.token))
		}
	}
	if n := len(r.refSlab); n > start {
		e.refs = r.refSlab[start:n:n]
	}
	e.looked = true
	return e.refs
}

func (r *refSorter) compare(a, b *tokenbuild.Token) int {
	return r.compareEntries(r.entry(a), r.entry(b))
}

func (r *refSorter) compareEntries(a, b *refEntry) int {
	if a == nil {
		return -1
	}
	if b == nil {
		return 1
	}
	return r.compareKnown(a, b, r.usesRefs(a), r.usesRefs(b))
}

// compareKnown compares two tokens whose usesRefs results are known.
func (r *refSorter) compareKnown(a, b *refEntry, aUses, bUses bool) int {
	switch {
	case aUses && bUses:
		aRefs, bRefs := r.refsOf(a), r.refsOf(b)
		for _, e := range aRefs {
			if e.t.Name == b.t.Name {
				return 1
			}
		}
		for _, e := range bRefs {
			if e.t.Name == a.t.Name {
				return -1
			}
		}
		return r.compareEntries(firstEntry(aRefs), firstEntry(bRefs))
	case aUses:
		return 1
	case bUses:
		return -1
	}
	return 0
}

func firstEntry(es []*refEntry) *refEntry {
	if len(es) == 0 {
		return nil
	}
	return es[0]
}

// sortTokensByReference is JSSortTokens(tokens, chainComparators(
// [sortByReference(d, usesDtcg, w), then...])) with each token's
// usesRefs computed once up front; the sort moves the tokens' entries.
func sortTokensByReference(tokens []*tokenbuild.Token, d *tokenbuild.Dictionary, usesDtcg bool, w *refWarnings, then []tokenbuild.SortFunc) []*tokenbuild.Token {
	r := newRefSorter(d, usesDtcg, w, 0)
	entries := make([]refEntry, len(tokens))
	for i, t := range tokens {
		entries[i] = refEntry{t: t, usesKnown: true, uses: refs.Uses(t.Prop(r.valueKey))}
	}
	if len(then) == 0 && r.referrersOfPlainTokens(entries) {
		// The comparator is then a consistent order, under which V8's
		// stable TimSort keeps input order: plain tokens, then referrers.
		out := make([]*tokenbuild.Token, 0, len(entries))
		for i := range entries {
			if !entries[i].uses {
				out = append(out, entries[i].t)
			}
		}
		for i := range entries {
			if entries[i].uses {
				out = append(out, entries[i].t)
			}
		}
		return out
	}
	r.memo = make(map[*tokenbuild.Token]*refEntry, len(tokens))
	items := make([]*refEntry, len(tokens))
	for i := range entries {
		e := &entries[i]
		if _, dup := r.memo[e.t]; !dup {
			r.memo[e.t] = e
		}
		items[i] = e
	}
	jssort.Sort(items, func(a, b *refEntry) int {
		if c := r.compareKnown(a, b, a.uses, b.uses); c != 0 {
			return c
		}
		for _, cmp := range then {
			if c := cmp(a.t, b.t); c != 0 {
				return c
			}
		}
		return 0
	})
	out := make([]*tokenbuild.Token, len(items))
	for i, e := range items {
		out[i] = e.t
	}
	return out
}

// valueKeyOf is the key of a token's value: "$value" in DTCG files.
func valueKeyOf(usesDtcg bool) string {
	if usesDtcg {
		return "$value"
	}
	return "value"
}

// sameName reports whether now has was's name: a sort by name puts it
// where it put was (a FileShape's SameFrame).
func sameName(was, now *tokenbuild.Token) bool { return was.Name == now.Name }

// sameSortFacts reports whether what a sort by reference reads of a token
// is the same in now as in was, at the same position of another
// permutation: its name, key and whether its original value holds
// references, and which (a plain value may differ). When every token is
// the same or has the same facts, so are those of the tokens the
// references name, which stand at the same positions, and the
// comparisons all come out as they did.
func sameSortFacts(was, now *tokenbuild.Token, valueKey string) bool {
	if was == now {
		return true
	}
	if was.Name != now.Name || was.Key != now.Key {
		return false
	}
	av, bv := was.Prop(valueKey), now.Prop(valueKey)
	aUses, bUses := refs.Uses(av), refs.Uses(bv)
	if aUses != bUses {
		return false
	}
	if aUses {
		as, aok := av.(string)
		bs, bok := bv.(string)
		if !aok || !bok || as != bs {
			return false // an object's references: not compared here
		}
	}
	return true
}

// referrersOfPlainTokens reports whether every token using references
// names only tokens that use none (at least one, all in the dictionary and
// none filtered out), none of which shares its name with a referrer. Then
// two referrers never reference each other's name and their first
// references compare equal, so the comparator only puts plain tokens
// before referrers: a consistent order, whatever the sort algorithm. This
// is the usual two-tier set (aliases of base tokens). Nothing is recorded:
// a filtered reference sends the caller to the real sort, which reports it
// where the reference does.
func (r *refSorter) referrersOfPlainTokens(entries []refEntry) bool {
	count := 0
	for i := range entries {
		if entries[i].uses {
			count++
		}
	}
	if count == 0 {
		return false // nothing to gain: the sort only compares plain tokens
	}
	referrers := strset.New(count) // a chance match only sends this to the full sort
	for i := range entries {
		if entries[i].uses {
			referrers.Add(entries[i].t.Name)
		}
	}
	var buf [4]refHit
	for i := range entries {
		if !entries[i].uses {
			continue
		}
		hits := appendReferences(buf[:0], entries[i].t, entries[i].t.Prop(r.valueKey), r.d, r.usesDtcg, &r.targets)
		if len(hits) == 0 {
			return false
		}
		for _, h := range hits {
			if h.filtered || h.token == nil {
				return false
			}
			if referrers.Has(h.token.Name) || refs.Uses(h.token.Prop(r.valueKey)) {
				return false
			}
		}
	}
	return true
}

// chainComparators compares with each comparator in turn until one of them
// tells the tokens apart, as formattedVariables chains its sorters.
func chainComparators(cmps []tokenbuild.SortFunc) tokenbuild.SortFunc {
	return func(a, b *tokenbuild.Token) int {
		for _, c := range cmps {
			if r := c(a, b); r != 0 {
				return r
			}
		}
		return 0
	}
}

// JSSortTokens returns a sorted copy of tokens, ordered exactly as V8's
// Array.prototype.sort (TimSort) orders them with the same comparator
// (internal/jssort). The reference's comparators are not always consistent
// (sortByName never returns 0, sortByReference is not transitive), so only
// the same algorithm gives the same order.
func JSSortTokens(tokens []*tokenbuild.Token, cmp tokenbuild.SortFunc) []*tokenbuild.Token {
	out := append([]*tokenbuild.Token(nil), tokens...)
	jssort.Sort(out, cmp)
	return out
}
