package goja

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// ropeOf joins parts with the + operator's concatenation, left to right, the
// way a loop of `out += part` does.
func ropeOf(parts ...string) String {
	var s String = stringEmpty
	for _, part := range parts {
		s = concatForAdd(s, newStringValue(part))
	}
	return s
}

func TestRopeConcatenationMatchesFlatStrings(t *testing.T) {
	line := strings.Repeat("x", 100) + "\n"
	cases := map[string][]string{
		"ascii":               {line, line, line, line},
		"unicode then ascii":  {"é" + line, line, line},
		"ascii then unicode":  {line, line, "😀" + line},
		"astral across parts": {strings.Repeat("a", 300), "😀", strings.Repeat("b", 300)},
		"imported":            {strings.Repeat("z", 400), "ü"},
	}
	for name, parts := range cases {
		t.Run(name, func(t *testing.T) {
			want := strings.Join(parts, "")
			got := ropeOf(parts...)
			if _, isRope := got.(*ropeString); !isRope {
				t.Fatalf("a %d-character concatenation is a %T, want a rope", len(want), got)
			}
			wantUTF16 := utf16.Encode([]rune(want))
			if got.Length() != len(wantUTF16) {
				t.Errorf("Length() = %d, want %d", got.Length(), len(wantUTF16))
			}
			if got.String() != want {
				t.Errorf("String() = %q, want %q", got.String(), want)
			}
			if got.Export() != want {
				t.Errorf("Export() = %v, want %q", got.Export(), want)
			}
			for _, i := range []int{0, 1, len(wantUTF16) / 2, len(wantUTF16) - 1} {
				if c := got.CharAt(i); c != wantUTF16[i] {
					t.Errorf("CharAt(%d) = %#x, want %#x", i, c, wantUTF16[i])
				}
			}
			flat := newStringValue(want)
			if !got.StrictEquals(flat) || !flat.StrictEquals(got) || !got.SameAs(flat) || !got.Equals(flat) {
				t.Error("the rope and the flat string of the same text are not equal")
			}
			if got.CompareTo(flat) != 0 || flat.CompareTo(got) != 0 {
				t.Error("the rope and the flat string of the same text do not compare equal")
			}
			if !got.StrictEquals(ropeOf(parts...)) {
				t.Error("two ropes of the same text are not equal")
			}
			if got.string() != flat.string() {
				t.Error("the rope's property key differs from the flat string's")
			}
		})
	}
}

func TestShortConcatenationStaysFlat(t *testing.T) {
	s := concatForAdd(asciiString("a"), asciiString("b"))
	if s != asciiString("ab") {
		t.Errorf("got %#v, want the flat asciiString \"ab\"", s)
	}
}

func TestDeepRopeFlattensWithoutRecursion(t *testing.T) {
	// A million appends make a rope a million nodes deep on its left side;
	// flattening it recursively would need far more than a goroutine's stack
	// can take at this depth, and reading one character flattens it.
	const appends = 1_000_000
	var s String = asciiString(strings.Repeat("-", ropeMinLength))
	for i := 0; i < appends; i++ {
		s = concatForAdd(s, asciiString("ab"))
	}
	if s.Length() != ropeMinLength+2*appends {
		t.Fatalf("Length() = %d", s.Length())
	}
	if c := s.CharAt(s.Length() - 1); c != 'b' {
		t.Errorf("last character %q, want 'b'", rune(c))
	}
	// A rope on the right side nests the other way.
	var right String = asciiString(strings.Repeat("-", ropeMinLength))
	for i := 0; i < 1000; i++ {
		right = concatForAdd(asciiString("ab"), right)
	}
	if !strings.HasPrefix(right.String(), "abab") || !strings.HasSuffix(right.String(), "---") {
		t.Error("a right-nested rope flattened out of order")
	}
}

func TestRopeInScripts(t *testing.T) {
	const script = `
	let out = '';
	for (let i = 0; i < 5000; i++) out += 'line ' + i + ' é\n';
	const lines = out.split('\n');
	const byKey = new Map([[out, 1]]);
	const obj = {}; obj[out] = 2;
	let copy = '';
	for (let i = 0; i < 5000; i++) copy += 'line ' + i + ' é\n';
	[
		out.length === copy.length, out === copy, byKey.get(copy) === 1, obj[copy] === 2,
		lines.length === 5001, lines[4999] === 'line 4999 é', out[5] === '0',
		out.charCodeAt(out.length - 2) === 0xe9, typeof out === 'string',
		out.indexOf('line 4999') > 0, out.normalize('NFD').length === out.length + 5000,
		JSON.parse(JSON.stringify(out)) === copy, ` + "`${out}x`" + `.endsWith('é\nx'),
		(out + 'tail').slice(-4) === 'tail', out < copy + 'a', new String(out).length === out.length,
	].every(Boolean)
	`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if !v.ToBoolean() {
		t.Error("a check on a string built with += failed")
	}
}

// TestReadingAGrowingRopeCopiesItOnce reads the last character after every
// append, as a format checking what it wrote last does: each flattening takes
// over the previous one's buffer, so the characters copied stay about the
// text's length (upstream's flattening copied the whole text per append).
func TestReadingAGrowingRopeCopiesItOnce(t *testing.T) {
	for _, part := range []string{"  --t-123: x;\n", "  --t-123: é;\n"} {
		var s String = newStringValue(strings.Repeat("y", ropeMinLength))
		const appends = 5000
		for i := 0; i < appends; i++ {
			s = concatForAdd(s, newStringValue(part))
			if got := s.CharAt(s.Length() - 2); got != uint16(part[len(part)-2]) {
				t.Fatalf("append %d: last char %q", i, rune(got))
			}
		}
		copied := s.(*ropeString).buf.copied
		want := strings.Repeat("y", ropeMinLength) + strings.Repeat(part, appends)
		if s.String() != want {
			t.Fatalf("%q: the flattened text differs from the appended parts", part)
		}
		if limit := 2 * s.Length(); copied > limit {
			t.Errorf("%q: flattening after every append copied %d code units for a %d-unit string (limit %d)",
				part, copied, s.Length(), limit)
		}
	}
}

// TestRopeLengthDoesNotFlatten checks that .length read in a += loop leaves
// the rope as it is.
func TestRopeLengthDoesNotFlatten(t *testing.T) {
	v, err := New().RunString("let out = ''; for (let i = 0; i < 40000; i++) { out += `  --t-${i}: x;\\n`; if (out.length > 1e9) break }; out")
	if err != nil {
		t.Fatal(err)
	}
	rope, ok := v.(*ropeString)
	if !ok {
		t.Fatalf("the result is a %T, not a rope", v)
	}
	if rope.flat != nil {
		t.Error("reading .length flattened the rope")
	}
	if rope.Length() != len(rope.String()) {
		t.Error("the rope's length differs from its text's")
	}
}

// TestFlattenedRopesKeepTheirText checks that a flattened rope's text does not
// change when a later rope takes over its buffer and appends, also when two
// ropes share the same left part.
func TestFlattenedRopesKeepTheirText(t *testing.T) {
	for _, base := range []string{strings.Repeat("a", 300), strings.Repeat("é", 300)} {
		left := concatForAdd(newStringValue(base), newStringValue("!"))
		leftText := left.String()
		one := concatForAdd(left, newStringValue("one"))
		two := concatForAdd(left, newStringValue("two"))
		if one.String() != leftText+"one" || two.String() != leftText+"two" || left.String() != leftText {
			t.Errorf("shared left part: %q / %q / %q", one.String()[300:], two.String()[300:], left.String()[300:])
		}
		three := concatForAdd(one, newStringValue("3"))
		if three.String() != leftText+"one3" || one.String() != leftText+"one" || two.String() != leftText+"two" {
			t.Error("a later append changed an earlier string")
		}
		mixed := concatForAdd(three, newStringValue("ü"))
		if mixed.String() != leftText+"one3ü" {
			t.Errorf("ASCII to Unicode: %q", mixed.String()[300:])
		}
	}
}

func BenchmarkRopeReadAfterEveryAppend(b *testing.B) {
	const script = "let out = ''; for (let i = 0; i < 40000; i++) { out += `  --t-${i}: x;\\n`; if (out.charCodeAt(out.length - 1) !== 10) break }; out.length"
	for i := 0; i < b.N; i++ {
		if _, err := New().RunString(script); err != nil {
			b.Fatal(err)
		}
	}
}
