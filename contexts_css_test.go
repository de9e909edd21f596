package tokengen_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TestContextsMeanPermutations checks multi-context CSS files by meaning:
// a real CSS parser reads them, and for every context of every modifier
// (each at each of its places, with either preferred color scheme, with
// and without light-dark() support) the custom properties an element
// gets from the file are the values the one-permutation build of that
// context (--input) gives on :root, var() substituted, light-dark()
// resolved. Cases: the resolver cases of the conformance suite (GitHub
// Primer, Spectrum, Carbon, Fluent, Polaris, Figma SDS, Apple HIG and
// hand-written ones) when present, and testdata/contexts.
func TestContextsMeanPermutations(t *testing.T) {
	var dirs []string
	if m, _ := filepath.Glob("/work/shared/conformance/resolver-cases/*/config.json"); len(m) > 0 {
		dirs = append(dirs, m...)
	}
	local, _ := filepath.Glob("testdata/contexts/*/config.json")
	dirs = append(dirs, local...)
	if len(local) == 0 {
		t.Fatal("no testdata/contexts cases")
	}
	for _, cfgPath := range dirs {
		dir := filepath.Dir(cfgPath)
		if strings.HasSuffix(dir, "-published") || strings.HasSuffix(dir, "error-inputs") {
			continue // they fail to build by design
		}
		t.Run(filepath.Base(dir), func(t *testing.T) { checkContextCase(t, cfgPath) })
	}
}

// modifierList reads a resolver document's modifiers (top-level and inline
// in resolutionOrder): their contexts in order and the input of the base
// permutation (the default, else the first context).
func modifierList(t *testing.T, path string) (names []string, contexts map[string][]string, base map[string]string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Modifiers       map[string]json.RawMessage `json:"modifiers"`
		ResolutionOrder []json.RawMessage          `json:"resolutionOrder"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	contexts, base = map[string][]string{}, map[string]string{}
	add := func(name string, raw json.RawMessage) {
		var m struct {
			Default  string          `json:"default"`
			Contexts json.RawMessage `json:"contexts"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		keys := objectKeys(t, m.Contexts)
		names = append(names, name)
		contexts[name] = keys
		base[name] = m.Default
		if base[name] == "" {
			base[name] = keys[0]
		}
	}
	for _, raw := range doc.ResolutionOrder {
		var item struct {
			Type, Name string
			Ref        string `json:"$ref"`
		}
		json.Unmarshal(raw, &item)
		switch {
		case item.Type == "modifier":
			add(item.Name, raw)
		case strings.HasPrefix(item.Ref, "#/modifiers/"):
			name := strings.TrimPrefix(item.Ref, "#/modifiers/")
			add(name, doc.Modifiers[name])
		}
	}
	return names, contexts, base
}

// objectKeys lists a JSON object's keys in order.
func objectKeys(t *testing.T, raw json.RawMessage) []string {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// ctxPlace is one place of a context in the test's configs, and how the
// model applies it: on the root element or on an element inside it.
type ctxPlace struct {
	rule   tokenbuild.ContextRule
	onRoot bool
}

func checkContextCase(t *testing.T, cfgPath string) {
	ctx := context.Background()
	cfg, err := tokengen.LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	mods, ctxs, base := modifierList(t, filepath.Join(cfg.Dir, cfg.Resolver))
	css, ok := cfg.Platform("css")
	if !ok {
		t.Fatal("no css platform")
	}
	plain := *css
	plain.Files = nil
	places := map[[2]string][]ctxPlace{}
	var contexts []tokenbuild.FileContext
	n := 0
	for _, m := range mods {
		for _, c := range ctxs[m] {
			n++
			attr := tokenbuild.ContextRule{Selector: fmt.Sprintf("[data-%s=%q]", m, c)}
			media := tokenbuild.ContextRule{AtRule: fmt.Sprintf("@media (min-width: %dpx)", n), Selector: ":root." + m + "-" + c}
			// the attribute on an element inside the root, and on the root
			places[[2]string{m, c}] = []ctxPlace{{attr, false}, {attr, true}, {media, true}}
			fc := tokenbuild.FileContext{Modifier: m, Context: c, Rules: []tokenbuild.ContextRule{attr, media}}
			contexts = append(contexts, fc)
		}
	}
	var scheme *tokenbuild.ColorScheme
	for _, m := range mods {
		if slices.Contains(ctxs[m], "light") && slices.Contains(ctxs[m], "dark") {
			scheme = &tokenbuild.ColorScheme{Modifier: m, Light: "light", Dark: "dark"}
			break
		}
	}
	// every css/variables file of the case, as written and with
	// outputReferences, with contexts, and with colorScheme too
	multi := plain
	type variant struct {
		name   string
		refs   bool
		scheme bool
	}
	variants := []variant{{"plain", false, false}, {"refs", true, false}}
	if scheme != nil {
		variants = append(variants, variant{"ld", false, true}, variant{"ldrefs", true, true})
	}
	for _, f := range css.Files {
		if f.Format != "css/variables" {
			continue
		}
		for _, v := range variants {
			g := f
			g.Destination = v.name + "/" + f.Destination
			g.Contexts, g.ColorScheme = nil, nil
			g.Options = tokenbuild.Options{}
			for k, val := range f.Options {
				g.Options[k] = val
			}
			if v.refs {
				g.Options["outputReferences"] = true
			}
			p := g
			p.Contexts = contexts
			if v.scheme {
				p.ColorScheme = scheme
			}
			multi.Files = append(multi.Files, p)
			plain.Files = append(plain.Files, g)
		}
	}
	build := func(p tokenbuild.Platform, inputs map[string]string) map[string]string {
		t.Helper()
		c := *cfg
		c.Platforms = []tokenbuild.Platform{p}
		b, err := tokengen.New(ctx, c, tokengen.WithInputs(inputs), tokengen.WithOutput(io.Discard, io.Discard), tokengen.WithVerbosity(tokenbuild.VerbositySilent))
		if err != nil {
			t.Fatalf("inputs %v: %v", inputs, err)
		}
		outs, _, err := b.FormatPlatform(ctx, p.Name)
		if err != nil {
			t.Fatalf("inputs %v: %v", inputs, err)
		}
		m := map[string]string{}
		for _, o := range outs {
			m[strings.TrimPrefix(o.Destination, p.BuildPath)] = o.Content
		}
		return m
	}
	got := build(multi, base)
	baseFiles := build(plain, base)
	type scenario struct {
		mod     string // the modifier whose context is placed
		label   string
		inputs  map[string]string
		place   *ctxPlace
		prefers string
	}
	var scenarios []scenario
	for _, m := range mods {
		for _, c := range ctxs[m] {
			in := map[string]string{}
			for k, v := range base {
				in[k] = v
			}
			in[m] = c
			for i := range places[[2]string{m, c}] {
				for _, prefers := range []string{"light", "dark"} {
					scenarios = append(scenarios, scenario{m, fmt.Sprintf("%s=%s at %d, prefers %s", m, c, i, prefers), in, &places[[2]string{m, c}][i], prefers})
				}
			}
			_ = n
		}
	}
	expected := map[string]map[string]string{} // files by inputs
	expect := func(in map[string]string) map[string]string {
		k := fmt.Sprint(in)
		if expected[k] == nil {
			expected[k] = build(plain, in)
		}
		return expected[k]
	}
	checked, overlapping := 0, 0
	for dest, text := range got {
		isScheme := strings.HasPrefix(dest, "ld")
		// the file's own permutation is the plain build's block, byte for byte
		if want := unstamped(baseFiles[dest]); !strings.HasPrefix(unstamped(text), strings.TrimSuffix(want, "\n")) && !isScheme {
			t.Errorf("%s: does not start with the plain build's text", dest)
		}
		blocks := parseCSSBlocks(t, dest, text)
		all := scenarios
		if isScheme {
			// with no context's place, the preferred scheme decides
			for _, prefers := range []string{"light", "dark"} {
				in := map[string]string{}
				for k, v := range base {
					in[k] = v
				}
				in[scheme.Modifier] = prefers
				all = append(all, scenario{"", "no place, prefers " + prefers, in, nil, prefers})
			}
		} else {
			all = append(all, scenario{"", "no place", base, nil, "light"})
		}
		for _, s := range all {
			if isScheme && s.place != nil && s.mod != scheme.Modifier && s.prefers != base[scheme.Modifier] {
				// another modifier's context: the preferred scheme still
				// decides the colors, which holds when the two change
				// different tokens (a context is written against the
				// file's own permutation; combinations are not written)
				in := map[string]string{}
				for k, v := range s.inputs {
					in[k] = v
				}
				in[scheme.Modifier] = s.prefers
				if overlaps(t, dest, expect(base)[dest], expect(s.inputs)[dest], expect(in)[dest]) {
					overlapping++
					continue
				}
				s.inputs = in
			}
			wantBlocks := parseCSSBlocks(t, dest+" (expected)", expect(s.inputs)[dest])
			want := evalCSS(wantBlocks, nil, "light", true)
			supports := []bool{true}
			if isScheme {
				supports = append(supports, false)
			}
			for _, sup := range supports {
				have := evalCSS(blocks, s.place, s.prefers, sup)
				checked++
				if d := diffValues(want, have); d != "" {
					t.Errorf("%s, %s (light-dark() supported: %v):\n%s", dest, s.label, sup, d)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Logf("%d files, %d scenarios checked, %d left out (a context and the preferred scheme change the same token)", len(got), checked, overlapping)
}

// overlaps reports whether a token changes both from base to one and from
// base to other (files of three permutations).
func overlaps(t *testing.T, dest, base, one, other string) bool {
	b := evalCSS(parseCSSBlocks(t, dest, base), nil, "light", true)
	x := evalCSS(parseCSSBlocks(t, dest, one), nil, "light", true)
	y := evalCSS(parseCSSBlocks(t, dest, other), nil, "light", true)
	for k, v := range b {
		if x[k] != v && y[k] != v {
			return true
		}
	}
	return false
}

// unstamped drops the header's timestamp line, which differs between two
// builds a second apart.
func unstamped(s string) string { return stampLine.ReplaceAllString(s, "") }

// cssRule is a block of declarations and the at-rules and selector it is in.
type cssRule struct {
	atRules  []string
	selector string
	decls    [][2]string
}

var spaces = regexp.MustCompile(`\s+`)

// squash removes whitespace, for comparing selectors and at-rule preludes.
func squash(s string) string { return spaces.ReplaceAllString(s, "") }

func parseCSSBlocks(t *testing.T, name, text string) []cssRule {
	t.Helper()
	p := css.NewParser(parse.NewInput(strings.NewReader(text)), false)
	var stack []string // at-rules and selectors, outermost first
	var out []cssRule
	var cur *cssRule
	values := func() string {
		var b strings.Builder
		for _, v := range p.Values() {
			b.Write(v.Data)
		}
		return b.String()
	}
	for {
		gt, _, data := p.Next()
		switch gt {
		case css.ErrorGrammar:
			if p.Err() == io.EOF {
				return out
			}
			t.Fatalf("%s: CSS error at offset %d: %v", name, p.Offset(), p.Err())
		case css.BeginAtRuleGrammar:
			stack = append(stack, string(data)+" "+values())
		case css.BeginRulesetGrammar:
			stack = append(stack, values())
			var ats []string
			for _, s := range stack[:len(stack)-1] {
				ats = append(ats, squash(s))
			}
			out = append(out, cssRule{atRules: ats, selector: squash(values())})
			cur = &out[len(out)-1]
		case css.EndAtRuleGrammar, css.EndRulesetGrammar:
			stack = stack[:len(stack)-1]
			cur = nil
		case css.DeclarationGrammar, css.CustomPropertyGrammar:
			if cur == nil {
				t.Fatalf("%s: declaration %s outside a rule", name, data)
			}
			cur.decls = append(cur.decls, [2]string{string(data), strings.TrimSpace(spaces.ReplaceAllString(values(), " "))})
		case css.QualifiedRuleGrammar, css.AtRuleGrammar:
			t.Fatalf("%s: unexpected %s %s", name, gt, data)
		}
	}
}

// evalCSS gives the custom properties an element has, var() substituted
// and light-dark() resolved by its color-scheme: the root element when
// place is nil or on the root, else an element inside the root that the
// place's selector matches. Every block applies whose at-rules hold (the
// place's own, prefers-color-scheme as prefers says, the light-dark()
// @supports test as supports says) and whose selector matches the element.
func evalCSS(rules []cssRule, place *ctxPlace, prefers string, supports bool) map[string]string {
	atHolds := func(a string) bool {
		switch {
		case strings.HasPrefix(a, "@media(prefers-color-scheme:"):
			return a == "@media(prefers-color-scheme:"+prefers+")"
		case strings.HasPrefix(a, "@supportsnot(color:light-dark("):
			return !supports
		}
		return place != nil && a == squash(place.rule.AtRule)
	}
	applies := func(r cssRule, onRoot bool) bool {
		for _, a := range r.atRules {
			if !atHolds(a) {
				return false
			}
		}
		if onRoot {
			return r.selector == ":root" || (place != nil && place.onRoot && r.selector == squash(place.rule.Selector)) ||
				(place != nil && place.onRoot && place.rule.Selector == "" && r.selector == ":root")
		}
		return place != nil && !place.onRoot && r.selector == squash(place.rule.Selector)
	}
	// the cascade: higher specificity wins, then the later rule
	declared := func(onRoot bool) map[string]string {
		var apply []cssRule
		for _, r := range rules {
			if applies(r, onRoot) {
				apply = append(apply, r)
			}
		}
		slices.SortStableFunc(apply, func(a, b cssRule) int { return specificity(a.selector) - specificity(b.selector) })
		m := map[string]string{}
		for _, r := range apply {
			for _, d := range r.decls {
				m[d[0]] = d[1]
			}
		}
		return m
	}
	root := computeCustom(declared(true), nil)
	scheme := declared(true)["color-scheme"]
	vals := root
	if place != nil && !place.onRoot {
		own := declared(false)
		if s, ok := own["color-scheme"]; ok {
			scheme = s
		}
		vals = computeCustom(own, root)
	}
	dark := scheme == "dark" || (scheme == "light dark" && prefers == "dark")
	out := map[string]string{}
	for k, v := range vals {
		if strings.HasPrefix(k, "--") {
			out[k] = resolveLightDark(v, dark, supports)
		}
	}
	return out
}

// specificity is a selector's class-like count (ids, elements and
// :where() do not occur here): :root, .x, [a=b] and :not(X)'s X count 1.
func specificity(sel string) int {
	sel = strings.ReplaceAll(sel, ":not(", "(")
	return strings.Count(sel, ":") + strings.Count(sel, ".") + strings.Count(sel, "[")
}

var varRef = regexp.MustCompile(`var\(\s*(--[A-Za-z0-9_-]+)\s*\)`)

// computeCustom gives the computed custom properties of an element that
// declares decl and inherits parent's: var() substituted where declared,
// `initial` (the guaranteed-invalid value) not there.
func computeCustom(decl, parent map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range parent {
		out[k] = v
	}
	busy := map[string]bool{}
	var compute func(name string) (string, bool)
	done := map[string]bool{}
	compute = func(name string) (string, bool) {
		v, ok := decl[name]
		if !ok {
			pv, ok := parent[name]
			return pv, ok
		}
		if done[name] {
			cv, ok := out[name]
			return cv, ok
		}
		if busy[name] {
			return "", false
		}
		busy[name] = true
		valid := v != "initial"
		v = varRef.ReplaceAllStringFunc(v, func(ref string) string {
			s, ok := compute(varRef.FindStringSubmatch(ref)[1])
			if !ok {
				valid = false
			}
			return s
		})
		done[name] = true
		if valid {
			out[name] = v
		} else {
			delete(out, name)
		}
		return v, valid
	}
	for name := range decl {
		compute(name)
	}
	return out
}

// resolveLightDark replaces each light-dark(a, b) in v by a or b; without
// support for it the value is invalid where it is used.
func resolveLightDark(v string, dark, supported bool) string {
	for {
		i := strings.Index(v, "light-dark(")
		if i < 0 {
			return v
		}
		if !supported {
			return "<invalid: " + v + ">"
		}
		depth, comma, end := 0, -1, -1
		for j := i + len("light-dark("); j < len(v) && end < 0; j++ {
			switch v[j] {
			case '(':
				depth++
			case ')':
				if depth == 0 {
					end = j
				}
				depth--
			case ',':
				if depth == 0 && comma < 0 {
					comma = j
				}
			}
		}
		if comma < 0 || end < 0 {
			return "<malformed: " + v + ">"
		}
		pick := v[i+len("light-dark(") : comma]
		if dark {
			pick = v[comma+1 : end]
		}
		v = v[:i] + strings.TrimSpace(pick) + v[end+1:]
	}
}

func diffValues(want, have map[string]string) string {
	var b strings.Builder
	var names []string
	for k := range want {
		names = append(names, k)
	}
	for k := range have {
		if _, ok := want[k]; !ok {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	for _, k := range names {
		w, wok := want[k]
		h, hok := have[k]
		switch {
		case !wok:
			fmt.Fprintf(&b, "  %s: not in the permutation's build, got %q\n", k, h)
		case !hok:
			fmt.Fprintf(&b, "  %s: want %q, missing\n", k, w)
		case w != h:
			fmt.Fprintf(&b, "  %s: want %q, got %q\n", k, w, h)
		}
	}
	return b.String()
}

// TestContextsJSONMeanPermutations checks json/flat with contexts: for
// every context of every case, the file's tokens with that context's
// entries over them (null removing one) are the one-permutation build's
// json/flat, value for value.
func TestContextsJSONMeanPermutations(t *testing.T) {
	dirs, _ := filepath.Glob("/work/shared/conformance/resolver-cases/*/config.json")
	local, _ := filepath.Glob("testdata/contexts/*/config.json")
	if len(local) == 0 {
		t.Fatal("no testdata/contexts cases")
	}
	for _, cfgPath := range append(dirs, local...) {
		dir := filepath.Dir(cfgPath)
		if strings.HasSuffix(dir, "-published") || strings.HasSuffix(dir, "error-inputs") {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			ctx := context.Background()
			cfg, err := tokengen.LoadConfig(cfgPath)
			if err != nil {
				t.Fatal(err)
			}
			mods, ctxs, base := modifierList(t, filepath.Join(cfg.Dir, cfg.Resolver))
			var contexts []tokenbuild.FileContext
			for _, m := range mods {
				for _, c := range ctxs[m] {
					contexts = append(contexts, tokenbuild.FileContext{Modifier: m, Context: c})
				}
			}
			platform := tokenbuild.Platform{Name: "json", TransformGroup: "js", BuildPath: "build/",
				Files: []tokenbuild.File{{Destination: "flat.json", Format: "json/flat"}}}
			build := func(contexts []tokenbuild.FileContext, inputs map[string]string) map[string]any {
				t.Helper()
				c := *cfg
				p := platform
				p.Files = []tokenbuild.File{{Destination: "flat.json", Format: "json/flat", Contexts: contexts}}
				c.Platforms = []tokenbuild.Platform{p}
				b, err := tokengen.New(ctx, c, tokengen.WithInputs(inputs), tokengen.WithOutput(io.Discard, io.Discard), tokengen.WithVerbosity(tokenbuild.VerbositySilent))
				if err != nil {
					t.Fatalf("inputs %v: %v", inputs, err)
				}
				outs, _, err := b.FormatPlatform(ctx, "json")
				if err != nil || len(outs) != 1 {
					t.Fatalf("inputs %v: %v (%d files)", inputs, err, len(outs))
				}
				var v map[string]any
				if err := json.Unmarshal([]byte(outs[0].Content), &v); err != nil {
					t.Fatalf("inputs %v: %v", inputs, err)
				}
				return v
			}
			multi := build(contexts, base)
			checked := 0
			for _, m := range mods {
				for _, c := range ctxs[m] {
					in := map[string]string{}
					for k, v := range base {
						in[k] = v
					}
					in[m] = c
					want := build(nil, in)
					got := map[string]any{}
					for k, v := range multi["tokens"].(map[string]any) {
						got[k] = v
					}
					for k, v := range multi["contexts"].(map[string]any)[m].(map[string]any)[c].(map[string]any) {
						if v == nil {
							delete(got, k)
						} else {
							got[k] = v
						}
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						for k := range want {
							if fmt.Sprint(got[k]) != fmt.Sprint(want[k]) {
								t.Errorf("%s=%s: %s is %v, want %v", m, c, k, got[k], want[k])
							}
						}
						for k := range got {
							if _, ok := want[k]; !ok {
								t.Errorf("%s=%s: %s is %v, not in the permutation", m, c, k, got[k])
							}
						}
					}
					checked += len(want)
				}
			}
			t.Logf("%d values checked", checked)
		})
	}
}
