package pipeline

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// lowerResolveLimits makes the limits on what references make small
// enough to reach with a few tokens.
func lowerResolveLimits(t *testing.T, value, total int) {
	v, tot := maxResolvedValue, maxResolvedTotal
	maxResolvedValue, maxResolvedTotal = value, total
	t.Cleanup(func() { maxResolvedValue, maxResolvedTotal = v, tot })
}

// TestResolveLimits checks that a value made by references is refused past
// maxResolvedValue bytes, and all of a platform's past maxResolvedTotal,
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

// TestOnlyStampDiffers checks which differences the write-if-changed
// comparison ignores: only the time in the first "Generated on" line,
// when it is a time of this build.
func TestOnlyStampDiffers(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	since := time.Now().Add(-time.Minute)
	now := time.Now().UTC().Format("Mon, 02 Jan 2006 15:04:05 GMT")
	header := func(stamp string) string {
		return "/**\n * Do not edit directly, this file was auto-generated.\n * Generated on " + stamp + "\n */\n\n"
	}
	const old1, old2 = "Mon, 01 Jan 2024 00:00:00 GMT", "Tue, 02 Jan 2024 00:00:00 GMT"
	body := func(desc string) string { return ":root {\n  --a: 1px; /* Generated on " + desc + " */\n}\n" }
	for _, tc := range []struct {
		name, old, new string
		same           bool
	}{
		{"header time", header(old1) + body(old1), header(now) + body(old1), true},
		{"header time and description", header(old1) + body(old1), header(now) + body(old2), false},
		{"description without header time", body(old1), body(old2), false},
		{"description is first but old", body(old1) + header(old1), body(old2) + header(old1), false},
		{"header time not of this build", header(old1) + body(old1), header(old2) + body(old1), false},
		{"other text", header(old1) + body(old1) + "x", header(now) + body(old1) + "y", false},
		{"other comment style", "// Generated on " + old1 + "\n", " * Generated on " + now + "\n", false},
	} {
		if got := onlyStampDiffers([]byte(tc.old), tc.new, since); got != tc.same {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.same)
		}
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1704153600") // old2
	if !onlyStampDiffers([]byte(header(old1)+body(old1)), header(old2)+body(old1), since) {
		t.Errorf("the time SOURCE_DATE_EPOCH gives is a time of this build")
	}
}
