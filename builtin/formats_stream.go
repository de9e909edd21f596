package builtin

import (
	"context"
	"io"
	"strings"

	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// streamingFormat is a format that can hand its text on as it goes: it
// writes the start of the text to stream (when stream is not nil) and
// returns the rest, which the caller writes after it; without a stream it
// returns the whole text. A long file is then never held whole in memory.
// formatOf and writeOf make it a Format's Format and Write, which give the
// same text.
type streamingFormat func(ctx context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error)

// formatOf is f returning the whole text.
func formatOf(f streamingFormat) func(context.Context, *tokenbuild.FormatArgs) (string, error) {
	return func(ctx context.Context, args *tokenbuild.FormatArgs) (string, error) {
		return f(ctx, args, nil)
	}
}

// writeOf is f writing the whole text to w.
func writeOf(f streamingFormat) func(context.Context, *tokenbuild.FormatArgs, io.Writer) error {
	return func(ctx context.Context, args *tokenbuild.FormatArgs, w io.Writer) error {
		rest, err := f(ctx, args, w)
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, rest)
		return err
	}
}

// tokenTexts is FormatArgs.Texts as the formats that declare TokenTexts
// use it: a nil one finds nothing and keeps nothing.
type tokenTexts struct{ tokenbuild.TokenTexts }

func (t tokenTexts) Text(tok *tokenbuild.Token) (string, bool) {
	if t.TokenTexts == nil {
		return "", false
	}
	return t.TokenTexts.Text(tok)
}

// keepSince keeps what b holds since mark as tok's text: b holds the
// file's whole text from its first byte, so its marks are the file's
// offsets (tokenbuild.TokenSplice), and otherwise the text itself, when
// b still holds all of it.
func (t tokenTexts) keepSince(tok *tokenbuild.Token, b *textbuf.Buffer, mark int) {
	if sp, ok := t.TokenTexts.(tokenbuild.TokenSplice); ok {
		sp.KeepAt(tok, mark, b.Mark())
	} else if t.TokenTexts != nil {
		if text, ok := b.Since(mark); ok {
			t.TokenTexts.Keep(tok, text)
		}
	}
}

// splices reports whether the texts are kept at offsets (TokenSplice).
func (t tokenTexts) splices() bool {
	_, ok := t.TokenTexts.(tokenbuild.TokenSplice)
	return ok
}

// splice makes the file from the base's (tokenbuild.TokenSplice) when
// same says that every changed token stands where the base's token did
// (what is between the tokens' texts then being the base's): head, the
// base's tokens' texts with text(t) for each changed token, and tail
// ("" for the base's), written to stream, or returned when stream is
// nil. done is false when the file cannot be spliced, nothing written.
func (t tokenTexts) splice(stream io.Writer, head, tail string, same func(changed, was []*tokenbuild.Token) bool, text func(t *tokenbuild.Token) string) (done bool, rest string, err error) {
	sp, ok := t.TokenTexts.(tokenbuild.TokenSplice)
	if !ok {
		return false, "", nil
	}
	changed, was, ok := sp.Changed()
	if !ok || !same(changed, was) {
		return false, "", nil
	}
	if stream != nil {
		done, err = sp.Splice(stream, head, tail, text)
		return done, "", err
	}
	var b strings.Builder
	done, err = sp.Splice(&b, head, tail, text)
	return done, b.String(), err
}

// bufferedTexts is splice's text for a format that writes a token's text
// with write: the texts go one after the other into buffers of 64 KB,
// each one's string part of a buffer rather than a copy. A full buffer is
// left as it is and a new one started: growing one would copy the texts.
func bufferedTexts(write func(b *textbuf.Buffer, t *tokenbuild.Token)) func(t *tokenbuild.Token) string {
	const size = 64 << 10
	texts := &textbuf.Buffer{}
	return func(t *tokenbuild.Token) string {
		if texts.Len() > size-size/8 {
			texts = &textbuf.Buffer{}
		}
		if texts.Len() == 0 {
			texts.Grow(size)
		}
		mark := texts.Mark()
		write(texts, t)
		s, _ := texts.Since(mark)
		return s
	}
}

// dataTexts is texts for a format whose outputReferences option is
// outputRefs: none when that is a function, which may make a token's text
// from anything.
func dataTexts(texts tokenbuild.TokenTexts, outputRefs any) tokenTexts {
	switch outputRefs.(type) {
	case nil, bool, string, float64:
		return tokenTexts{texts}
	}
	return tokenTexts{}
}
