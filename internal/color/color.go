package color

// names.go holds the reference's colour keyword tables, read from its own
// libraries (node and the reference installed by
// ../shared/conformance/reference needed).
//go:generate node testdata/gennames.mjs
//go:generate gofmt -w names.go

import (
	"math"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
)

// Color is a colorjs.io Color: a space, its coordinates (NaN is "none") and
// alpha.
type Color struct {
	Space  *Space
	Coords []float64
	Alpha  float64
	// AlphaBoxed is set when colorjs keeps the parsed alpha as a Number
	// object, which never equals 1 under ===: "rgba(0, 0, 0, 1)" prints "/ 1".
	AlphaBoxed bool
	// AlphaText is the alpha colorjs keeps as a string: a comma-form alpha
	// that is no plain number literal and reads as a number in 0..1, or not
	// at all ("rgba(0, 0, 0, 5e-1)" keeps "5e-1"). Alpha is NaN then.
	AlphaText string
}

// SpaceByID returns the colorjs space with the given id (srgb, p3, a98rgb,
// prophoto, rec2020, lab, oklch, ...).
func SpaceByID(id string) (*Space, bool) {
	s, ok := spaces()[strings.ToLower(id)]
	return s, ok
}

// DTCGSpaces maps DTCG colorSpace names to colorjs space ids.
var DTCGSpaces = map[string]string{
	"srgb": "srgb", "srgb-linear": "srgb-linear", "display-p3": "p3", "a98-rgb": "a98rgb",
	"prophoto-rgb": "prophoto", "rec2020": "rec2020", "xyz-d50": "xyz-d50", "xyz-d65": "xyz-d65",
	"lab": "lab", "lch": "lch", "oklab": "oklab", "oklch": "oklch", "hsl": "hsl", "hwb": "hwb",
}

// New is new Color(space, coords, alpha): alpha above 1 becomes 1, below 0
// becomes 0, NaN stays.
func New(s *Space, coords []float64, alpha float64) Color {
	c := Color{Space: s, Coords: append([]float64(nil), coords...), Alpha: alpha}
	if alpha > 1 {
		c.Alpha = 1
	} else if alpha < 0 {
		c.Alpha = 0
	}
	return c
}

// To converts to another space (color.to(space)).
func (c Color) To(s *Space) Color {
	return Color{Space: s, Coords: c.Space.convert(s, c.Coords), Alpha: c.Alpha, AlphaBoxed: c.AlphaBoxed, AlphaText: c.AlphaText}
}

// InGamut is color.inGamut(space) with colorjs's default epsilon.
func (c Color) InGamut(s *Space) bool { return c.inGamut(s, 0.000075) }

func (c Color) inGamut(s *Space, eps float64) bool {
	coords := c.Coords
	if s != c.Space {
		coords = c.Space.convert(s, coords)
	}
	return s.inGamut(coords, eps)
}

// ToGamut is color.toGamut({space}) with colorjs's default method ("css"):
// the colour stays in its own space with mapped coordinates.
func (c Color) ToGamut(s *Space) Color {
	if c.inGamut(s, 0) {
		return c
	}
	mapped := toGamutCSS(c, s)
	if s != c.Space {
		mapped = mapped.To(c.Space)
	}
	c.Coords = mapped.Coords
	return c
}

func deltaEOK(a, b Color) float64 {
	ok := spaces()["oklab"]
	x := a.Space.convert(ok, a.Coords)
	y := b.Space.convert(ok, b.Coords)
	dl, da, db := x[0]-y[0], x[1]-y[1], x[2]-y[2]
	return math.Sqrt(jsPow(dl, 2) + jsPow(da, 2) + jsPow(db, 2))
}

// toGamutCSS is colorjs's CSS Color 4 gamut mapping (binary search on
// OKLCh chroma).
func toGamutCSS(origin Color, s *Space) Color {
	const jnd = 0.02
	const eps = 0.0001
	if s.isUnbounded() {
		return origin.To(s)
	}
	oklch := spaces()["oklch"]
	originLCH := origin.To(oklch)
	L := originLCH.Coords[0]
	if L >= 1 {
		white := Color{Space: spaces()["oklab"], Coords: []float64{1, 0, 0}, Alpha: origin.Alpha}.To(s)
		return white.To(s)
	}
	if L <= 0 {
		black := Color{Space: spaces()["oklab"], Coords: []float64{0, 0, 0}, Alpha: origin.Alpha}.To(s)
		return black.To(s)
	}
	if originLCH.inGamut(s, 0) {
		return originLCH.To(s)
	}
	clip := func(in Color) Color {
		dest := in.To(s)
		for i := range dest.Coords {
			if i < len(s.coords) && s.coords[i].rng != nil {
				r := s.coords[i].rng
				dest.Coords[i] = math.Max(math.Min(r[1], dest.Coords[i]), r[0])
			}
		}
		return dest
	}
	lo, hi := 0.0, originLCH.Coords[1]
	loInGamut := true
	current := Color{Space: oklch, Coords: append([]float64(nil), originLCH.Coords...), Alpha: originLCH.Alpha}
	clipped := clip(current)
	E := deltaEOK(clipped, current)
	if E < jnd {
		return clipped
	}
	for hi-lo > eps {
		chroma := (lo + hi) / 2
		current.Coords[1] = chroma
		if loInGamut && current.inGamut(s, 0) {
			lo = chroma
		} else {
			clipped = clip(current)
			E = deltaEOK(clipped, current)
			if E < jnd {
				if jnd-E < eps {
					break
				}
				loInGamut = false
				lo = chroma
			} else {
				hi = chroma
			}
		}
	}
	return clipped
}

// String is colorjs's color.toString(): the space's default format,
// gamut-mapped into the space, numbers to 5 significant digits.
func (c Color) String() string {
	coords := append([]float64(nil), c.Coords...)
	if !c.InGamut(c.Space) {
		coords = Color{Space: c.Space, Coords: coords, Alpha: c.Alpha}.ToGamut(c.Space).Coords
	}
	f := c.Space.format
	args := make([]string, 0, 4)
	if f.name == "color" {
		args = append(args, f.cssID)
	}
	for i, v := range coords {
		if i < len(f.types) && i < len(c.Space.coords) {
			meta := c.Space.coords[i]
			from := meta.rng
			if from == nil {
				from = meta.refRange
			}
			unit := ""
			var to *[2]float64
			switch f.types[i] {
			case "<percentage>":
				to, unit = rng(0, 100), "%"
			case "<angle>":
				unit = "deg"
			}
			if from != nil && to != nil {
				v = mapRange(*from, *to, v)
			}
			args = append(args, serializeNumber(v, unit))
			continue
		}
		args = append(args, serializeNumber(v, ""))
	}
	sep := " "
	if f.commas {
		sep = ", "
	}
	alpha := ""
	if !(c.Alpha >= 1) && !f.noAlpha {
		if f.commas {
			alpha = ", " + serializeNumber(c.Alpha, "")
		} else {
			alpha = " / " + serializeNumber(c.Alpha, "")
		}
	}
	return f.name + "(" + strings.Join(args, sep) + alpha + ")"
}

func interpolate(start, end, p float64) float64 {
	if math.IsNaN(start) {
		return end
	}
	if math.IsNaN(end) {
		return start
	}
	return start + (end-start)*p
}

func mapRange(from, to [2]float64, v float64) float64 {
	return interpolate(to[0], to[1], (v-from[0])/(from[1]-from[0]))
}

func serializeNumber(n float64, unit string) string {
	if math.IsNaN(n) {
		return "none"
	}
	return js.Format(toPrecision(n, 5)) + unit
}

// toPrecision is colorjs's util.toPrecision (significant digits for the
// integer part, then decimals).
func toPrecision(n float64, precision int) float64 {
	if n == 0 {
		return 0
	}
	integer := toInt32(n)
	digits := 0
	if integer != 0 && precision != 0 {
		a := integer
		if a < 0 {
			a = -a
		}
		for a > 0 {
			digits++
			a /= 10
		}
	}
	m := math.Pow10(precision - digits)
	return math.Floor(n*m+0.5) / m
}

// toInt32 is JavaScript's ~~x.
func toInt32(x float64) int64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	t := math.Trunc(x)
	m := math.Mod(t, 4294967296)
	if m < 0 {
		m += 4294967296
	}
	if m >= 2147483648 {
		m -= 4294967296
	}
	return int64(m)
}
