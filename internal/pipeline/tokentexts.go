package pipeline

import (
	"context"
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
// (planPermutations), so the text is the same. Files with a filter get no
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
	text  string
}

// keptFile is what the base keeps of one file: its token texts, and the
// order the format sorted the tokens in (tokenbuild.TokenOrder), with
// the tokens it sorted (nil when it kept none).
type keptFile struct {
	table        textTable
	sorted, from []*tokenbuild.Token
}

// textKeeper is the base's TokenTexts while it formats a file.
type textKeeper struct{ keptFile }

func (k *textKeeper) Text(*tokenbuild.Token) (string, bool) { return "", false }

func (k *textKeeper) Keep(t *tokenbuild.Token, text string) {
	i := int(t.Index)
	if i < 0 || i >= len(k.table) {
		return
	}
	k.table[i] = keptText{t, text}
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

// textReader is a permutation's TokenTexts: the base's texts.
type textReader struct{ kept *keptFile }

func (r textReader) Text(t *tokenbuild.Token) (string, bool) {
	table := r.kept.table
	i := int(t.Index)
	if i < 0 || i >= len(table) || table[i].token != t {
		return "", false
	}
	return table[i].text, true
}

func (textReader) Keep(*tokenbuild.Token, string) {}

func (r textReader) KeptOrder() (sorted, from []*tokenbuild.Token) { return r.kept.sorted, r.kept.from }

func (textReader) KeepOrder(sorted, from []*tokenbuild.Token) {}

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
// them once the file is formatted (nil when none).
func (in *Instance) tokenTexts(ctx context.Context, p *tokenbuild.Platform, fi int, format *tokenbuild.Format, hasFilter bool, tokens []*tokenbuild.Token) (tokenbuild.TokenTexts, func()) {
	if !format.TokenTexts || hasFilter {
		return nil, nil
	}
	switch {
	case len(in.perms) > 0:
		// the base, for a file another permutation has too
		// (planPermutations keeps the base's files at their places)
		for _, q := range in.perms {
			if slices.Contains(q.fileIndex[p.Name], fi) {
				k := &textKeeper{keptFile{table: make(textTable, len(tokens))}}
				slot := in.textSlot(p.Name, fi)
				return k, func() { slot.Store(&k.keptFile) }
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
			return textReader{kept}, nil
		}
	}
	return nil, nil
}
