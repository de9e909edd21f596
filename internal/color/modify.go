package color

import (
	"math"
	"strconv"
	"strings"
)

// This file holds the colorjs.io operations that @tokens-studio/sd-transforms'
// colour modifiers call (get, set, mix, lighten, darken and toString with a
// format); they are colorjs 0.5.2's, step for step, so that a modified
// colour prints the same digits.

// Coord is get(color, [space, index]): the coordinate in another space.
func (c Color) Coord(s *Space, i int) float64 {
	if s == c.Space {
		return c.Coords[i]
	}
	return c.Space.convert(s, c.Coords)[i]
}

// SetCoord is set(color, [space, index], v): the coordinates in s are
// read, one is replaced and the result converted back into the colour's
// own space (a round trip, as colorjs does it).
func (c *Color) SetCoord(s *Space, i int, v float64) {
	coords := append([]float64(nil), c.Coords...)
	if s != c.Space {
		coords = c.Space.convert(s, c.Coords)
	}
	coords[i] = v
	if s != c.Space {
		coords = s.convert(c.Space, coords)
	}
	c.Coords = coords
}

// Lighten is colorjs's color.lighten(amount): OKLCh lightness times
// 1+amount.
func (c *Color) Lighten(amount float64) {
	ok := spaces()["oklch"]
	c.SetCoord(ok, 0, c.Coord(ok, 0)*(1+amount))
}

// Darken is colorjs's color.darken(amount): OKLCh lightness times
// 1-amount.
func (c *Color) Darken(amount float64) {
	ok := spaces()["oklch"]
	c.SetCoord(ok, 0, c.Coord(ok, 0)*(1-amount))
}

// Mix is colorjs's c1.mix(c2, p, {space}): both colours converted to the
// space and mapped into its gamut, hues on the shorter arc, coordinates
// and alpha interpolated linearly. The result is in the space.
func Mix(c1, c2 Color, p float64, s *Space) Color {
	a := c1.To(s).ToGamut(s)
	b := c2.To(s).ToGamut(s)
	a.Coords = append([]float64(nil), a.Coords...)
	b.Coords = append([]float64(nil), b.Coords...)
	if h := hueIndex(s); h >= 0 {
		t1, t2 := a.Coords[h], b.Coords[h]
		if math.IsNaN(t1) && !math.IsNaN(t2) {
			t1 = t2
		} else if math.IsNaN(t2) && !math.IsNaN(t1) {
			t2 = t1
		}
		t1, t2 = constrainAngle(t1), constrainAngle(t2)
		if d := t2 - t1; d > 180 {
			t1 += 360
		} else if d < -180 {
			t2 += 360
		}
		a.SetCoord(s, h, t1)
		b.SetCoord(s, h, t2)
	}
	coords := make([]float64, len(a.Coords))
	for i := range coords {
		coords[i] = interpolate(a.Coords[i], b.Coords[i], p)
	}
	return Color{Space: s, Coords: coords, Alpha: interpolate(a.Alpha, b.Alpha, p)}
}

// hueIndex is the index of the space's "h" coordinate when it is an
// angle, else -1.
func hueIndex(s *Space) int {
	for i, m := range s.coords {
		if m.id == "h" {
			if m.angle {
				return i
			}
			return -1
		}
	}
	return -1
}

// Serialize is color.toString({format, precision: 5, inGamut: true}):
// "hex" on an sRGB colour prints #rrggbb[aa] (collapsed to #rgb[a] when
// every channel allows it); any format the space does not have prints its
// default one.
func (c Color) Serialize(format string) string {
	if format != "hex" || c.Space != spaces()["srgb"] {
		return c.String()
	}
	coords := append([]float64(nil), c.Coords...)
	if !c.InGamut(c.Space) {
		coords = Color{Space: c.Space, Coords: coords, Alpha: c.Alpha}.ToGamut(c.Space).Coords
	}
	if c.Alpha < 1 {
		coords = append(coords, c.Alpha)
	}
	ints := make([]int64, len(coords))
	collapsible := true
	for i, v := range coords {
		if math.IsNaN(v) {
			// Math.round(NaN).toString(16)
			return "#" + strings.Repeat("NaN", len(coords))
		}
		// Math.round: halves round up.
		ints[i] = int64(math.Floor(v*255 + 0.5))
		if ints[i]%17 != 0 {
			collapsible = false
		}
	}
	var b strings.Builder
	b.WriteByte('#')
	for _, n := range ints {
		if collapsible {
			b.WriteString(strconv.FormatInt(n/17, 16))
			continue
		}
		h := strconv.FormatInt(n, 16)
		if len(h) < 2 {
			b.WriteByte('0')
		}
		b.WriteString(h)
	}
	return b.String()
}

// Reparsed is new Color(color.toString({precision: 5})): the colour as
// colorjs reads back its own default serialisation (gamut-mapped, each
// coordinate to 5 significant digits, through the format's percentage
// mapping), computed without printing.
func (c Color) Reparsed() Color {
	coords := append([]float64(nil), c.Coords...)
	if !c.InGamut(c.Space) {
		coords = Color{Space: c.Space, Coords: coords, Alpha: c.Alpha}.ToGamut(c.Space).Coords
	}
	f := c.Space.format
	out := make([]float64, len(coords))
	for i, v := range coords {
		if math.IsNaN(v) {
			out[i] = v
			continue
		}
		if i >= len(f.types) || i >= len(c.Space.coords) || f.types[i] != "<percentage>" {
			out[i] = toPrecision(v, 5)
			continue
		}
		meta := c.Space.coords[i]
		from := meta.rng
		if from == nil {
			from = meta.refRange
		}
		if from == nil {
			out[i] = toPrecision(v, 5) / 100
			continue
		}
		p := toPrecision(mapRange(*from, [2]float64{0, 100}, v), 5) / 100
		out[i] = mapRange([2]float64{0, 1}, *from, p)
	}
	r := Color{Space: c.Space, Coords: out, Alpha: 1}
	if !(c.Alpha >= 1) && !f.noAlpha {
		r.Alpha = toPrecision(c.Alpha, 5)
		r.AlphaBoxed = r.Alpha >= 0 && r.Alpha <= 1
	}
	return r
}
