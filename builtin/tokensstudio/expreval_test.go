package tokensstudio

import (
	"testing"
)

// TestEvalExprBounded: an expression whose user function calls itself
// twice per level runs 2^40 calls in node (hours); here it stops at the
// step bound and is no number, so the CSS reducer keeps it as written.
func TestEvalExprBounded(t *testing.T) {
	for _, expr := range []string{"f(n)=n<1?1:f(n-1)+f(n-1);f(40)", "f(x)=f(x);f(1)", "f(x)=f(x)+f(x);f(1)"} {
		if v, err := evalExpr(expr); err == nil {
			t.Errorf("evalExpr(%q) = %v, want no number", expr, v)
		}
	}
	// below the bound the same function gives node's answer
	if v, err := evalExpr("f(n)=n<1?1:f(n-1)+f(n-1);f(10)"); err != nil || v != 1024 {
		t.Errorf("f(10) = %v, %v; want 1024", v, err)
	}
}

// FuzzEvalExpr checks that no expression panics the evaluator.
func FuzzEvalExpr(f *testing.F) {
	for _, s := range []string{"roundTo(16 * 1.333)", "f(x)=x*2;f(4)", "[1,2][0]", `"a\u0041"||1`, "5!", "x=1;x.y", "0x1f*0b1", "/* c */ 1", "a?b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		evalExpr(expr)
		ParseAndReduce(expr, 4)
	})
}
