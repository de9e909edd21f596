package textbuf

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// A buffer builds the text written to it; a streaming one hands it on in
// chunks, and what it handed on followed by String is the same text,
// whatever the sizes of the writes.
func TestBufferAndStream(t *testing.T) {
	for _, piece := range []int{1, 7, 1000, chunk - 1, chunk + 3, 3 * chunk} {
		var want strings.Builder
		var built Buffer
		var out bytes.Buffer
		var streamed Buffer
		streamed.Stream(&out)
		built.Grow(10)
		for i := 0; want.Len() < 5*chunk; i++ {
			s := strings.Repeat(string(rune('a'+i%26)), piece)
			want.WriteString(s)
			want.WriteByte('\n')
			want.WriteRune('é')
			for _, b := range []*Buffer{&built, &streamed} {
				b.WriteString(s)
				b.WriteByte('\n')
				b.WriteRune('é')
				b.Spill()
			}
		}
		if built.String() != want.String() {
			t.Fatalf("pieces of %d: built text differs", piece)
		}
		if out.Len() == 0 || streamed.Len() >= chunk+piece+3 {
			t.Fatalf("pieces of %d: %d bytes handed on, %d held", piece, out.Len(), streamed.Len())
		}
		if out.String()+streamed.String() != want.String() || streamed.Err() != nil {
			t.Fatalf("pieces of %d: streamed text differs (%v)", piece, streamed.Err())
		}
	}
}

// Grow keeps what was written and makes room without another copy.
func TestGrow(t *testing.T) {
	var b Buffer
	b.WriteString("abc")
	b.Grow(1 << 20)
	c := b.sb.Cap()
	b.Write(bytes.Repeat([]byte{'x'}, 1<<20))
	if b.sb.Cap() != c || b.String()[:3] != "abc" || b.Len() != 3+1<<20 {
		t.Fatalf("cap %d -> %d, len %d", c, b.sb.Cap(), b.Len())
	}
}

type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	f.n++
	return 0, errors.New("disk full")
}

// The first error writing to the stream is kept; nothing more is written.
func TestStreamError(t *testing.T) {
	var b Buffer
	w := &failing{}
	b.Stream(w)
	for i := 0; i < 4*chunk; i++ {
		b.WriteByte('x')
		b.Spill()
	}
	if b.Err() == nil || w.n != 1 {
		t.Fatalf("err %v after %d writes", b.Err(), w.n)
	}
}

// Since gives the text written after a Mark while the buffer holds it
// all, in a string buffer and in a streaming one, and nothing once part
// of it was handed on.
func TestSince(t *testing.T) {
	var streamed strings.Builder
	var s, b Buffer
	s.Stream(&streamed)
	for _, buf := range []*Buffer{&s, &b} {
		buf.WriteString("head;")
		mark := buf.Mark()
		buf.WriteString("token text")
		if got, ok := buf.Since(mark); !ok || got != "token text" {
			t.Errorf("Since = %q, %v; want the token's text", got, ok)
		}
		buf.Spill()
	}
	mark := s.Mark()
	s.WriteString(strings.Repeat("x", chunk))
	s.Spill() // a chunk: handed on
	s.WriteString("rest")
	if got, ok := s.Since(mark); ok {
		t.Errorf("Since after a spill = %q, want none", got)
	}
	if mark := s.Mark(); len(streamed.String())+s.Len() != mark {
		t.Errorf("Mark = %d, want %d", mark, len(streamed.String())+s.Len())
	}
}
