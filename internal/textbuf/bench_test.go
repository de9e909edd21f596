package textbuf

import (
	"strings"
	"testing"
)

var sink string

// BenchmarkShort builds a short text and takes its String, as the formats'
// helpers do once per token (PropertyFormatter, androidEntry, jsonQuote,
// jsprint.SimpleAssignment).
func BenchmarkShort(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var t Buffer
		t.Grow(48)
		t.WriteString("export const ")
		t.WriteString("colorBrandPrimary500")
		t.WriteString(" = ")
		t.WriteByte('"')
		t.WriteString("#0a84ff")
		t.WriteByte('"')
		t.WriteByte(';')
		sink = t.String()
	}
}

// benchLines is a format's output: 40,000 declaration lines, about 2 MB,
// a seventh of the bench set's 50,000-token output.
var benchLines = func() []string {
	lines := make([]string, 40000)
	for i := range lines {
		lines[i] = "  --color-brand-primary-" + strings.Repeat("x", i%16) + ": var(--color-base-blue-500);"
	}
	return lines
}()

// writeLines writes benchLines into t as the built-in formats do: sized
// for the first lines, grown for the rest after a sample (growForRest),
// a chance to spill after every line.
func writeLines(t *Buffer) {
	t.Grow(64 * 64)
	for i, l := range benchLines {
		if i > 0 {
			t.WriteByte('\n')
		}
		t.WriteString(l)
		if i == 63 {
			t.Grow(t.Len() / 64 * (len(benchLines) - 64) * 2)
		}
		t.Spill()
	}
	t.WriteByte('\n')
}

// BenchmarkWhole builds a whole output in memory (FormatPlatform, or a
// file that exists already and is compared with it) and takes its String.
func BenchmarkWhole(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var t Buffer
		writeLines(&t)
		sink = t.String()
	}
}

type discard struct{ n int }

func (d *discard) Write(p []byte) (int, error) {
	d.n += len(p)
	return len(p), nil
}

// BenchmarkStream streams an output to its staged file (here a writer
// that keeps nothing) and takes what is left, as a build writing a new
// file does.
func BenchmarkStream(b *testing.B) {
	b.ReportAllocs()
	var d discard
	for b.Loop() {
		var t Buffer
		t.Stream(&d)
		writeLines(&t)
		sink = t.String()
	}
}
