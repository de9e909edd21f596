package pipeline

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/transform"
)

// lowerResolveLimits makes the limits on what references make small
// enough to reach with a few tokens.
func lowerResolveLimits(t *testing.T, value, total int) {
	v, tot := transform.MaxResolvedValue, transform.MaxResolvedTotal
	transform.MaxResolvedValue, transform.MaxResolvedTotal = value, total
	t.Cleanup(func() { transform.MaxResolvedValue, transform.MaxResolvedTotal = v, tot })
}

// TestResolveLimits checks that a value made by references is refused past
// transform.MaxResolvedValue bytes, and all of a platform's past transform.MaxResolvedTotal,
// at the token that would pass it, whatever brokenReferences says; and
// that values up to the limits resolve.
func TestResolveLimits(t *testing.T) {
	lowerResolveLimits(t, 1000, 10_000)
	doubling := func(levels int, log string) string {
		var b strings.Builder
		b.WriteString(`{` + log + `"tokens": {"a0": {"value": "x"}`)
		for i := 1; i <= levels; i++ {
			fmt.Fprintf(&b, `, "a%d": {"value": "{a%d} {a%d}"}`, i, i-1, i-1)
		}
		b.WriteString(`}, "platforms": {"p": {}}}`)
		return b.String()
	}
	// a_n holds 2^(n+1)-1 bytes: a8 511, a9 1023
	for _, tc := range []struct{ name, cfg, err string }{
		{"value", doubling(30, ""), "token a9: resolving its references makes a value of more than"},
		{"value, brokenReferences console", doubling(30, `"log": {"errors": {"brokenReferences": "console"}}, `), "token a9: resolving"},
		{"under the limit", doubling(8, ""), ""},
		{"object copies", `{"tokens": {"s": {"value": "` + strings.Repeat("x", 600) + `"}, "o": {"value": {"a": "{s}"}},
			"c1": {"value": {"x": "{o}"}}, "c2": {"value": {"x": "{o}", "y": "{o}"}}}, "platforms": {"p": {}}}`,
			"token c2: resolving its references makes a value of more than"},
		{"total", `{"tokens": {"big": {"value": "` + strings.Repeat("x", 600) + `"}` + func() string {
			var b strings.Builder
			for i := 0; i < 40; i++ {
				fmt.Fprintf(&b, `, "b%02d": {"value": "{big} x"}`, i) // 602 bytes made each
			}
			return b.String()
		}() + `}, "platforms": {"p": {}}}`, "token b16: resolving references makes more than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := mustInstance(t, tc.cfg)
			d, err := in.PlatformTokens(context.Background(), "p")
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				tok, _ := d.TokenMap.Get("{a8}")
				if s, _ := tok.Value.(string); len(s) != 511 {
					t.Fatalf("a8 is %d bytes, want 511", len(s))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("got %v, want an error with %q", err, tc.err)
			}
		})
	}
}
