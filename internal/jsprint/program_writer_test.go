package jsprint

import (
	"math/rand"
	"testing"
)

// ProgramWriter, with simple assignments written as text and the other
// statements printed one by one, must write exactly what Program prints
// for the whole file: headers with and without blank lines, leading
// comments, blank lines between statements, trailing comments with
// trailing blanks, no statements at all.
func TestProgramWriterMatchesProgram(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	text := randomText(rng,
		[]string{"a", "b", "-", " ", "'", `"`, `\`, "\t", "é", "中", "*/", "\n"},
		[]string{"a", "b", "-", "_", " ", "Z", "0"})
	value := func() any {
		switch rng.Intn(7) {
		case 0:
			return rng.Float64() * 1000
		case 1:
			return -rng.Float64()
		case 2:
			return rng.Intn(2) == 0
		case 3:
			return []any{"x", text(50)}
		}
		return text(70)
	}
	comment := func() string {
		switch rng.Intn(6) {
		case 0, 1:
			return ""
		case 2:
			return "// " + text(30)
		case 3:
			return "/** " + text(30) + " */" + []string{"", " ", "\t "}[rng.Intn(3)]
		case 4:
			return "// x \t"
		}
		return "/*\n * " + text(10) + "\n */"
	}
	headers := []string{"", "/**\n * header\n */\n\n", "/**\n * header\n */\n", "// a\n// b\n\n", "/* x */", "// only\n"}
	simple := 0
	for i := 0; i < 5000; i++ {
		header := headers[rng.Intn(len(headers))]
		w := NewProgramWriter(header, rng.Intn(100))
		var stmts []Statement
		for j := rng.Intn(5); j > 0; j-- {
			left, v := "n"+text(30), value()
			s := Statement{Trailing: comment(), BlankBefore: rng.Intn(4) == 0}
			if rng.Intn(4) == 0 {
				s.Leading = []string{comment()}
				if s.Leading[0] == "" {
					s.Leading[0] = "// lead "
				}
			}
			b := &Builder{}
			s.Doc = []Doc{"export const ", b.Assignment(left, v, b.Value(v)), ";"}
			stmts = append(stmts, s)
			if len(s.Leading) == 0 && !s.BlankBefore && w.SimpleAssignment("export const ", left, v, s.Trailing) {
				simple++
				continue
			}
			w.Statement(s)
		}
		if got, want := w.String(), Program(header, stmts); got != want {
			t.Fatalf("header %q, statements %#v:\ngot  %q\nwant %q", header, stmts, got, want)
		}
	}
	if simple < 2000 {
		t.Fatalf("only %d statements were written as text", simple)
	}
}
