package builtin

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/tokenbuild"
)

// naiveSortByReference is the reference's sortByReference comparator
// written without memoisation: every comparison looks everything up again.
func naiveSortByReference(d *tokenbuild.Dictionary, w *refWarnings) tokenbuild.SortFunc {
	var cmp tokenbuild.SortFunc
	cmp = func(a, b *tokenbuild.Token) int {
		if a == nil {
			return -1
		}
		if b == nil {
			return 1
		}
		aUses, bUses := refs.Uses(a.Prop("value")), refs.Uses(b.Prop("value"))
		switch {
		case aUses && bUses:
			lookup := func(t *tokenbuild.Token) []*tokenbuild.Token {
				hits := appendReferences(nil, t, t.Prop("value"), d, false, nil)
				for _, h := range hits {
					if h.filtered {
						w.add(h.path)
					}
				}
				return referencedTokens(hits)
			}
			aRefs, bRefs := lookup(a), lookup(b)
			for _, t := range aRefs {
				if t.Name == b.Name {
					return 1
				}
			}
			for _, t := range bRefs {
				if t.Name == a.Name {
					return -1
				}
			}
			first := func(ts []*tokenbuild.Token) *tokenbuild.Token {
				if len(ts) == 0 {
					return nil
				}
				return ts[0]
			}
			return cmp(first(aRefs), first(bRefs))
		case aUses:
			return 1
		case bUses:
			return -1
		}
		return 0
	}
	return cmp
}

// sortTokensByReference (entries, reference lists in slabs) and the
// SortByReference comparator must order random reference graphs, with
// filtered and missing references, exactly as the memo-free comparator.
func TestSortTokensByReferenceMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for round := 0; round < 400; round++ {
		n := 1 + rng.Intn(60)
		all := make([]*tokenbuild.Token, n)
		for i := range all {
			all[i] = groupToken(i, fmt.Sprintf("t%d", rng.Intn(n))) // repeated names too
		}
		// References go to earlier tokens or to missing ones: the pipeline
		// rejects circular references before any format sorts.
		for i, tok := range all {
			target := func() int {
				if i == 0 || rng.Intn(6) == 0 {
					return n + rng.Intn(3)
				}
				return rng.Intn(i)
			}
			var value any
			switch rng.Intn(4) {
			case 0:
				value = "plain"
			case 1:
				value = fmt.Sprintf("{g.%d}", target())
			case 2:
				parts := []string{}
				for k := 1 + rng.Intn(3); k > 0; k-- {
					parts = append(parts, fmt.Sprintf("{g.%d.value}", target()))
				}
				value = strings.Join(parts, " ")
			default:
				value = []any{fmt.Sprintf("{g.%d}", target()), 1.0, tokenbuild.ObjectOf("x", fmt.Sprintf("{g.%d}", target()))}
			}
			tok.Props = tokenbuild.ObjectOf("value", value)
			tok.Value = value
		}
		var kept []*tokenbuild.Token
		for _, tok := range all {
			if rng.Intn(5) > 0 {
				kept = append(kept, tok)
			}
		}
		d := &tokenbuild.Dictionary{
			Tokens: tokenbuild.TreeOf(kept), AllTokens: kept, TokenMap: tokenbuild.IndexTokens(kept),
			UnfilteredTokens: tokenbuild.TreeOf(all), UnfilteredAllTokens: all, UnfilteredTokenMap: tokenbuild.IndexTokens(all),
		}
		then := []tokenbuild.SortFunc{SortByName}
		if rng.Intn(2) == 0 {
			then = nil
		}
		wantW, gotW, cmpW := &refWarnings{}, &refWarnings{}, &refWarnings{}
		want := JSSortTokens(kept, chainComparators(append([]tokenbuild.SortFunc{naiveSortByReference(d, wantW)}, then...)))
		got := sortTokensByReference(kept, d, false, gotW, then)
		viaCmp := JSSortTokens(kept, chainComparators(append([]tokenbuild.SortFunc{sortByReference(d, false, cmpW)}, then...)))
		if !slices.Equal(got, want) || !slices.Equal(viaCmp, want) {
			t.Fatalf("round %d: orders differ", round)
		}
		if !slices.Equal(gotW.paths, wantW.paths) || !slices.Equal(cmpW.paths, wantW.paths) {
			t.Fatalf("round %d: warnings %v / %v, want %v", round, gotW.paths, cmpW.paths, wantW.paths)
		}
	}
}

// Two-tier sets (referrers of plain tokens only) take sortTokensByReference's
// shortcut; the order and warnings must stay the memo-free comparator's,
// also when a name clash, a missing or filtered reference or a referrer of
// a referrer sends it back to the sort.
func TestSortTokensByReferenceTwoTier(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for round := 0; round < 400; round++ {
		n := 2 + rng.Intn(60)
		all := make([]*tokenbuild.Token, n)
		for i := range all {
			name := fmt.Sprintf("t%d", i)
			if rng.Intn(40) == 0 {
				name = fmt.Sprintf("t%d", rng.Intn(n)) // a rare clash
			}
			all[i] = groupToken(i, name)
		}
		plain := map[int]bool{}
		for i, tok := range all {
			var value any = "plain"
			if i > 0 && rng.Intn(3) == 0 {
				target := rng.Intn(i)
				for !plain[target] && rng.Intn(30) > 0 && target > 0 {
					target = rng.Intn(i) // mostly base tokens; now and then an alias of an alias
				}
				if rng.Intn(50) == 0 {
					target = n + 1 // missing
				}
				value = fmt.Sprintf("{g.%d}", target)
				if rng.Intn(4) == 0 {
					value = fmt.Sprintf("{g.%d.value} {g.%d}", target, target)
				}
			} else {
				plain[i] = true
			}
			tok.Props = tokenbuild.ObjectOf("value", value)
			tok.Value = value
		}
		kept := all
		if rng.Intn(4) == 0 {
			kept = nil
			for _, tok := range all {
				if rng.Intn(8) > 0 {
					kept = append(kept, tok)
				}
			}
		}
		d := &tokenbuild.Dictionary{
			AllTokens: kept, TokenMap: tokenbuild.IndexTokens(kept),
			UnfilteredAllTokens: all, UnfilteredTokenMap: tokenbuild.IndexTokens(all),
		}
		wantW, gotW := &refWarnings{}, &refWarnings{}
		want := JSSortTokens(kept, naiveSortByReference(d, wantW))
		got := sortTokensByReference(kept, d, false, gotW, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: orders differ", round)
		}
		if !slices.Equal(gotW.paths, wantW.paths) {
			t.Fatalf("round %d: warnings %v, want %v", round, gotW.paths, wantW.paths)
		}
	}
}

// groupToken is token g.i named name.
func groupToken(i int, name string) *tokenbuild.Token {
	return &tokenbuild.Token{Name: name, Path: []string{"g", fmt.Sprint(i)}, Key: fmt.Sprintf("{g.%d}", i)}
}

// sortTokensByName must give JSSortTokens(tokens, SortByName)'s order,
// with repeated and non-ASCII names too.
func TestSortTokensByNameMatchesJSSort(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	pieces := []string{"a", "b", "B", "z", "0", "_", "é", "😀", "aa"}
	for round := 0; round < 500; round++ {
		tokens := make([]*tokenbuild.Token, rng.Intn(40))
		for i := range tokens {
			var b strings.Builder
			for k := 1 + rng.Intn(3); k > 0; k-- {
				b.WriteString(pieces[rng.Intn(len(pieces))])
			}
			tokens[i] = &tokenbuild.Token{Name: b.String()}
		}
		if got, want := sortTokensByName(tokens), JSSortTokens(tokens, SortByName); !slices.Equal(got, want) {
			t.Fatalf("round %d: orders differ", round)
		}
	}
}
