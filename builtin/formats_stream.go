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

// bufferedTexts is a shape's text for a format that writes a token's
// text with write: the texts go one after the other into buffers of 64 KB,
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

// referencesAreData reports whether a format's outputReferences option
// is data rather than a function, which may make a token's text from
// anything: a file of a format that declares Shape has a shape only then.
func referencesAreData(outputRefs any) bool {
	switch outputRefs.(type) {
	case nil, bool, string, float64:
		return true
	}
	return false
}

// shapeText is a FileShape's Text for a format that writes a token's
// text with write (bufferedTexts).
func shapeText(write func(b *textbuf.Buffer, t *tokenbuild.Token)) func(t *tokenbuild.Token) (string, error) {
	text := bufferedTexts(write)
	return func(t *tokenbuild.Token) (string, error) { return text(t), nil }
}

// joinedFrame is the frame of the tokens' texts with first before the
// first one and sep between each two (nothing when there are no tokens).
func joinedFrame(first string, tokens []*tokenbuild.Token, sep string) tokenbuild.Frame {
	gaps := make([]string, len(tokens)+1)
	if len(tokens) == 0 {
		return tokenbuild.Frame{Gaps: gaps}
	}
	gaps[0] = first
	for i := 1; i < len(tokens); i++ {
		gaps[i] = sep
	}
	return tokenbuild.Frame{Tokens: tokens, Gaps: gaps}
}

// sameFrameAlways is SameFrame for a file whose frame reads nothing of
// its tokens: every token, in the dictionary's order, between the same
// texts.
func sameFrameAlways(_, _ *tokenbuild.Token) bool { return true }
