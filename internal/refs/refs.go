// Package refs finds `{a.b.c}` references in token values, with the
// reference implementation's syntax: /\{([^}]+)\}/g, whitespace trimmed.
package refs

import (
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Match is one reference inside a string.
type Match struct {
	Start, End int    // byte span of "{...}" in the string
	Path       string // the trimmed inside, e.g. "color.red"
}

// Key is the token-map key the reference points at.
func (m Match) Key() string { return "{" + m.Path + "}" }

// Find returns every reference in s, in order.
func Find(s string) []Match { return AppendFind(nil, s) }

// AppendFind appends every reference in s to out, in order; with a stack
// buffer as out, looking for references costs no allocation.
func AppendFind(out []Match, s string) []Match {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		j := strings.IndexByte(s[i+1:], '}')
		if j < 0 {
			break
		}
		end := i + 1 + j
		if j > 0 {
			out = append(out, Match{Start: i, End: end + 1, Path: js.Trim(s[i+1 : end])})
		}
		// the regex resumes after the match; a '{' inside it is part of the match
		i = end
	}
	return out
}

// Has reports whether s contains a reference.
func Has(s string) bool {
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return false
	}
	j := strings.IndexByte(s[i+1:], '}')
	return j > 0 || (j == 0 && Has(s[i+2:]))
}

// Uses reports whether a value holds a reference anywhere, recursing into
// objects and arrays (the reference's usesReferences).
func Uses(v any) bool {
	switch x := v.(type) {
	case string:
		return Has(x)
	case []any:
		for _, e := range x {
			if Uses(e) {
				return true
			}
		}
	case *tokenbuild.Object:
		found := false
		x.Range(func(_ string, e any) bool {
			found = Uses(e)
			return !found
		})
		return found
	}
	return false
}

// Collect appends the paths of every reference in v (depth first, in order).
func Collect(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		var buf [4]Match
		for _, m := range AppendFind(buf[:0], x) {
			out = append(out, m.Path)
		}
	case []any:
		for _, e := range x {
			out = Collect(e, out)
		}
	case *tokenbuild.Object:
		x.Range(func(_ string, e any) bool {
			out = Collect(e, out)
			return true
		})
	}
	return out
}
