// Package tokenindex is the engine's index of a platform's tokens by key,
// with what their references name found once by position. Platforms share
// one key index over tokens in the same order, so a platform does not pay
// for a map of its own. A *Map is a tokenbuild.TokenIndex and a
// tokenbuild.ReferenceFinder.
package tokenindex

import "github.com/tokengen/tokengen/tokenbuild"

// Map finds a platform's tokens by key ("{a.b}").
type Map struct {
	index  map[string]int32 // key -> position in tokens
	tokens []*tokenbuild.Token
	// Set by WithReferences: refs lists what the tokens' values refer
	// to, so formats find referenced tokens by position instead of by key.
	refs *References
}

// References holds, for tokens by position, the positions of the tokens
// named by the references in the string value each had when it was
// indexed, in the order refs.AppendFind finds them (-1 for a name no token
// has). Platforms resolve the same references, and formats look them up
// again: finding them once saves each a map lookup and a key per reference.
type References struct {
	Scanned []string // the string each position's references were found in
	Start   []int32  // position i's targets are Targets[Start[i]:Start[i+1]]
	Targets []int32
}

// Of is the targets of the token at position i.
func (x *References) Of(i int) []int32 { return x.Targets[x.Start[i]:x.Start[i+1]] }

// New makes a Map of tokens.
func New(tokens []*tokenbuild.Token) *Map {
	index := make(map[string]int32, len(tokens))
	for i, t := range tokens {
		index[t.Key] = int32(i)
	}
	return &Map{index: index, tokens: tokens}
}

// Over returns a Map with the same keys over other tokens in the same
// order (another platform's copies).
func (m *Map) Over(tokens []*tokenbuild.Token) *Map {
	if len(tokens) != len(m.tokens) {
		return New(tokens)
	}
	return &Map{index: m.index, tokens: tokens}
}

// WithReferences is m with x listing its tokens' references, by position.
func (m *Map) WithReferences(x *References) *Map {
	if len(x.Start) != len(m.tokens)+1 {
		return m
	}
	c := *m
	c.refs = x
	return &c
}

// ReferencedTokens returns the tokens that the references in s, t's value,
// name, in the order refs.AppendFind finds them, when m indexed them: t is
// one of m's tokens and s is the string indexed for it. ok is false
// otherwise, and when a reference names no token.
func (m *Map) ReferencedTokens(t *tokenbuild.Token, s string, into []*tokenbuild.Token) (_ []*tokenbuild.Token, ok bool) {
	if m.refs == nil {
		return into, false
	}
	i, ok := m.PositionOf(t)
	if !ok || m.refs.Scanned[i] != s {
		return into, false
	}
	for _, p := range m.refs.Of(i) {
		if p < 0 {
			return into, false
		}
		into = append(into, m.tokens[p])
	}
	return into, true
}

// Get returns the token with key.
func (m *Map) Get(key string) (*tokenbuild.Token, bool) {
	i, ok := m.index[key]
	if !ok {
		return nil, false
	}
	return m.tokens[i], true
}

// Position is the position of the token with key, or -1.
func (m *Map) Position(key string) int {
	if i, ok := m.index[key]; ok {
		return int(i)
	}
	return -1
}

// PositionOf is t's position among m's tokens; ok is false when t is not
// one of them.
func (m *Map) PositionOf(t *tokenbuild.Token) (i int, ok bool) {
	p, ok := m.index[t.Key]
	if !ok || m.tokens[p] != t {
		return 0, false
	}
	return int(p), true
}

// Len is the number of tokens.
func (m *Map) Len() int { return len(m.index) }
