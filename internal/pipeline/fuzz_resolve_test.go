package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/internal/transform"
	"github.com/tokengen/tokengen/tokenbuild"
)

// FuzzResolve decodes the input into a small token set full of references
// (chains, cycles, self references inside strings, objects and arrays,
// references to groups and to undefined names) and checks the resolver
// against resolveOracle, a naive recursive resolver written from the
// reference implementation's rules:
//   - no panic, and it terminates (the fuzzer's per-input timeout);
//   - every token the oracle resolves has exactly the oracle's value;
//   - the tokens the resolver fails are exactly the oracle's broken ones
//     (a reference to an undefined token, or in or through a cycle), every
//     undefined reference is named in an error, and a cycle error appears
//     exactly when there is a cycle;
//   - the platform build fails (brokenReferences "throw") or prints (its
//     "console" mode) exactly when some token is broken;
//   - the shared tokens are not modified, and two runs give the same result.
func FuzzResolve(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		checkResolve(t, data)
	})
}

// The token slots. No path is a prefix of another, so every slot that is
// given a value is a token.
var fuzzTokenPaths = []string{"a", "b", "c", "d", "e", "f", "g.a", "g.b", "g.h.c", "g.h.d", "i.a", "i.b"}

// Paths that are referenced but never tokens: groups, undefined names, a
// child of a token and a token's "value" property (both undefined for the
// reference's token map).
var fuzzOtherPaths = []string{"g", "g.h", "i", "x", "g.x", "a.value", "g.h.c.d"}

// fuzzSelf, as a reference target, is the token being defined.
const fuzzSelf = 19

// Numbers with their JavaScript String() (printed by node).
var fuzzNumbers = []struct {
	v  float64
	js string
}{{0, "0"}, {1, "1"}, {-2.5, "-2.5"}, {16, "16"}, {0.1, "0.1"}, {1e21, "1e+21"}, {1e-7, "1e-7"},
	{123456789012, "123456789012"}, {1.5e300, "1.5e+300"}, {0.000001, "0.000001"}, {100, "100"}}

// Literal text. None holds a brace or a "$": the reference re-resolves
// text that substitution turned into a reference ("{" + "n}" gives the
// value of {n}) and expands JavaScript's "$&"-style replacement patterns
// in interpolated values; tokengen does neither, and the oracle does not
// model them.
var fuzzLiterals = []string{"", " ", " px", "red", "solid ", "calc(", " * 2)", ",", "é", "#fff", "0 0 1px", "\n"}

// White space around a reference's path. The reference trims with
// JavaScript's trim(), which removes U+FEFF but keeps U+0085.
var fuzzSpacing = []string{"", " ", "\t", "\n ", "\u00a0", "\ufeff", "\u0085", "\u3000", "\u2028"}

// fuzzReader hands out the input's bytes, then zeros.
type fuzzReader struct {
	data []byte
	pos  int
}

func (r *fuzzReader) pick(n int) int {
	if r.pos >= len(r.data) {
		return 0
	}
	b := r.data[r.pos]
	r.pos++
	return int(b) % n
}

// fuzzTokenSet is a decoded input: token paths in definition order and
// their raw values.
type fuzzTokenSet struct {
	order []string
	raw   map[string]any
}

// decodeFuzzTokens reads: a token count (1 + b%12), then per token a slot
// (b%12) and a value. A slot given twice keeps its place and takes the
// later value. A value starts with its kind (b%8):
//
//	0 number (b%11 into fuzzNumbers)   1 literal (b%12 into fuzzLiterals)
//	2, 7 whole reference (target, spacing)
//	3 interpolation: count (1 + b%3), then literal, reference, ..., literal
//	4 object: count (b%4) values under keys x, y, z, w
//	5 array: count (b%4) values          6 true, false or null (b%3)
//
// A reference target is b%20: a token slot (0-11), one of fuzzOtherPaths
// (12-18) or the token itself (19); spacing is b%9 into fuzzSpacing, put
// on both sides. Objects and arrays nest two deep; deeper they hold a
// whole reference.
func decodeFuzzTokens(data []byte) fuzzTokenSet {
	r := &fuzzReader{data: data}
	set := fuzzTokenSet{raw: map[string]any{}}
	n := 1 + r.pick(12)
	for range n {
		path := fuzzTokenPaths[r.pick(len(fuzzTokenPaths))]
		v := decodeFuzzValue(r, path, 0)
		if _, dup := set.raw[path]; !dup {
			set.order = append(set.order, path)
		}
		set.raw[path] = v
	}
	return set
}

func decodeFuzzValue(r *fuzzReader, self string, depth int) any {
	kind := r.pick(8)
	if depth >= 2 && (kind == 4 || kind == 5) {
		kind = 2
	}
	switch kind {
	case 0:
		return fuzzNumbers[r.pick(len(fuzzNumbers))].v
	case 1:
		return fuzzLiterals[r.pick(len(fuzzLiterals))]
	case 3:
		var b strings.Builder
		b.WriteString(fuzzLiterals[r.pick(len(fuzzLiterals))])
		for range 1 + r.pick(3) {
			b.WriteString(decodeFuzzRef(r, self))
			b.WriteString(fuzzLiterals[r.pick(len(fuzzLiterals))])
		}
		return b.String()
	case 4:
		o := tokenbuild.NewObject()
		for i := range r.pick(4) {
			o.Set([]string{"x", "y", "z", "w"}[i], decodeFuzzValue(r, self, depth+1))
		}
		return o
	case 5:
		a := []any{}
		for range r.pick(4) {
			a = append(a, decodeFuzzValue(r, self, depth+1))
		}
		return a
	case 6:
		return []any{true, false, nil}[r.pick(3)]
	}
	return decodeFuzzRef(r, self)
}

func decodeFuzzRef(r *fuzzReader, self string) string {
	target := r.pick(20)
	path := self
	switch {
	case target < len(fuzzTokenPaths):
		path = fuzzTokenPaths[target]
	case target < fuzzSelf:
		path = fuzzOtherPaths[target-len(fuzzTokenPaths)]
	}
	space := fuzzSpacing[r.pick(len(fuzzSpacing))]
	return "{" + space + path + space + "}"
}

// tree is the inline "tokens" object of the set.
func (s fuzzTokenSet) tree() *tokenbuild.Object {
	root := tokenbuild.NewObject()
	for _, path := range s.order {
		at := root
		parts := strings.Split(path, ".")
		for _, p := range parts[:len(parts)-1] {
			next, ok := at.Value(p).(*tokenbuild.Object)
			if !ok {
				next = tokenbuild.NewObject()
				at.Set(p, next)
			}
			at = next
		}
		at.Set(parts[len(parts)-1], tokenbuild.ObjectOf("value", cloneFuzzValue(s.raw[path])))
	}
	return root
}

// describe prints the set as path=value pairs, for the seed table.
func (s fuzzTokenSet) describe() string {
	parts := make([]string, len(s.order))
	for i, p := range s.order {
		parts[i] = p + "=" + canonValue(s.raw[p])
	}
	return strings.Join(parts, "; ")
}

// canonValue is an exact, typed rendering of a token value for comparisons:
// numbers keep their type (2 and "2" differ), objects their key order.
func canonValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return strconv.Quote(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canonValue(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *tokenbuild.Object:
		var parts []string
		x.Range(func(k string, e any) bool {
			parts = append(parts, strconv.Quote(k)+":"+canonValue(e))
			return true
		})
		return "{" + strings.Join(parts, ",") + "}"
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

func cloneFuzzValue(v any) any {
	switch x := v.(type) {
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = cloneFuzzValue(e)
		}
		return c
	case *tokenbuild.Object:
		c := tokenbuild.NewObject()
		x.Range(func(k string, e any) bool { c.Set(k, cloneFuzzValue(e)); return true })
		return c
	}
	return v
}

// resolveOracle resolves references naively: depth first, memoised, with
// a visiting set for cycles. Its rules are the reference's
// (lib/utils/references/resolveReferencesMap.js run to a fixed point):
//   - references are /\{([^}]+)\}/g with the inside trimmed by JavaScript's
//     trim(); only tokens are targets (a group or "x.value" is undefined);
//   - a value that is exactly one reference becomes a copy of the target's
//     resolved value, keeping its type;
//   - otherwise each reference, in order, replaces the first occurrence of
//     its text with String(target value); when what is left is exactly the
//     reference's text, the target's value replaces the whole, typed;
//   - references inside objects and arrays resolve in place;
//   - a token is broken when it references an undefined token or a broken
//     one, or is in or reaches a cycle. The reference itself leaves such
//     values partly unresolved and overflows its stack on cycles through
//     interpolated strings (a documented deviation: tokengen reports a
//     cycle); for cycles through objects it builds a circular object and
//     crashes in the format, where tokengen reports a cycle too.
//
// One outcome of the reference depends on the order it resolves in, which
// is not the dependency order tokengen uses: in a value made only of
// references, where all but one of them stringify to "", which reference
// is last to be substituted decides whether the result is typed ("{empty}{n}"
// gives the number 2 when {n} is substituted last, "2" otherwise). Such
// tokens, and those built from them, are marked uncertain and their value
// is not compared.
type resolveOracle struct {
	raw       map[string]any // by key "{path}"
	state     map[string]oracleState
	value     map[string]any
	uncertain map[string]bool
	missing   map[string][]string // token key -> reference texts to undefined tokens
	cycle     bool
}

type oracleState uint8

const (
	oracleUnvisited oracleState = iota
	oracleVisiting
	oracleResolved
	oracleBroken
)

var oracleRefPattern = regexp.MustCompile(`\{([^}]+)\}`)

func newResolveOracle(s fuzzTokenSet) *resolveOracle {
	o := &resolveOracle{raw: map[string]any{}, state: map[string]oracleState{}, value: map[string]any{},
		uncertain: map[string]bool{}, missing: map[string][]string{}}
	for _, p := range s.order {
		o.raw["{"+p+"}"] = s.raw[p]
	}
	for _, p := range s.order {
		o.resolveToken("{" + p + "}")
	}
	return o
}

// resolveToken returns the token's resolved value, whether it resolves and
// whether the value is uncertain.
func (o *resolveOracle) resolveToken(key string) (any, bool, bool) {
	raw, exists := o.raw[key]
	if !exists {
		return nil, false, false
	}
	switch o.state[key] {
	case oracleVisiting:
		o.cycle = true
		return nil, false, false
	case oracleResolved:
		return o.value[key], true, o.uncertain[key]
	case oracleBroken:
		return nil, false, false
	}
	o.state[key] = oracleVisiting
	v, ok, unsure := o.resolveValue(key, raw)
	if ok {
		o.state[key], o.value[key], o.uncertain[key] = oracleResolved, v, unsure
	} else {
		o.state[key] = oracleBroken
	}
	return v, ok, unsure
}

func (o *resolveOracle) resolveValue(owner string, v any) (any, bool, bool) {
	switch x := v.(type) {
	case string:
		return o.resolveString(owner, x)
	case []any:
		out, ok, unsure := make([]any, len(x)), true, false
		for i, e := range x {
			r, eok, eunsure := o.resolveValue(owner, e)
			out[i], ok, unsure = r, ok && eok, unsure || eunsure
		}
		return out, ok, unsure
	case *tokenbuild.Object:
		out, ok, unsure := tokenbuild.NewObject(), true, false
		x.Range(func(k string, e any) bool {
			r, eok, eunsure := o.resolveValue(owner, e)
			out.Set(k, r)
			ok, unsure = ok && eok, unsure || eunsure
			return true
		})
		return out, ok, unsure
	}
	return v, true, false
}

func (o *resolveOracle) resolveString(owner, s string) (any, bool, bool) {
	matches := oracleRefPattern.FindAllStringSubmatchIndex(s, -1)
	if len(matches) == 0 {
		return s, true, false
	}
	var result any = s
	ok, unsure := true, false
	literal := len(s)
	nonEmpty, typed := 0, false
	for _, m := range matches {
		text := s[m[0]:m[1]]
		literal -= len(text)
		key := "{" + jsTrimForOracle(s[m[2]:m[3]]) + "}"
		if _, exists := o.raw[key]; !exists {
			o.missing[owner] = append(o.missing[owner], text)
			ok = false
			continue
		}
		target, tok, tunsure := o.resolveToken(key)
		if !tok {
			ok = false
			continue
		}
		unsure = unsure || tunsure
		str := jsStringForOracle(target)
		if str != "" {
			nonEmpty++
		}
		if _, isStr := target.(string); !isStr {
			typed = true
		}
		if cur, isStr := result.(string); isStr && cur == text {
			result = cloneFuzzValue(target)
		} else {
			result = strings.Replace(jsStringForOracle(result), text, str, 1)
		}
	}
	if len(matches) > 1 && literal == 0 && nonEmpty <= 1 && typed {
		unsure = true
	}
	return result, ok, unsure
}

// jsTrimForOracle is JavaScript's String.prototype.trim.
func jsTrimForOracle(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
			return true
		}
		return r >= '\u2000' && r <= '\u200a'
	})
}

// jsStringForOracle is JavaScript's String(v) for the values the fuzzer
// makes.
func jsStringForOracle(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case string:
		return x
	case float64:
		for _, n := range fuzzNumbers {
			if n.v == x {
				return n.js
			}
		}
		panic(fmt.Sprintf("oracle: no JavaScript form for %v", x))
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = jsStringForOracle(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// resolveRun is one resolution of a token set, straight through the
// transformer with no transforms.
type resolveRun struct {
	values    map[string]string // token key -> canonValue
	failed    []string          // token keys, sorted
	refErrors []string
}

func runResolver(t *testing.T, tokens []*tokenbuild.Token) resolveRun {
	t.Helper()
	copies := make([]tokenbuild.Token, len(tokens))
	all := make([]*tokenbuild.Token, len(tokens))
	for i, tok := range tokens {
		copies[i] = *tok
		all[i] = &copies[i]
	}
	p := &tokenbuild.Platform{Name: "p"}
	states := make([]transform.State, len(all))
	res := transform.Run(transform.Input{Platform: p, Options: tokenbuild.Options{}, ByKey: tokenindex.New(all), Tokens: all, States: states})
	if res.Fatal != nil {
		t.Fatalf("resolving failed outright: %v", res.Fatal)
	}
	run := resolveRun{values: map[string]string{}}
	for i, tok := range all {
		run.values[tok.Key] = canonValue(tok.Value)
		if states[i] == transform.Failed {
			run.failed = append(run.failed, tok.Key)
		} else if states[i] != transform.Done {
			t.Errorf("token %s left in state %d", tok.Key, states[i])
		}
	}
	slices.Sort(run.failed)
	for _, e := range res.RefErrors {
		run.refErrors = append(run.refErrors, fmt.Sprint(e))
	}
	return run
}

// fuzzInstance loads the set as inline tokens with one platform "p" that
// has no transforms, so resolved values stay raw.
func fuzzInstance(t *testing.T, tree *tokenbuild.Object, brokenReferences string) *Instance {
	t.Helper()
	cfgObj := tokenbuild.ObjectOf(
		"tokens", tree,
		"log", tokenbuild.ObjectOf("errors", tokenbuild.ObjectOf("brokenReferences", brokenReferences)),
		"platforms", tokenbuild.ObjectOf("p", tokenbuild.NewObject()))
	cfg, err := config.DecodeConfig(cfgObj, "")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dir = os.TempDir()
	in, err := New(context.Background(), cfg, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func checkResolve(t *testing.T, data []byte) {
	set := decodeFuzzTokens(data)
	oracle := newResolveOracle(set)

	in := fuzzInstance(t, set.tree(), "console")
	shared := map[string]string{}
	for _, tok := range in.AllTokens() {
		shared[tok.Key] = canonValue(tok.Value)
	}
	if len(shared) != len(set.order) {
		t.Fatalf("%d tokens loaded, want %d: %s", len(shared), len(set.order), set.describe())
	}
	run := runResolver(t, in.AllTokens())
	again := runResolver(t, in.AllTokens())
	if fmt.Sprint(run) != fmt.Sprint(again) {
		t.Fatalf("two runs differ:\n%v\n%v", run, again)
	}
	dict, err := in.PlatformTokens(context.Background(), "p")
	if err != nil {
		t.Fatalf("console mode must not fail: %v", err)
	}
	for _, tok := range in.AllTokens() {
		if got := canonValue(tok.Value); got != shared[tok.Key] {
			t.Errorf("shared token %s changed from %s to %s", tok.Key, shared[tok.Key], got)
		}
	}

	var wantFailed []string
	for _, p := range set.order {
		key := "{" + p + "}"
		built, ok := dict.TokenMap.Get(key)
		if !ok {
			t.Fatalf("token %s missing from the platform", key)
		}
		if got := canonValue(built.Value); got != run.values[key] {
			t.Errorf("%s: platform value %s, resolver value %s", key, got, run.values[key])
		}
		switch oracle.state[key] {
		case oracleBroken:
			wantFailed = append(wantFailed, key)
		case oracleResolved:
			if want := canonValue(oracle.value[key]); !oracle.uncertain[key] && run.values[key] != want {
				t.Errorf("%s = %s, want %s\ntokens: %s", key, run.values[key], want, set.describe())
			}
		default:
			t.Fatalf("oracle left %s unresolved", key)
		}
	}
	slices.Sort(wantFailed)
	if !slices.Equal(run.failed, wantFailed) {
		t.Errorf("failed tokens %v, want %v\ntokens: %s\nerrors: %q", run.failed, wantFailed, set.describe(), run.refErrors)
	}

	// Errors: each undefined reference is named, a cycle is reported
	// exactly when there is one, and there are errors exactly when some
	// token is broken.
	all := strings.Join(run.refErrors, "\n")
	for key, texts := range oracle.missing {
		for _, text := range texts {
			if !strings.Contains(all, text) {
				t.Errorf("%s: undefined reference %q not reported in %q", key, text, run.refErrors)
			}
		}
	}
	if got := strings.Contains(strings.ToLower(all), "circular"); got != oracle.cycle {
		t.Errorf("cycle reported: %v, want %v\ntokens: %s\nerrors: %q", got, oracle.cycle, set.describe(), run.refErrors)
	}
	if (len(run.refErrors) > 0) != (len(wantFailed) > 0) {
		t.Errorf("%d reference errors with %d broken tokens: %q", len(run.refErrors), len(wantFailed), run.refErrors)
	}
	var warned []string // what console mode reported
	for _, d := range in.cache["p"].output {
		if d.Kind == tokenbuild.KindBrokenReference {
			warned = append(warned, d.Msg)
		}
	}
	if (len(warned) > 0) != (len(wantFailed) > 0) {
		t.Errorf("console mode reported %q with %d broken tokens", warned, len(wantFailed))
	}
	_, err = fuzzInstance(t, set.tree(), "throw").PlatformTokens(context.Background(), "p")
	if (err != nil) != (len(wantFailed) > 0) {
		t.Errorf("throw mode: error %v with %d broken tokens", err, len(wantFailed))
	}
}

// TestFuzzResolveSeeds checks that each seed of FuzzResolve still decodes
// to the token set it was written for.
func TestFuzzResolveSeeds(t *testing.T) {
	for name, want := range map[string]string{
		"cycle2":           `a="{b}"; b="{a}"`,
		"cycle3":           `a="{b}"; b="{c}"; c="{a}"`,
		"self_in_string":   `a="{a} px"; b=1`,
		"self_in_object":   `a={"x":"{a}"}; b="{a}"`,
		"chain10":          `a="{b}"; b="{c}"; c="{d}"; d="{e}"; e="{f}"; f="{g.a}"; g.a="{g.b}"; g.b="{g.h.c}"; g.h.c="{g.h.d}"; g.h.d=16`,
		"missing":          `a="{x}"; b="calc({a} * 2)"; c=1`,
		"group":            `g.a=1; a="{g}"; b="{ g.a }"`,
		"object_chain":     `a={"x":"{b}","y":["{c}",1]}; b="{c}"; c=-2.5; d="{a}"`,
		"interpolate_all":  `a="{b},{c}{d} px"; b=[1,null]; c={"x":1}; d=null`,
		"empty_then_typed": `a=""; b="{a}{c}"; c=16`,
		"trim":             `a="{\ufeffc\ufeff}"; b="{\u0085c\u0085}"; c=1`,
	} {
		data, err := readFuzzSeed(filepath.Join("testdata", "fuzz", "FuzzResolve", name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := decodeFuzzTokens(data).describe(); got != want {
			t.Errorf("seed %s decodes to\n  %s\nwant\n  %s", name, got, want)
		}
	}
}

// readFuzzSeed reads a one-value corpus file ("go test fuzz v1", []byte).
func readFuzzSeed(path string) ([]byte, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") {
		return nil, fmt.Errorf("not a one-value corpus file")
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	return []byte(s), err
}

// chainTokens makes tokens t0..t(n-1) where each references the next; the
// last one references next(n-1).
func chainTokens(n int, last func(int) any) *tokenbuild.Object {
	tree := tokenbuild.NewObject()
	for i := range n {
		var v any = fmt.Sprintf("{t%d}", i+1)
		if i == n-1 {
			v = last(n)
		}
		tree.Set(fmt.Sprintf("t%d", i), tokenbuild.ObjectOf("value", v))
	}
	return tree
}

// TestResolveLongChain: 5,000 references in a chain all resolve to the
// value at its end, keeping its type, with no error.
func TestResolveLongChain(t *testing.T) {
	const n = 5000
	in := fuzzInstance(t, chainTokens(n, func(int) any { return 7.0 }), "throw")
	dict, err := in.PlatformTokens(context.Background(), "p")
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		tok, _ := dict.TokenMap.Get(fmt.Sprintf("{t%d}", i))
		if tok == nil || canonValue(tok.Value) != "7" {
			t.Fatalf("t%d = %v, want the number 7", i, tok)
		}
	}
	if run := runResolver(t, in.AllTokens()); len(run.failed) != 0 || len(run.refErrors) != 0 {
		t.Errorf("failed %d tokens, errors %q", len(run.failed), run.refErrors)
	}
}

// TestResolveLongCycle: a cycle of 5,000 references is one error naming the
// cycle, and every token in it fails.
func TestResolveLongCycle(t *testing.T) {
	const n = 5000
	in := fuzzInstance(t, chainTokens(n, func(int) any { return "{t0}" }), "throw")
	_, err := in.PlatformTokens(context.Background(), "p")
	if err == nil {
		t.Fatal("a cycle must fail the platform")
	}
	msg := err.Error()
	if c := strings.Count(strings.ToLower(msg), "circular"); c != 1 || !strings.Contains(msg, "{t0}") || !strings.Contains(msg, "{t4999}") {
		t.Errorf("want one circular reference error through {t0} and {t4999}, got %d mentions in %.300q", c, msg)
	}
	run := runResolver(t, in.AllTokens())
	if len(run.failed) != n || len(run.refErrors) != 1 {
		t.Errorf("%d of %d tokens failed, %d errors", len(run.failed), n, len(run.refErrors))
	}
}

// TestResolveSelfInObject: a token whose object value references the token
// itself is a cycle (the reference builds a circular object and crashes
// writing it); the tokens that reference it fail with it, the others
// resolve.
func TestResolveSelfInObject(t *testing.T) {
	tree := tokenbuild.ObjectOf(
		"a", tokenbuild.ObjectOf("value", tokenbuild.ObjectOf("x", "{a}", "y", 1.0)),
		"b", tokenbuild.ObjectOf("value", "{a}"),
		"c", tokenbuild.ObjectOf("value", 2.0),
		"d", tokenbuild.ObjectOf("value", tokenbuild.ObjectOf("z", []any{"{c}", "{ c }px"})))
	in := fuzzInstance(t, tree, "throw")
	_, err := in.PlatformTokens(context.Background(), "p")
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "circular") || !strings.Contains(err.Error(), "{a}") {
		t.Fatalf("want a circular reference error about {a}, got %v", err)
	}
	run := runResolver(t, in.AllTokens())
	if want := []string{"{a}", "{b}"}; !slices.Equal(run.failed, want) || len(run.refErrors) != 1 {
		t.Errorf("failed %v with errors %q, want %v with one error", run.failed, run.refErrors, want)
	}
	if got, want := run.values["{d}"], `{"z":[2,"2px"]}`; got != want {
		t.Errorf("d = %s, want %s", got, want)
	}
}
