package json5

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// dump prints a parsed value unambiguously (type and content).
func dump(b *strings.Builder, v any) {
	switch x := v.(type) {
	case *tokenbuild.Object:
		b.WriteString("{")
		x.Range(func(k string, e any) bool {
			fmt.Fprintf(b, "%q:", k)
			dump(b, e)
			b.WriteString(",")
			return true
		})
		b.WriteString("}")
	case []any:
		b.WriteString("[")
		for _, e := range x {
			dump(b, e)
			b.WriteString(",")
		}
		b.WriteString("]")
	default:
		fmt.Fprintf(b, "%T(%#v)", v, v)
	}
}

// The string value cache must not change what is parsed, nor which
// documents fail and how.
func TestValueCacheMatchesUncached(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	pieces := []string{"a", "b", "color", "1rem", " ", `\"`, `\\`, `\n`, "\\\n", "'", `"`, "é", "\u2028", "x", "0123456789"}
	str := func() string {
		q := []string{`"`, `'`}[rng.Intn(2)]
		var sb strings.Builder
		sb.WriteString(q)
		for n := rng.Intn(8); n > 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		if rng.Intn(20) > 0 {
			sb.WriteString(q)
		}
		return sb.String()
	}
	for i := 0; i < 5000; i++ {
		var doc strings.Builder
		doc.WriteString("{")
		for n := rng.Intn(12); n > 0; n-- {
			fmt.Fprintf(&doc, "k%d: ", rng.Intn(5))
			if rng.Intn(4) == 0 {
				fmt.Fprintf(&doc, "[%s, %s],", str(), str())
			} else {
				doc.WriteString(str() + ",")
			}
		}
		doc.WriteString("}")
		src := []byte(doc.String())
		cached, cerr := (&parser{src: src, text: string(src)}).parse()
		plain, perr := (&parser{src: src, noValueCache: true}).parse()
		if fmt.Sprint(cerr) != fmt.Sprint(perr) {
			t.Fatalf("%s: error %v, uncached %v", src, cerr, perr)
		}
		var a, b strings.Builder
		dump(&a, cached)
		dump(&b, plain)
		if a.String() != b.String() {
			t.Fatalf("%s:\n%s\nuncached\n%s", src, a.String(), b.String())
		}
	}
}
