package jsprint

import (
	"math/rand"
	"strings"
	"testing"
)

func TestCommentTextMatchesFormatComment(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	pieces := []string{"a", " ", "*", "\n", "\t", " * b", "\n *", "x  ", "é"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.Intn(6); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		c := "/*" + b.String() + "*/"
		if r.Intn(3) == 0 {
			c = "//" + strings.ReplaceAll(b.String(), "\n", "")
		}
		text, ok := commentText(c)
		want, wantOK := formatComment(c).(string)
		if ok != wantOK || text != want {
			t.Fatalf("commentText(%q) = %q, %v; formatComment gives %q, %v", c, text, ok, want, wantOK)
		}
	}
}
