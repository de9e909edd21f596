package color

import (
	"math"
	"sync"
)

// coordMeta is one coordinate of a colorjs colour space.
type coordMeta struct {
	id, name string
	rng      *[2]float64 // range: checked by inGamut and clipping
	refRange *[2]float64 // reference range: only used for mapping
	angle    bool
}

// format is the colorjs format a space serialises with by default.
type format struct {
	name    string   // function name; "color" means color(<cssID> ...)
	cssID   string   // for color()
	types   []string // first grammar alternative per coord: <number>, <percentage>, <angle>
	commas  bool
	noAlpha bool
}

// Space is a colorjs.io colour space.
type Space struct {
	ID       string
	coords   []coordMeta
	base     *Space
	toBase   func([]float64) []float64
	fromBase func([]float64) []float64
	white    string
	gamut    *Space
	format   format
	path     []*Space // from the root (xyz-d65) down to this space
}

func (s *Space) isUnbounded() bool {
	for _, c := range s.coords {
		if c.rng != nil {
			return false
		}
	}
	return true
}

func (s *Space) isPolar() bool {
	for _, c := range s.coords {
		if c.angle {
			return true
		}
	}
	return false
}

// convert is ColorSpace#to(space, coords).
func (s *Space) convert(to *Space, coords []float64) []float64 {
	if s == to {
		return coords
	}
	c := make([]float64, len(coords))
	for i, v := range coords {
		if !math.IsNaN(v) {
			c[i] = v
		}
	}
	idx := -1
	for i := 0; i < len(s.path) && i < len(to.path); i++ {
		if s.path[i] != to.path[i] {
			break
		}
		idx = i
	}
	for i := len(s.path) - 1; i > idx; i-- {
		c = s.path[i].toBase(c)
	}
	for i := idx + 1; i < len(to.path); i++ {
		c = to.path[i].fromBase(c)
	}
	return c
}

// inGamut is ColorSpace#inGamut(coords, {epsilon}).
func (s *Space) inGamut(coords []float64, eps float64) bool {
	if s.gamut.isUnbounded() {
		return true
	}
	if s != s.gamut {
		return s.gamut.inGamut(s.convert(s.gamut, coords), eps)
	}
	for i, c := range coords {
		if i >= len(s.coords) {
			break
		}
		m := s.coords[i]
		if !m.angle && m.rng != nil {
			if math.IsNaN(c) {
				continue
			}
			if !(c >= m.rng[0]-eps && c <= m.rng[1]+eps) {
				return false
			}
		}
	}
	return true
}

// f64 rounds a constant to a float64 where colorjs computes with it at
// run time: Go evaluates constant expressions exactly, JavaScript rounds
// each literal first, so 0.3457 / 0.3585 written as constants is one bit
// off the D50 white colorjs uses.
func f64(x float64) float64 { return x }

var whites = map[string][3]float64{
	"D50": {f64(0.3457) / f64(0.3585), 1.00000, (1.0 - f64(0.3457) - f64(0.3585)) / f64(0.3585)},
	"D65": {f64(0.3127) / f64(0.3290), 1.00000, (1.0 - f64(0.3127) - f64(0.3290)) / f64(0.3290)},
}

type matrix [3][3]float64

// mul is colorjs's multiplyMatrices for a 3x3 matrix and a vector (a NaN
// or missing vector entry counts as 0).
func (m matrix) mul(v []float64) []float64 {
	out := make([]float64, 3)
	for r := 0; r < 3; r++ {
		sum := 0.0
		for i := 0; i < 3; i++ {
			x := 0.0
			if i < len(v) && !math.IsNaN(v[i]) {
				x = v[i]
			}
			sum += m[r][i] * x
		}
		out[r] = sum
	}
	return out
}

var (
	d65ToD50 = matrix{
		{1.0479297925449969, 0.022946870601609652, -0.05019226628920524},
		{0.02962780877005599, 0.9904344267538799, -0.017073799063418826},
		{-0.009243040646204504, 0.015055191490298152, 0.7518742814281371},
	}
	d50ToD65 = matrix{
		{0.955473421488075, -0.02309845494876471, 0.06325924320057072},
		{-0.0283697093338637, 1.0099953980813041, 0.021041441191917323},
		{0.012314014864481998, -0.020507649298898964, 1.330365926242124},
	}
)

func adapt(from, to string, xyz []float64) []float64 {
	switch {
	case from == to:
		return xyz
	case from == "D65":
		return d65ToD50.mul(xyz)
	default:
		return d50ToD65.mul(xyz)
	}
}

func mapEach(f func(float64) float64) func([]float64) []float64 {
	return func(c []float64) []float64 {
		out := make([]float64, len(c))
		for i, v := range c {
			out[i] = f(v)
		}
		return out
	}
}

func jsSign(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x
}

func srgbFromLinear(val float64) float64 {
	sign := 1.0
	if val < 0 {
		sign = -1
	}
	abs := val * sign
	if abs > 0.0031308 {
		return sign * (1.055*jsPow(abs, 1/f64(2.4)) - 0.055)
	}
	return 12.92 * val
}

func srgbToLinear(val float64) float64 {
	sign := 1.0
	if val < 0 {
		sign = -1
	}
	abs := val * sign
	if abs <= 0.04045 {
		return val / 12.92
	}
	return sign * jsPow((abs+0.055)/1.055, 2.4)
}

func rng(a, b float64) *[2]float64 { return &[2]float64{a, b} }

var rgbCoords = []coordMeta{
	{id: "r", name: "Red", rng: rng(0, 1)},
	{id: "g", name: "Green", rng: rng(0, 1)},
	{id: "b", name: "Blue", rng: rng(0, 1)},
}

// newRGB builds an RGBColorSpace: linear ones from XYZ matrices, gamma
// encoded ones from a base and transfer functions.
func newRGB(id, cssID, white string, base *Space, toXYZ, fromXYZ *matrix, toBase, fromBase func([]float64) []float64) *Space {
	s := &Space{ID: id, coords: rgbCoords, base: base, white: white}
	if s.white == "" {
		s.white = base.white
	}
	if toXYZ != nil {
		s.toBase = func(rgb []float64) []float64 {
			xyz := toXYZ.mul(rgb)
			return adapt(s.white, s.base.white, xyz)
		}
		s.fromBase = func(xyz []float64) []float64 {
			return fromXYZ.mul(adapt(s.base.white, s.white, xyz))
		}
	} else {
		s.toBase, s.fromBase = toBase, fromBase
	}
	if cssID == "" {
		cssID = id
	}
	s.format = format{name: "color", cssID: cssID, types: []string{"<number>", "<number>", "<number>"}}
	return s
}

func finish(s *Space) *Space {
	if s.gamut == nil {
		if s.isPolar() {
			s.gamut = s.base
		} else {
			s.gamut = s
		}
	}
	for p := s; p != nil; p = p.base {
		s.path = append([]*Space{p}, s.path...)
	}
	return s
}

func constrainAngle(a float64) float64 { return math.Mod(math.Mod(a, 360)+360, 360) }

// spaces are the colorjs spaces the DTCG colour formats name, by colorjs
// id, built when a colour is first converted rather than at every start.
var spaces = sync.OnceValue(buildSpaces)

func buildSpaces() map[string]*Space {
	all := map[string]*Space{}
	add := func(s *Space) *Space { finish(s); all[s.ID] = s; return s }

	xyz65 := add(&Space{ID: "xyz-d65", white: "D65",
		coords: []coordMeta{{id: "x", name: "X"}, {id: "y", name: "Y"}, {id: "z", name: "Z"}},
		format: format{name: "color", cssID: "xyz-d65", types: []string{"<number>", "<number>", "<number>"}}})
	xyz50 := add(&Space{ID: "xyz-d50", white: "D50", base: xyz65, coords: xyz65.coords,
		fromBase: func(c []float64) []float64 { return adapt("D65", "D50", c) },
		toBase:   func(c []float64) []float64 { return adapt("D50", "D65", c) },
		format:   format{name: "color", cssID: "xyz-d50", types: []string{"<number>", "<number>", "<number>"}}})

	const labE = 216.0 / 24389
	const labE3 = 24.0 / 116
	const labK = 24389.0 / 27
	labWhite := whites["D50"]
	lab := add(&Space{ID: "lab", white: "D50", base: xyz50,
		coords: []coordMeta{{id: "l", name: "Lightness", refRange: rng(0, 100)}, {id: "a", name: "a", refRange: rng(-125, 125)}, {id: "b", name: "b", refRange: rng(-125, 125)}},
		fromBase: func(XYZ []float64) []float64 {
			f := make([]float64, 3)
			for i := range 3 {
				v := XYZ[i] / labWhite[i]
				if v > labE {
					f[i] = jsCbrt(v)
				} else {
					f[i] = (labK*v + 16) / 116
				}
			}
			return []float64{116*f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])}
		},
		toBase: func(Lab []float64) []float64 {
			f1 := (Lab[0] + 16) / 116
			f0 := Lab[1]/500 + f1
			f2 := f1 - Lab[2]/200
			var x, y, z float64
			if f0 > labE3 {
				x = jsPow(f0, 3)
			} else {
				x = (116*f0 - 16) / labK
			}
			if Lab[0] > 8 {
				y = jsPow((Lab[0]+16)/116, 3)
			} else {
				y = Lab[0] / labK
			}
			if f2 > labE3 {
				z = jsPow(f2, 3)
			} else {
				z = (116*f2 - 16) / labK
			}
			return []float64{x * labWhite[0], y * labWhite[1], z * labWhite[2]}
		},
		format: format{name: "lab", types: []string{"<number>", "<number>", "<number>"}}})

	add(&Space{ID: "lch", white: "D50", base: lab,
		coords: []coordMeta{{id: "l", name: "Lightness", refRange: rng(0, 100)}, {id: "c", name: "Chroma", refRange: rng(0, 150)}, {id: "h", name: "Hue", refRange: rng(0, 360), angle: true}},
		fromBase: func(c []float64) []float64 {
			L, a, b := c[0], c[1], c[2]
			hue := math.NaN()
			if !(math.Abs(a) < 0.02 && math.Abs(b) < 0.02) {
				hue = math.Atan2(b, a) * 180 / math.Pi
			}
			return []float64{L, math.Sqrt(jsPow(a, 2) + jsPow(b, 2)), constrainAngle(hue)}
		},
		toBase: func(c []float64) []float64 {
			L, C, H := c[0], c[1], c[2]
			if C < 0 {
				C = 0
			}
			if math.IsNaN(H) {
				H = 0
			}
			return []float64{L, C * math.Cos(H*math.Pi/180), C * math.Sin(H*math.Pi/180)}
		},
		format: format{name: "lch", types: []string{"<number>", "<number>", "<number>"}}})

	srgbLin := add(newRGB("srgb-linear", "", "D65", xyz65,
		&matrix{{0.41239079926595934, 0.357584339383878, 0.1804807884018343}, {0.21263900587151027, 0.715168678767756, 0.07219231536073371}, {0.01933081871559182, 0.11919477979462598, 0.9505321522496607}},
		&matrix{{3.2409699419045226, -1.537383177570094, -0.4986107602930034}, {-0.9692436362808796, 1.8759675015077202, 0.04155505740717559}, {0.05563007969699366, -0.20397695888897652, 1.0569715142428786}},
		nil, nil))
	srgb := add(newRGB("srgb", "", "", srgbLin, nil, nil, mapEach(srgbToLinear), mapEach(srgbFromLinear)))
	srgb.format = format{name: "rgb", types: []string{"<percentage>", "<percentage>", "<percentage>"}}

	hsl := add(&Space{ID: "hsl", white: "D65", base: srgb,
		coords:   []coordMeta{{id: "h", name: "Hue", refRange: rng(0, 360), angle: true}, {id: "s", name: "Saturation", rng: rng(0, 100)}, {id: "l", name: "Lightness", rng: rng(0, 100)}},
		fromBase: hslFromSRGB, toBase: hslToSRGB,
		format: format{name: "hsl", types: []string{"<number>", "<percentage>", "<percentage>"}}})
	hsv := add(&Space{ID: "hsv", white: "D65", base: hsl,
		coords: []coordMeta{{id: "h", name: "Hue", refRange: rng(0, 360), angle: true}, {id: "s", name: "Saturation", rng: rng(0, 100)}, {id: "v", name: "Value", rng: rng(0, 100)}},
		fromBase: func(c []float64) []float64 {
			h, s, l := c[0], c[1]/100, c[2]/100
			v := l + s*math.Min(l, 1-l)
			sv := 0.0
			if v != 0 {
				sv = 200 * (1 - l/v)
			}
			return []float64{h, sv, 100 * v}
		},
		toBase: func(c []float64) []float64 {
			h, s, v := c[0], c[1]/100, c[2]/100
			l := v * (1 - s/2)
			sl := 0.0
			if !(l == 0 || l == 1) {
				sl = ((v - l) / math.Min(l, 1-l)) * 100
			}
			return []float64{h, sl, l * 100}
		},
		format: format{name: "color", cssID: "--hsv", types: []string{"<number>", "<percentage>", "<percentage>"}}})
	add(&Space{ID: "hwb", white: "D65", base: hsv,
		coords: []coordMeta{{id: "h", name: "Hue", refRange: rng(0, 360), angle: true}, {id: "w", name: "Whiteness", rng: rng(0, 100)}, {id: "b", name: "Blackness", rng: rng(0, 100)}},
		fromBase: func(c []float64) []float64 {
			h, s, v := c[0], c[1], c[2]
			return []float64{h, v * (100 - s) / 100, 100 - v}
		},
		toBase: func(c []float64) []float64 {
			h, w, b := c[0], c[1]/100, c[2]/100
			sum := w + b
			if sum >= 1 {
				return []float64{h, 0, w / sum * 100}
			}
			v := 1 - b
			s := 0.0
			if v != 0 {
				s = 1 - w/v
			}
			return []float64{h, s * 100, v * 100}
		},
		format: format{name: "hwb", types: []string{"<number>", "<percentage>", "<percentage>"}}})

	p3Lin := add(newRGB("p3-linear", "--display-p3-linear", "D65", xyz65,
		&matrix{{0.4865709486482162, 0.26566769316909306, 0.1982172852343625}, {0.2289745640697488, 0.6917385218365064, 0.079286914093745}, {0.0000000000000000, 0.04511338185890264, 1.043944368900976}},
		&matrix{{2.493496911941425, -0.9313836179191239, -0.40271078445071684}, {-0.8294889695615747, 1.7626640603183463, 0.023624685841943577}, {0.03584583024378447, -0.07617238926804182, 0.9568845240076872}},
		nil, nil))
	add(newRGB("p3", "display-p3", "", p3Lin, nil, nil, mapEach(srgbToLinear), mapEach(srgbFromLinear)))

	a98Lin := add(newRGB("a98rgb-linear", "--a98-rgb-linear", "D65", xyz65,
		&matrix{{0.5766690429101305, 0.1855582379065463, 0.1882286462349947}, {0.29734497525053605, 0.6273635662554661, 0.07529145849399788}, {0.02703136138641234, 0.07068885253582723, 0.9913375368376388}},
		&matrix{{2.0415879038107465, -0.5650069742788596, -0.34473135077832956}, {-0.9692436362808795, 1.8759675015077202, 0.04155505740717557}, {0.013444280632031142, -0.11836239223101838, 1.0151749943912054}},
		nil, nil))
	add(newRGB("a98rgb", "a98-rgb", "", a98Lin, nil, nil,
		mapEach(func(v float64) float64 { return jsPow(math.Abs(v), 563.0/256) * jsSign(v) }),
		mapEach(func(v float64) float64 { return jsPow(math.Abs(v), 256.0/563) * jsSign(v) })))

	ppLin := add(newRGB("prophoto-linear", "--prophoto-rgb-linear", "D50", xyz50,
		&matrix{{0.79776664490064230, 0.13518129740053308, 0.03134773412839220}, {0.28807482881940130, 0.71183523424187300, 0.00008993693872564}, {0.00000000000000000, 0.00000000000000000, 0.82510460251046020}},
		&matrix{{1.34578688164715830, -0.25557208737979464, -0.05110186497554526}, {-0.54463070512490190, 1.50824774284514680, 0.02052744743642139}, {0.00000000000000000, 0.00000000000000000, 1.21196754563894520}},
		nil, nil))
	const et, et2 = 1.0 / 512, 16.0 / 512
	add(newRGB("prophoto", "prophoto-rgb", "", ppLin, nil, nil,
		mapEach(func(v float64) float64 {
			if v < et2 {
				return v / 16
			}
			return jsPow(v, 1.8)
		}),
		mapEach(func(v float64) float64 {
			if v >= et {
				return jsPow(v, 1/f64(1.8))
			}
			return 16 * v
		})))

	recLin := add(newRGB("rec2020-linear", "--rec2020-linear", "D65", xyz65,
		&matrix{{0.6369580483012914, 0.14461690358620832, 0.1688809751641721}, {0.2627002120112671, 0.6779980715188708, 0.05930171646986196}, {0.000000000000000, 0.028072693049087428, 1.060985057710791}},
		&matrix{{1.716651187971268, -0.355670783776392, -0.253366281373660}, {-0.666684351832489, 1.616481236634939, 0.0157685458139111}, {0.017639857445311, -0.042770613257809, 0.942103121235474}},
		nil, nil))
	const recA, recB = 1.09929682680944, 0.018053968510807
	add(newRGB("rec2020", "rec2020", "", recLin, nil, nil,
		mapEach(func(v float64) float64 {
			if v < f64(recB)*4.5 {
				return v / 4.5
			}
			return jsPow((v+recA-1)/recA, 1/f64(0.45))
		}),
		mapEach(func(v float64) float64 {
			if v >= recB {
				return recA*jsPow(v, 0.45) - (f64(recA) - 1)
			}
			return 4.5 * v
		})))

	oklab := add(&Space{ID: "oklab", white: "D65", base: xyz65,
		coords: []coordMeta{{id: "l", name: "Lightness", refRange: rng(0, 1)}, {id: "a", name: "a", refRange: rng(-0.4, 0.4)}, {id: "b", name: "b", refRange: rng(-0.4, 0.4)}},
		fromBase: func(xyz []float64) []float64 {
			lms := xyzToLMS.mul(xyz)
			for i := range lms {
				lms[i] = jsCbrt(lms[i])
			}
			return lmsToLab.mul(lms)
		},
		toBase: func(lab []float64) []float64 {
			lms := labToLMS.mul(lab)
			for i := range lms {
				lms[i] = jsPow(lms[i], 3)
			}
			return lmsToXYZ.mul(lms)
		},
		format: format{name: "oklab", types: []string{"<percentage>", "<number>", "<number>"}}})
	add(&Space{ID: "oklch", white: "D65", base: oklab,
		coords: []coordMeta{{id: "l", name: "Lightness", refRange: rng(0, 1)}, {id: "c", name: "Chroma", refRange: rng(0, 0.4)}, {id: "h", name: "Hue", refRange: rng(0, 360), angle: true}},
		fromBase: func(c []float64) []float64 {
			L, a, b := c[0], c[1], c[2]
			h := math.NaN()
			if !(math.Abs(a) < 0.0002 && math.Abs(b) < 0.0002) {
				h = math.Atan2(b, a) * 180 / math.Pi
			}
			return []float64{L, math.Sqrt(jsPow(a, 2) + jsPow(b, 2)), constrainAngle(h)}
		},
		toBase: func(c []float64) []float64 {
			L, C, h := c[0], c[1], c[2]
			if math.IsNaN(h) {
				return []float64{L, 0, 0}
			}
			return []float64{L, C * math.Cos(h*math.Pi/180), C * math.Sin(h*math.Pi/180)}
		},
		format: format{name: "oklch", types: []string{"<percentage>", "<number>", "<number>"}}})
	return all
}

var (
	xyzToLMS = matrix{{0.8190224379967030, 0.3619062600528904, -0.1288737815209879}, {0.0329836539323885, 0.9292868615863434, 0.0361446663506424}, {0.0481771893596242, 0.2642395317527308, 0.6335478284694309}}
	lmsToXYZ = matrix{{1.2268798758459243, -0.5578149944602171, 0.2813910456659647}, {-0.0405757452148008, 1.1122868032803170, -0.0717110580655164}, {-0.0763729366746601, -0.4214933324022432, 1.5869240198367816}}
	lmsToLab = matrix{{0.2104542683093140, 0.7936177747023054, -0.0040720430116193}, {1.9779985324311684, -2.4285922420485799, 0.4505937096174110}, {0.0259040424655478, 0.7827717124575296, -0.8086757549230774}}
	labToLMS = matrix{{1.0000000000000000, 0.3963377773761749, 0.2158037573099136}, {1.0000000000000000, -0.1055613458156586, -0.0638541728258133}, {1.0000000000000000, -0.0894841775298119, -1.2914855480194092}}
)

func jsMax(v ...float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		if math.IsNaN(x) {
			return x
		}
		m = math.Max(m, x)
	}
	return m
}

func jsMin(v ...float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		if math.IsNaN(x) {
			return x
		}
		m = math.Min(m, x)
	}
	return m
}

func hslFromSRGB(rgb []float64) []float64 {
	mx, mn := jsMax(rgb...), jsMin(rgb...)
	r, g, b := rgb[0], rgb[1], rgb[2]
	h, s, l := math.NaN(), 0.0, (mn+mx)/2
	d := mx - mn
	if d != 0 {
		if l == 0 || l == 1 {
			s = 0
		} else {
			s = (mx - l) / math.Min(l, 1-l)
		}
		switch mx {
		case r:
			h = (g - b) / d
			if g < b {
				h += 6
			}
		case g:
			h = (b-r)/d + 2
		case b:
			h = (r-g)/d + 4
		}
		h = h * 60
	}
	if s < 0 {
		h += 180
		s = math.Abs(s)
	}
	if h >= 360 {
		h -= 360
	}
	return []float64{h, s * 100, l * 100}
}

func hslToSRGB(hsl []float64) []float64 {
	h, s, l := math.Mod(hsl[0], 360), hsl[1]/100, hsl[2]/100
	if h < 0 {
		h += 360
	}
	f := func(n float64) float64 {
		k := math.Mod(n+h/30, 12)
		a := s * math.Min(l, 1-l)
		return l - a*math.Max(-1, jsMin(k-3, 9-k, 1))
	}
	return []float64{f(0), f(8), f(4)}
}
