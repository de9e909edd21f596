package builtin

// Writing references back into a declaration's value, where
// outputReferences keeps them.

import (
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// replaceReferences undoes reference resolution in a token's output value:
// a string original is output with each reference replaced by the
// referenced variable; for an object original, each referenced token's
// value is replaced (first occurrence) inside the transformed value. The
// result is the value as text, as the declaration writes it.
func replaceReferences(t *tokenbuild.Token, value, original any, f *tokenFormatting, o *PropertyFormatOptions, w *refWarnings, rt *refTargets) string {
	var buf [4]refHit
	hits := appendReferences(buf[:0], t, original, o.Dictionary, o.UsesDtcg, rt)
	for _, h := range hits {
		if h.filtered {
			w.add(h.path)
		}
	}
	_, isObj := original.(*tokenbuild.Object)
	_, isArr := original.([]any)
	originalIsObject := isObj || isArr
	if !originalIsObject {
		value = original
	}
	s := js.String(value) // the value as text, with the references replaced so far
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
			replacement = "var(" + f.prefix + ref.Name + ", " + js.String(refVal) + ")"
		case o.Format == PropertyCSS:
			replacement = "var(" + f.prefix + ref.Name + ")"
		default:
			replacement = f.prefix + ref.Name
		}
		if originalIsObject {
			s = strings.Replace(s, js.String(refVal), replacement, 1)
		} else {
			s = replaceReferencePattern(s, ref.Path, replacement)
		}
	}
	return s
}

// replaceReferencePattern replaces every `{a.b}`, `{a.b.value}` or
// `{a.b.$value}` written for the token path. The path is matched as
// written, as style-dictionary's next release matches it (escaping the
// segments of its pattern): 5.5.5 puts the segments into a regular
// expression unescaped, so a segment such as DTCG's `$root` (or one with
// `+`, `*`, `(`) never matched and the reference stayed in the output as
// text, `{color.accent.$root}` in a CSS file.
func replaceReferencePattern(s string, path []string, replacement string) string {
	if isWholeReference(s, path) {
		return replacement
	}
	return replaceLiteralReference(s, strings.Join(path, "."), replacement)
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
