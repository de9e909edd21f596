package dtcg

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/dtcgspec"
	"github.com/tokengen/tokengen/internal/parallel"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The MUSTs of the DTCG 2025.10 Format and Color modules that make a
// token invalid (designtokens.org/TR/2025.10/format, /color): names,
// a $value beside child tokens, values that do not fit their $type, and
// references to tokens of another type. style-dictionary 5.5.5 builds
// all of these and writes something, so by default they are warnings and
// the output stays the reference's; with log.warnings "error", and in a
// build from a resolver document (which declares 2025.10), they are
// errors. Each is placed at the token, at the text it is about.

// specSummary sums up the spec warnings when not verbose.
const specSummary = "%d places in tokens break DTCG 2025.10 rules that style-dictionary lets pass; log.warnings \"error\" makes them errors"

// fontWeightNames are the Format module's §8.4 names and their weights.
// Any other string, a different case included, is invalid.
var fontWeightNames = dtcgspec.FontWeights

// compRange is a range of a color component in the Color module:
// [min, max], or [min, max) for hues; math.Inf for unbounded.
type compRange struct {
	min, max float64
	open     bool // max excluded
}

var (
	unit01   = compRange{0, 1, false}
	hue      = compRange{0, 360, true}
	pct      = compRange{0, 100, false}
	anyNum   = compRange{math.Inf(-1), math.Inf(1), false}
	positive = compRange{0, math.Inf(1), false}
)

// colorSpaces are the Color module's color spaces with the ranges of
// their three components.
var colorSpaces = map[string][3]compRange{
	"srgb": {unit01, unit01, unit01}, "srgb-linear": {unit01, unit01, unit01}, "display-p3": {unit01, unit01, unit01},
	"a98-rgb": {unit01, unit01, unit01}, "prophoto-rgb": {unit01, unit01, unit01}, "rec2020": {unit01, unit01, unit01},
	"hsl": {hue, pct, pct}, "hwb": {hue, pct, pct},
	"lab": {pct, anyNum, anyNum}, "lch": {pct, positive, hue},
	"oklab": {unit01, anyNum, anyNum}, "oklch": {unit01, positive, hue},
	"xyz-d65": {unit01, unit01, unit01}, "xyz-d50": {unit01, unit01, unit01},
}

// compositeFields are the sub-values of the composite types and the type
// each must have (§9).
var compositeFields = map[string]map[string]string{
	"border":     {"color": "color", "width": "dimension", "style": "strokeStyle"},
	"transition": {"duration": "duration", "delay": "duration", "timingFunction": "cubicBezier"},
	"shadow":     {"color": "color", "offsetX": "dimension", "offsetY": "dimension", "blur": "dimension", "spread": "dimension", "inset": ""},
	"typography": {"fontFamily": "fontFamily", "fontSize": "dimension", "fontWeight": "fontWeight", "letterSpacing": "dimension", "lineHeight": "number"},
	"gradient":   {"color": "color", "position": "number"},
}

// requiredFields are the sub-values a composite must have. The Format
// module describes each composite as an object "with the following
// properties" and gives every one of them MUST-level rules; only shadow's
// inset is marked optional. Typography is left out on purpose: the spec's
// text is the same for it, but design tools (and Terrazzo, and
// style-dictionary's font shorthand, which fills in defaults) treat its
// properties as optional, and a typography token without letterSpacing is
// the most common form in real DTCG exports (README, "DTCG 2025.10 rules").
var requiredFields = map[string][]string{
	"border":     {"color", "width", "style"},
	"transition": {"duration", "delay", "timingFunction"},
	"shadow":     {"color", "offsetX", "offsetY", "blur", "spread"},
	"gradient":   {"color", "position"},
}

// strokeStyles are the string values of a strokeStyle (§9.2) and its line
// caps.
var (
	strokeStyles = map[string]bool{"solid": true, "dashed": true, "dotted": true, "double": true, "groove": true, "ridge": true, "outset": true, "inset": true}
	lineCaps     = map[string]bool{"round": true, "butt": true, "square": true}
)

type specLint struct {
	// target is the token a reference names, nil if none; i is the
	// position of the token holding it and whole whether the reference is
	// its whole value (the shared reference index knows those already)
	target func(i int, ref string, whole bool) *tokenbuild.Token
	out    []*tokenbuild.Diagnostic
	// ofValue marks the problems out holds about a value's own form
	// (units, ranges, names), as opposed to the token tree's structure
	// and the types of references
	ofValue []bool
	seen    map[string]bool // names already reported
	prev    string          // the key of the token before, whose names were checked
	i       int             // the position of the token being checked
}

// SpecViolations checks DTCG tokens against the 2025.10 rules above.
// tree is the merged token tree, read only when a key holds a dot (dotted):
// the tokens' paths have split such keys already. target is the token a
// reference names, nil if none (i is the position of the token holding
// it, whole whether the reference is its whole value). The tokens skip
// marks (nil: none) are left out of the checks of each token on its own;
// the checks of the whole tree and of all the types still see every
// token. ofValue marks the findings about a value's own form (units,
// ranges, names), as opposed to the tree's structure and the types of
// references; tokensClean reports that the checks of each token found
// nothing.
func SpecViolations(tokens []*tokenbuild.Token, tree *tokenbuild.Object, dotted bool, target func(i int, ref string, whole bool) *tokenbuild.Token, skip []bool) (found []*tokenbuild.Diagnostic, ofValue []bool, tokensClean bool) {
	first := &specLint{target: target}
	if dotted {
		first.dottedNames(tree, nil)
	}
	// The tokens are checked in chunks on all cores (reading each token's
	// properties is most of the time), and the findings joined in token
	// order; a group's bad name found in two chunks is reported once.
	const chunk = 4096
	lints := make([]*specLint, (len(tokens)+chunk-1)/chunk)
	parallel.Run(len(lints), func(c int) {
		l := &specLint{target: target}
		lints[c] = l
		for i := c * chunk; i < min(len(tokens), (c+1)*chunk); i++ {
			if skip != nil && skip[i] {
				continue
			}
			t := tokens[i]
			if !t.DTCG {
				continue
			}
			l.i = i
			l.names(t)
			l.children(t)
			l.value(t, t.Type, t.OriginalValue(), "")
			if t.Type == "" {
				l.untyped(t)
			}
		}
	})
	first.otherTypes(tokens)
	found, ofValue = first.out, first.ofValue
	tokensClean = true
	var names map[string]bool
	for _, l := range lints {
		tokensClean = tokensClean && len(l.out) == 0
		for j, d := range l.out {
			if l.seen[d.Token] && !l.ofValue[j] && strings.HasPrefix(d.Msg, "the name ") {
				if names == nil {
					names = map[string]bool{}
				}
				if names[d.Token] {
					continue
				}
				names[d.Token] = true
			}
			found, ofValue = append(found, d), append(ofValue, l.ofValue[j])
		}
	}
	return found, ofValue, tokensClean
}

func (l *specLint) report(t *tokenbuild.Token, token, near, msg string) {
	e := diag.TokenError(t, near, msg)
	if token != "" {
		e.Token = token
	}
	e.Severity, e.Kind, e.Summary = tokenbuild.SeverityWarning, tokenbuild.KindSpec, specSummary
	l.out = append(l.out, e)
	l.ofValue = append(l.ofValue, false)
}

// names checks each segment of the token's path once: names must not
// start with "$" ($root is the one reserved token name) nor hold "{" or
// "}" (§5.1.2, §6.2).
func (l *specLint) names(t *tokenbuild.Token) {
	// Tokens come group by group: only the part of the key after what it
	// shares with the token before holds names not checked yet, and a
	// key without "$", "{" or "}" there has none to report ("{a.b}" holds
	// its own braces at the ends).
	key := t.Key
	n := 0
	for n < len(key) && n < len(l.prev) && key[n] == l.prev[n] {
		n++
	}
	l.prev = key
	clean := true
	for j := max(n, 1); j < len(key)-1; j++ {
		if c := key[j]; c == '$' || c == '{' || c == '}' {
			clean = false
			break
		}
	}
	if clean {
		return
	}
	for i, seg := range t.Path {
		bad := ""
		switch {
		case strings.HasPrefix(seg, "$") && seg != "$root":
			bad = "starts with \"$\""
		case strings.ContainsAny(seg, "{}"):
			bad = "contains \"{\" or \"}\""
		}
		if bad == "" {
			continue
		}
		at := strings.Join(t.Path[:i+1], ".")
		if l.seen[at] {
			continue
		}
		if l.seen == nil {
			l.seen = map[string]bool{}
		}
		l.seen[at] = true
		l.report(t, at, "", fmt.Sprintf("the name %q %s, which DTCG 2025.10 names must not", seg, bad))
	}
}

// dottedNames reports the keys that hold a ".": style-dictionary makes
// path segments of their parts, the spec forbids them.
func (l *specLint) dottedNames(o *tokenbuild.Object, at []string) {
	o.Range(func(k string, v any) bool {
		c, ok := v.(*tokenbuild.Object)
		if !ok || strings.HasPrefix(k, "$") {
			return true
		}
		p := append(at[:len(at):len(at)], k)
		if strings.Contains(k, ".") {
			t := &tokenbuild.Token{Path: p, FilePath: firstFilePath(c)}
			l.report(t, "", "", fmt.Sprintf("the name %q contains \".\", which DTCG 2025.10 names must not; style-dictionary reads it as the path %s", k, strings.Join(p, ".")))
		}
		if !c.Has("$value") {
			l.dottedNames(c, p)
		}
		return true
	})
}

// firstFilePath is the file of the first token in o (load.MarkTokens wrote it).
func firstFilePath(o *tokenbuild.Object) string {
	if fp, ok := o.Value("filePath").(string); ok && o.Has("$value") {
		return fp
	}
	found := ""
	o.Range(func(_ string, v any) bool {
		if c, ok := v.(*tokenbuild.Object); ok {
			found = firstFilePath(c)
		}
		return found == ""
	})
	return found
}

// otherTypes reports, once per type at its first token, the DTCG tokens
// whose $type is not one of the 2025.10 types but one that design tools
// write on purpose (Tokens Studio's spacing, the spec's own Example 12's
// string, ...; lint.go's otherKnownTypes). The spec's type list is closed,
// so such a token is invalid; style-dictionary builds it, and so does
// tokengen. Types nobody writes are lint.go's unknown $type warning.
func (l *specLint) otherTypes(tokens []*tokenbuild.Token) {
	first := map[string]*tokenbuild.Token{}
	count := map[string]int{}
	var order []string
	last := ""
	for _, t := range tokens {
		if !t.DTCG || t.Type == "" || t.Type == last {
			if t.DTCG && t.Type != "" {
				count[t.Type]++
			}
			continue
		}
		last = t.Type
		if isDTCGType(t.Type) || !knownTypes[t.Type] {
			continue
		}
		if first[t.Type] == nil {
			first[t.Type] = t
			order = append(order, t.Type)
		}
		count[t.Type]++
	}
	for _, typ := range order {
		on := ""
		if n := count[typ]; n > 1 {
			on = fmt.Sprintf(" (on %d tokens)", n)
		}
		l.report(first[typ], "", "", fmt.Sprintf("its $type %q is none of the DTCG 2025.10 types%s; the spec's list is closed", typ, on))
		l.out[len(l.out)-1].Path = "$type"
		l.ofValue[len(l.ofValue)-1] = true
	}
}

// isDTCGType reports whether typ is one of dtcgTypes.
func isDTCGType(typ string) bool {
	return slices.Contains(dtcgTypes, typ)
}

// property checks the form of a token's $description (a string, §5.2.1),
// $extensions (an object, §5.2.4) and $deprecated (true, false or a
// string, §5.2.5).
func (l *specLint) property(t *tokenbuild.Token, k string) {
	var want string
	switch v := t.Props.Value(k); k {
	case "$description":
		if _, ok := v.(string); !ok {
			want = "a string"
		}
	case "$extensions":
		if _, ok := v.(*tokenbuild.Object); !ok {
			want = "an object keyed by vendor"
		}
	case "$deprecated":
		switch v.(type) {
		case bool, string:
		default:
			want = "true, false or a string (the reason)"
		}
	}
	if want == "" {
		return
	}
	// structural, not a value in a form of its own: a resolver build
	// (which declares 2025.10) fails on it (style-dictionary's CSS formats
	// crash on a $description that is no string)
	l.report(t, "", "", fmt.Sprintf("its %s is %s; DTCG 2025.10 makes it %s", k, diag.ValueForMessage(t.Props.Value(k)), want))
	l.out[len(l.out)-1].Path = k // placed at the property's value
}

// untyped reports a token with no $type of its own or of a group (§5.2.2:
// a tool must not guess the type from the value, and such a token is
// invalid). A whole-value alias is passed over: §5.2.2 gives it its
// target's type, which a resolver build does (load.AliasTypes) and a plain
// build, as style-dictionary, does not (docs/dtcg-alias-types.md); an
// alias left untyped points at a token without a type, reported there.
func (l *specLint) untyped(t *tokenbuild.Token) {
	if s, ok := t.OriginalValue().(string); ok && isAlias(s) {
		return
	}
	if isPointer(t.OriginalValue()) {
		return
	}
	if typ, ok := t.Props.Get("$type"); ok && typ != nil {
		l.report(t, "", "", fmt.Sprintf("its $type is %s, not a type name; DTCG 2025.10 types are strings such as \"color\"", diag.ValueForMessage(typ)))
		l.out[len(l.out)-1].Path = "$type"
		return // structural: a resolver build fails on it
	}
	l.report(t, "", "", "has no $type, neither its own nor a group's; DTCG 2025.10 does not let a tool guess a type from the value, so the token is invalid")
	l.ofValue[len(l.ofValue)-1] = true
}

// children reports child tokens or groups of tokens beside a $value:
// "Tools MUST report this as an error" (§6.1); style-dictionary reads the
// object as one token and leaves the children out.
func (l *specLint) children(t *tokenbuild.Token) {
	for _, k := range t.Props.Keys() {
		if k != "" && k[0] == '$' {
			l.property(t, k)
			continue
		}
		// the keys every token has are passed over without a lookup
		if k == "" || k == "filePath" || k == "isSource" {
			continue
		}
		if c, ok := t.Props.Value(k).(*tokenbuild.Object); ok && holdsKey(c, "$value") {
			l.report(t, t.PathString()+"."+k, "", fmt.Sprintf("is a child of token %s, which has a $value: a DTCG 2025.10 object is a token or a group, not both (style-dictionary leaves the child out)", t.PathString()))
		}
	}
}

// value checks v, the value (or the sub-value named by field) of token t,
// against typ.
func (l *specLint) value(t *tokenbuild.Token, typ string, v any, field string) {
	if typ == "" || v == nil {
		return
	}
	what := "its value"
	if field != "" {
		what = "its " + field
	}
	if s, ok := v.(string); ok && isAlias(s) {
		l.aliasType(t, typ, s, what, field == "")
		return
	}
	if s, ok := v.(string); ok && unbalancedBraces(s) && isDTCGType(typ) {
		// "{color.brand": style-dictionary writes it as text; the spec
		// makes a malformed reference an error (§7.1). Types of other
		// tools (content, icon) may hold a brace as text.
		l.report(t, "", strconv.Quote(s), fmt.Sprintf("%s %q is a malformed reference: its braces do not pair up", what, s))
		l.ofValue[len(l.ofValue)-1] = true
		return
	}
	if o, ok := v.(*tokenbuild.Object); ok && o.Has("$ref") {
		return // a JSON Pointer: checked where it is resolved
	}
	bad := func(near, format string, args ...any) {
		l.report(t, "", near, what+" "+fmt.Sprintf(format, args...))
		l.ofValue[len(l.ofValue)-1] = true
	}
	switch typ {
	case "dimension", "duration":
		measure(typ, v, bad)
	case "cubicBezier":
		cubicBezier(v, bad)
	case "fontWeight":
		switch c := v.(type) {
		case float64:
			if c < 1 || c > 1000 {
				bad(jsonNumber(c), "%s is outside [1, 1000], the DTCG font weights", jsonNumber(c))
			}
		case string:
			if _, ok := fontWeightNames[c]; ok {
				return
			}
			hint := ""
			if _, ok := fontWeightNames[strings.ToLower(c)]; ok {
				hint = fmt.Sprintf(" (names are case-sensitive: %q)", strings.ToLower(c))
			}
			bad(strconv.Quote(c), "%q is not a DTCG 2025.10 font weight name%s", c, hint)
		}
	case "color":
		c, ok := v.(*tokenbuild.Object)
		if !ok {
			return // a CSS color string: the reference's own form
		}
		l.color(t, c, bad)
	case "number":
		if _, ok := v.(float64); !ok {
			bad(nearOf(v), "%s is not a JSON number, which a DTCG number is", diag.ValueForMessage(v))
		}
	case "fontFamily":
		switch c := v.(type) {
		case string:
		case []any:
			for i, n := range c {
				if _, ok := n.(string); !ok {
					bad(nearOf(n), "has %s at %d, where a DTCG fontFamily has a font name (a string)", diag.ValueForMessage(n), i)
				}
			}
		default:
			bad(nearOf(v), "%s is no font name or list of names, which a DTCG fontFamily is", diag.ValueForMessage(v))
		}
	case "strokeStyle":
		l.strokeStyle(t, v, bad)
	case "border", "transition", "typography", "gradient", "shadow":
		l.composite(t, typ, v, field, bad)
	}
}

// measure checks a dimension's or a duration's value: a number with a
// unit of the type's (an object), or a string with such a unit.
func measure(typ string, v any, bad func(near, format string, args ...any)) {
	units := "px or rem"
	if typ == "duration" {
		units = "ms or s"
	}
	okUnit := func(u string) bool {
		if typ == "dimension" {
			return u == "px" || u == "rem"
		}
		return u == "ms" || u == "s"
	}
	switch c := v.(type) {
	case *tokenbuild.Object:
		if _, ok := c.Value("value").(float64); !ok {
			if s, isStr := c.Value("value").(string); !isStr || !isAlias(s) {
				bad("", "has no number \"value\", which a DTCG %s must have", typ)
			}
		}
		u, _ := c.Value("unit").(string)
		if !okUnit(u) && !(isAlias(u)) {
			near := ""
			if u != "" {
				near = strconv.Quote(u)
			}
			bad(near, "has the unit %q; a DTCG 2025.10 %s's unit is %s", u, typ, units)
		}
	case string:
		if u := unitOf(c); u != "" && !okUnit(u) {
			bad(u, "%q has the unit %q; a DTCG 2025.10 %s's unit is %s", c, u, typ, units)
		}
	}
}

// cubicBezier checks a cubicBezier's four numbers, the x values in [0, 1].
func cubicBezier(v any, bad func(near, format string, args ...any)) {
	a, ok := v.([]any)
	if !ok {
		return // a string is the reference's own form (ease-in)
	}
	if len(a) != 4 {
		bad("", "has %d numbers; a DTCG cubicBezier has 4", len(a))
		return
	}
	for i, n := range a {
		f, ok := n.(float64)
		if !ok {
			if s, isStr := n.(string); !isStr || !isAlias(s) {
				bad("", "has %s at %d, not a number", diag.ValueForMessage(n), i)
			}
			continue
		}
		if (i == 0 || i == 2) && (f < 0 || f > 1) {
			bad(jsonNumber(f), "has the x value %s, outside [0, 1] as DTCG cubicBezier x values must not be", jsonNumber(f))
		}
	}
}

// composite checks the sub-values of a composite (one object, or a list
// of them for a gradient's stops and shadow layers) against the type's
// fields, each against its own type.
func (l *specLint) composite(t *tokenbuild.Token, typ string, v any, field string, bad func(near, format string, args ...any)) {
	fields := compositeFields[typ]
	check := func(o *tokenbuild.Object, prefix string) {
		for _, k := range requiredFields[typ] {
			if !o.Has(k) {
				bad("", "has no %s%s, which a DTCG %s must have", prefix, k, compositeName(typ))
			}
		}
		o.Range(func(k string, sub any) bool {
			sv, known := fields[k]
			switch {
			case !known:
				bad(strconv.Quote(k), "has %s%s, which a DTCG %s does not have (%s)", prefix, k, compositeName(typ), fieldList(fields))
			case k == "inset":
				if _, ok := sub.(bool); !ok {
					bad(nearOf(sub), "has %sinset %s; a DTCG shadow's inset is true or false", prefix, diag.ValueForMessage(sub))
				}
			default:
				l.value(t, sv, sub, prefix+k)
			}
			return true
		})
	}
	switch c := v.(type) {
	case *tokenbuild.Object:
		if typ != "gradient" {
			check(c, field)
		}
	case []any:
		if typ != "gradient" && typ != "shadow" {
			return
		}
		for i, e := range c {
			switch x := e.(type) {
			case *tokenbuild.Object:
				if !x.Has("$ref") {
					check(x, fmt.Sprintf("%s[%d].", field, i))
				}
			case string:
				if isAlias(x) {
					l.aliasType(t, typ, x, fmt.Sprintf("its %s[%d]", field, i), false)
				} else {
					bad(strconv.Quote(x), "has %q at %d, which is neither a %s object nor a reference", x, i, compositeName(typ))
				}
			default:
				bad(nearOf(x), "has %s at %d, which is neither a %s object nor a reference", diag.ValueForMessage(x), i, compositeName(typ))
			}
		}
	}
}

// compositeName names what the fields of a composite belong to: a
// gradient's are its stops'.
func compositeName(typ string) string {
	if typ == "gradient" {
		return "gradient stop"
	}
	return typ
}

// fieldList lists a composite's sub-values for a message, in a fixed order.
func fieldList(fields map[string]string) string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// nearOf is the text of a scalar value in its file, to place a message at.
func nearOf(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case float64:
		return jsonNumber(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// strokeStyle checks a strokeStyle value (§9.2): one of the CSS line
// styles, or an object of a dash array (dimensions or references) and a
// line cap.
func (l *specLint) strokeStyle(t *tokenbuild.Token, v any, bad func(near, format string, args ...any)) {
	switch c := v.(type) {
	case string:
		if !strokeStyles[c] {
			bad(strconv.Quote(c), "%q is not a DTCG strokeStyle (solid, dashed, dotted, double, groove, ridge, outset, inset)", c)
		}
	case *tokenbuild.Object:
		if !c.Has("dashArray") || !c.Has("lineCap") {
			bad("", "is an object without dashArray and lineCap, which a DTCG strokeStyle object has")
		}
		c.Range(func(k string, sub any) bool {
			switch k {
			case "dashArray":
				dashes, ok := sub.([]any)
				if !ok {
					bad("", "has a dashArray that is not an array")
					return true
				}
				for i, d := range dashes {
					l.value(t, "dimension", d, fmt.Sprintf("dashArray[%d]", i))
				}
			case "lineCap":
				if s, ok := sub.(string); !ok || !lineCaps[s] {
					bad(nearOf(sub), "has the lineCap %s; a DTCG lineCap is round, butt or square", diag.ValueForMessage(sub))
				}
			default:
				bad(strconv.Quote(k), "has %s, which a DTCG strokeStyle object does not have (dashArray, lineCap)", k)
			}
			return true
		})
	default:
		bad(nearOf(v), "%s is no DTCG strokeStyle", diag.ValueForMessage(v))
	}
}

// color checks a DTCG color object (Color module §4).
func (l *specLint) color(t *tokenbuild.Token, c *tokenbuild.Object, bad func(near, format string, args ...any)) {
	space, _ := c.Value("colorSpace").(string)
	ranges, known := colorSpaces[space]
	if !known {
		if !c.Has("colorSpace") && c.Has("components") {
			bad("", "has no colorSpace, which a DTCG color must have")
		}
		if space == "" || isAlias(space) {
			return
		}
		bad(strconv.Quote(space), "has the colorSpace %q, which DTCG 2025.10 does not define", space)
		return
	}
	if comps, ok := c.Value("components").([]any); ok {
		if len(comps) != 3 {
			bad("", "has %d components; %s has 3", len(comps), space)
		} else {
			for i, n := range comps {
				f, ok := n.(float64)
				if !ok {
					if s, isStr := n.(string); !(isStr && (s == "none" || isAlias(s))) && !isPointer(n) {
						bad(nearOf(n), "has the component %s at %d; a DTCG color component is a number or \"none\"", diag.ValueForMessage(n), i)
					}
					continue
				}
				r := ranges[i]
				if f < r.min || f > r.max || (r.open && f == r.max) {
					closing := "]"
					if r.open {
						closing = ")"
					}
					bad(jsonNumber(f), "has the %s component %s outside [%s, %s%s", space, jsonNumber(f), jsonNumber(r.min), jsonNumber(r.max), closing)
				}
			}
		}
	}
	if a, ok := c.Value("alpha").(float64); ok && (a < 0 || a > 1) {
		bad(jsonNumber(a), "has the alpha %s, outside [0, 1]", jsonNumber(a))
	}
	if h, ok := c.Value("hex").(string); ok && !isHex6(h) {
		bad(strconv.Quote(h), "has the hex %q; DTCG 2025.10 hex fallbacks are 6-digit #rrggbb", h)
	}
}

// aliasType reports a reference to a token whose $type differs from the
// type its place needs.
func (l *specLint) aliasType(t *tokenbuild.Token, typ, ref, what string, whole bool) {
	target := l.target(l.i, ref, whole)
	if target == nil || target.Type == "" || target.Type == typ {
		return
	}
	l.report(t, "", ref, fmt.Sprintf("%s %s is a %s token, where a %s is needed (DTCG 2025.10 references must have the type of their place)", what, ref, target.Type, typ))
}

// unbalancedBraces reports whether s opens or closes a curly brace
// reference without the other half ("{a.b", "a.b}", "{a.{b}").
func unbalancedBraces(s string) bool {
	if strings.IndexByte(s, '{') < 0 && strings.IndexByte(s, '}') < 0 {
		return false
	}
	open := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			if open {
				return true
			}
			open = true
		case '}':
			if !open {
				return true
			}
			open = false
		}
	}
	return open
}

// isPointer reports whether v is a {"$ref": ...} JSON Pointer object.
func isPointer(v any) bool {
	o, ok := v.(*tokenbuild.Object)
	return ok && o.Has("$ref")
}

// isAlias reports whether s is one whole curly brace reference.
func isAlias(s string) bool {
	return len(s) > 2 && s[0] == '{' && s[len(s)-1] == '}' && strings.IndexByte(s[1:], '{') < 0
}

// unitOf is the unit after the number of a dimension or duration string
// ("1.5em" gives "em"), or "" when s is not one.
func unitOf(s string) string {
	i := 0
	for i < len(s) && (s[i] == '-' || s[i] == '+' || s[i] == '.' || (s[i] >= '0' && s[i] <= '9')) {
		i++
	}
	if i == 0 || i == len(s) {
		return ""
	}
	u := s[i:]
	for _, r := range u {
		if !(r == '%' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')) {
			return ""
		}
	}
	return u
}

func isHex6(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

func jsonNumber(f float64) string {
	if math.IsInf(f, 0) {
		return "∞"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
