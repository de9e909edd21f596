package pipeline

import (
	"bufio"
	"context"
	"io"
	"math"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/tokengen/tokengen/internal/diag"
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
	// text is the base's file, and the text of the token at position i
	// is text[spans[2*i]:spans[2*i+1]] (-1, -1 for a token the file does
	// not write: side by side, as a splice reads them all over the
	// file); the frame is text[bodyStart:bodyEnd], between the head and
	// the tail
	text               string
	spans              []int32
	bodyStart, bodyEnd int
	// sameFrame is the format's SameFrame: nil when another
	// permutation never takes the frame
	sameFrame func(was, now *tokenbuild.Token) bool
}

// textAt is the text of the token at position i, if the file writes it.
func (k *keptFile) textAt(i int32) (string, bool) {
	start := k.spans[2*i]
	if start < 0 {
		return "", false
	}
	return k.text[start:k.spans[2*i+1]], true
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

// shapedFile is the file at position fi of platform p to make from its
// format's shape, nil when it is made by Format or Write: outside a
// resolver build's permutations, for a file only one permutation has,
// with a filter, and when the format declares no shape or none for this
// file. args are the format's, with contexts and a Warn of their own.
func (in *Instance) shapedFile(ctx context.Context, p *tokenbuild.Platform, fi int, format *tokenbuild.Format, hasFilter bool, args tokenbuild.FormatArgs, part *runPart) *shapedFile {
	if format.Shape == nil || hasFilter || len(args.Contexts) > 0 {
		return nil
	}
	tokens := args.Dictionary.AllTokens
	sf := &shapedFile{tokens: tokens, warned: &atomic.Bool{}}
	node := part.fileNode(p.Name, fi)
	if node < 0 {
		return nil
	}
	switch from := part.run.plan.Nodes[node].From; {
	case part.run.taken[node]:
		// the own permutation's file, which other permutations' files
		// take their unchanged tokens' texts from
		sf.keep = &part.run.texts[node]
	case from >= 0 && in.permBase != nil && in.sameAsBase() != nil:
		// The file it takes from publishes its texts once made, and may
		// be formatting at the same time: wait for it (formatting every
		// token again costs more than the wait, whose core makes it).
		select {
		case <-part.run.done[from]:
		case <-ctx.Done():
			return nil
		}
		sf.kept = part.run.texts[from].Load()
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
	if perr := diag.Guard(func() { shape, err = format.Shape(ctx, args) }); perr != nil {
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

// pieces are a file's parts: its own head and tail, and between them
// either the base's frame and texts with the texts of the tokens the
// file does not share put in place (spliced), or a frame of its own
// with the texts the base has for the tokens it shares.
type pieces struct {
	head, tail string
	kept       *keptFile
	tokens     []*tokenbuild.Token
	// spliced: the positions of the tokens not shared that the file
	// writes, in the base file's order
	spliced bool
	changed []int32
	// a frame of its own: its gaps, and the positions of the tokens it
	// writes in its order
	gaps  []string
	order []int32
	// fresh are the texts made for this file, in its order: those of
	// changed, or of the tokens of order the base gives none of
	fresh []string
	// made is the base's file, made whole (makeBase)
	made *keptFile
}

// shared reports whether the token at position i has the base's text.
func (pc *pieces) shared(i int32) bool {
	return pc.kept != nil && pc.tokens[i] == pc.kept.tokens[i] && pc.kept.spans[2*i] >= 0
}

// make assembles the file's pieces: ok is false when the shape failed or
// warned (the file is then formatted instead). Every text is made before
// anything is written, so that a file is written whole or not at all.
func (sf *shapedFile) make() (pc *pieces, ok bool) {
	perr := diag.Guard(func() { pc, ok = sf.assemble() })
	if perr != nil || sf.warned.Load() {
		return nil, false
	}
	return pc, ok
}

// assemble is the base's file with the texts of the tokens this
// permutation does not share with it, when each of them leaves the
// base's frame as it was; otherwise the file's own frame, with the
// base's texts of the tokens it shares.
func (sf *shapedFile) assemble() (*pieces, bool) {
	pc := &pieces{head: sf.shape.Head, tail: sf.shape.Tail, tokens: sf.tokens, kept: sf.kept}
	if k := sf.kept; k != nil && sf.sameFrame() {
		pc.spliced = true
		for i, t := range sf.tokens {
			if t != k.tokens[i] && k.spans[2*i] >= 0 {
				pc.changed = append(pc.changed, int32(i))
			}
		}
		slices.SortFunc(pc.changed, func(a, b int32) int { return int(k.spans[2*a] - k.spans[2*b]) })
		return pc, sf.makeFresh(pc, pc.changed)
	}
	frame, err := sf.shape.Frame()
	if err != nil || len(frame.Gaps) != len(frame.Tokens)+1 {
		return nil, false
	}
	pc.gaps, pc.order = frame.Gaps, make([]int32, len(frame.Tokens))
	for k, t := range frame.Tokens {
		i, ok := sf.positions(t)
		if !ok {
			return nil, false // a token the dictionary does not have
		}
		pc.order[k] = int32(i)
	}
	if sf.keep != nil {
		return pc, sf.makeBase(pc)
	}
	return pc, sf.makeFresh(pc, pc.order)
}

// sameFrame reports whether the base's frame holds for this
// permutation's file: every token it does not share leaves it as it was.
func (sf *shapedFile) sameFrame() bool {
	k := sf.kept
	if k.sameFrame == nil {
		return false
	}
	for i, t := range sf.tokens {
		if was := k.tokens[i]; t != was && !k.sameFrame(was, t) {
			return false
		}
	}
	return true
}

// makeFresh asks for the texts of the tokens at positions that the base
// does not give.
func (sf *shapedFile) makeFresh(pc *pieces, positions []int32) bool {
	for _, i := range positions {
		if pc.shared(i) {
			continue
		}
		text, err := sf.shape.Text(pc.tokens[i])
		if err != nil {
			return false
		}
		pc.fresh = append(pc.fresh, text)
	}
	return true
}

// each calls f with each piece of the file in its order.
func (pc *pieces) each(f func(s string)) {
	if pc.made != nil {
		f(pc.made.text)
		return
	}
	f(pc.head)
	if pc.spliced {
		k := pc.kept
		last := k.bodyStart
		for j, i := range pc.changed {
			f(k.text[last:k.spans[2*i]])
			f(pc.fresh[j])
			last = int(k.spans[2*i+1])
		}
		f(k.text[last:k.bodyEnd])
		f(pc.tail)
		return
	}
	f(pc.gaps[0])
	next := 0
	for g, i := range pc.order {
		if pc.shared(i) {
			text, _ := pc.kept.textAt(i)
			f(text)
		} else {
			f(pc.fresh[next])
			next++
		}
		f(pc.gaps[g+1])
	}
	f(pc.tail)
}

// writeTo writes the file.
func (pc *pieces) writeTo(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10) // the pieces are short: one write each would be a system call each
	pc.each(func(s string) { bw.WriteString(s) })
	return bw.Flush()
}

// String is the file's text.
func (pc *pieces) String() string {
	n := 0
	pc.each(func(s string) { n += len(s) })
	var b strings.Builder
	b.Grow(n)
	pc.each(func(s string) { b.WriteString(s) })
	return b.String()
}

// publish keeps the base's file for the other permutations, and returns
// its text.
func (sf *shapedFile) publish(pc *pieces) string {
	k := pc.made
	k.sameFrame = sf.shape.SameFrame
	sf.keep.Store(k)
	return k.text
}

// makeBase makes the base's file: its text, written as the texts are
// made, and where each token's text is in it.
func (sf *shapedFile) makeBase(pc *pieces) bool {
	k := &keptFile{tokens: sf.tokens, spans: make([]int32, 2*len(sf.tokens))}
	for i := range k.spans {
		k.spans[i] = -1
	}
	var b strings.Builder
	const sample = 64 // texts written before the builder is sized for the rest
	b.Grow(len(pc.head) + 64*min(len(pc.order), sample) + len(pc.tail))
	b.WriteString(pc.head)
	b.WriteString(pc.gaps[0])
	for g, i := range pc.order {
		if g == sample {
			// twice the sample's average for each text to come: growing
			// again would copy the file, and room never written is never
			// touched
			b.Grow((b.Len()-len(pc.head))/sample*2*(len(pc.order)-sample) + len(pc.tail))
		}
		text, err := sf.shape.Text(sf.tokens[i])
		if err != nil {
			return false
		}
		k.spans[2*i] = int32(b.Len())
		b.WriteString(text)
		k.spans[2*i+1] = int32(b.Len())
		b.WriteString(pc.gaps[g+1])
		if b.Len() > math.MaxInt32-len(pc.tail) {
			return false // offsets past int32: the file is formatted instead
		}
	}
	b.WriteString(pc.tail)
	k.text = b.String()
	k.bodyStart, k.bodyEnd = len(pc.head), len(k.text)-len(pc.tail)
	pc.made = k
	return true
}
