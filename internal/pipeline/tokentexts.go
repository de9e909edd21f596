package pipeline

import (
	"bufio"
	"context"
	"io"
	"math"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/tokengen/tokengen/tokenbuild"
)

// A resolver build's base keeps, for each file of a format that declares
// TokenTexts, the text the format wrote for each token; the same file of
// another permutation takes the text of every token it shares with the
// base (shareperms.go: the very same transformed token) instead of
// making it again. Only the files are assembled per permutation.
//
// A token's text depends on the token, the tokens its references name and
// the file's options (the format's declaration). A permutation holds the
// base's token only when it loads the same and so does every token its
// references reach, and its file is the base's with another destination
// (the resolver's Plan), so the text is the same. Files with a filter get no
// texts: what a reference shows, and whether it is reported, depends on
// which tokens the filter keeps.
//
// The base keeps, beside the texts, the order a format sorted the file's
// tokens in (tokenbuild.TokenOrder): the permutation's format takes it
// when what its sort reads is the same for every token.

// textTable is the texts of one file of the base, by token position, with
// the token each was made for (a permutation's token at that position
// takes the text only when it is that token). Side by side, so that a
// lookup (in the order of a sorted file, all over the table) reads one
// place.
type textTable []keptText

type keptText struct {
	token *tokenbuild.Token
	// text, or where the file holds it (TokenSplice.KeepAt): start is -1
	// for a text given (Keep); one kept at offsets is read from the file
	// (publish)
	text       string
	start, end int32
}

// keptFile is what the base keeps of one file: its token texts, and the
// order the format sorted the tokens in (tokenbuild.TokenOrder), with
// the tokens it sorted (nil when it kept none).
type keptFile struct {
	table        textTable
	sorted, from []*tokenbuild.Token
	// tokens are the file's tokens, by position; text is the file's
	// whole text when every text of the file was kept at offsets
	// (tokenbuild.TokenSplice), "" otherwise, and the first token's text
	// starts at first and the last one's ends at end. spans are where
	// each token's text starts and ends, by position (-1 for a token the
	// file does not hold), nil when the file cannot be spliced: side by
	// side, as a splice reads them all over the file.
	tokens     []*tokenbuild.Token
	text       string
	first, end int
	spans      []int32
}

// textKeeper is the base's TokenTexts while it formats a file.
type textKeeper struct {
	keptFile
	unsorted bool // a text kept at an offset before the end of the one kept before it
}

func (k *textKeeper) Text(*tokenbuild.Token) (string, bool) { return "", false }

func (k *textKeeper) Keep(t *tokenbuild.Token, text string) {
	if i := int(t.Index); i >= 0 && i < len(k.table) {
		k.table[i] = keptText{token: t, text: text, start: -1, end: -1}
	}
}

// KeepAt keeps the offsets only when they come in the file's order, each
// text after the one before it, so that a splice goes through the file
// once.
func (k *textKeeper) KeepAt(t *tokenbuild.Token, start, end int) {
	i := int(t.Index)
	if i < 0 || i >= len(k.table) || start < 0 || end < start || end > math.MaxInt32 {
		return
	}
	if start < k.end {
		k.unsorted = true
	}
	k.end = end
	k.table[i] = keptText{token: t, start: int32(start), end: int32(end)}
}

// Changed and Splice find nothing to splice from: the base makes its
// files in full.
func (k *textKeeper) Changed() (changed, was []*tokenbuild.Token, ok bool) { return nil, nil, false }

func (k *textKeeper) Splice(io.Writer, string, string, func(*tokenbuild.Token) string) (bool, error) {
	return false, nil
}

// publish is what the base keeps of the file once its format wrote it:
// the texts kept at offsets, read from the file's text (asked for only
// when there are such), and that text, for splicing, when every text of
// the file is kept so. Offsets out of the file's order, or past its end,
// keep nothing: the permutations make those texts again.
func (k *textKeeper) publish(textOf func() string) *keptFile {
	if k.end == 0 {
		return &k.keptFile
	}
	text := ""
	if !k.unsorted {
		text = textOf()
	}
	if k.unsorted || k.end > len(text) {
		for i, e := range k.table {
			if e.start >= 0 {
				k.table[i] = keptText{}
			}
		}
		return &k.keptFile
	}
	k.first = len(text)
	whole := true
	spans := make([]int32, 2*len(k.table))
	for i := range k.table {
		e := &k.table[i]
		switch {
		case e.token == nil:
			spans[2*i], spans[2*i+1] = -1, -1 // a token the format did not write (android/colors writes only colours)
		case e.start < 0:
			whole = false // a text given, not found in the file
		default:
			e.text = text[e.start:e.end]
			k.first = min(k.first, int(e.start))
			spans[2*i], spans[2*i+1] = e.start, e.end
		}
	}
	if whole {
		k.text, k.spans = text, spans
	}
	return &k.keptFile
}

// KeepOrder keeps the order only when from lists the tokens by position,
// as the table does.
func (k *textKeeper) KeepOrder(sorted, from []*tokenbuild.Token) {
	if len(from) != len(k.table) || len(sorted) != len(from) {
		return
	}
	for i, t := range from {
		if int(t.Index) != i {
			return
		}
	}
	for _, t := range sorted {
		if i := int(t.Index); i < 0 || i >= len(from) || from[i] != t {
			return
		}
	}
	k.sorted, k.from = sorted, from
}

func (k *textKeeper) KeptOrder() (sorted, from []*tokenbuild.Token) { return nil, nil }

// textReader is a permutation's TokenTexts: the base's texts, and the
// base's file to splice (tokenbuild.TokenSplice).
type textReader struct {
	kept   *keptFile
	tokens []*tokenbuild.Token // the file's tokens
	// changed are the positions of the tokens that are not the base's,
	// found by Changed
	changed []int
}

func (r *textReader) Text(t *tokenbuild.Token) (string, bool) {
	table := r.kept.table
	i := int(t.Index)
	if i < 0 || i >= len(table) || table[i].token != t {
		return "", false
	}
	return table[i].text, true
}

func (*textReader) Keep(*tokenbuild.Token, string) {}

func (r *textReader) KeptOrder() (sorted, from []*tokenbuild.Token) {
	return r.kept.sorted, r.kept.from
}

func (*textReader) KeepOrder(sorted, from []*tokenbuild.Token) {}

func (*textReader) KeepAt(*tokenbuild.Token, int, int) {}

// Changed compares the tokens with the base's by identity: a token is
// the base's when the permutation shares its transformed token
// (shareperms.go), and its text is then the base's.
func (r *textReader) Changed() (changed, was []*tokenbuild.Token, ok bool) {
	k := r.kept
	if k.spans == nil || len(r.tokens) != len(k.tokens) {
		return nil, nil, false
	}
	n := 0 // counted first: the lists are made at their size
	for i, t := range r.tokens {
		if t != k.tokens[i] {
			n++
		}
	}
	r.changed = make([]int, 0, n)
	for i, t := range r.tokens {
		if t != k.tokens[i] {
			r.changed = append(r.changed, i)
		}
	}
	changed = make([]*tokenbuild.Token, len(r.changed))
	was = make([]*tokenbuild.Token, len(r.changed))
	for j, i := range r.changed {
		changed[j], was[j] = r.tokens[i], k.tokens[i]
	}
	return changed, was, true
}

func (r *textReader) Splice(w io.Writer, head, tail string, text func(*tokenbuild.Token) string) (bool, error) {
	k := r.kept
	if k.spans == nil {
		return false, nil
	}
	base := k.text
	at := r.changed // put in the file's order
	spans := k.spans
	slices.SortFunc(at, func(a, b int) int { return int(spans[2*a] - spans[2*b]) })
	bw := bufio.NewWriterSize(w, 64<<10) // the pieces are short: one write each would be a system call each
	last := 0
	if head != "" {
		bw.WriteString(head)
		last = k.first
	}
	end := len(base)
	if tail != "" {
		end = k.end
	}
	for _, i := range at {
		start := int(spans[2*i])
		if start < 0 {
			continue // not in the base's file, nor in this one (the format checked)
		}
		bw.WriteString(base[last:start])
		bw.WriteString(text(r.tokens[i]))
		last = int(spans[2*i+1])
	}
	bw.WriteString(base[last:end])
	bw.WriteString(tail)
	return true, bw.Flush()
}

var (
	_ tokenbuild.TokenSplice = (*textKeeper)(nil)
	_ tokenbuild.TokenSplice = (*textReader)(nil)
	_ tokenbuild.TokenOrder  = (*textKeeper)(nil)
	_ tokenbuild.TokenOrder  = (*textReader)(nil)
)

// textSlot is where the base publishes a file's texts once the file is
// formatted.
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

// tokenTexts is the TokenTexts for the file at position fi of platform p,
// formatted with format over tokens, and, for the base, what publishes
// them once the file is formatted, given its text (nil when none).
func (in *Instance) tokenTexts(ctx context.Context, p *tokenbuild.Platform, fi int, format *tokenbuild.Format, hasFilter bool, tokens []*tokenbuild.Token) (tokenbuild.TokenTexts, func(text func() string)) {
	if !format.TokenTexts || hasFilter {
		return nil, nil
	}
	switch {
	case len(in.perms) > 0:
		// the base, for a file another permutation has too
		// (the resolver's Plan keeps the base's files at their places)
		for _, q := range in.perms {
			if slices.Contains(q.FileIndex[p.Name], fi) {
				k := &textKeeper{keptFile: keptFile{table: make(textTable, len(tokens)), tokens: tokens}}
				slot := in.textSlot(p.Name, fi)
				return k, func(text func() string) { slot.Store(k.publish(text)) }
			}
		}
	case in.permBase != nil && in.sameAsBase() != nil:
		index := in.fileIndex[p.Name]
		if fi >= len(index) {
			return nil, nil
		}
		// The base publishes a file's texts once it has formatted it, and
		// the first permutation may be formatting at the same time: it
		// waits for the base's platform (formatting every token again
		// costs more than the wait, whose core formats the base).
		if ch := in.permBase.base.formatted[p.Name]; ch != nil {
			select {
			case <-ch:
			case <-ctx.Done():
				return nil, nil
			}
		}
		if kept := in.permBase.base.textSlot(p.Name, index[fi]).Load(); kept != nil && len(kept.table) == len(tokens) {
			return &textReader{kept: kept, tokens: tokens}, nil
		}
	}
	return nil, nil
}
