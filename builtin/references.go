package builtin

// Finding the references in token values and the tokens they name, as
// the reference's getReferences does, and keeping track of references to
// tokens a file's filter left out.

import (
	"strings"

	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/tokenbuild"
)

// refWarnings collects the filtered-reference paths of one format call,
// with the reference's add (deduplicated) and remove semantics: the
// reference's "filtered out token references" group, one path (such as
// "size.base") per reference to a token the file's filter left out,
// reported once per file.
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

// Add and Remove are add and remove for an outputReferences function
// (tokenbuild.FilteredReferences).
func (w *refWarnings) Add(path string)    { w.add(path) }
func (w *refWarnings) Remove(path string) { w.remove(path) }

// flush reports the paths through warn (FormatArgs.Warn; nil drops them).
func (w *refWarnings) flush(warn func(tokenbuild.Warning)) {
	if warn != nil {
		for _, p := range w.paths {
			warnFilteredReference(warn, p)
		}
	}
	w.paths = nil
}

// warnFilteredReference reports a reference to a token the file's filter
// left out; the driver prints the reference's grouped message.
func warnFilteredReference(warn func(tokenbuild.Warning), path string) {
	warn(tokenbuild.Warning{Kind: tokenbuild.KindFilteredReference, Message: path})
}

// refHit is one reference found in a value: the token it points at (nil
// when it is not defined anywhere) and whether it was found only among the
// unfiltered tokens.
type refHit struct {
	token    *tokenbuild.Token
	path     string // the reference as written, without a .value suffix
	filtered bool
}

// collectReferences ports getReferences(value, tokens, {unfilteredTokens,
// usesDtcg, warnImmediately: false}): every `{a.b}` in value (strings,
// and the strings inside objects and arrays at any depth), looked up in the
// filtered token tree first and then in the unfiltered one.
func collectReferences(value any, d *tokenbuild.Dictionary, usesDtcg bool) []refHit {
	return appendReferences(nil, nil, value, d, usesDtcg, nil)
}

// appendReferences is collectReferences appending to hits (a stack buffer
// in the per-token callers). t, when set, is the token whose value this
// is: the dictionary's index may have found its references already
// (tokenbuild.ReferenceFinder). rt is the caller's buffer for those; nil
// makes one for the call.
func appendReferences(hits []refHit, t *tokenbuild.Token, value any, d *tokenbuild.Dictionary, usesDtcg bool, rt *refTargets) []refHit {
	suffix := ".value"
	if usesDtcg {
		suffix = ".$value"
	}
	if s, ok := value.(string); ok {
		if t != nil && d != nil {
			if rf, ok := d.TokenMap.(tokenbuild.ReferenceFinder); ok {
				if out, ok := indexedReferences(hits, rf, t, s, suffix, rt); ok {
					return out
				}
			}
		}
		return scanReferences(hits, s, d, suffix)
	}
	return walkReferences(hits, value, d, suffix)
}

// refTargets is a buffer for the tokens a ReferenceFinder lists, kept by
// a format call for all its tokens: a buffer on the stack, handed to the
// interface method, would move to the heap at every call, an allocation
// per token.
type refTargets struct{ buf []*tokenbuild.Token }

// indexedReferences is scanReferences for a token value whose references
// the dictionary's token index has found (tokenbuild.ReferenceFinder):
// the same hits without looking each reference up by key. A reference
// ending in the value suffix, which scanReferences looks up without it,
// is left to scanReferences (ok false).
func indexedReferences(hits []refHit, rf tokenbuild.ReferenceFinder, t *tokenbuild.Token, s, suffix string, rt *refTargets) (_ []refHit, ok bool) {
	if rt == nil {
		rt = &refTargets{}
	}
	targets, ok := rf.ReferencedTokens(t, s, rt.buf[:0])
	rt.buf = targets[:0] // the grown buffer, for the next token
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
func scanReferences(hits []refHit, s string, d *tokenbuild.Dictionary, suffix string) []refHit {
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
			// (the tree is asked for only without a list: it may have to be made)
			if hit.token == nil && (d.UnfilteredAllTokens != nil || d.UnfilteredTree() != nil) {
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
func walkReferences(hits []refHit, v any, d *tokenbuild.Dictionary, suffix string) []refHit {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				hits = scanReferences(hits, s, d, suffix)
			} else {
				hits = walkReferences(hits, e, d, suffix)
			}
		}
	case *tokenbuild.Object:
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
func referencedTokens(hits []refHit) []*tokenbuild.Token {
	var out []*tokenbuild.Token
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
// a token index (by a config's own code) is walked as a tree. key is
// "{" + dotted + "}".
func tokenAtKey(byKey tokenbuild.TokenIndex, tree func() *tokenbuild.Object, key, dotted string) *tokenbuild.Token {
	if byKey != nil && byKey.Len() > 0 {
		t, _ := byKey.Get(key)
		return t
	}
	return tokenAtDottedPath(tree(), dotted)
}

// tokenAtDottedPath walks a token tree by the segments of a dotted path
// (getValueByPath) and returns the token found there, or nil for a group or
// nothing,
// without building the segment slice.
func tokenAtDottedPath(tree *tokenbuild.Object, dotted string) *tokenbuild.Token {
	var cur any = tree
	for rest, more := dotted, true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, ".")
		o, ok := cur.(*tokenbuild.Object)
		if !ok {
			return nil
		}
		next, ok := o.Get(seg)
		if !ok {
			return nil
		}
		cur = next
	}
	t, _ := cur.(*tokenbuild.Token)
	return t
}

// GetReferences returns the tokens that value references, looking in the
// dictionary's filtered tokens first and then in the unfiltered ones, and
// the references that point at nothing. A trailing ".value" (".$value" when
// the dictionary's tokens are DTCG) is ignored, as in the reference.
func GetReferences(value any, d *tokenbuild.Dictionary) (found []*tokenbuild.Token, missing []string) {
	return GetReferencesDtcg(value, d, dictionaryUsesDtcg(d))
}

func dictionaryUsesDtcg(d *tokenbuild.Dictionary) bool {
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
func GetReferencesDtcg(value any, d *tokenbuild.Dictionary, usesDtcg bool) (found []*tokenbuild.Token, missing []string) {
	for _, h := range collectReferences(value, d, usesDtcg) {
		if h.token != nil {
			found = append(found, h.token)
		} else {
			missing = append(missing, h.path)
		}
	}
	return found, missing
}
