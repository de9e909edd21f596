package builtin

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/strset"
)

// SortByName is the reference's sortByName comparator: `b.name > a.name ?
// -1 : 1`, comparing JavaScript UTF-16 code units. It never returns 0, so
// equal names are ordered by how the sort algorithm happens to probe them;
// use it through JSSortTokens to get the reference's exact order.
func SortByName(a, b *model.Token) int {
	if compareUTF16(b.Name, a.Name) > 0 {
		return -1
	}
	return 1
}

// sortTokensByName is JSSortTokens(tokens, SortByName), with the names
// checked once rather than at every comparison: when byte order is UTF-16
// order for all of them (ASCII names), they compare as bytes.
func sortTokensByName(tokens []*model.Token) []*model.Token {
	for _, t := range tokens {
		if !utf16OrderIsByteOrder(t.Name) {
			return JSSortTokens(tokens, SortByName)
		}
	}
	return JSSortTokens(tokens, func(a, b *model.Token) int {
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
func SortByReference(d *model.Dictionary, usesDtcg bool) model.SortFunc {
	return sortByReference(d, usesDtcg, nil)
}

// sortByReference is SortByReference recording, like the reference, the
// filtered-out references it meets in w.
func sortByReference(d *model.Dictionary, usesDtcg bool, w *refWarnings) model.SortFunc {
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
	d        *model.Dictionary
	usesDtcg bool
	valueKey string
	w        *refWarnings
	memo     map[*model.Token]*refEntry
	// free and refSlab hand out entries and reference lists in chunks.
	free    []refEntry
	refSlab []*refEntry
}

// refEntry memoises one token: usesKnown/uses for usesRefs, looked/refs
// for refsOf.
type refEntry struct {
	t                       *model.Token
	usesKnown, uses, looked bool
	refs                    []*refEntry
}

func newRefSorter(d *model.Dictionary, usesDtcg bool, w *refWarnings, size int) *refSorter {
	valueKey := "value"
	if usesDtcg {
		valueKey = "$value"
	}
	return &refSorter{d: d, usesDtcg: usesDtcg, valueKey: valueKey, w: w, memo: make(map[*model.Token]*refEntry, size)}
}

// entry returns t's entry (nil for nil), creating it on first use.
func (r *refSorter) entry(t *model.Token) *refEntry {
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
	hits := appendReferences(buf[:0], e.t, e.t.Prop(r.valueKey), r.d, r.usesDtcg)
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

func (r *refSorter) compare(a, b *model.Token) int {
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
func sortTokensByReference(tokens []*model.Token, d *model.Dictionary, usesDtcg bool, w *refWarnings, then []model.SortFunc) []*model.Token {
	r := newRefSorter(d, usesDtcg, w, 0)
	entries := make([]refEntry, len(tokens))
	for i, t := range tokens {
		entries[i] = refEntry{t: t, usesKnown: true, uses: refs.Uses(t.Prop(r.valueKey))}
	}
	if len(then) == 0 && r.referrersOfPlainTokens(entries) {
		// The comparator is then a consistent order, under which V8's
		// stable TimSort keeps input order: plain tokens, then referrers.
		out := make([]*model.Token, 0, len(entries))
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
	r.memo = make(map[*model.Token]*refEntry, len(tokens))
	items := make([]*refEntry, len(tokens))
	for i := range entries {
		e := &entries[i]
		if _, dup := r.memo[e.t]; !dup {
			r.memo[e.t] = e
		}
		items[i] = e
	}
	jsSort(items, func(a, b *refEntry) int {
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
	out := make([]*model.Token, len(items))
	for i, e := range items {
		out[i] = e.t
	}
	return out
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
		hits := appendReferences(buf[:0], entries[i].t, entries[i].t.Prop(r.valueKey), r.d, r.usesDtcg)
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
func chainComparators(cmps []model.SortFunc) model.SortFunc {
	return func(a, b *model.Token) int {
		for _, c := range cmps {
			if r := c(a, b); r != 0 {
				return r
			}
		}
		return 0
	}
}

// JSSortTokens returns a sorted copy of tokens, ordered exactly as V8's
// Array.prototype.sort (TimSort) orders them with the same comparator. The
// reference's comparators are not always consistent (sortByName never
// returns 0, sortByReference is not transitive), so only the same algorithm
// gives the same order.
func JSSortTokens(tokens []*model.Token, cmp model.SortFunc) []*model.Token {
	out := append([]*model.Token(nil), tokens...)
	jsSort(out, cmp)
	return out
}

// jsSort sorts a in place as V8's Array.prototype.sort does.
func jsSort[T any](a []T, cmp func(a, b T) int) {
	s := &timSort[T]{a: a, cmp: cmp, minGallop: minGallopWins}
	s.sort()
}

const minGallopWins = 7

type timRun struct{ base, length int }

// timSort is V8's array-sort algorithm (a port of CPython's listsort),
// step for step, so that inconsistent comparators behave the same.
type timSort[T any] struct {
	a         []T
	cmp       func(a, b T) int
	minGallop int
	runs      []timRun
}

func (s *timSort[T]) sort() {
	n := len(s.a)
	if n < 2 {
		return
	}
	minRun := minRunLength(n)
	low, remaining := 0, n
	for remaining != 0 {
		runLen := s.countAndMakeRun(low, low+remaining)
		if runLen < minRun {
			forced := min(minRun, remaining)
			s.binaryInsertionSort(low, low+runLen, low+forced)
			runLen = forced
		}
		s.runs = append(s.runs, timRun{low, runLen})
		s.mergeCollapse()
		low += runLen
		remaining -= runLen
	}
	s.mergeForceCollapse()
}

func minRunLength(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

func (s *timSort[T]) binaryInsertionSort(low, start, high int) {
	if low == start {
		start++
	}
	for ; start < high; start++ {
		left, right := low, start
		pivot := s.a[start]
		for left < right {
			mid := left + (right-left)>>1
			if s.cmp(pivot, s.a[mid]) < 0 {
				right = mid
			} else {
				left = mid + 1
			}
		}
		copy(s.a[left+1:start+1], s.a[left:start])
		s.a[left] = pivot
	}
}

func (s *timSort[T]) countAndMakeRun(lowArg, high int) int {
	low := lowArg + 1
	if low == high {
		return 1
	}
	runLen := 2
	descending := s.cmp(s.a[low], s.a[low-1]) < 0
	prev := s.a[low]
	for i := low + 1; i < high; i++ {
		order := s.cmp(s.a[i], prev)
		if descending {
			if order >= 0 {
				break
			}
		} else if order < 0 {
			break
		}
		prev = s.a[i]
		runLen++
	}
	if descending {
		for l, h := lowArg, lowArg+runLen-1; l < h; l, h = l+1, h-1 {
			s.a[l], s.a[h] = s.a[h], s.a[l]
		}
	}
	return runLen
}

func (s *timSort[T]) runInvariantEstablished(n int) bool {
	if n < 2 {
		return true
	}
	return s.runs[n-2].length > s.runs[n-1].length+s.runs[n].length
}

func (s *timSort[T]) mergeCollapse() {
	for len(s.runs) > 1 {
		n := len(s.runs) - 2
		if !s.runInvariantEstablished(n+1) || !s.runInvariantEstablished(n) {
			if s.runs[n-1].length < s.runs[n+1].length {
				n--
			}
			s.mergeAt(n)
		} else if s.runs[n].length <= s.runs[n+1].length {
			s.mergeAt(n)
		} else {
			break
		}
	}
}

func (s *timSort[T]) mergeForceCollapse() {
	for len(s.runs) > 1 {
		n := len(s.runs) - 2
		if n > 0 && s.runs[n-1].length < s.runs[n+1].length {
			n--
		}
		s.mergeAt(n)
	}
}

func (s *timSort[T]) mergeAt(i int) {
	baseA, lenA := s.runs[i].base, s.runs[i].length
	baseB, lenB := s.runs[i+1].base, s.runs[i+1].length
	s.runs[i].length = lenA + lenB
	if i == len(s.runs)-3 {
		s.runs[i+1] = s.runs[i+2]
	}
	s.runs = s.runs[:len(s.runs)-1]

	k := s.gallopRight(s.a, s.a[baseB], baseA, lenA, 0)
	baseA += k
	lenA -= k
	if lenA == 0 {
		return
	}
	lenB = s.gallopLeft(s.a, s.a[baseA+lenA-1], baseB, lenB, lenB-1)
	if lenB == 0 {
		return
	}
	if lenA <= lenB {
		s.mergeLow(baseA, lenA, baseB, lenB)
	} else {
		s.mergeHigh(baseA, lenA, baseB, lenB)
	}
}

// gallopLeft returns where key belongs in arr[base:base+length], left of
// any equal elements.
func (s *timSort[T]) gallopLeft(arr []T, key T, base, length, hint int) int {
	lastOfs, ofs := 0, 1
	if s.cmp(arr[base+hint], key) < 0 {
		maxOfs := length - hint
		for ofs < maxOfs {
			if s.cmp(arr[base+hint+ofs], key) >= 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs += hint
		ofs += hint
	} else {
		maxOfs := hint + 1
		for ofs < maxOfs {
			if s.cmp(arr[base+hint-ofs], key) < 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs, ofs = hint-ofs, hint-lastOfs
	}
	lastOfs++
	for lastOfs < ofs {
		m := lastOfs + (ofs-lastOfs)>>1
		if s.cmp(arr[base+m], key) < 0 {
			lastOfs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs
}

// gallopRight is gallopLeft, but right of any equal elements.
func (s *timSort[T]) gallopRight(arr []T, key T, base, length, hint int) int {
	lastOfs, ofs := 0, 1
	if s.cmp(key, arr[base+hint]) < 0 {
		maxOfs := hint + 1
		for ofs < maxOfs {
			if s.cmp(key, arr[base+hint-ofs]) >= 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs, ofs = hint-ofs, hint-lastOfs
	} else {
		maxOfs := length - hint
		for ofs < maxOfs {
			if s.cmp(key, arr[base+hint+ofs]) < 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs += hint
		ofs += hint
	}
	lastOfs++
	for lastOfs < ofs {
		m := lastOfs + (ofs-lastOfs)>>1
		if s.cmp(key, arr[base+m]) < 0 {
			ofs = m
		} else {
			lastOfs = m + 1
		}
	}
	return ofs
}

func (s *timSort[T]) mergeLow(baseA, lenA, baseB, lenB int) {
	a := s.a
	tmp := append([]T(nil), a[baseA:baseA+lenA]...)
	dest, cTmp, cB := baseA, 0, baseB
	a[dest] = a[cB]
	dest++
	cB++
	lenB--
	if lenB == 0 {
		copy(a[dest:dest+lenA], tmp[cTmp:cTmp+lenA])
		return
	}
	if lenA == 1 {
		copy(a[dest:dest+lenB], a[cB:cB+lenB])
		a[dest+lenB] = tmp[cTmp]
		return
	}
	minGallop := s.minGallop
	for {
		winsA, winsB := 0, 0
		for {
			if s.cmp(a[cB], tmp[cTmp]) < 0 {
				a[dest] = a[cB]
				dest++
				cB++
				winsB++
				lenB--
				winsA = 0
				if lenB == 0 {
					goto succeed
				}
				if winsB >= minGallop {
					break
				}
			} else {
				a[dest] = tmp[cTmp]
				dest++
				cTmp++
				winsA++
				lenA--
				winsB = 0
				if lenA == 1 {
					goto copyB
				}
				if winsA >= minGallop {
					break
				}
			}
		}
		minGallop++
		for firstIter := true; firstIter || winsA >= minGallopWins || winsB >= minGallopWins; firstIter = false {
			minGallop = max(1, minGallop-1)
			s.minGallop = minGallop
			winsA = s.gallopRight(tmp, a[cB], cTmp, lenA, 0)
			if winsA > 0 {
				copy(a[dest:dest+winsA], tmp[cTmp:cTmp+winsA])
				dest += winsA
				cTmp += winsA
				lenA -= winsA
				if lenA == 1 {
					goto copyB
				}
				if lenA == 0 {
					goto succeed
				}
			}
			a[dest] = a[cB]
			dest++
			cB++
			lenB--
			if lenB == 0 {
				goto succeed
			}
			winsB = s.gallopLeft(a, tmp[cTmp], cB, lenB, 0)
			if winsB > 0 {
				copy(a[dest:dest+winsB], a[cB:cB+winsB])
				dest += winsB
				cB += winsB
				lenB -= winsB
				if lenB == 0 {
					goto succeed
				}
			}
			a[dest] = tmp[cTmp]
			dest++
			cTmp++
			lenA--
			if lenA == 1 {
				goto copyB
			}
		}
		minGallop++
		s.minGallop = minGallop
	}
succeed:
	if lenA > 0 {
		copy(a[dest:dest+lenA], tmp[cTmp:cTmp+lenA])
	}
	return
copyB:
	copy(a[dest:dest+lenB], a[cB:cB+lenB])
	a[dest+lenB] = tmp[cTmp]
}

func (s *timSort[T]) mergeHigh(baseA, lenA, baseB, lenB int) {
	a := s.a
	tmp := append([]T(nil), a[baseB:baseB+lenB]...)
	dest, cTmp, cA := baseB+lenB-1, lenB-1, baseA+lenA-1
	a[dest] = a[cA]
	dest--
	cA--
	lenA--
	if lenA == 0 {
		copy(a[dest-(lenB-1):dest+1], tmp[:lenB])
		return
	}
	if lenB == 1 {
		dest -= lenA
		cA -= lenA
		copy(a[dest+1:dest+1+lenA], a[cA+1:cA+1+lenA])
		a[dest] = tmp[cTmp]
		return
	}
	minGallop := s.minGallop
	for {
		winsA, winsB := 0, 0
		for {
			if s.cmp(tmp[cTmp], a[cA]) < 0 {
				a[dest] = a[cA]
				dest--
				cA--
				winsA++
				lenA--
				winsB = 0
				if lenA == 0 {
					goto succeed
				}
				if winsA >= minGallop {
					break
				}
			} else {
				a[dest] = tmp[cTmp]
				dest--
				cTmp--
				winsB++
				lenB--
				winsA = 0
				if lenB == 1 {
					goto copyA
				}
				if winsB >= minGallop {
					break
				}
			}
		}
		minGallop++
		for firstIter := true; firstIter || winsA >= minGallopWins || winsB >= minGallopWins; firstIter = false {
			minGallop = max(1, minGallop-1)
			s.minGallop = minGallop
			k := s.gallopRight(a, tmp[cTmp], baseA, lenA, lenA-1)
			winsA = lenA - k
			if winsA > 0 {
				dest -= winsA
				cA -= winsA
				copy(a[dest+1:dest+1+winsA], a[cA+1:cA+1+winsA])
				lenA -= winsA
				if lenA == 0 {
					goto succeed
				}
			}
			a[dest] = tmp[cTmp]
			dest--
			cTmp--
			lenB--
			if lenB == 1 {
				goto copyA
			}
			k = s.gallopLeft(tmp, a[cA], 0, lenB, lenB-1)
			winsB = lenB - k
			if winsB > 0 {
				dest -= winsB
				cTmp -= winsB
				copy(a[dest+1:dest+1+winsB], tmp[cTmp+1:cTmp+1+winsB])
				lenB -= winsB
				if lenB == 1 {
					goto copyA
				}
				if lenB == 0 {
					goto succeed
				}
			}
			a[dest] = a[cA]
			dest--
			cA--
			lenA--
			if lenA == 0 {
				goto succeed
			}
		}
		minGallop++
		s.minGallop = minGallop
	}
succeed:
	if lenB > 0 {
		copy(a[dest-(lenB-1):dest+1], tmp[:lenB])
	}
	return
copyA:
	dest -= lenA
	cA -= lenA
	copy(a[dest+1:dest+1+lenA], a[cA+1:cA+1+lenA])
	a[dest] = tmp[cTmp]
}
