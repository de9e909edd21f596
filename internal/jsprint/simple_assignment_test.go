package jsprint

import (
	"math/rand"
	"strings"
	"testing"
)

// SimpleAssignment must print exactly what the document printer prints.
func TestSimpleAssignmentMatchesDocument(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	text := randomText(rng,
		[]string{"a", "b", "-", "_", " ", "'", `"`, `\`, "\t", "\x01", "é", "中", "😀", "\u0301", "*/", "\n"},
		[]string{"a", "b", "-", "_", " ", "'", "Z", "0"}) // half the texts need no escaping (the plain string layout)
	values := func() any {
		switch rng.Intn(6) {
		case 0:
			return rng.Float64() * 1000
		case 1:
			return -rng.Float64()
		case 2:
			return rng.Intn(2) == 0
		case 3:
			return []any{"x"}
		}
		return text(70)
	}
	comments := func() string {
		switch rng.Intn(4) {
		case 0:
			return ""
		case 1:
			return "// " + text(30)
		case 2:
			return "/** " + text(30) + " */"
		}
		return "/*\n * " + text(10) + "\n */"
	}
	simple := 0
	for i := 0; i < 6000; i++ {
		var fast, slow []Statement
		for j := 0; j < 3; j++ {
			left, value, trailing := text(40), values(), comments()
			b := &Builder{}
			doc := []Doc{"export const ", b.Assignment(left, value, b.Value(value)), ";"}
			slow = append(slow, Statement{Doc: doc, Trailing: trailing})
			if d, ok := SimpleAssignment("export const ", left, value, trailing); ok {
				simple++
				fast = append(fast, Statement{Doc: d, Trailing: trailing})
			} else {
				b := &Builder{}
				fast = append(fast, Statement{Doc: []Doc{"export const ", b.Assignment(left, value, b.Value(value)), ";"}, Trailing: trailing})
			}
		}
		header := "/**\n * header\n */\n\n"
		if got, want := Program(header, fast), Program(header, slow); got != want {
			t.Fatalf("statements %#v:\ngot  %q\nwant %q", slow, got, want)
		}
	}
	if simple < 3000 {
		t.Fatalf("only %d statements took the simple layout", simple)
	}
}

// randomText returns a maker of random texts of up to max pieces, each
// text drawn from escaped or from plain pieces with even odds.
func randomText(rng *rand.Rand, escaped, plain []string) func(max int) string {
	return func(max int) string {
		var sb strings.Builder
		alphabet := escaped
		if rng.Intn(2) == 0 {
			alphabet = plain
		}
		for n := rng.Intn(max + 1); n > 0; n-- {
			sb.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		return sb.String()
	}
}
