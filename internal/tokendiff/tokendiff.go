// Package tokendiff compares two builds of a token set, the tokens and
// what each platform makes of them, and classes every change as a
// semver level by stated rules. It takes data and returns data; printing
// is the caller's.
package tokendiff

import (
	"slices"
	"sort"
	"strings"
)

// Level is a semver level; Major is the most severe.
type Level int

const (
	None Level = iota
	Patch
	Minor
	Major
)

func (l Level) String() string {
	switch l {
	case Patch:
		return "patch"
	case Minor:
		return "minor"
	case Major:
		return "major"
	}
	return "none"
}

// ParseLevel reads "major", "minor", "patch" or "none".
func ParseLevel(s string) (Level, bool) {
	for l := None; l <= Major; l++ {
		if l.String() == s {
			return l, true
		}
	}
	return None, false
}

// Token is what one side knows of a token.
type Token struct {
	Path string // dotted path, the token's identity
	Type string
	// Value is the value as written, references unresolved, as a
	// canonical text: compared for tokens no platform outputs, and to see
	// a reference that changed while the output did not.
	Value string
	// Deprecated is set for a deprecated token; Reason is its
	// $deprecated text ("" for true).
	Deprecated bool
	Reason     string
	// Names and Values are, by platform, the output name and the
	// transformed value of the token; a platform that does not output
	// the token has no entry.
	Names  map[string]string
	Values map[string]string
}

// Side is one build: its tokens, and the files each platform writes.
type Side struct {
	Tokens    []Token
	Platforms []string            // in the config's order
	Files     map[string][]string // by platform: destinations
}

// Change is one difference, classed by its rule.
type Change struct {
	Kind      Kind
	Token     string   // dotted path ("" for platform and file changes)
	From, To  string   // what it was and is: a value, a type, a name, a path
	Platforms []string // the platforms the change shows in
	Rule      Rule
	// Permutation is the resolver permutation the change is seen in, as
	// "theme=dark, density=normal", with its contexts by modifier; ""
	// and nil for a change seen in every permutation compared.
	Permutation string
	Contexts    map[string]string
}

// Kind names a change.
type Kind string

const (
	TokenAdded        Kind = "token-added"
	TokenRemoved      Kind = "token-removed"
	TokenRenamed      Kind = "token-renamed"
	ValueChanged      Kind = "value-changed"
	ReferenceChanged  Kind = "reference-changed"
	TypeChanged       Kind = "type-changed"
	TokenDeprecated   Kind = "token-deprecated"
	TokenUndeprecated Kind = "token-undeprecated"
	NameChanged       Kind = "name-changed"
	NameRemoved       Kind = "name-removed"
	NameAdded         Kind = "name-added"
	PlatformAdded     Kind = "platform-added"
	PlatformRemoved   Kind = "platform-removed"
	FileAdded         Kind = "file-added"
	FileRemoved       Kind = "file-removed"
)

// Rule is why a change has its level.
type Rule struct {
	Level Level
	Text  string
}

// Rules are the rules, by kind: removing or renaming what consumers name
// (a token, an output name, a platform, a file) or changing a type breaks
// them (major); adding or deprecating gives them something new to act on
// (minor); a value change or an undeprecation keeps every name working
// (patch).
var Rules = map[Kind]Rule{
	TokenRemoved:      {Major, "removing a token is major"},
	TokenRenamed:      {Major, "renaming a token is major"},
	TypeChanged:       {Major, "changing a token's type is major"},
	NameChanged:       {Major, "changing an output name is major"},
	NameRemoved:       {Major, "removing an output name is major"},
	PlatformRemoved:   {Major, "removing a platform is major"},
	FileRemoved:       {Major, "removing an output file is major"},
	TokenAdded:        {Minor, "adding a token is minor"},
	TokenDeprecated:   {Minor, "deprecating a token is minor"},
	NameAdded:         {Minor, "adding an output name is minor"},
	PlatformAdded:     {Minor, "adding a platform is minor"},
	FileAdded:         {Minor, "adding an output file is minor"},
	ValueChanged:      {Patch, "changing a value is patch"},
	ReferenceChanged:  {Patch, "changing a reference, the value unchanged, is patch"},
	TokenUndeprecated: {Patch, "undeprecating a token is patch"},
}

// KindOrder is the order reports group changes in: the most severe first.
var KindOrder = []Kind{
	TokenRemoved, TokenRenamed, TypeChanged, NameRemoved, NameChanged, PlatformRemoved, FileRemoved,
	TokenAdded, TokenDeprecated, NameAdded, PlatformAdded, FileAdded,
	ValueChanged, ReferenceChanged, TokenUndeprecated,
}

// Options adjust the rules.
type Options struct {
	// MinorValueTypes are the token types ($type) whose value changes are
	// minor rather than patch (a team that releases a changed colour as a
	// new feature).
	MinorValueTypes []string
}

// Report is the comparison: the verdict is the most severe change's level.
type Report struct {
	Verdict Level
	Changes []Change
}

// Permutation is one resolver permutation's build.
type Permutation struct {
	Label    string            // "theme=dark, density=normal"
	Contexts map[string]string // by modifier
	Side     Side
}

// ComparePermutations compares the permutations the two sides share (by
// label; the first of each side is its build's own permutation, and the
// two are always compared, so a side with a resolver document compares
// with one without): a change seen in every permutation compared is told
// once, without a permutation; one seen in some only for each of those.
func ComparePermutations(old, new []Permutation, opts Options) Report {
	type seen struct {
		change Change
		in     []Permutation
	}
	var order []string
	byKey := map[string]*seen{}
	compared := 0
	for k, o := range old {
		i := slices.IndexFunc(new, func(n Permutation) bool { return n.Label == o.Label })
		if k == 0 && len(new) > 0 {
			i = 0
		}
		if i < 0 {
			continue
		}
		compared++
		for _, c := range Compare(o.Side, new[i].Side, opts).Changes {
			key := strings.Join([]string{string(c.Kind), c.Token, c.From, c.To, strings.Join(c.Platforms, ",")}, "\x00")
			if byKey[key] == nil {
				byKey[key] = &seen{change: c}
				order = append(order, key)
			}
			byKey[key].in = append(byKey[key].in, o)
		}
	}
	var r Report
	for _, key := range order {
		s := byKey[key]
		if len(s.in) == compared {
			r.Changes = append(r.Changes, s.change)
		} else {
			for _, p := range s.in {
				c := s.change
				c.Permutation, c.Contexts = p.Label, p.Contexts
				r.Changes = append(r.Changes, c)
			}
		}
		r.Verdict = max(r.Verdict, s.change.Rule.Level)
	}
	sortChanges(r.Changes)
	return r
}

// Compare lists what changed from old to new.
func Compare(old, new Side, opts Options) Report {
	var r Report
	add := func(c Change) {
		if c.Rule.Text == "" {
			c.Rule = Rules[c.Kind]
		}
		r.Changes = append(r.Changes, c)
		r.Verdict = max(r.Verdict, c.Rule.Level)
	}
	comparePlatforms(old, new, add)

	oldByPath, newByPath := byPath(old.Tokens), byPath(new.Tokens)
	var removed, added []*Token
	for i := range old.Tokens {
		if _, ok := newByPath[old.Tokens[i].Path]; !ok {
			removed = append(removed, &old.Tokens[i])
		}
	}
	for i := range new.Tokens {
		if _, ok := oldByPath[new.Tokens[i].Path]; !ok {
			added = append(added, &new.Tokens[i])
		}
	}
	renamedTo := matchRenames(removed, added, new.Tokens)
	isRenameTarget := map[string]bool{}
	for _, n := range added {
		for _, to := range renamedTo {
			if to == n {
				isRenameTarget[n.Path] = true
			}
		}
	}
	shared := sharedPlatforms(old, new)
	for _, o := range removed {
		if n, ok := renamedTo[o.Path]; ok {
			add(Change{Kind: TokenRenamed, Token: o.Path, From: o.Path, To: n.Path, Platforms: outputIn(o, shared)})
			if isRenameTarget[n.Path] {
				// The rename is the breaking change; the new token's other
				// differences (a new value with the new name) are told as
				// for any token. A successor that was there already is
				// compared under its own path.
				compareToken(o, n, shared, n.Path, add, false, opts)
			}
			continue
		}
		add(Change{Kind: TokenRemoved, Token: o.Path, From: o.shownValue(old.Platforms), Platforms: outputIn(o, old.Platforms)})
	}
	for _, n := range added {
		if isRenameTarget[n.Path] {
			continue
		}
		c := Change{Kind: TokenAdded, Token: n.Path, To: n.shownValue(new.Platforms), Platforms: outputIn(n, new.Platforms)}
		add(c)
		if n.Deprecated {
			add(Change{Kind: TokenDeprecated, Token: n.Path, To: n.Reason, Platforms: outputIn(n, new.Platforms)})
		}
	}
	for i := range old.Tokens {
		o := &old.Tokens[i]
		if n, ok := newByPath[o.Path]; ok {
			compareToken(o, n, shared, o.Path, add, true, opts)
		}
	}
	sortChanges(r.Changes)
	return r
}

// compareToken adds the changes between two versions of a token. For a
// rename (same false) output names and deprecation are not compared: the
// new names are the rename itself, and the old token's deprecation
// announced it.
func compareToken(o, n *Token, shared []string, path string, add func(Change), same bool, opts Options) {
	if o.Type != n.Type {
		add(Change{Kind: TypeChanged, Token: path, From: o.Type, To: n.Type})
	}
	switch {
	case !same:
	case !o.Deprecated && n.Deprecated:
		add(Change{Kind: TokenDeprecated, Token: path, To: n.Reason, Platforms: outputIn(n, shared)})
	case o.Deprecated && !n.Deprecated:
		add(Change{Kind: TokenUndeprecated, Token: path, From: o.Reason})
	}
	// A value change shows per platform (after its transforms); a token
	// no shared platform outputs on both sides is compared as written.
	var changedIn []string
	from, to := "", ""
	both := false
	for _, p := range shared {
		ov, ok1 := o.Values[p]
		nv, ok2 := n.Values[p]
		if !ok1 || !ok2 {
			continue
		}
		both = true
		if ov != nv {
			if changedIn == nil {
				from, to = ov, nv
			}
			changedIn = append(changedIn, p)
		}
	}
	var valueRule Rule // the kind's own, unless the type's value changes are minor
	if slices.Contains(opts.MinorValueTypes, n.Type) {
		valueRule = Rule{Minor, "changing a value of type " + n.Type + " is minor (as asked)"}
	}
	if changedIn != nil {
		add(Change{Kind: ValueChanged, Token: path, From: from, To: to, Platforms: changedIn, Rule: valueRule})
	} else if !both && o.Value != n.Value {
		add(Change{Kind: ValueChanged, Token: path, From: o.Value, To: n.Value, Rule: valueRule})
	} else if o.Value != n.Value && (strings.Contains(o.Value, "{") || strings.Contains(n.Value, "{")) {
		// The same output through another reference: a semantic change
		// (the token now follows another one) worth seeing.
		add(Change{Kind: ReferenceChanged, Token: path, From: o.Value, To: n.Value, Platforms: outputIn(n, shared)})
	}
	if !same {
		return
	}
	for _, p := range shared {
		on, ok1 := o.Names[p]
		nn, ok2 := n.Names[p]
		switch {
		case ok1 && !ok2:
			add(Change{Kind: NameRemoved, Token: path, From: on, Platforms: []string{p}})
		case !ok1 && ok2:
			add(Change{Kind: NameAdded, Token: path, To: nn, Platforms: []string{p}})
		case ok1 && on != nn:
			add(Change{Kind: NameChanged, Token: path, From: on, To: nn, Platforms: []string{p}})
		}
	}
}

// comparePlatforms adds the platforms and files that come and go.
func comparePlatforms(old, new Side, add func(Change)) {
	for _, p := range old.Platforms {
		if !slices.Contains(new.Platforms, p) {
			add(Change{Kind: PlatformRemoved, From: p, Platforms: []string{p}})
			continue
		}
		for _, f := range old.Files[p] {
			if !slices.Contains(new.Files[p], f) {
				add(Change{Kind: FileRemoved, From: f, Platforms: []string{p}})
			}
		}
		for _, f := range new.Files[p] {
			if !slices.Contains(old.Files[p], f) {
				add(Change{Kind: FileAdded, To: f, Platforms: []string{p}})
			}
		}
	}
	for _, p := range new.Platforms {
		if !slices.Contains(old.Platforms, p) {
			add(Change{Kind: PlatformAdded, To: p, Platforms: []string{p}})
		}
	}
}

// matchRenames pairs removed tokens with the tokens that replace them,
// by old path: first those whose $deprecated names a successor
// ("{new.path}" or the bare dotted path) on the new side, an added token
// or one that was there already; then those of equal type and value
// whose paths are alike (one segment differs, or the last segment is the
// same) with an added token. Each added token replaces one removed one.
func matchRenames(removed, added []*Token, newTokens []Token) map[string]*Token {
	out := map[string]*Token{}
	taken := map[string]bool{}
	for _, o := range removed {
		if !o.Deprecated {
			continue
		}
		for _, n := range added {
			if !taken[n.Path] && namesSuccessor(o.Reason, n.Path) {
				out[o.Path], taken[n.Path] = n, true
				break
			}
		}
		if _, done := out[o.Path]; done {
			continue
		}
		for i := range newTokens {
			if n := &newTokens[i]; !taken[n.Path] && namesSuccessor(o.Reason, n.Path) {
				out[o.Path] = n
				break
			}
		}
	}
	for _, o := range removed {
		if _, done := out[o.Path]; done {
			continue
		}
		for _, n := range added {
			if !taken[n.Path] && o.Type == n.Type && o.Value == n.Value && alikePaths(o.Path, n.Path) {
				out[o.Path], taken[n.Path] = n, true
				break
			}
		}
	}
	return out
}

// namesSuccessor reports whether a deprecation reason names path, as a
// reference or as a word of its own.
func namesSuccessor(reason, path string) bool {
	if strings.Contains(reason, "{"+path+"}") {
		return true
	}
	for _, w := range strings.FieldsFunc(reason, func(r rune) bool {
		return r == ' ' || r == '`' || r == '"' || r == '\'' || r == ',' || r == ';' || r == '(' || r == ')'
	}) {
		if strings.TrimSuffix(w, ".") == path {
			return true
		}
	}
	return false
}

// alikePaths: the same depth with one segment different, or the same
// last segment (a token moved to another group).
func alikePaths(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	if as[len(as)-1] == bs[len(bs)-1] {
		return true
	}
	if len(as) != len(bs) {
		return false
	}
	differ := 0
	for i := range as {
		if as[i] != bs[i] {
			differ++
		}
	}
	return differ == 1
}

// shownValue is the value told for a token added or removed: the first
// platform's (resolved, transformed), else the value as written.
func (t *Token) shownValue(platforms []string) string {
	for _, p := range platforms {
		if v, ok := t.Values[p]; ok {
			return v
		}
	}
	return t.Value
}

func byPath(ts []Token) map[string]*Token {
	m := make(map[string]*Token, len(ts))
	for i := range ts {
		m[ts[i].Path] = &ts[i]
	}
	return m
}

func sharedPlatforms(old, new Side) []string {
	var out []string
	for _, p := range old.Platforms {
		if slices.Contains(new.Platforms, p) {
			out = append(out, p)
		}
	}
	return out
}

// outputIn lists the platforms among ps that output t.
func outputIn(t *Token, ps []string) []string {
	var out []string
	for _, p := range ps {
		if _, ok := t.Names[p]; ok {
			out = append(out, p)
		}
	}
	return out
}

// sortChanges orders changes by kind (KindOrder), then token, then the
// rest, so a report reads the same every run.
func sortChanges(cs []Change) {
	rank := map[Kind]int{}
	for i, k := range KindOrder {
		rank[k] = i
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if rank[a.Kind] != rank[b.Kind] {
			return rank[a.Kind] < rank[b.Kind]
		}
		if a.Token != b.Token {
			return a.Token < b.Token
		}
		if a.From != b.From {
			return a.From < b.From
		}
		if a.To != b.To {
			return a.To < b.To
		}
		if a.Permutation != b.Permutation {
			return a.Permutation < b.Permutation
		}
		return strings.Join(a.Platforms, ",") < strings.Join(b.Platforms, ",")
	})
}
