package builtin

import (
	"context"
	"io"

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

// keepSince keeps the text b holds since mark as tok's, when b still
// holds all of it.
func (t tokenTexts) keepSince(tok *tokenbuild.Token, b *textbuf.Buffer, mark int) {
	if t.TokenTexts == nil {
		return
	}
	if text, ok := b.Since(mark); ok {
		t.TokenTexts.Keep(tok, text)
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
