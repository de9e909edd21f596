package builtin

import (
	"context"
	"fmt"
	"testing"

	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/tokenbuild"
)

// finderIndex is a token index that also lists a value's references
// (tokenbuild.ReferenceFinder), as the engine's index does: found when the
// index is made, for each token's value as written.
type finderIndex struct {
	tokenbuild.TokenIndex
	values map[*tokenbuild.Token]string
	found  map[*tokenbuild.Token][]*tokenbuild.Token
	hits   *int
}

func newFinderIndex(tokens []*tokenbuild.Token) finderIndex {
	f := finderIndex{TokenIndex: tokenbuild.IndexTokens(tokens), values: map[*tokenbuild.Token]string{},
		found: map[*tokenbuild.Token][]*tokenbuild.Token{}, hits: new(int)}
	for _, t := range tokens {
		s, ok := t.OriginalValue().(string)
		if !ok {
			continue
		}
		var targets []*tokenbuild.Token
		for _, m := range refs.Find(s) {
			ref, ok := f.Get("{" + m.Path + "}")
			if !ok {
				targets = nil
				break
			}
			targets = append(targets, ref)
		}
		if targets != nil {
			f.values[t], f.found[t] = s, targets
		}
	}
	return f
}

func (f finderIndex) ReferencedTokens(t *tokenbuild.Token, s string, into []*tokenbuild.Token) ([]*tokenbuild.Token, bool) {
	if v, ok := f.values[t]; !ok || v != s {
		return into, false
	}
	*f.hits++
	return append(into, f.found[t]...), true
}

// withFinder is args with token indexes that find references.
func withFinder(args *tokenbuild.FormatArgs) (*tokenbuild.FormatArgs, finderIndex) {
	d := *args.Dictionary
	f := newFinderIndex(d.AllTokens)
	d.TokenMap, d.UnfilteredTokenMap = f, newFinderIndex(d.UnfilteredAllTokens)
	c := *args
	c.Dictionary = &d
	return &c, f
}

// Formats write the same text, and report the same warnings, whether the
// dictionary's index lists each value's references or the formats look
// them up one by one.
func TestReferenceFinderMatchesLookups(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	hits := 0
	for _, c := range formatTestCases(t) {
		for _, f := range originalFormats() {
			for _, refsOpt := range []any{nil, true, tokenbuild.OutputReferencesWithArgs(OutputReferencesFilter)} {
				format := func(find bool) string {
					args := c.args()
					if refsOpt != nil {
						args.Options = withOption(args.Options, "outputReferences", refsOpt)
					}
					if find {
						var fi finderIndex
						args, fi = withFinder(args)
						defer func() { hits += *fi.hits }()
					}
					var warnings []tokenbuild.Warning
					args.Warn = func(w tokenbuild.Warning) { warnings = append(warnings, w) }
					text, err := f.Format(context.Background(), args)
					return fmt.Sprintf("%s\n%v\n%v", text, err, warnings)
				}
				if got, want := format(true), format(false); got != want {
					t.Errorf("%s on %s (outputReferences %v): the text differs with a ReferenceFinder%s",
						f.Name, c.name, refsOpt, firstLineDiff(got, want))
				}
			}
		}
	}
	if hits == 0 {
		t.Error("the formats never asked the ReferenceFinder")
	}
}

// Asking the index for a token's references costs no allocation per token.
func TestReferenceFinderAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	var c formatTestCase
	for _, tc := range formatTestCases(t) {
		if tc.name == "testdata/css/legacy/build/refs.css.dump.json" {
			c = enlarged(tc, 40)
		}
	}
	if c.args == nil {
		t.Fatal("no test case")
	}
	plain := c.args()
	plain.Options = withOption(plain.Options, "outputReferences", true)
	found, fi := withFinder(plain)
	run := func(args *tokenbuild.FormatArgs) float64 {
		return testing.AllocsPerRun(5, func() {
			if _, err := CSSVariables.Format(context.Background(), args); err != nil {
				t.Fatal(err)
			}
		})
	}
	withLookups, withFinder := run(plain), run(found)
	if *fi.hits < len(plain.Dictionary.AllTokens)/4 {
		t.Fatalf("the index was asked %d times for %d tokens", *fi.hits, len(plain.Dictionary.AllTokens))
	}
	if withFinder > withLookups+4 { // the buffer grows a few times, once

		t.Errorf("%v allocations with a ReferenceFinder, %v with lookups", withFinder, withLookups)
	}
}
