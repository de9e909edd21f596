package builtin

import (
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"

	"github.com/tokengen/tokengen/internal/jsnum"
	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/textbuf"
)

// WarnFilteredReferences is the kind of warning formats report, through
// the options' "warn" function, for each reference that points at a token
// the file's filter removed (the reference's "filtered out token
// references" group). Each message is the reference path, e.g. "size.base";
// a path is reported at most once per file.
const WarnFilteredReferences = "filtered-references"

// WarnFunc reports a warning of a kind to the pipeline.
type WarnFunc func(kind, msg string)

// warnFuncOf returns the "warn" option if it is a WarnFunc (or a plain
// func(kind, msg string)), else a function that drops warnings.
func warnFuncOf(o model.Options) WarnFunc {
	switch f := o["warn"].(type) {
	case WarnFunc:
		if f != nil {
			return f
		}
	case func(kind, msg string):
		if f != nil {
			return f
		}
	}
	return func(string, string) {}
}

// refWarnings collects the filtered-reference paths of one format call,
// with the reference's add (deduplicated) and remove semantics.
type refWarnings struct{ paths []string }

func (w *refWarnings) add(p string) {
	if w == nil {
		return
	}
	for _, q := range w.paths {
		if q == p {
			return
		}
	}
	w.paths = append(w.paths, p)
}

func (w *refWarnings) remove(p string) {
	if w == nil {
		return
	}
	for i, q := range w.paths {
		if q == p {
			w.paths = append(w.paths[:i], w.paths[i+1:]...)
			return
		}
	}
}

func (w *refWarnings) flush(warn WarnFunc) {
	for _, p := range w.paths {
		warn(WarnFilteredReferences, p)
	}
	w.paths = nil
}

// refHit is one reference found in a value: the token it points at (nil
// when it is not defined anywhere) and whether it was found only among the
// unfiltered tokens.
type refHit struct {
	token    *model.Token
	path     string // the reference as written, without a .value suffix
	filtered bool
}

// collectReferences ports getReferences(value, tokens, {unfilteredTokens,
// usesDtcg, warnImmediately: false}): every `{a.b}` in value (strings,
// and the strings inside objects and arrays at any depth), looked up in the
// filtered token tree first and then in the unfiltered one.
func collectReferences(value any, d *model.Dictionary, usesDtcg bool) []refHit {
	return appendReferences(nil, nil, value, d, usesDtcg)
}

// appendReferences is collectReferences appending to hits (a stack buffer
// in the per-token callers). t, when set, is the token whose value this
// is: the pipeline may have found its references already.
func appendReferences(hits []refHit, t *model.Token, value any, d *model.Dictionary, usesDtcg bool) []refHit {
	suffix := ".value"
	if usesDtcg {
		suffix = ".$value"
	}
	if s, ok := value.(string); ok {
		if t != nil && d != nil {
			if out, ok := indexedReferences(hits, t, s, d, suffix); ok {
				return out
			}
		}
		return scanReferences(hits, s, d, suffix)
	}
	return walkReferences(hits, value, d, suffix)
}

// indexedReferences is scanReferences for a token value whose references
// the dictionary's token map has by position (model.IndexedReferences):
// the same hits without looking each reference up by key. A reference
// ending in the value suffix, which scanReferences looks up without it,
// is left to scanReferences (ok false).
func indexedReferences(hits []refHit, t *model.Token, s string, d *model.Dictionary, suffix string) (_ []refHit, ok bool) {
	var tbuf [4]*model.Token
	targets, ok := model.IndexedReferences(d.TokenMap, t, s, tbuf[:0])
	if !ok {
		return hits, false
	}
	var mbuf [4]refs.Match
	found := refs.AppendFind(mbuf[:0], s)
	if len(found) != len(targets) {
		return hits, false
	}
	for _, m := range found {
		if strings.HasSuffix(m.Path, suffix) {
			return hits, false
		}
	}
	for i, m := range found {
		hits = append(hits, refHit{token: targets[i], path: m.Path})
	}
	return hits, true
}

// scanReferences appends the references in one string.
func scanReferences(hits []refHit, s string, d *model.Dictionary, suffix string) []refHit {
	var buf [4]refs.Match
	for _, m := range refs.AppendFind(buf[:0], s) {
		variable := strings.TrimSuffix(m.Path, suffix)
		hit := refHit{path: variable}
		if d != nil {
			// "{a.b}" as written is the key unless trimming changed it
			key := s[m.Start:m.End]
			if variable != m.Path || len(key) != len(variable)+2 {
				key = "{" + variable + "}"
			}
			hit.token = tokenAtKey(d.TokenMap, d.Tree, key, variable)
			if hit.token == nil && (d.UnfilteredTokens != nil || d.UnfilteredAllTokens != nil) {
				hit.filtered = true
				hit.token = tokenAtKey(d.UnfilteredTokenMap, d.UnfilteredTree, key, variable)
			}
		}
		hits = append(hits, hit)
	}
	return hits
}

// walkReferences appends the references in the strings inside objects
// and arrays, at any depth.
func walkReferences(hits []refHit, v any, d *model.Dictionary, suffix string) []refHit {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				hits = scanReferences(hits, s, d, suffix)
			} else {
				hits = walkReferences(hits, e, d, suffix)
			}
		}
	case *model.Object:
		x.Range(func(_ string, e any) bool {
			if s, ok := e.(string); ok {
				hits = scanReferences(hits, s, d, suffix)
			} else {
				hits = walkReferences(hits, e, d, suffix)
			}
			return true
		})
	}
	return hits
}

// referencedTokens keeps the hits that point at a token.
func referencedTokens(hits []refHit) []*model.Token {
	var out []*model.Token
	for _, h := range hits {
		if h.token != nil {
			out = append(out, h.token)
		}
	}
	return out
}

// tokenAtKey finds the token a reference path names. The reference walks
// its tree by the path's segments; a token's key is its path joined with
// dots, so looking the key up finds the same token, and also one whose
// name holds a dot ("1.5"), which the reference's tree splits into "1"
// then "5" while tokengen keeps it as one name. A dictionary made without
// a token map (by a config's own code) is walked as a tree. key is
// "{" + dotted + "}".
func tokenAtKey(byKey model.TokenMap, tree func() *model.Object, key, dotted string) *model.Token {
	if byKey.Len() > 0 {
		t, _ := byKey.Get(key)
		return t
	}
	return tokenAtDottedPath(tree(), dotted)
}

// tokenAtDottedPath walks a token tree by the segments of a dotted path
// (getValueByPath) and returns the token found there, or nil for a group or
// nothing,
// without building the segment slice.
func tokenAtDottedPath(tree *model.Object, dotted string) *model.Token {
	var cur any = tree
	for rest, more := dotted, true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, ".")
		o, ok := cur.(*model.Object)
		if !ok {
			return nil
		}
		next, ok := o.Get(seg)
		if !ok {
			return nil
		}
		cur = next
	}
	t, _ := cur.(*model.Token)
	return t
}

// GetReferences returns the tokens that value references, looking in the
// dictionary's filtered tokens first and then in the unfiltered ones, and
// the references that point at nothing. A trailing ".value" (".$value" when
// the dictionary's tokens are DTCG) is ignored, as in the reference.
func GetReferences(value any, d *model.Dictionary) (found []*model.Token, missing []string) {
	return GetReferencesDtcg(value, d, dictionaryUsesDtcg(d))
}

func dictionaryUsesDtcg(d *model.Dictionary) bool {
	if d == nil {
		return false
	}
	if len(d.AllTokens) > 0 {
		return d.AllTokens[0].DTCG
	}
	return len(d.UnfilteredAllTokens) > 0 && d.UnfilteredAllTokens[0].DTCG
}

// GetReferencesDtcg is GetReferences stripping only the suffix of the token
// format in use (".$value" when usesDtcg, else ".value"), exactly as the
// reference does.
func GetReferencesDtcg(value any, d *model.Dictionary, usesDtcg bool) (found []*model.Token, missing []string) {
	for _, h := range collectReferences(value, d, usesDtcg) {
		if h.token != nil {
			found = append(found, h.token)
		} else {
			missing = append(missing, h.path)
		}
	}
	return found, missing
}

// originalValueOf is `usesDtcg ? token.original.$value : token.original.value`:
// the key comes from the format's usesDtcg, not from the token.
func originalValueOf(t *model.Token, usesDtcg bool) any {
	if usesDtcg {
		return t.Prop("$value")
	}
	return t.Prop("value")
}

// currentValueOf is `usesDtcg ? token.$value : token.value`; undefined
// (nil, false) when the token lives under the other key.
func currentValueOf(t *model.Token, usesDtcg bool) (any, bool) {
	if t.DTCG != usesDtcg {
		return nil, false
	}
	return t.Value, true
}

// ShouldOutputReferences reports whether a format keeps t's references:
// its original value holds a reference and o["outputReferences"] is truthy
// or a model.OutputReferencesFunc that returns true.
func ShouldOutputReferences(t *model.Token, d *model.Dictionary, o model.Options, usesDtcg bool) bool {
	return shouldOutputRefs(t, d, o["outputReferences"], usesDtcg, nil)
}

func shouldOutputRefs(t *model.Token, d *model.Dictionary, outputRefs any, usesDtcg bool, w *refWarnings) bool {
	fn, isFunc := asOutputReferencesFunc(outputRefs)
	if !isFunc && !jsTruthy(outputRefs) {
		return false // decided without reading the token's properties
	}
	if !refs.Uses(originalValueOf(t, usesDtcg)) {
		return false
	}
	if isFunc {
		if isSameFunc(fn, OutputReferencesFilter) {
			return outputReferencesFilter(t, d, usesDtcg, w)
		}
		return fn(t, d.WithTrees(), usesDtcg) // a config's function may read the tree fields
	}
	return true
}

func asOutputReferencesFunc(v any) (model.OutputReferencesFunc, bool) {
	switch f := v.(type) {
	case model.OutputReferencesFunc:
		return f, f != nil
	case func(*model.Token, *model.Dictionary, bool) bool:
		return f, f != nil
	}
	return nil, false
}

// isSameFunc reports whether two function values run the same code: how
// the formats recognise the built-in filter, whose warning bookkeeping
// needs the format's warning set.
func isSameFunc(a model.OutputReferencesFunc, b model.OutputReferencesFunc) bool {
	return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
}

// outputReferencesOn is the truthiness of the outputReferences option, as
// formattedVariables uses it to decide on reference-safe sorting (a
// function counts as on).
func outputReferencesOn(v any) bool {
	if _, ok := asOutputReferencesFunc(v); ok {
		return true
	}
	return jsTruthy(v)
}

// OutputReferencesFilter is the reference's outputReferencesFilter: keep
// a token's references only if every referenced token is in the file
// (matched by name among the filtered tokens).
func OutputReferencesFilter(t *model.Token, d *model.Dictionary, usesDtcg bool) bool {
	return outputReferencesFilter(t, d, usesDtcg, nil)
}

func outputReferencesFilter(t *model.Token, d *model.Dictionary, usesDtcg bool, w *refWarnings) bool {
	var buf [4]refHit
	hits := appendReferences(buf[:0], t, originalValueOf(t, usesDtcg), d, usesDtcg)
	for _, h := range hits {
		if h.filtered {
			w.add(h.path)
		}
	}
	for _, ref := range referencedTokens(hits) {
		found := false
		for _, ft := range d.AllTokens {
			if ft.Name == ref.Name {
				found = true
				break
			}
		}
		if !found {
			// the filter vetoes this ref, so it no longer needs a warning;
			// like the reference's Array#every, stop at the first veto
			w.remove(ref.PathString())
			return false
		}
	}
	return true
}

// OutputReferencesTransformed is the reference's outputReferencesTransformed:
// keep a token's references only if its original value is a string and no
// transitive transform changed the value it resolves to.
func OutputReferencesTransformed(t *model.Token, d *model.Dictionary, usesDtcg bool) bool {
	orig, ok := originalValueOf(t, usesDtcg).(string)
	if !ok {
		return false
	}
	tree := d.UnfilteredTree()
	if tree == nil {
		tree = d.Tree()
	}
	value, defined := currentValueOf(t, usesDtcg)
	resolved := resolveForComparison(orig, tree, usesDtcg, nil)
	if !defined || resolved == jsUndefined {
		return !defined && resolved == jsUndefined
	}
	return model.StrictEqual(value, resolved)
}

// jsUndefinedType marks JavaScript's undefined, distinct from null (nil).
type jsUndefinedType struct{}

var jsUndefined = jsUndefinedType{}

// resolveForComparison ports the object-tree path of the reference's
// resolveReferences utility (warnings off): each reference is replaced by
// the referenced token's current value; a whole non-string, non-number
// value replaces the whole result.
func resolveForComparison(value string, tree *model.Object, usesDtcg bool, stack []string) any {
	valProp := "value"
	if usesDtcg {
		valProp = "$value"
	}
	var result any = value
	for _, m := range refs.Find(value) {
		path := strings.Split(m.Path, ".")
		ref := valueAtPath(tree, path, valProp)
		if ref == jsUndefined {
			result = jsUndefined
			continue
		}
		switch r := ref.(type) {
		case string, float64:
			str := jsString(r)
			s := strings.Replace(value, value[m.Start:m.End], str, 1)
			var out any = s
			if refs.Has(s) && !inStringList(stack, m.Path) {
				out = resolveForComparison(s, tree, usesDtcg, append(stack, m.Path))
			}
			if n, isNum := r.(float64); isNum && jsnum.Format(n) == out {
				out = n
			}
			result = out
		default:
			result = ref
		}
	}
	return result
}

// valueAtPath is getValueByPath plus the reference's "take .value of a
// token" step; jsUndefined when nothing is there.
func valueAtPath(tree *model.Object, path []string, valProp string) any {
	var cur any = tree
	for i, seg := range path {
		switch c := cur.(type) {
		case *model.Object:
			next, ok := c.Get(seg)
			if !ok {
				return jsUndefined
			}
			cur = next
		case *model.Token:
			if i == len(path)-1 && seg == c.ValueKey() {
				return c.Value
			}
			return jsUndefined
		default:
			return jsUndefined
		}
	}
	if t, ok := cur.(*model.Token); ok && t.ValueKey() == valProp {
		return t.Value
	}
	return cur
}

func inStringList(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsTruthy is JavaScript's truthiness of a JSON-like value.
func jsTruthy(v any) bool {
	switch x := v.(type) {
	case nil, jsUndefinedType:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0 && x == x
	case int:
		return x != 0
	}
	return true
}

// jsString is JavaScript's String(v) for JSON-like values: arrays join
// their items with ",", objects print "[object Object]".
func jsString(v any) string {
	switch x := v.(type) {
	case jsUndefinedType:
		return "undefined"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil && e != jsUndefined {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return model.JSString(v)
}

// Property formats of PropertyFormatter and FormattedVariables.
const (
	PropertyCSS    = "css"
	PropertySass   = "sass"
	PropertyLess   = "less"
	PropertyStylus = "stylus"
)

// Comment positions of token comments.
const (
	CommentAbove  = "above"
	CommentInline = "inline"
)

// PropertyFormatOptions are createPropertyFormatter's options.
type PropertyFormatOptions struct {
	// OutputReferences is a bool, a model.OutputReferencesFunc, or any
	// other option value (JavaScript truthiness applies).
	OutputReferences         any
	OutputReferenceFallbacks bool
	Dictionary               *model.Dictionary
	Format                   string        // css, sass, less, stylus or "" (no defaults)
	Formatting               *model.Object // overrides: prefix, indentation, separator, suffix, commentStyle, commentPosition
	Themeable                any           // default for tokens without a boolean `themeable`; truthiness applies
	UsesDtcg                 bool
	// Warn receives the filtered-reference warnings (WarnFilteredReferences).
	// With PropertyFormatter they are reported as they are found (once per
	// path per formatter); FormattedVariables reports them once at the end.
	Warn WarnFunc

	warnings *refWarnings // set by FormattedVariables to collect instead
}

// tokenFormatting is the merged formatting of createPropertyFormatter.
type tokenFormatting struct {
	prefix, indentation, separator, suffix string
	commentStyle, commentPosition          string
}

// mergeFormatting overlays user formatting on defaults: every key the user
// sets wins, whatever its value (JavaScript object spread).
func mergeFormatting(defaults map[string]string, user *model.Object) map[string]string {
	m := make(map[string]string, len(defaults))
	for k, v := range defaults {
		m[k] = v
	}
	user.Range(func(k string, v any) bool {
		m[k] = jsString(v)
		return true
	})
	return m
}

func propertyFormatting(format string, user *model.Object) tokenFormatting {
	d := map[string]string{
		"prefix": "", "commentStyle": CommentLong, "commentPosition": CommentInline,
		"indentation": "", "separator": " =", "suffix": ";",
	}
	switch format {
	case PropertyCSS:
		d["prefix"], d["indentation"], d["separator"] = "--", "  ", ":"
	case PropertySass, PropertyLess, PropertyStylus:
		d["prefix"] = map[string]string{PropertySass: "$", PropertyLess: "@", PropertyStylus: "$"}[format]
		d["commentStyle"], d["indentation"] = CommentShort, ""
		d["separator"] = ":"
		if format == PropertyStylus {
			d["separator"] = "="
		}
	}
	m := mergeFormatting(d, user)
	return tokenFormatting{
		prefix: m["prefix"], indentation: m["indentation"], separator: m["separator"], suffix: m["suffix"],
		commentStyle: m["commentStyle"], commentPosition: m["commentPosition"],
	}
}

// PropertyFormatter ports createPropertyFormatter: it returns a function
// that renders one token as a declaration line,
// `${indentation}${prefix}${name}${separator} ${value}${suffix}`, with
// references kept when asked, ` !default` for themeable sass tokens and
// the token's comment.
func PropertyFormatter(o PropertyFormatOptions) func(t *model.Token) string {
	pw := newPropertyWriter(o)
	return func(t *model.Token) string {
		var b textbuf.Buffer
		pw.write(&b, t)
		return b.String()
	}
}

// propertyWriter is PropertyFormatter writing each line into a builder,
// so that FormattedVariables builds its whole output in one buffer.
type propertyWriter struct {
	o          PropertyFormatOptions
	f          tokenFormatting
	w          *refWarnings
	standalone bool
	reported   map[string]bool
}

func newPropertyWriter(o PropertyFormatOptions) *propertyWriter {
	pw := &propertyWriter{o: o, f: propertyFormatting(o.Format, o.Formatting), w: o.warnings, reported: map[string]bool{}}
	if pw.w == nil {
		pw.standalone, pw.w = true, &refWarnings{}
	}
	return pw
}

// write appends the declaration line of t (with its comment) to b.
func (pw *propertyWriter) write(b *textbuf.Buffer, t *model.Token) {
	o, f, w := &pw.o, &pw.f, pw.w
	value, defined := currentValueOf(t, o.UsesDtcg)
	if !defined {
		value = jsUndefined
	}
	var valueStr string
	if shouldOutputRefs(t, o.Dictionary, o.OutputReferences, o.UsesDtcg, w) {
		valueStr = replaceReferences(t, value, originalValueOf(t, o.UsesDtcg), f, o, w)
	} else {
		valueStr = jsString(value)
	}
	themeable := o.Themeable
	if o.Format == PropertySass { // only sass output reads it
		if b, ok := t.Prop("themeable").(bool); ok {
			themeable = b
		}
	}
	sassDefault := ""
	if o.Format == PropertySass && jsTruthy(themeable) {
		sassDefault = " !default"
	}
	if pw.standalone && o.Warn != nil {
		for _, p := range w.paths {
			if !pw.reported[p] {
				pw.reported[p] = true
				o.Warn(WarnFilteredReferences, p)
			}
		}
	}
	comment := t.Comment()
	simple := comment == "" || f.commentStyle == CommentNone
	inline := !simple && f.commentPosition == CommentInline && (f.commentStyle == CommentLong || f.commentStyle == CommentShort) &&
		!strings.ContainsAny(comment, "\n\r\f\u2028\u2029")
	if !simple && !inline {
		line := f.indentation + f.prefix + t.Name + f.separator + " " + valueStr + sassDefault + f.suffix
		b.WriteString(addComment(line, comment, f.commentStyle, f.commentPosition, f.indentation))
		return
	}
	b.WriteString(f.indentation)
	b.WriteString(f.prefix)
	b.WriteString(t.Name)
	b.WriteString(f.separator)
	b.WriteByte(' ')
	b.WriteString(valueStr)
	b.WriteString(sassDefault)
	b.WriteString(f.suffix)
	if inline {
		// addComment's single-line inline forms
		if f.commentStyle == CommentShort {
			b.WriteString(" // ")
			b.WriteString(comment)
		} else {
			b.WriteString(" /** ")
			b.WriteString(escapeBlockComment(comment))
			b.WriteString(" */")
		}
	}
}

// replaceReferences undoes reference resolution in a token's output value:
// a string original is output with each reference replaced by the
// referenced variable; for an object original, each referenced token's
// value is replaced (first occurrence) inside the transformed value. The
// result is the value as text, as the declaration writes it.
func replaceReferences(t *model.Token, value, original any, f *tokenFormatting, o *PropertyFormatOptions, w *refWarnings) string {
	var buf [4]refHit
	hits := appendReferences(buf[:0], t, original, o.Dictionary, o.UsesDtcg)
	for _, h := range hits {
		if h.filtered {
			w.add(h.path)
		}
	}
	_, isObj := original.(*model.Object)
	_, isArr := original.([]any)
	originalIsObject := isObj || isArr
	if !originalIsObject {
		value = original
	}
	s := jsString(value) // the value as text, with the references replaced so far
	for _, h := range hits {
		ref := h.token
		if ref == nil {
			continue
		}
		refVal, ok := currentValueOf(ref, o.UsesDtcg)
		if !ok {
			continue
		}
		var replacement string
		switch {
		case o.Format == PropertyCSS && o.OutputReferenceFallbacks:
			replacement = "var(" + f.prefix + ref.Name + ", " + jsString(refVal) + ")"
		case o.Format == PropertyCSS:
			replacement = "var(" + f.prefix + ref.Name + ")"
		default:
			replacement = f.prefix + ref.Name
		}
		if originalIsObject {
			s = strings.Replace(s, jsString(refVal), replacement, 1)
		} else {
			s = replaceReferencePattern(s, ref.Path, replacement)
		}
	}
	return s
}

// replaceReferencePattern replaces every `{a.b}`, `{a.b.value}` or
// `{a.b.$value}` written for the token path. Like the reference, the path
// segments go into the pattern unescaped (so a segment such as `$root`
// never matches and the reference stays as written); a pattern Go cannot
// compile falls back to the literal path.
func replaceReferencePattern(s string, path []string, replacement string) string {
	if literalPath(path) {
		if isWholeReference(s, path) {
			return replacement
		}
		return replaceLiteralReference(s, strings.Join(path, "."), replacement)
	}
	pattern := "{" + strings.Join(path, `\.`) + `(\.\$?value)?}`
	re, err := regexp.Compile(pattern)
	if err != nil {
		quoted := make([]string, len(path))
		for i, p := range path {
			quoted[i] = regexp.QuoteMeta(p)
		}
		re = regexp.MustCompile(`\{` + strings.Join(quoted, `\.`) + `(\.\$?value)?\}`)
	}
	return re.ReplaceAllLiteralString(s, replacement)
}

// literalPath reports whether no path segment holds a character with a
// meaning in a regular expression, so the reference pattern is literal text.
func literalPath(path []string) bool {
	for _, p := range path {
		if strings.ContainsAny(p, `\.+*?()|[]{}^$`) {
			return false
		}
	}
	return true
}

// replaceLiteralReference is replaceReferencePattern's regular expression
// for a literal dotted path, scanned by hand: every "{path}",
// "{path.value}" and "{path.$value}", left to right.
func replaceLiteralReference(s, dotted, replacement string) string {
	var b strings.Builder
	done := 0 // s[:done] is already in b
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '{')
		if j < 0 {
			break
		}
		start := i + j
		n := referenceMatchLen(s[start:], dotted)
		if n == 0 {
			i = start + 1
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s) + len(replacement))
		}
		b.WriteString(s[done:start])
		b.WriteString(replacement)
		done = start + n
		i = done
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// isWholeReference reports whether s is exactly one reference to path
// ({a.b}, {a.b.value} or {a.b.$value}), the usual original value, which
// replaceLiteralReference would turn into the replacement alone.
func isWholeReference(s string, path []string) bool {
	if len(s) < 2 || s[0] != '{' {
		return false
	}
	rest := s[1:]
	for i, seg := range path {
		if i > 0 {
			if len(rest) == 0 || rest[0] != '.' {
				return false
			}
			rest = rest[1:]
		}
		if !strings.HasPrefix(rest, seg) {
			return false
		}
		rest = rest[len(seg):]
	}
	return rest == "}" || rest == ".value}" || rest == ".$value}"
}

// referenceMatchLen is the length of the reference to dotted at the start
// of s ("{" already there), or 0.
func referenceMatchLen(s, dotted string) int {
	rest := s[1:]
	if !strings.HasPrefix(rest, dotted) {
		return 0
	}
	rest = rest[len(dotted):]
	for _, tail := range [...]string{"}", ".value}", ".$value}"} {
		if strings.HasPrefix(rest, tail) {
			return 1 + len(dotted) + len(tail)
		}
	}
	return 0
}

// commentLineBreak splits a comment into lines. The reference splits on
// "\n" only; a lone "\r" or "\f" (line ends for CSS-like parsers) would
// end a `//` comment early, so they split lines too.
var commentLineBreak = regexp.MustCompile("\r\n|\n|\r|\f|\u2028|\u2029")

// addComment ports the reference's addComment: the comment goes after the
// declaration (inline) or on the lines above it (above, and always for
// multi-line comments). "*/" inside a long comment is written "*\/" so it
// cannot end the comment early.
func addComment(line, comment, style, position, indentation string) string {
	if comment == "" || style == CommentNone {
		return line
	}
	lines := splitCommentLines(comment)
	if len(lines) > 1 {
		position = CommentAbove
	}
	var processed string
	switch style {
	case CommentShort:
		if position == CommentInline {
			processed = "// " + comment
		} else {
			var b strings.Builder
			for i, l := range lines {
				if i > 0 {
					b.WriteString("\n")
				}
				b.WriteString(indentation + "// " + l)
			}
			processed = b.String()
		}
	case CommentLong:
		if len(lines) > 1 {
			var b strings.Builder
			b.WriteString(indentation + "/**\n")
			for _, l := range lines {
				b.WriteString(indentation + " * " + escapeBlockComment(l) + "\n")
			}
			b.WriteString(indentation + " */")
			processed = b.String()
		} else {
			if position == CommentAbove {
				processed = indentation
			}
			processed += "/** " + escapeBlockComment(comment) + " */"
		}
	default:
		// the reference leaves the comment undefined for unknown styles
		processed = "undefined"
	}
	if position == CommentAbove {
		return processed + "\n" + line
	}
	return line + " " + processed
}

// splitCommentLines splits on "\n" like the reference, keeping a "\r"
// before it, and also on lone "\r", "\f", U+2028 and U+2029.
func splitCommentLines(comment string) []string {
	if !strings.ContainsAny(comment, "\n\r\f\u2028\u2029") {
		return []string{comment}
	}
	parts := strings.Split(comment, "\n")
	var out []string
	for _, p := range parts {
		trail := ""
		if strings.HasSuffix(p, "\r") {
			p, trail = p[:len(p)-1], "\r"
		}
		sub := commentLineBreak.Split(p, -1)
		sub[len(sub)-1] += trail
		out = append(out, sub...)
	}
	return out
}

func escapeBlockComment(s string) string { return strings.ReplaceAll(s, "*/", `*\/`) }

// FormattedVariablesOptions are formattedVariables' options: those of the
// property formatter plus the sort option and the line separator (taken
// from Formatting's lineSeparator, default "\n").
type FormattedVariablesOptions struct {
	PropertyFormatOptions
	// Sort is "name", a model.SortFunc, or a []any of those (chained as
	// tie-breakers); nil or another falsy value keeps the input order.
	Sort any

	stream io.Writer // the format's stream (model.StreamOf), for the formats
}

// FormattedVariables ports formattedVariables: the dictionary's tokens as
// declaration lines of a css, sass, less or stylus file. With
// outputReferences on, tokens are first ordered so that every referenced
// token comes before its referrers; the sort option breaks ties.
func FormattedVariables(o FormattedVariablesOptions) (string, error) {
	return formattedVariablesBetween("", o, "")
}

// formattedVariablesBetween returns prefix + FormattedVariables(o) +
// suffix, written into one builder (the formats wrap the variables in a
// file header and selectors: concatenating afterwards would copy them).
func formattedVariablesBetween(prefix string, o FormattedVariablesOptions, suffix string) (string, error) {
	d := o.Dictionary
	tokens := d.AllTokens
	lineSep := "\n"
	if v, ok := o.Formatting.Get("lineSeparator"); ok {
		lineSep = jsString(v)
	}
	warnings := &refWarnings{}
	requested, err := sortComparators(o.Sort)
	if err != nil {
		return "", err
	}
	switch {
	case outputReferencesOn(o.OutputReferences):
		tokens = sortTokensByReference(tokens, d, o.UsesDtcg, warnings, requested)
	case len(requested) > 0:
		tokens = JSSortTokens(tokens, chainComparators(requested))
	}
	pf := o.PropertyFormatOptions
	pf.warnings = warnings
	pw := newPropertyWriter(pf)
	// the lines joined with lineSep (a line is never empty: it holds at
	// least the separator and a space)
	var b textbuf.Buffer
	b.Stream(o.stream)
	b.Grow(len(prefix) + 64*min(len(tokens), 64) + len(suffix))
	b.WriteString(prefix)
	const sample = 64
	for i, t := range tokens {
		if i > 0 {
			b.WriteString(lineSep)
		}
		pw.write(&b, t)
		if i == sample-1 && len(tokens) > sample {
			growForRest(&b, len(prefix), sample, len(tokens)-sample, len(suffix))
		}
		b.Spill()
	}
	b.WriteString(suffix)
	if o.Warn != nil {
		warnings.flush(o.Warn)
	}
	return b.String(), b.Err()
}

// entrySample is how many entries of a long list the formats write before
// sizing their builder for the rest (growForRest).
const entrySample = 64

// growForRest grows b for rest more entries of twice the average size of
// the written ones (those after start), and extra bytes. The first entries
// are often shorter than the rest (a sort by reference puts the plain
// tokens first), and growing again would copy the whole text; room that is
// never written costs no memory, as its pages are never touched.
func growForRest(b *textbuf.Buffer, start, written, rest, extra int) {
	b.Grow((b.Len()-start)/written*rest*2 + extra)
}

// sortComparators normalises the sort option as formattedVariables does,
// with the reference's error messages for invalid values.
func sortComparators(sortOpt any) ([]model.SortFunc, error) {
	if !jsTruthy(sortOpt) {
		return nil, nil
	}
	inputs, isList := sortOpt.([]any)
	if !isList {
		inputs = []any{sortOpt}
	}
	var out []model.SortFunc
	for _, in := range inputs {
		switch s := in.(type) {
		case model.SortFunc:
			if s != nil {
				out = append(out, s)
				continue
			}
		case func(a, b *model.Token) int:
			if s != nil {
				out = append(out, s)
				continue
			}
		case string:
			if s == "name" {
				out = append(out, SortByName)
				continue
			}
			return nil, fmt.Errorf(`Invalid "sort" option: "%s". Use "name", a comparator function, or an array of those.`, s)
		}
		return nil, fmt.Errorf(`Invalid "sort" option type: %s. Use "name", a comparator function, or an array of those.`, sortOptionTypeof(in))
	}
	return out, nil
}

// sortOptionTypeof is JavaScript's typeof for JSON-like values.
func sortOptionTypeof(v any) string {
	switch v.(type) {
	case jsUndefinedType:
		return "undefined"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64, int:
		return "number"
	}
	if v != nil && reflect.TypeOf(v).Kind() == reflect.Func {
		return "function"
	}
	return "object"
}
