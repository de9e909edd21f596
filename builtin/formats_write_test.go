package builtin

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// formatTestCase is what a format gets for one file of the test token
// sets; args makes a fresh copy each time.
type formatTestCase struct {
	name string
	args func() *tokenbuild.FormatArgs
}

// formatTestCases are the files of testdata/css and testdata/mobile as the
// reference's formats got them, and the javascript test dictionary.
func formatTestCases(t *testing.T) []formatTestCase {
	t.Helper()
	var cases []formatTestCase
	dumps, _ := filepath.Glob("testdata/css/*/build/*.dump.json")
	for _, dump := range dumps {
		data, err := os.ReadFile(dump)
		if err != nil {
			t.Fatal(err)
		}
		root, err := json5.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, formatTestCase{dump, func() *tokenbuild.FormatArgs {
			_, args := formatArgsFromDump(root.(*tokenbuild.Object))
			return args
		}})
	}
	configs, _ := filepath.Glob("testdata/mobile/*/config.json")
	for _, cfgPath := range configs {
		dir := filepath.Dir(cfgPath)
		platforms, _ := mobileReadJSON(t, cfgPath).Value("platforms").(*tokenbuild.Object)
		for _, pname := range platforms.Keys() {
			pcfg := platforms.Value(pname).(*tokenbuild.Object)
			all := mobileReadJSON(t, filepath.Join(dir, "dump", pname, "all.json"))
			files, _ := pcfg.Value("files").([]any)
			for i, fv := range files {
				filtered := mobileReadJSON(t, filepath.Join(dir, "dump", pname, strconv.Itoa(i)+".json"))
				cases = append(cases, formatTestCase{fmt.Sprintf("%s/%s/%d", dir, pname, i), func() *tokenbuild.FormatArgs {
					return mobileFormatArgs(pname, pcfg, fv.(*tokenbuild.Object), filtered, all)
				}})
			}
		}
	}
	cases = append(cases, formatTestCase{"js", func() *tokenbuild.FormatArgs {
		return &tokenbuild.FormatArgs{Dictionary: jsTestDictionary(), Platform: &tokenbuild.Platform{Name: "js"},
			File: &tokenbuild.File{Destination: "tokens.js"}, Options: tokenbuild.Options{"usesDtcg": false}}
	}})
	if len(dumps) == 0 || len(configs) == 0 {
		t.Fatal("no test token sets")
	}
	return cases
}

// enlarged is c's dictionary with its tokens of the given types (all
// when none are given) repeated copies times, each copy under a group of
// its own (x0, x1, ...) whose references point into the same copy: a
// dictionary whose files outgrow the chunks a streaming format writes in.
// It is made once: each call of args copies the arguments around it.
func enlarged(c formatTestCase, copies int, types ...string) formatTestCase {
	var made *tokenbuild.FormatArgs
	return formatTestCase{fmt.Sprintf("%s enlarged %v", c.name, types), func() *tokenbuild.FormatArgs {
		if made != nil {
			args := *made
			return &args
		}
		args := c.args()
		d := args.Dictionary
		repeat := func(tokens []*tokenbuild.Token) []*tokenbuild.Token {
			var out []*tokenbuild.Token
			for i := range copies {
				group := "x" + strconv.Itoa(i)
				for _, t := range tokens {
					if len(types) > 0 && !slices.Contains(types, t.Type) {
						continue
					}
					cp := *t
					cp.Path = append([]string{group}, t.Path...)
					cp.Key = "{" + group + "." + t.Key[1:]
					cp.Name = group + "_" + t.Name
					cp.Props = t.Props.Clone()
					for _, k := range []string{"value", "$value"} {
						if v, ok := cp.Props.Get(k); ok {
							cp.Props.Set(k, intoGroup(v, group))
						}
					}
					out = append(out, &cp)
				}
			}
			return out
		}
		all := repeat(d.UnfilteredAllTokens)
		byKey := tokenbuild.IndexTokens(all)
		var filtered []*tokenbuild.Token
		for _, t := range repeat(d.AllTokens) {
			same, _ := byKey.Get(t.Key) // the filtered tokens are the unfiltered ones
			filtered = append(filtered, same)
		}
		args.Dictionary = &tokenbuild.Dictionary{
			Tokens: tokenbuild.TreeOf(filtered), AllTokens: filtered, TokenMap: tokenbuild.IndexTokens(filtered),
			UnfilteredTokens: tokenbuild.TreeOf(all), UnfilteredAllTokens: all, UnfilteredTokenMap: byKey,
		}
		made = args
		copied := *made
		return &copied
	}}
}

// intoGroup points the references in v into group.
func intoGroup(v any, group string) any {
	switch x := v.(type) {
	case string:
		return strings.ReplaceAll(x, "{", "{"+group+".")
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = intoGroup(e, group)
		}
		return out
	case *tokenbuild.Object:
		out := tokenbuild.NewObject()
		x.Range(func(k string, e any) bool {
			out.Set(k, intoGroup(e, group))
			return true
		})
		return out
	}
	return v
}

// countingWriter counts the writes it gets.
type countingWriter struct {
	text   bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.text.Write(p)
}

// Every format with a Write must write what its Format returns, report the
// same warnings and fail the same way, on every test token set and on
// enlarged ones, where it writes its text in pieces.
func TestWriteMatchesFormat(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000") // the same header line in both calls
	cases := formatTestCases(t)
	// enlarged enough that each format writes more than a chunk (64 KB);
	// the android formats each write the tokens of one type
	large := map[string][]formatTestCase{}
	for _, c := range cases {
		switch c.name {
		case "testdata/mobile/legacy/android/0":
			large[c.name] = []formatTestCase{enlarged(c, 300), enlarged(c, 1500, "dimension", "fontSize", "time", "content")}
		case "testdata/css/legacy/build/refs.css.dump.json":
			large[c.name] = []formatTestCase{enlarged(c, 150)}
		case "testdata/css/dtcg/build/vars.css.dump.json":
			large[c.name] = []formatTestCase{enlarged(c, 250)}
		case "js":
			large[c.name] = []formatTestCase{enlarged(c, 300)}
		}
	}
	if len(large) != 4 {
		t.Fatalf("found %d of the 4 token sets to enlarge", len(large))
	}
	for _, l := range large {
		cases = append(cases, l...)
	}
	variants := []struct {
		name string
		set  func(o tokenbuild.Options) tokenbuild.Options
	}{
		{"as given", func(o tokenbuild.Options) tokenbuild.Options { return o }},
		{"outputReferences", func(o tokenbuild.Options) tokenbuild.Options { return withOption(o, "outputReferences", true) }},
		{"outputReferencesFilter", func(o tokenbuild.Options) tokenbuild.Options {
			return withOption(o, "outputReferences", tokenbuild.OutputReferencesWithArgs(OutputReferencesFilter))
		}},
		{"sort", func(o tokenbuild.Options) tokenbuild.Options { return withOption(o, "sort", "name") }},
	}
	withWrite := 0
	for _, f := range originalFormats() { // the aliases are copies (TestAliasesKeepDeclarations)
		if f.Write == nil {
			continue
		}
		withWrite++
		streamed := false
		for _, c := range cases {
			for _, v := range variants {
				run := func(write bool) (text string, warnings []tokenbuild.Warning, writes int, err error) {
					args := c.args()
					args.Options = v.set(args.Options)
					args.Warn = func(w tokenbuild.Warning) { warnings = append(warnings, w) }
					if !write {
						text, err = f.Format(context.Background(), args)
						return text, warnings, 0, err
					}
					var w countingWriter
					err = f.Write(context.Background(), args, &w)
					return w.text.String(), warnings, w.writes, err
				}
				want, wantWarnings, _, wantErr := run(false)
				got, gotWarnings, writes, gotErr := run(true)
				where := fmt.Sprintf("%s on %s (%s)", f.Name, c.name, v.name)
				if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
					t.Errorf("%s: Write fails with %v, Format with %v", where, gotErr, wantErr)
					continue
				}
				if wantErr == nil && got != want {
					t.Errorf("%s: Write's text differs from Format's%s", where, firstLineDiff(got, want))
				}
				if !slices.Equal(gotWarnings, wantWarnings) {
					t.Errorf("%s: Write warns %v, Format %v", where, gotWarnings, wantWarnings)
				}
				if writes > 1 {
					streamed = true
				}
			}
		}
		if !streamed {
			t.Errorf("%s never wrote its text in pieces: the token sets are too small to test it", f.Name)
		}
	}
	if withWrite < 10 {
		t.Errorf("only %d formats have Write", withWrite)
	}
}

// firstLineDiff shows the first line where got and want differ.
func firstLineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf(" at line %d:\n  got  %q\n  want %q", i+1, gl, wl)
		}
	}
	return ""
}
