package pipeline

import (
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

// textKeeper is the base's TokenTexts while it formats a file.
type textKeeper struct{ table textTable }

func (k *textKeeper) Text(*tokenbuild.Token) (string, bool) { return "", false }

func (k *textKeeper) Keep(t *tokenbuild.Token, text string) {
	i := int(t.Index)
	if i < 0 || i >= len(k.table) {
		return
	}
	k.table[i] = keptText{t, text}
}

// textReader is a permutation's TokenTexts: the base's texts.
type textReader struct{ table *textTable }

func (r textReader) Text(t *tokenbuild.Token) (string, bool) {
	i := int(t.Index)
	if i < 0 || i >= len(*r.table) || (*r.table)[i].token != t {
		return "", false
	}
	return (*r.table)[i].text, true
}

func (textReader) Keep(*tokenbuild.Token, string) {}

// textSlot is where the base publishes a file's texts once the file is
// formatted.
type textSlot = atomic.Pointer[textTable]

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
func (in *Instance) tokenTexts(p *tokenbuild.Platform, fi int, format *tokenbuild.Format, hasFilter bool, tokens []*tokenbuild.Token) (tokenbuild.TokenTexts, func()) {
	if !format.TokenTexts || hasFilter {
		return nil, nil
	}
	switch {
	case len(in.perms) > 0:
		// the base, for a file another permutation has too
		// (planPermutations keeps the base's files at their places)
		for _, q := range in.perms {
			if slices.Contains(q.fileIndex[p.Name], fi) {
				k := &textKeeper{table: make(textTable, len(tokens))}
				slot := in.textSlot(p.Name, fi)
				return k, func() { slot.Store(&k.table) }
			}
		}
	case in.permBase != nil && in.sameAsBase() != nil:
		index := in.fileIndex[p.Name]
		if fi >= len(index) {
			return nil, nil
		}
		if t := in.permBase.base.textSlot(p.Name, index[fi]).Load(); t != nil && len(*t) == len(tokens) {
			return textReader{t}, nil
		}
	}
	return nil, nil
}
