package goja

import "testing"

// TestStringLengthLimitThrowsRangeError checks that every way of building a
// string longer than node's maximum (2^29-24 code units) throws node's
// RangeError instead of allocating it. The expectations are node 20's: each
// case was run there (`RangeError: Invalid string length`, or the value).
// Big operands are built by doubling, which makes ropes and allocates nothing.
func TestStringLengthLimitThrowsRangeError(t *testing.T) {
	const big = `let s = 'x'; for (let i = 0; i < 28; i++) s += s;` // 2^28, a rope
	// r: a rope of exactly 2^29-24 code units, joined from doubled ropes.
	const exact = `let p = ['x']; for (let i = 1; i < 29; i++) p.push(p[i-1] + p[i-1]);
		let n = 2**29 - 24, r = ''; for (let i = 28; i >= 0; i--) if (n >= 2**i) { r += p[i]; n -= 2**i };`
	cases := []struct{ name, script, want string }{
		{"doubling", `let s='x'; for (let i=0;i<40;i++) s+=s; s.slice(0,10)`, "RangeError: Invalid string length"},
		{"plus", big + `s + s + 'y'`, "RangeError: Invalid string length"},
		{"template", big + "`${s}${s}!`", "RangeError: Invalid string length"},
		{"concat", big + `s.concat(s, 'y')`, "RangeError: Invalid string length"},
		{"join", big + `[s, s, s].join('')`, "RangeError: Invalid string length"},
		{"joinSep", big + `[s, s].join('-')`, "RangeError: Invalid string length"},
		{"repeat", `'ab'.repeat(2**28)`, "RangeError: Invalid string length"},
		{"padEnd", `'x'.padEnd(2**29)`, "RangeError: Invalid string length"},
		{"atLimit", exact + `(r + '').length`, "ok 536870888"},
		{"overByOne", exact + `(r + 'y').length`, "RangeError: Invalid string length"},
		{"emptyRepeat", `''.repeat(2**40).length`, "ok 0"},
		{"unicode", `let s = 'é'; for (let i = 0; i < 28; i++) s += s; (s + s).length`, "RangeError: Invalid string length"},
		{"caught", `let s='x'; try { for (;;) s += s } catch (e) { s.length }`, "ok 268435456"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := `(() => { try { return 'ok ' + String(eval(` + "`" + escapeBackquotes(c.script) + "`" + `)) }
				catch (e) { return e.constructor.name + ': ' + e.message } })()`
			v, err := New().RunString(script)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != c.want {
				t.Errorf("got %q, want %q (node)", got, c.want)
			}
		})
	}
}

func escapeBackquotes(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '`' || s[i] == '\\' || s[i] == '$' {
			out = append(out, '\\')
		}
		out = append(out, s[i])
	}
	return string(out)
}
