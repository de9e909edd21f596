package pipeline

import (
	"bufio"
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Files made from their format's shape (tokenbuild.FileShape) in a
// resolver build. The base makes each file another permutation has too
// from its shape, and keeps the texts and the frame; the same file of
// another permutation takes the text of every token it shares with the
// base (shareperms.go: the very same transformed token) instead of asking
// the format, and the base's frame when the format says the tokens it
// does not share leave it as it was (SameFrame). Only the tokens a theme
// changes are formatted again, and only the file is assembled.
//
// A token's text depends on the token, the tokens its references name
// and the file's options (the format's promise). A permutation holds the
// base's token only when it loads the same and so does every token its
// references reach, and its file is the base's with another destination
// (planPermutations), so the text is the same. Files with a filter or
// with contexts are not made from a shape: what a reference shows, and
// whether it is reported, depends on which tokens the filter keeps, and a
// context writes tokens in forms of its own. Nor is a file whose shape
// warns or fails: Format or Write then makes it, and reports what it
// reports, as without a shape.

// keptFile is what the base keeps of a file it made from its shape.
type keptFile struct {
	tokens []*tokenbuild.Token // the file's tokens, by position
	// texts are the tokens' texts by position ("" for a token the file
	// does not write); order is the positions of those it writes, in
	// the file's order, and gaps the frame's texts around theirs
	texts []string
	order []int32
	gaps  []string
	// sameFrame is the format's SameFrame: nil when another
	// permutation never takes the frame
	sameFrame func(was, now *tokenbuild.Token) bool
}

// shapedFile is a file to make from its format's shape: the base's part
// (keep, to publish what it made) or another permutation's (kept, what
// the base published).
type shapedFile struct {
	shape  *tokenbuild.FileShape
	tokens []*tokenbuild.Token
	// positions finds a token's position among tokens
	positions func(t *tokenbuild.Token) (int, bool)
	kept      *keptFile
	keep      *textSlot
	warned    *atomic.Bool // the shape warned: the file is formatted instead
}

// textSlot is where the base publishes a file's texts once the file is
// made.
type textSlot = atomic.Pointer[keptFile]

// textSlot finds the slot of the file at position fi of platform name in
// the base's config.
func (in *Instance) textSlot(name string, fi int) *textSlot {
	key := name + "\x00" + strconv.Itoa(fi)
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.texts == nil {
		in.texts = map[string]*textSlot{}
	}
	s, ok := in.texts[key]
	if !ok {
		s = &textSlot{}
		in.texts[key] = s
	}
	return s
}

// shapedFile is the file at position fi of platform p to make from its
// format's shape, nil when it is made by Format or Write: outside a
// resolver build's permutations, for a file only one permutation has,
// with a filter, and when the format declares no shape or none for this
// file. args are the format's, with contexts and a Warn of their own.
func (in *Instance) shapedFile(ctx context.Context, p *tokenbuild.Platform, fi int, format *tokenbuild.Format, hasFilter bool, args tokenbuild.FormatArgs) *shapedFile {
	if format.Shape == nil || hasFilter || len(args.Contexts) > 0 {
		return nil
	}
	tokens := args.Dictionary.AllTokens
	sf := &shapedFile{tokens: tokens, warned: &atomic.Bool{}}
	switch {
	case len(in.perms) > 0:
		// the base, for a file another permutation has too
		// (planPermutations keeps the base's files at their places)
		shared := false
		for _, q := range in.perms {
			shared = shared || slices.Contains(q.fileIndex[p.Name], fi)
		}
		if !shared {
			return nil
		}
		sf.keep = in.textSlot(p.Name, fi)
	case in.permBase != nil && in.sameAsBase() != nil:
		index := in.fileIndex[p.Name]
		if fi >= len(index) {
			return nil
		}
		// The base publishes a file's texts once it has made it, and the
		// first permutation may be formatting at the same time: it waits
		// for the base's platform (formatting every token again costs
		// more than the wait, whose core formats the base).
		if ch := in.permBase.base.formatted[p.Name]; ch != nil {
			select {
			case <-ch:
			case <-ctx.Done():
				return nil
			}
		}
		sf.kept = in.permBase.base.textSlot(p.Name, index[fi]).Load()
		if sf.kept == nil || len(sf.kept.tokens) != len(tokens) {
			return nil
		}
	default:
		return nil
	}
	warned := sf.warned
	args.Warn = func(tokenbuild.Warning) { warned.Store(true) }
	shape, err := guardedShape(ctx, format, &args)
	if err != nil || shape == nil || shape.Text == nil || shape.Frame == nil || warned.Load() {
		return nil
	}
	sf.shape = shape
	sf.positions = positionsIn(args.Dictionary)
	return sf
}

// guardedShape is format.Shape; a panic is the format's failure, which
// Format or Write then reports.
func guardedShape(ctx context.Context, format *tokenbuild.Format, args *tokenbuild.FormatArgs) (shape *tokenbuild.FileShape, err error) {
	if perr := guard(func() { shape, err = format.Shape(ctx, args) }); perr != nil {
		return nil, perr
	}
	return shape, err
}

// positionsIn finds tokens by position in the dictionary: through its key
// index, which the engine made with their positions, or a table of its
// own for a dictionary made otherwise.
func positionsIn(d *tokenbuild.Dictionary) func(t *tokenbuild.Token) (int, bool) {
	if m, ok := d.TokenMap.(*tokenindex.Map); ok && m.Len() == len(d.AllTokens) {
		return m.PositionOf
	}
	at := make(map[*tokenbuild.Token]int, len(d.AllTokens))
	for i, t := range d.AllTokens {
		at[t] = i
	}
	return func(t *tokenbuild.Token) (int, bool) { i, ok := at[t]; return i, ok }
}

// pieces are a file's texts in its order, its frame's gaps around them,
// and its head and tail.
type pieces struct {
	head, tail  string
	texts, gaps []string
	order       []int32 // the texts' positions
}

// make assembles the file's pieces: ok is false when the shape failed or
// warned (the file is then formatted instead). Every text is made before
// anything is written, so that a file is written whole or not at all.
func (sf *shapedFile) make() (pc pieces, ok bool) {
	perr := guard(func() { pc, ok = sf.assemble() })
	if perr != nil || sf.warned.Load() {
		return pieces{}, false
	}
	return pc, ok
}

func (sf *shapedFile) assemble() (pieces, bool) {
	if pc, ok := sf.spliced(); ok {
		return pc, true
	}
	frame, err := sf.shape.Frame()
	if err != nil || len(frame.Gaps) != len(frame.Tokens)+1 {
		return pieces{}, false
	}
	pc := pieces{head: sf.shape.Head, tail: sf.shape.Tail, texts: make([]string, len(frame.Tokens)), gaps: frame.Gaps, order: make([]int32, len(frame.Tokens))}
	for k, t := range frame.Tokens {
		i, ok := sf.positions(t)
		if !ok {
			return pieces{}, false // a token the dictionary does not have
		}
		pc.order[k] = int32(i)
		if sf.kept != nil && sf.kept.tokens[i] == t && sf.kept.texts[i] != "" {
			pc.texts[k] = sf.kept.texts[i]
			continue
		}
		if pc.texts[k], err = sf.shape.Text(t); err != nil {
			return pieces{}, false
		}
	}
	return pc, true
}

// spliced is the base's file with the texts of the tokens this
// permutation does not share with it, when each of them leaves the
// base's frame as it was.
func (sf *shapedFile) spliced() (pieces, bool) {
	k := sf.kept
	if k == nil || k.sameFrame == nil {
		return pieces{}, false
	}
	for i, t := range sf.tokens {
		if was := k.tokens[i]; t != was && !k.sameFrame(was, t) {
			return pieces{}, false
		}
	}
	pc := pieces{head: sf.shape.Head, tail: sf.shape.Tail, texts: make([]string, len(k.order)), gaps: k.gaps, order: k.order}
	for j, i := range k.order {
		t := sf.tokens[i]
		if t == k.tokens[i] {
			pc.texts[j] = k.texts[i]
			continue
		}
		text, err := sf.shape.Text(t)
		if err != nil {
			return pieces{}, false
		}
		pc.texts[j] = text
	}
	return pc, true
}

// publish keeps the base's pieces for the other permutations.
func (sf *shapedFile) publish(pc pieces) {
	if sf.keep == nil {
		return
	}
	texts := make([]string, len(sf.tokens))
	for j, i := range pc.order {
		texts[i] = pc.texts[j]
	}
	sf.keep.Store(&keptFile{tokens: sf.tokens, texts: texts, order: pc.order, gaps: pc.gaps, sameFrame: sf.shape.SameFrame})
}

// size is the length of the file's text.
func (pc pieces) size() int {
	n := len(pc.head) + len(pc.tail)
	for _, s := range pc.texts {
		n += len(s)
	}
	for _, s := range pc.gaps {
		n += len(s)
	}
	return n
}

// writeTo writes the file: the head, gaps[0], each text and the gap
// after it, and the tail.
func (pc pieces) writeTo(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10) // the pieces are short: one write each would be a system call each
	bw.WriteString(pc.head)
	bw.WriteString(pc.gaps[0])
	for k, s := range pc.texts {
		bw.WriteString(s)
		bw.WriteString(pc.gaps[k+1])
	}
	bw.WriteString(pc.tail)
	return bw.Flush()
}

// String is the file's text.
func (pc pieces) String() string {
	var b strings.Builder
	b.Grow(pc.size())
	pc.writeTo(&b)
	return b.String()
}
