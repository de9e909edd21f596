package color

import (
	"math"

	"github.com/tokengen/tokengen/internal/js"
)

// FromDTCG converts a DTCG colour value (colorSpace, components, alpha) the
// way the reference's dtcgToColorJS does: "none" is NaN, a missing or null
// alpha is 1. ok is false for an unknown colour space.
func FromDTCG(colorSpace string, components []any, alpha any, hasAlpha bool) (Color, bool) {
	id, ok := DTCGSpaces[colorSpace]
	if !ok {
		return Color{}, false
	}
	coords := make([]float64, len(components))
	for i, c := range components {
		if s, isStr := c.(string); isStr && s == "none" {
			coords[i] = math.NaN()
			continue
		}
		coords[i] = js.ToNumber(c)
	}
	// Every space here has three coordinates; a missing one is NaN and
	// extra ones are never read.
	for len(coords) < 3 {
		coords = append(coords, math.NaN())
	}
	coords = coords[:3]
	a := 1.0
	if hasAlpha && alpha != nil {
		if s, isStr := alpha.(string); isStr && s == "none" {
			a = math.NaN()
		} else {
			a = js.ToNumber(alpha)
		}
	}
	return New(spaces()[id], coords, a), true
}

// SRGB255 is the reference's dtcgColorToRgb without the hex fallback: the
// colour gamut-mapped into sRGB when needed, channels clamped and rounded to
// 0..255, alpha NaN read as 1.
func (c Color) SRGB255() (r, g, b, a float64) {
	srgb := spaces()["srgb"]
	if !c.InGamut(srgb) {
		c = c.ToGamut(srgb)
	}
	s := c.To(srgb)
	ch := func(i int) float64 {
		v := math.NaN()
		if i < len(s.Coords) {
			v = s.Coords[i]
		}
		return js.Round(math.Max(0, math.Min(1, v)) * 255)
	}
	a = s.Alpha
	if math.IsNaN(a) {
		a = 1
	}
	return ch(0), ch(1), ch(2), a
}
