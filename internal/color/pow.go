package color

import "math"

// jsPow is JavaScript's Math.pow and ** operator. V8 computes it with
// fdlibm's __ieee754_pow algorithm, whose last bit differs from Go's
// math.Pow for about a quarter of the inputs colour conversions use; this is
// a Go rendering of that algorithm (Sun Microsystems fdlibm, freely
// redistributable), with JavaScript's NaN for (±1) ** ±Infinity.
func jsPow(x, y float64) float64 {
	if math.IsNaN(y) {
		return y
	}
	if (x == 1 || x == -1) && math.IsInf(y, 0) {
		return math.NaN()
	}
	return fdlibmPow(x, y)
}

func hiWord(x float64) int32  { return int32(math.Float64bits(x) >> 32) }
func loWord(x float64) uint32 { return uint32(math.Float64bits(x)) }
func clearLow(x float64) float64 {
	return math.Float64frombits(math.Float64bits(x) &^ 0xffffffff)
}
func withHigh(x float64, hi int32) float64 {
	return math.Float64frombits(uint64(uint32(hi))<<32 | uint64(loWord(x)))
}

func fdlibmPow(x, y float64) float64 {
	const (
		two53  = 9007199254740992.0
		L1     = 5.99999999999994648725e-01
		L2     = 4.28571428578550184252e-01
		L3     = 3.33333329818377432918e-01
		L4     = 2.72728123808534006489e-01
		L5     = 2.30660745775561754067e-01
		L6     = 2.06975017800338417784e-01
		P1     = 1.66666666666666019037e-01
		P2     = -2.77777777770155933842e-03
		P3     = 6.61375632143793436117e-05
		P4     = -1.65339022054652515390e-06
		P5     = 4.13813679705723846039e-08
		lg2    = 6.93147180559945286227e-01
		lg2H   = 6.93147182464599609375e-01
		lg2L   = -1.90465429995776804525e-09
		ovt    = 8.0085662595372944372e-17
		cp     = 9.61796693925975554329e-01
		cpH    = 9.61796700954437255859e-01
		cpL    = -7.02846165095275826516e-09
		ivln2  = 1.44269504088896338700e+00
		ivln2H = 1.44269502162933349609e+00
		ivln2L = 1.92596299112661746887e-08
	)
	huge, tiny := 1.0e300, 1.0e-300 // variables: the products must overflow at run time
	bp := [2]float64{1.0, 1.5}
	dpH := [2]float64{0.0, 5.84962487220764160156e-01}
	dpL := [2]float64{0.0, 1.35003920212974897128e-08}

	hx, lx := hiWord(x), loWord(x)
	hy, ly := hiWord(y), loWord(y)
	ix, iy := hx&0x7fffffff, hy&0x7fffffff

	if iy|int32(ly) == 0 {
		return 1
	}
	if ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) || iy > 0x7ff00000 || (iy == 0x7ff00000 && ly != 0) {
		return x + y
	}
	// yisint: 0 = y not an integer, 1 = odd, 2 = even (only needed for x < 0)
	yisint := int32(0)
	if hx < 0 {
		if iy >= 0x43400000 {
			yisint = 2
		} else if iy >= 0x3ff00000 {
			k := (iy >> 20) - 0x3ff
			if k > 20 {
				j := ly >> uint(52-k)
				if j<<uint(52-k) == ly {
					yisint = 2 - int32(j&1)
				}
			} else if ly == 0 {
				j := iy >> uint(20-k)
				if j<<uint(20-k) == iy {
					yisint = 2 - (j & 1)
				}
			}
		}
	}
	if ly == 0 {
		if iy == 0x7ff00000 {
			switch {
			case (ix-0x3ff00000)|int32(lx) == 0:
				return y - y
			case ix >= 0x3ff00000:
				if hy >= 0 {
					return y
				}
				return 0
			default:
				if hy < 0 {
					return -y
				}
				return 0
			}
		}
		if iy == 0x3ff00000 {
			if hy < 0 {
				return 1 / x
			}
			return x
		}
		if hy == 0x40000000 {
			return x * x
		}
		if hy == 0x3fe00000 && hx >= 0 {
			return math.Sqrt(x)
		}
	}
	ax := math.Abs(x)
	if lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000) {
		z := ax
		if hy < 0 {
			z = 1 / z
		}
		if hx < 0 {
			if (ix-0x3ff00000)|yisint == 0 {
				z = (z - z) / (z - z)
			} else if yisint == 1 {
				z = -z
			}
		}
		return z
	}
	if (hx>>31)+1 == 0 && yisint == 0 {
		return (x - x) / (x - x) // negative ** non-integer
	}
	var t1, t2 float64
	if iy > 0x41e00000 { // |y| > 2**31
		if iy > 0x43f00000 {
			if ix <= 0x3fefffff {
				if hy < 0 {
					return huge * huge
				}
				return tiny * tiny
			}
			if ix >= 0x3ff00000 {
				if hy > 0 {
					return huge * huge
				}
				return tiny * tiny
			}
		}
		if ix < 0x3fefffff {
			if hy < 0 {
				return huge * huge
			}
			return tiny * tiny
		}
		if ix > 0x3ff00000 {
			if hy > 0 {
				return huge * huge
			}
			return tiny * tiny
		}
		t := ax - 1
		w := (t * t) * (0.5 - t*(0.3333333333333333333333-t*0.25))
		u := ivln2H * t
		v := t*ivln2L - w*ivln2
		t1 = clearLow(u + v)
		t2 = v - (t1 - u)
	} else {
		n := int32(0)
		if ix < 0x00100000 {
			ax *= two53
			n -= 53
			ix = hiWord(ax)
		}
		n += (ix >> 20) - 0x3ff
		j := ix & 0x000fffff
		ix = j | 0x3ff00000
		k := 0
		switch {
		case j <= 0x3988e:
			k = 0
		case j < 0xbb67a:
			k = 1
		default:
			k = 0
			n++
			ix -= 0x00100000
		}
		ax = withHigh(ax, ix)

		u := ax - bp[k]
		v := 1 / (ax + bp[k])
		s := u * v
		sH := clearLow(s)
		tH := math.Float64frombits(uint64(uint32(((ix>>1)|0x20000000)+0x00080000+int32(k<<18))) << 32)
		tL := ax - (tH - bp[k])
		sL := v * ((u - sH*tH) - sH*tL)
		s2 := s * s
		r := s2 * s2 * (L1 + s2*(L2+s2*(L3+s2*(L4+s2*(L5+s2*L6)))))
		r += sL * (sH + s)
		s2 = sH * sH
		tH = clearLow(3.0 + s2 + r)
		tL = r - ((tH - 3.0) - s2)
		u = sH * tH
		v = sL*tH + tL*s
		pH := clearLow(u + v)
		pL := v - (pH - u)
		zH := cpH * pH
		zL := cpL*pH + pL*cp + dpL[k]
		t := float64(n)
		t1 = clearLow(((zH + zL) + dpH[k]) + t)
		t2 = zL - (((t1 - t) - dpH[k]) - zH)
	}
	s := 1.0
	if (hx>>31)+1 == 0 && yisint == 1 {
		s = -1
	}
	y1 := clearLow(y)
	pL := (y-y1)*t1 + y*t2
	pH := y1 * t1
	z := pL + pH
	j, i := hiWord(z), loWord(z)
	if j >= 0x40900000 {
		if (j-0x40900000)|int32(i) != 0 {
			return s * huge * huge
		}
		if pL+ovt > z-pH {
			return s * huge * huge
		}
	} else if j&0x7fffffff >= 0x4090cc00 {
		if uint32(j)-0xc090cc00|i != 0 {
			return s * tiny * tiny
		}
		if pL <= z-pH {
			return s * tiny * tiny
		}
	}
	ii := j & 0x7fffffff
	k := (ii >> 20) - 0x3ff
	n := int32(0)
	if ii > 0x3fe00000 {
		n = j + (0x00100000 >> uint(k+1))
		k = ((n & 0x7fffffff) >> 20) - 0x3ff
		t := math.Float64frombits(uint64(uint32(n&^(0x000fffff>>uint(k)))) << 32)
		n = ((n & 0x000fffff) | 0x00100000) >> uint(20-k)
		if j < 0 {
			n = -n
		}
		pH -= t
	}
	t := clearLow(pL + pH)
	u := t * lg2H
	v := (pL-(t-pH))*lg2 + t*lg2L
	z = u + v
	w := v - (z - u)
	t = z * z
	t1 = z - t*(P1+t*(P2+t*(P3+t*(P4+t*P5))))
	r := (z*t1)/(t1-2) - (w + z*w)
	z = 1 - (r - z)
	j = hiWord(z)
	j += n << 20
	if j>>20 <= 0 {
		z = math.Ldexp(z, int(n))
	} else {
		z = withHigh(z, hiWord(z)+(n<<20))
	}
	return s * z
}
