// Package dtcgspec holds tables of the DTCG 2025.10 Format module
// (designtokens.org/TR/2025.10/format) that both the spec lint and the
// built-in transforms read, so that the two cannot disagree.
package dtcgspec

// FontWeights are the font weight names of §8.4 and their numeric
// weights. Names are case-sensitive: any other string, a different case
// included, is no DTCG font weight.
var FontWeights = map[string]float64{
	"thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
	"normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
	"bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
	"extra-black": 950, "ultra-black": 950,
}
