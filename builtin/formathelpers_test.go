package builtin

import (
	"reflect"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

func legacyToken(path []string, name string, value, original any) *tokenbuild.Token {
	t := &tokenbuild.Token{Path: path, Name: name, Value: value, Props: tokenbuild.ObjectOf("value", original)}
	t.Key = "{" + t.PathString() + "}"
	return t
}

// The filtered-reference warnings follow the reference's add/remove
// bookkeeping: sortByReference and the formatter add the paths of refs
// missing from the file, outputReferencesFilter removes the first ref it
// vetoes per token (Array#every stops there).
func TestFilteredReferenceWarnings(t *testing.T) {
	a := legacyToken([]string{"a"}, "a", "1px", "1px")
	d := legacyToken([]string{"d"}, "d", "2px", "2px")
	b := legacyToken([]string{"b"}, "b", "1px", "{a}")
	c := legacyToken([]string{"c"}, "c", "1px 2px", "{a} {d}")
	dict := &tokenbuild.Dictionary{
		Tokens: tokenbuild.TreeOf([]*tokenbuild.Token{b, c}), AllTokens: []*tokenbuild.Token{b, c},
		UnfilteredTokens: tokenbuild.TreeOf([]*tokenbuild.Token{a, d, b, c}), UnfilteredAllTokens: []*tokenbuild.Token{a, d, b, c},
	}
	for _, tc := range []struct {
		name     string
		refs     any
		want     string
		warnings []string
	}{
		{"true", true, "--b: var(--a);\n--c: var(--a) var(--d);", []string{"a", "d"}},
		{"filter", tokenbuild.OutputReferencesWithArgs(OutputReferencesFilter), "--b: 1px;\n--c: 1px 2px;", []string{"d"}},
		{"false", false, "--b: 1px;\n--c: 1px 2px;", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var warnings []string
			out, err := FormattedVariables(FormattedVariablesOptions{PropertyFormatOptions: PropertyFormatOptions{
				OutputReferences: tc.refs, Dictionary: dict, Format: PropertyCSS,
				Formatting: tokenbuild.ObjectOf("indentation", ""),
				Warn: func(w tokenbuild.Warning) {
					if w.Kind == tokenbuild.KindFilteredReference {
						warnings = append(warnings, w.Message)
					}
				},
			}})
			if err != nil {
				t.Fatal(err)
			}
			if out != tc.want {
				t.Errorf("got %q, want %q", out, tc.want)
			}
			if !reflect.DeepEqual(warnings, tc.warnings) {
				t.Errorf("warnings %q, want %q", warnings, tc.warnings)
			}
		})
	}
}

func TestSortOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		sort any
		want string
	}{
		{"nme", `Invalid "sort" option: "nme". Use "name", a comparator function, or an array of those.`},
		{true, `Invalid "sort" option type: boolean. Use "name", a comparator function, or an array of those.`},
		{[]any{"name", 3.0}, `Invalid "sort" option type: number. Use "name", a comparator function, or an array of those.`},
		{[]any{tokenbuild.NewObject()}, `Invalid "sort" option type: object. Use "name", a comparator function, or an array of those.`},
	} {
		_, err := sortComparators(tc.sort)
		if err == nil || err.Error() != tc.want {
			t.Errorf("sort %v: got %v, want %s", tc.sort, err, tc.want)
		}
	}
	for _, ok := range []any{nil, false, "", []any{}, "name", []any{"name", tokenbuild.SortFunc(SortByName)}} {
		if _, err := sortComparators(ok); err != nil {
			t.Errorf("sort %v: %v", ok, err)
		}
	}
}

// Expected strings follow the reference's addComment, except where
// docs/deviations.md says otherwise ("*/" and lone "\r").
func TestAddComment(t *testing.T) {
	for _, tc := range []struct {
		comment, style, position, want string
	}{
		{"c", CommentLong, CommentInline, "  --x: 1; /** c */"},
		{"c", CommentLong, CommentAbove, "  /** c */\n  --x: 1;"},
		{"c", CommentShort, CommentInline, "  --x: 1; // c"},
		{"c", CommentShort, CommentAbove, "  // c\n  --x: 1;"},
		{"a\nb", CommentShort, CommentInline, "  // a\n  // b\n  --x: 1;"},
		{"a\nb", CommentLong, CommentInline, "  /**\n   * a\n   * b\n   */\n  --x: 1;"},
		{"c", CommentNone, CommentInline, "  --x: 1;"},
		{"c", "xml", CommentInline, "  --x: 1; undefined"},
		{"", CommentLong, CommentInline, "  --x: 1;"},
		{"a */ b", CommentLong, CommentInline, `  --x: 1; /** a *\/ b */`},
		{"a */ b", CommentShort, CommentInline, "  --x: 1; // a */ b"},
		{"a\rb", CommentShort, CommentInline, "  // a\n  // b\n  --x: 1;"},
		{"a\r\nb", CommentShort, CommentInline, "  // a\r\n  // b\n  --x: 1;"},
	} {
		if got := addComment("  --x: 1;", tc.comment, tc.style, tc.position, "  "); got != tc.want {
			t.Errorf("addComment(%q, %s, %s) = %q, want %q", tc.comment, tc.style, tc.position, got, tc.want)
		}
	}
}

func TestSortByNameIsUTF16(t *testing.T) {
	// U+FF5E sorts after U+1F600 in UTF-16 (0xFF5E > 0xD83D), unlike in UTF-8
	a := &tokenbuild.Token{Name: "\U0001F600"}
	b := &tokenbuild.Token{Name: "\uFF5E"}
	if SortByName(a, b) != -1 || SortByName(b, a) != 1 || SortByName(a, a) != 1 {
		t.Error("SortByName does not compare UTF-16 code units")
	}
}

// A config's outputReferences function gets a dictionary whose tree fields
// are set, even when the pipeline defers building the trees.
func TestOutputReferencesFuncSeesTrees(t *testing.T) {
	a := legacyToken([]string{"a"}, "a", "1px", "1px")
	b := legacyToken([]string{"b"}, "b", "1px", "{a}")
	all := []*tokenbuild.Token{a, b}
	dict := &tokenbuild.Dictionary{AllTokens: all, TokenMap: tokenbuild.IndexTokens(all), UnfilteredAllTokens: all, UnfilteredTokenMap: tokenbuild.IndexTokens(all)}
	dict.DeferTrees(func() *tokenbuild.Object { return tokenbuild.TreeOf(all) }, dict.Tree)
	sawTree := false
	refsFunc := tokenbuild.OutputReferencesFunc(func(_ *tokenbuild.Token, d *tokenbuild.Dictionary, _ bool) bool {
		sawTree = d.Tokens != nil && d.UnfilteredTokens != nil && d.Tokens.Has("a")
		return true
	})
	out, err := FormattedVariables(FormattedVariablesOptions{PropertyFormatOptions: PropertyFormatOptions{
		OutputReferences: refsFunc, Dictionary: dict, Format: PropertyCSS,
		Formatting: tokenbuild.ObjectOf("indentation", ""),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !sawTree {
		t.Errorf("the function saw no tree; output %q", out)
	}
}
