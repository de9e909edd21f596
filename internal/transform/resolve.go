package transform

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/didyoumean"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/refs"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// State tracks a token through the platform's transform-and-resolve walk.

// transformer runs one platform's transforms over its tokens. Instead of the
// reference's repeated transform/resolve passes over the whole map, it walks
// references depth first: a token is transformed once all tokens it refers
// to are final, which gives the same values in linear time.
type transformer struct {
	platform   *tokenbuild.Platform
	transforms []*tokenbuild.Transform
	args       *tokenbuild.TransformArgs // what every transform call of the platform receives
	byKey      *tokenindex.Map
	// the platform's tokens (byKey's, in its order): its own copies, and,
	// in a permutation, the base's tokens it shares (done from the start)
	tokens []*tokenbuild.Token
	// positions are the tokens' positions, for those the key index does
	// not find (made when first needed)
	positions map[*tokenbuild.Token]int32
	// lastToken is the token whose position pos found last, at lastPos
	lastToken *tokenbuild.Token
	lastPos   int
	states    []State // by position in tokens
	// sharedAttributes is the first attribute transform when its results
	// are shared by the platforms that run it (Instance.sharedAttributes),
	// and attributeCache those results, by position.
	sharedAttributes *tokenbuild.Transform
	attributeCache   []atomic.Pointer[tokenbuild.Object]
	refErrors        []*tokenbuild.Diagnostic // broken and circular references, in the order found
	seenRefErr       map[string]bool
	groups           map[string]bool // "{a.b}" keys of groups, see isGroup
	suggested        int             // broken references given a "did you mean" (nearestToken)
	transformErrors  []*tokenbuild.Diagnostic
	hookWarnings     []diag.HookWarning // what transforms reported through Warn
	current          *tokenbuild.Token
	currentTransform *tokenbuild.Transform // the transform running on current, which Warn reports about
	deferred         []*tokenbuild.Token
	fatal            error
	stack            []string // reference-implementation style resolution stack, for cycle messages
	root             *tokenbuild.Token
	refs             *tokenindex.References // the shared tokens' references, when copies are in their order
	retrying         bool                   // deferred tokens are being visited again: their values changed
	made             int                    // bytes of values references made so far (MaxResolvedTotal)
	// propRefs are the positions of the tokens whose other properties may
	// hold references (resolveprops.go), hasPropRefs the same by position
	// when there are any, and depths what depthOf found.
	propRefs    []int32
	hasPropRefs []bool
	depths      []uint16
	// In a permutation, lastName is the platform's last name transform
	// when it declares NameFromPath, base the base's transformed tokens,
	// by position, and samePath[i] whether the token at i has the base's
	// token's path: it then takes that token's name.
	lastName *tokenbuild.Transform
	base     []*tokenbuild.Token
	samePath []bool
}

// What references may make. A value that names a token twice, where that
// token names the one before it twice, and so on, doubles at every level:
// sixty such lines of a token file would make a string of 2^60 bytes, and
// the reference stops with "Invalid string length" once a string passes
// V8's longest (2^29 characters), a gigabyte later.
// Values of real design systems are far below both limits. (Variables
// only so that tests can lower them.)
var (
	// MaxResolvedValue is the most bytes one string, array or object made
	// by resolving references may hold (a value written in a token file
	// may be larger: it only has to fit in the file).
	MaxResolvedValue = 16 << 20
	// MaxResolvedTotal is the most bytes resolving references may make in
	// one platform, counting each string made on the way (a value with
	// many references is made one substitution at a time, as the
	// reference does) and each object and array copied, so that neither
	// memory nor time grows without bound.
	MaxResolvedTotal = 256 << 20
)

// tooLarge stops the platform: resolving t's references would make more
// than a limit allows. It is fatal rather than a reference error, which
// log.errors.brokenReferences "console" would let the build go past.
func (tr *transformer) tooLarge(t *tokenbuild.Token, total bool) {
	if tr.fatal != nil {
		return
	}
	if total {
		tr.fatal = diag.TokenError(t, "", fmt.Sprintf("resolving references makes more than %d MB of values in this platform, the most one platform may make; do values repeat references that grow at every level?", MaxResolvedTotal>>20))
		return
	}
	tr.fatal = diag.TokenError(t, "", fmt.Sprintf("resolving its references makes a value of more than %d MB, the most a value may hold; do values repeat references that grow at every level?", MaxResolvedValue>>20))
}

// warn is TransformArgs.Warn: a warning about the token being transformed.
func (tr *transformer) warn(w tokenbuild.Warning) {
	t, tf := tr.current, tr.currentTransform
	if t == nil || tf == nil {
		return // called outside a transform call: nothing to place it at
	}
	tr.hookWarnings = append(tr.hookWarnings, diag.HookWarning{Warning: w, Hook: "transform " + strconv.Quote(tf.Name), At: diag.TokenError(t, "", "")})
}

// addRefError records a reference problem of token t once; near is the
// reference the message is about, for the position.
func (tr *transformer) addRefError(t *tokenbuild.Token, near, msg string) {
	if tr.seenRefErr == nil {
		tr.seenRefErr = map[string]bool{}
	}
	if id := t.Key + "\x00" + msg; !tr.seenRefErr[id] {
		tr.seenRefErr[id] = true
		tr.refErrors = append(tr.refErrors, diag.TokenError(t, near, msg))
	}
}

// st is the state of a token of this platform.
func (tr *transformer) st(t *tokenbuild.Token) *State {
	return &tr.states[tr.pos(t)]
}

// pos is t's position in tokens, where the facts about it are kept: the
// key index's, which is over tokens in their order, or, for a token that
// shares its key with another, a table of the tokens' own.
func (tr *transformer) pos(t *tokenbuild.Token) int {
	if t == tr.lastToken {
		return tr.lastPos // a token's facts are read several times in a row
	}
	if i, ok := tr.byKey.PositionOf(t); ok {
		tr.lastToken, tr.lastPos = t, i
		return i
	}
	if tr.positions == nil {
		tr.positions = make(map[*tokenbuild.Token]int32, len(tr.tokens))
		for i, t := range tr.tokens {
			tr.positions[t] = int32(i)
		}
	}
	i, ok := tr.positions[t]
	if !ok {
		panic("pipeline: token outside its platform")
	}
	return int(i)
}

// run transforms every token of the platform in order.
func (tr *transformer) run() {
	tokens := tr.tokens
	if len(tr.states) != len(tr.tokens) {
		tr.states = make([]State, len(tr.tokens)) // else made with the tokens taken from the base Done
	}
	if len(tr.propRefs) > 0 {
		tr.hasPropRefs = make([]bool, len(tr.tokens))
		for _, p := range tr.propRefs {
			tr.hasPropRefs[p] = true
		}
	}
	for i, t := range tokens {
		if tr.fatal != nil {
			return
		}
		// by position, not through t: a permutation's tokens are mostly
		// its base's, done already, and reading each of them to find
		// that out costs a cache miss apiece
		if tr.states[i] == Pending {
			tr.root = t
			tr.stack = append(tr.stack[:0], t.Key)
			tr.lastToken, tr.lastPos = t, i
			tr.visit(t)
		}
	}
	// Tokens whose value transform asked to wait get further rounds while
	// the number of waiting tokens shrinks.
	for len(tr.deferred) > 0 && tr.fatal == nil {
		retry := tr.deferred
		tr.deferred = nil
		tr.retrying = true
		for _, t := range retry {
			*tr.st(t) = Pending
			tr.root = t
			tr.stack = append(tr.stack[:0], t.Key)
			tr.visit(t)
		}
		if len(tr.deferred) >= len(retry) {
			for _, t := range tr.deferred {
				*tr.st(t) = Done
			}
			break
		}
	}
	if tr.fatal == nil {
		tr.resolvePropsAfter(tr.propRefs)
	}
}

// visit makes t final: resolves its references (making them final first)
// and applies the transforms.
func (tr *transformer) visit(t *tokenbuild.Token) State {
	i := tr.pos(t)
	switch tr.states[i] {
	case Done, Failed, inProgress:
		return tr.states[i]
	}
	raw := t.Value
	if !refs.Uses(raw) {
		tr.states[i] = inProgress
		tr.finish(t, false, false)
		return tr.states[i]
	}
	tr.states[i] = inProgress
	if s, isStr := raw.(string); isStr && tr.refs != nil && !tr.retrying {
		if targets := tr.refs.Of(i); allFound(targets) {
			return tr.visitIndexed(t, i, s, targets)
		}
	}
	ok := true
	var buf [8]string
	for _, p := range refs.Collect(raw, buf[:0]) {
		key := "{" + p + "}"
		at := tr.byKey.Position(key)
		if at < 0 {
			ok = false
			continue
		}
		target := tr.tokens[at]
		tr.lastToken, tr.lastPos = target, at
		if !tr.step(key, target) {
			ok = false
		}
	}
	tr.lastToken, tr.lastPos = t, i // back from the tokens it refers to
	if !ok {
		return tr.fail(t, raw)
	}
	t.Value = tr.resolve(t, raw, false)
	return tr.finishResolved(t)
}

// fail leaves t with its broken references reported and the others
// resolved, untransformed, as the reference leaves it.
func (tr *transformer) fail(t *tokenbuild.Token, raw any) State {
	tr.reportBroken(t)
	t.Value = tr.resolve(t, raw, true)
	*tr.st(t) = Failed
	return Failed
}

// finishResolved transforms t, whose value was resolved from references.
func (tr *transformer) finishResolved(t *tokenbuild.Token) State {
	if tr.fatal != nil {
		*tr.st(t) = Failed // a limit was reached: the platform stops
		return Failed
	}
	if tr.hasPropRefs != nil && tr.hasPropRefs[tr.pos(t)] {
		if tr.resolvePropsBefore(t); tr.fatal != nil {
			*tr.st(t) = Failed
			return Failed
		}
	}
	tr.finish(t, true, refs.Uses(t.Value))
	return *tr.st(t)
}

// allFound reports whether every reference names a token.
func allFound(targets []int32) bool {
	for _, p := range targets {
		if p < 0 {
			return false
		}
	}
	return len(targets) > 0
}

// visitIndexed is visit for a string value whose references all name
// tokens, found by position in the shared reference index.
func (tr *transformer) visitIndexed(t *tokenbuild.Token, i int, raw string, targets []int32) State {
	ok := true
	for _, p := range targets {
		target := tr.tokens[p]
		tr.lastToken, tr.lastPos = target, int(p)
		if !tr.step(target.Key, target) {
			ok = false
		}
	}
	tr.lastToken, tr.lastPos = t, i // back from the tokens it refers to
	if !ok {
		return tr.fail(t, raw)
	}
	t.Value = tr.resolveIndexed(t, raw, targets)
	return tr.finishResolved(t)
}

// step makes the token key names final before the token referring to it,
// reporting a cycle; it returns false when the target cannot be used.
func (tr *transformer) step(key string, target *tokenbuild.Token) bool {
	tr.stack = append(tr.stack, key)
	defer func() { tr.stack = tr.stack[:len(tr.stack)-1] }()
	// Like the reference, a cycle shows when the referenced token's value
	// is itself a reference already on the resolution stack.
	state := *tr.st(target)
	if state == Failed {
		return false // already reported
	}
	if v, isStr := target.Value.(string); isStr && state != Done && tr.onStack(key, v) {
		from := indexOf(tr.stack, v)
		if v == key {
			from = len(tr.stack) - 1 // a token referencing itself
		}
		tr.addRefError(tr.root, tr.firstStep(), circular(append(tr.stack[from:len(tr.stack):len(tr.stack)], v)))
		return false
	}
	if state == inProgress {
		tr.addRefError(tr.root, tr.firstStep(), tr.cycleMessage(key))
		return false
	}
	return tr.visit(target) == Done
}

// cycleMessage words a cycle through interpolated values, which the
// reference only finds by overflowing its stack.
func (tr *transformer) cycleMessage(key string) string {
	cycle := []string{key}
	if i := indexOf(tr.stack[:len(tr.stack)-1], key); i >= 0 {
		cycle = append(append([]string(nil), tr.stack[i:len(tr.stack)-1]...), key)
	}
	return circular(cycle)
}

// circular words a cycle of references; a long one shows its ends.
func circular(cycle []string) string {
	const ends = 4
	if len(cycle) > 3*ends {
		shown := append(append(cycle[:ends:ends], fmt.Sprintf("... %d more ...", len(cycle)-2*ends)), cycle[len(cycle)-ends:]...)
		return "circular reference: " + strings.Join(shown, " => ")
	}
	return "circular reference: " + strings.Join(cycle, " => ")
}

// firstStep is the reference the root token's resolution started with,
// where a cycle message points.
func (tr *transformer) firstStep() string {
	if len(tr.stack) > 1 {
		return tr.stack[1]
	}
	return ""
}

// onStack reports whether ref is on the resolution stack, whose top is key.
// Every other entry is a token being visited, so the check is a lookup
// rather than a scan: chains of thousands of references stay linear.
func (tr *transformer) onStack(key, ref string) bool {
	if ref == key {
		return true
	}
	t, ok := tr.byKey.Get(ref)
	return ok && *tr.st(t) == inProgress && indexOf(tr.stack, ref) >= 0
}

func indexOf(list []string, s string) int {
	for i, e := range list {
		if e == s {
			return i
		}
	}
	return -1
}

// reportBroken adds "tries to reference" lines for t's undefined references.
func (tr *transformer) reportBroken(t *tokenbuild.Token) {
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			for _, m := range refs.Find(x) {
				if _, ok := tr.byKey.Get(m.Key()); !ok {
					what := "is not defined"
					if tr.isGroup(m.Key()) {
						what = "names a group, not a token"
					} else if near := tr.nearestToken(m.Key(), t); near != "" {
						what += "; did you mean " + near + "?"
					}
					tr.addRefError(t, x[m.Start:m.End], fmt.Sprintf("reference %s %s", x[m.Start:m.End], what))
				}
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case *tokenbuild.Object:
			x.Range(func(_ string, e any) bool { walk(e); return true })
		}
	}
	walk(t.Value)
}

// maxRefSuggestions bounds the broken references nearestToken looks a
// match up for: each is a pass over the tokens, and a file of thousands
// of broken references is better fixed by its first few.
const maxRefSuggestions = 64

// nearestToken is the reference to the token whose path is closest to
// key's ("{color.base.gray.dark}" for "{color.base.grey.dark}"), when one
// is close enough to be a likely typo; "" otherwise.
// The token that holds the reference (self) is no candidate.
func (tr *transformer) nearestToken(key string, self *tokenbuild.Token) string {
	if tr.suggested >= maxRefSuggestions {
		return ""
	}
	name := strings.TrimSuffix(strings.TrimPrefix(key, "{"), "}")
	if len(name) < 4 {
		return "" // {b} is no typo of {a}
	}
	tr.suggested++
	depth := strings.Count(name, ".") + 1
	slack := max(2, len(name)/3)
	var candidates []string
	for _, t := range tr.tokens {
		if t == self || len(t.Path) != depth && len(t.Path) != depth-1 && len(t.Path) != depth+1 {
			continue
		}
		p := strings.Join(t.Path, ".")
		if d := len(p) - len(name); d <= slack && d >= -slack {
			candidates = append(candidates, p)
		}
	}
	if best := didyoumean.Closest(name, candidates); best != "" && typoOf(name, best) {
		return "{" + best + "}"
	}
	return ""
}

// typoOf reports whether path is a likely typo of candidate judged by the
// segments that differ: the segments both share at the start and at the
// end say nothing of a typo, and would let {color.green} pass for
// {color.red} (three edits in eleven letters). What differs must be
// within two edits, or a third of it, and not all of it.
func typoOf(path, candidate string) bool {
	a, b := strings.Split(path, "."), strings.Split(candidate, ".")
	for len(a) > 0 && len(b) > 0 && strings.EqualFold(a[0], b[0]) {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && strings.EqualFold(a[len(a)-1], b[len(b)-1]) {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	restA, restB := strings.Join(a, "."), strings.Join(b, ".")
	d := didyoumean.Distance(restA, restB)
	return d <= max(2, len(restA)/3) && d < max(len(restA), len(restB))
}

// isGroup reports whether key ("{a.b}") names a group of tokens. The set of
// groups is built only when a reference is broken.
func (tr *transformer) isGroup(key string) bool {
	if tr.groups == nil {
		tr.groups = map[string]bool{}
		for _, t := range tr.tokens {
			p := t.Path
			for n := 1; n < len(p); n++ {
				tr.groups["{"+strings.Join(p[:n], ".")+"}"] = true
			}
		}
	}
	return tr.groups[key]
}

// resolve substitutes references in v, t's value, with the referenced
// tokens' values. lenient leaves undefined references as written. Once a
// limit is reached (tooLarge) it makes nothing more.
func (tr *transformer) resolve(t *tokenbuild.Token, v any, lenient bool) any {
	r, _ := tr.resolveSized(t, v, lenient)
	return r
}

// resolveSized is resolve that also returns the size of the value made,
// as valueSize counts it.
func (tr *transformer) resolveSized(t *tokenbuild.Token, v any, lenient bool) (any, int) {
	if tr.fatal != nil {
		return v, 0
	}
	switch x := v.(type) {
	case string:
		return tr.resolveString(t, x, func(_ int, m refs.Match) *tokenbuild.Token {
			t, _ := tr.byKey.Get(m.Key())
			return t
		})
	case []any:
		size := 16 * len(x)
		tr.made += size
		c := make([]any, len(x))
		for i, e := range x {
			var n int
			c[i], n = tr.resolveSized(t, e, lenient)
			size += n
		}
		if size > MaxResolvedValue {
			tr.tooLarge(t, false)
			return v, 0
		}
		return c, size
	case *tokenbuild.Object:
		size := 16 * x.Len()
		tr.made += size
		c := tokenbuild.NewObject()
		x.Range(func(k string, e any) bool {
			r, n := tr.resolveSized(t, e, lenient)
			c.Set(k, r)
			size += len(k) + n
			return true
		})
		if size > MaxResolvedValue {
			tr.tooLarge(t, false)
			return v, 0
		}
		return c, size
	}
	return v, 8
}

// resolveIndexed is resolve for a string whose references name the tokens
// at targets, in order.
func (tr *transformer) resolveIndexed(t *tokenbuild.Token, x string, targets []int32) any {
	r, _ := tr.resolveString(t, x, func(i int, _ refs.Match) *tokenbuild.Token { return tr.tokens[targets[i]] })
	return r
}

// resolveString substitutes the references in x, t's value or part of it,
// with the values of the tokens target gives for them (the i-th reference
// found; nil leaves it as written). A string that is one whole reference
// takes the token's value itself, of any type. It returns the value and
// its size (valueSize). What it makes is counted against MaxResolvedValue
// and MaxResolvedTotal; past either it reports tooLarge and returns x.
func (tr *transformer) resolveString(t *tokenbuild.Token, x string, target func(i int, m refs.Match) *tokenbuild.Token) (any, int) {
	var buf [4]refs.Match
	ms := refs.AppendFind(buf[:0], x)
	if len(ms) == 0 {
		return x, len(x)
	}
	if len(ms) == 1 && ms[0].Start == 0 && ms[0].End == len(x) {
		ref := target(0, ms[0])
		if ref == nil {
			return x, len(x)
		}
		switch v := ref.Value.(type) {
		case string:
			return v, len(v) // shared, not copied
		case *tokenbuild.Object, []any:
			// a copy as large as the value
			n := valueSize(v, MaxResolvedValue)
			if n > MaxResolvedValue {
				tr.tooLarge(t, false)
				return x, 0
			}
			if tr.made += n; tr.made > MaxResolvedTotal {
				tr.tooLarge(t, true)
				return x, 0
			}
			return tokenbuild.CloneValue(v), n
		}
		return ref.Value, 8
	}
	type sub struct {
		text string
		ok   bool
	}
	var subBuf [4]sub
	subs := subBuf[:0]
	size := len(x)
	for i, m := range ms {
		var s sub
		if ref := target(i, m); ref != nil {
			s = sub{js.String(ref.Value), true}
			size += len(s.text) - (m.End - m.Start)
		}
		subs = append(subs, s)
	}
	if size > MaxResolvedValue {
		tr.tooLarge(t, false)
		return x, 0
	}
	out := x
	for i, m := range ms {
		if subs[i].ok {
			out = strings.Replace(out, x[m.Start:m.End], subs[i].text, 1)
			if tr.made += len(out); tr.made > MaxResolvedTotal {
				tr.tooLarge(t, true)
				return x, 0
			}
		}
	}
	return out, size
}

// valueSize is about how many bytes a copy of v takes (its strings' and
// keys' bytes, 16 for each array item and object member and 8 for another
// value), counted only until it passes limit, so that a huge value costs
// no more than limit to measure.
func valueSize(v any, limit int) int {
	n := 0
	var walk func(v any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case string:
			n += len(x)
		case []any:
			n += 16 * len(x)
			for _, e := range x {
				if n > limit || !walk(e) {
					return false
				}
			}
		case *tokenbuild.Object:
			n += 16 * x.Len()
			x.Range(func(k string, e any) bool {
				n += len(k)
				return n <= limit && walk(e)
			})
		default:
			n += 8
		}
		return n <= limit
	}
	walk(v)
	return n
}

// finish applies the platform's transforms to t, as the reference's
// transformToken does. fromRef says the value came from references, so only
// transitive value transforms run on it; valueHasRefs says the value still
// holds references (refs.Uses), so no value transform runs on it.
func (tr *transformer) finish(t *tokenbuild.Token, fromRef, valueHasRefs bool) {
	// One recover per token rather than per hook call: a panicking filter
	// or transform fails the build, naming the hook and the token.
	var current *tokenbuild.Transform
	hook := "transform filter"
	tr.current = t
	defer func() {
		tr.current, tr.currentTransform = nil, nil
		if r := recover(); r != nil {
			tr.fatal = diag.HookError(hook, current.Name, t, fmt.Errorf("panic: %v%s", r, diag.PanicSite()))
			*tr.st(t) = Failed
		}
	}()
	for _, tf := range tr.transforms {
		current, hook = tf, "transform filter"
		tr.currentTransform = tf
		skipValue := tf.Type == tokenbuild.ValueTransform && (valueHasRefs || (fromRef && !tf.Transitive))
		if skipValue && tf.Pure {
			// The value transform is skipped whatever its filter says; a
			// pure filter has no effects, so it need not be asked (a
			// colour filter would parse the referenced token's output).
			continue
		}
		if tf.Filter != nil {
			keep, err := tf.Filter(t, tr.args.Options)
			if err != nil {
				tr.fatal = diag.HookError(hook, tf.Name, t, err)
				*tr.st(t) = Failed
				return
			}
			if !keep {
				continue
			}
		}
		hook = "transform"
		switch tf.Type {
		case tokenbuild.NameTransform:
			if tf == tr.lastName && tr.samePath[tr.pos(t)] {
				t.Name = tr.base[tr.pos(t)].Name
				continue
			}
			name, err := tf.TransformName(t, tr.args) // panics are recovered above
			if err != nil {
				tr.transformError(tf, t, err)
			} else {
				t.Name = name
			}
		case tokenbuild.ValueTransform:
			if skipValue {
				continue
			}
			v, err := tf.TransformValue(t, tr.args)
			if errors.Is(err, tokenbuild.ErrDefer) {
				tr.deferred = append(tr.deferred, t)
				*tr.st(t) = Done
				return
			}
			if err != nil {
				tr.transformError(tf, t, err)
			} else {
				t.Value = v
			}
		case tokenbuild.AttributeTransform:
			// a shared pure attribute transform's result depends only on
			// the token, so platforms share one result per token
			share := tf == tr.sharedAttributes
			if share {
				if a := tr.attributeCache[tr.pos(t)].Load(); a != nil {
					t.Attributes = a
					continue
				}
			}
			o, err := tf.TransformAttributes(t, tr.args)
			if err != nil {
				tr.transformError(tf, t, err)
			} else if o != nil {
				if t.Attributes == nil {
					t.Attributes = o // a transform's result is its own new object
				} else {
					merged := t.Attributes.Clone()
					o.Range(func(k string, e any) bool { merged.Set(k, e); return true })
					t.Attributes = merged
				}
				if share {
					tr.attributeCache[tr.pos(t)].CompareAndSwap(nil, t.Attributes)
				}
			}
		}
		if tr.fatal != nil {
			*tr.st(t) = Failed
			return
		}
	}
	*tr.st(t) = Done
}

// transformError records a transform's error as a grouped warning: the
// token keeps its value, as the reference does.
func (tr *transformer) transformError(tf *tokenbuild.Transform, t *tokenbuild.Token, err error) {
	// An error that says the build cannot go on (a JavaScript transform
	// stopped by Ctrl-C or the memory ceiling, a value it returned that
	// contains itself) fails the build instead.
	var stop interface{ StopsBuild() bool }
	if errors.As(err, &stop) && stop.StopsBuild() {
		if tr.fatal == nil {
			tr.fatal = diag.HookError("transform", tf.Name, t, err)
		}
		return
	}
	tr.transformErrors = append(tr.transformErrors, diag.TokenError(t, "", fmt.Sprintf(
		"transform %q cannot transform the %s value %s: %s",
		tf.Name, js.Typeof(t.Value), diag.ValueForMessage(t.Value), strings.TrimSpace(err.Error()))))
}
