package color

import "math"

// JavaScript engines compute Math.cbrt with FreeBSD's s_cbrt.c algorithm
// (V8's base::ieee754::cbrt); Go's math.Cbrt uses another one and differs
// in the last bit for about one input in ten, which shows up as "-0.0000"
// versus "0.0000" in printed colours. jsCbrt follows the FreeBSD algorithm:
// an exponent/3 bit trick, a polynomial to 23 bits, then one Newton step.
func jsCbrt(x float64) float64 {
	const (
		b1 = 715094163 // (1023-1023/3-0.03306235651)*2**20
		b2 = 696219795 // (1023-1023/3-54/3-0.03306235651)*2**20
		p0 = 1.87595182427177009643
		p1 = -1.88497979543377169875
		p2 = 1.621429720105354466140
		p3 = -0.758397934778766047437
		p4 = 0.145996192886612446982
	)
	bits := math.Float64bits(x)
	hi := uint32(bits >> 32)
	sign := hi & 0x80000000
	hx := hi & 0x7fffffff
	if hx >= 0x7ff00000 {
		return x + x // Inf or NaN
	}
	var t float64
	if hx < 0x00100000 { // zero or subnormal
		if hx|uint32(bits) == 0 {
			return x
		}
		t = x * 18014398509481984.0 // 2**54
		high := uint32(math.Float64bits(t)>>32) & 0x7fffffff
		t = math.Float64frombits(uint64(sign|(high/3+b2)) << 32)
	} else {
		t = math.Float64frombits(uint64(sign|(hx/3+b1)) << 32)
	}
	r := (t * t) * (t / x)
	t = t * ((p0 + r*(p1+r*p2)) + ((r*r)*r)*(p3+r*p4))
	// round t away from zero to 23 bits
	tb := (math.Float64bits(t) + 0x80000000) & 0xffffffffc0000000
	t = math.Float64frombits(tb)
	s := t * t
	r = x / s
	w := t + t
	r = (r - t) / (w + r)
	return t + t*r
}
