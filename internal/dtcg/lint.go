package dtcg

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Problems the reference passes over in silence but that are nearly always
// mistakes: a value written straight under a group (neither token nor
// group) and a DTCG $type nobody knows. They are reported as warnings with
// their place and never fail a build, so output stays the reference's.

// dtcgTypes are the DTCG 2025.10 token types: the Format Module's §8
// "Types" and §9 "Composite types" (designtokens.org/TR/2025.10/format).
var dtcgTypes = []string{"color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
	"strokeStyle", "border", "transition", "shadow", "gradient", "typography"}

// otherKnownTypes are the $type values besides DTCG's that design systems
// in wide use write on purpose, with where each list comes from. A build
// warns about any other $type (a likely typo: "colour", "dimensions").
var otherKnownTypes = []struct{ types, source string }{
	// the reference's own: what its built-in transforms match on besides
	// DTCG's types
	{"fontSize asset content html time",
		"style-dictionary 5.5.5 lib/common/transforms.js: isFontSize, isAsset, isContent, html/icon, time/seconds"},
	// Tokens Studio writes these and @tokens-studio/sd-transforms reads them
	{"other borderRadius sizing spacing text opacity borderWidth boxShadow fontFamilies fontWeights lineHeights " +
		"fontSizes letterSpacing paragraphSpacing paragraphIndent textDecoration textCase composition boolean",
		"TokenTypes of @tokens-studio/types 0.5.2"},
	{"size space lineHeight radius zIndex string productCopy",
		"Supernova's TokenType (developers.supernova.io, SDK reference, enums: Token type)"},
	// real design systems (the conformance realworld cases)
	{"breakpoint font", "Kong/design-tokens tokens/source/breakpoint/index.json, tokens/source/font/*.json"},
	{"font", "canonical/vanilla-framework tokens/font/*.json"},
	{"txtDecoration", "Sage/design-tokens data/tokens/core.json"},
}

// knownTypes are dtcgTypes and otherKnownTypes.
var knownTypes = func() map[string]bool {
	known := map[string]bool{}
	for _, t := range dtcgTypes {
		known[t] = true
	}
	for _, row := range otherKnownTypes {
		for _, t := range strings.Fields(row.types) {
			known[t] = true
		}
	}
	return known
}()

// classicGroupKeys are keys that classic (non-DTCG) files put on groups as
// metadata.
var classicGroupKeys = map[string]bool{"comment": true, "description": true, "type": true, "themeable": true,
	"deprecated": true, "deprecated_comment": true, "name": true, "category": true, "attributes": true}

// Strays lists the entries of a parsed token file that sit in a group but
// are neither tokens nor groups, as warnings (the driver sums them up in
// one line unless verbose).
func Strays(o *tokenbuild.Object, file, valueKey string, dtcg bool) []*tokenbuild.Diagnostic {
	other := otherValueKey(valueKey)
	straySummary := fmt.Sprintf("%%d entries in token files are neither tokens (no %q) nor groups, and are ignored", valueKey)
	otherSummary := fmt.Sprintf("%%d tokens are written with %q, but this build reads %q tokens (the first token file decides), so they are ignored", other, valueKey)
	var out []*tokenbuild.Diagnostic
	var walk func(o *tokenbuild.Object, at []string)
	walk = func(o *tokenbuild.Object, at []string) {
		o.Range(func(k string, v any) bool {
			switch c := v.(type) {
			case *tokenbuild.Object:
				if c.Has(valueKey) || strings.HasPrefix(k, "$") {
					return true // a token, or metadata such as $extensions
				}
				if otherSyntax(c, other, valueKey) {
					// a token in the other syntax: the first token file
					// decided which one this build reads
					out = append(out, &tokenbuild.Diagnostic{File: file, Token: strings.Join(append(at[:len(at):len(at)], k), "."), Severity: tokenbuild.SeverityWarning,
						Kind: tokenbuild.KindToken, Summary: otherSummary,
						Msg: fmt.Sprintf("is written with %q, but this build reads %q tokens (the first token file decides), so it is ignored", other, valueKey)})
					return true
				}
				walk(c, append(at[:len(at):len(at)], k))
				return true
			case []any, nil:
				return true
			}
			if dtcg && strings.HasPrefix(k, "$") && !dtcgGroupProps[k] {
				// "$valeu": a token whose $value is misspelt reads as a group
				out = append(out, &tokenbuild.Diagnostic{File: file, Token: strings.Join(at, "."), Near: strconv.Quote(k), Severity: tokenbuild.SeverityWarning,
					Kind: tokenbuild.KindToken, Summary: incompleteSummary,
					Msg: fmt.Sprintf("%q is no DTCG property; without a $value this object is a group, not a token: is its $value misspelt?", k)})
				return true
			}
			if strings.HasPrefix(k, "$") || (!dtcg && classicGroupKeys[k]) || (len(at) == 0 && !dtcg) {
				return true
			}
			out = append(out, &tokenbuild.Diagnostic{File: file, Token: strings.Join(append(at[:len(at):len(at)], k), "."), Severity: tokenbuild.SeverityWarning,
				Kind: tokenbuild.KindToken, Summary: straySummary,
				Msg: fmt.Sprintf("%s is neither a token (no %q) nor a group, and is ignored", diag.ValueForMessage(v), valueKey)})
			return true
		})
	}
	if dtcg {
		walk = incompleteTokens(walk, file, &out)
	}
	walk(o, nil)
	return out
}

// dtcgGroupProps are the $ properties a DTCG group (or the document root)
// may hold besides tokens and groups.
var dtcgGroupProps = map[string]bool{"$type": true, "$description": true, "$deprecated": true, "$extensions": true,
	"$extends": true, "$root": true, "$schema": true, "$defs": true, "$ref": true}

const incompleteSummary = "%d groups look like tokens without a $value (DTCG: an object is a token only with one)"

// incompleteTokens wraps the walk of a DTCG file: a group other than the
// root that holds a $type and no tokens or groups is most likely a token
// whose $value is missing (the Format module: tools SHOULD say so rather
// than read an empty group).
func incompleteTokens(walk func(*tokenbuild.Object, []string), file string, out *[]*tokenbuild.Diagnostic) func(*tokenbuild.Object, []string) {
	return func(o *tokenbuild.Object, at []string) {
		walk(o, at)
		if len(at) == 0 || !o.Has("$type") || o.Has("$extends") {
			return
		}
		empty := true
		o.Range(func(k string, v any) bool {
			if _, ok := v.(*tokenbuild.Object); ok && (!strings.HasPrefix(k, "$") || k == "$root") {
				empty = false
			}
			return empty
		})
		if empty {
			*out = append(*out, &tokenbuild.Diagnostic{File: file, Token: strings.Join(at, "."), Near: `"$type"`, Severity: tokenbuild.SeverityWarning,
				Kind: tokenbuild.KindToken, Summary: incompleteSummary,
				Msg: "has a $type but no $value and no tokens: a token without its $value is a group, and builds nothing"})
		}
	}
}

// otherSyntax reports whether group c is a token written with the other
// value key. In a DTCG file, a "value" that holds DTCG tokens (or is one)
// is a token or group named "value", which the reference reads as such.
func otherSyntax(c *tokenbuild.Object, other, valueKey string) bool {
	v, ok := c.Get(other)
	if !ok {
		return false
	}
	inner, ok := v.(*tokenbuild.Object)
	return !ok || !holdsKey(inner, valueKey)
}

// holdsKey reports whether o or an object inside it has key.
func holdsKey(o *tokenbuild.Object, key string) bool {
	if o.Has(key) {
		return true
	}
	found := false
	o.Range(func(_ string, v any) bool {
		if c, ok := v.(*tokenbuild.Object); ok && holdsKey(c, key) {
			found = true
		}
		return !found
	})
	return found
}

func otherValueKey(valueKey string) string {
	if valueKey == "value" {
		return "$value"
	}
	return "value"
}

// UnknownTypes reports each $type outside the DTCG types and the other
// well-known ones once, at its first token, with the closest DTCG type.
func UnknownTypes(tokens []*tokenbuild.Token) []*tokenbuild.Diagnostic {
	known := knownTypes
	first := map[string]*tokenbuild.Token{}
	count := map[string]int{}
	var recent [4]string // known types met last: most tokens repeat one
	for _, t := range tokens {
		if t.Type == "" || t.Type == recent[0] || t.Type == recent[1] || t.Type == recent[2] || t.Type == recent[3] {
			continue
		}
		if known[t.Type] {
			copy(recent[1:], recent[:3])
			recent[0] = t.Type
			continue
		}
		if first[t.Type] == nil {
			first[t.Type] = t
		}
		count[t.Type]++
	}
	types := make([]string, 0, len(first))
	for typ := range first {
		types = append(types, typ)
	}
	sort.Slice(types, func(i, j int) bool { return first[types[i]].Key < first[types[j]].Key })
	candidates := map[string]bool{}
	for _, t := range dtcgTypes {
		candidates[t] = true
	}
	var out []*tokenbuild.Diagnostic
	for _, typ := range types {
		msg := fmt.Sprintf("unknown $type %q", typ)
		if n := count[typ]; n > 1 {
			msg += fmt.Sprintf(" (on %d tokens)", n)
		}
		msg += "; transforms for DTCG types will not apply." + diag.Suggest(typ, candidates)
		e := diag.TokenError(first[typ], "", msg)
		e.Severity, e.Path, e.Kind = tokenbuild.SeverityWarning, "$type", tokenbuild.KindUnknownType
		e.Summary = "%d unknown $type values; transforms for DTCG types will not apply to their tokens"
		out = append(out, e)
	}
	return out
}
