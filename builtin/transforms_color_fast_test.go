package builtin

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/color"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// isColorTokenGeneral is isColorToken without the hash shortcut.
func isColorTokenGeneral(t *tokenbuild.Token) bool {
	if t.Type != "color" {
		return false
	}
	if _, ok := dtcgColorObject(t.Value); ok {
		return true
	}
	if !parseTinyValue(t.Value).IsValid() {
		return false
	}
	s := js.String(t.Value)
	for _, pre := range []string{"linear", "radial", "conic"} {
		g := pre + "-gradient"
		if strings.HasPrefix(s, g) || strings.HasPrefix(s, "repeating-"+g) {
			return false
		}
	}
	return true
}

// The shortcuts in the colour filter and formatters must give what the
// straightforward tinycolor expressions give, on random colour strings.
func TestColorShortcutsMatchGeneral(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const hexAlphabet = "0123456789abcdefABCDEF"
	var inputs []string
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		if rng.Intn(8) == 0 {
			b.WriteString(" \t"[rng.Intn(2):])
		}
		if rng.Intn(10) > 0 {
			b.WriteByte('#')
		}
		for n := []int{3, 4, 6, 8, 5, 7, 9}[rng.Intn(7)]; n > 0; n-- {
			b.WriteByte(hexAlphabet[rng.Intn(len(hexAlphabet))])
		}
		if rng.Intn(8) == 0 {
			b.WriteString([]string{" ", "x", "\u00a0"}[rng.Intn(3)])
		}
		inputs = append(inputs, b.String())
	}
	for i := 0; i < 2000; i++ {
		inputs = append(inputs, fmt.Sprintf("rgba(%d, %d, %d, %.2f)", rng.Intn(300), rng.Intn(256), rng.Intn(256), rng.Float64()*1.2),
			fmt.Sprintf("hsl(%d, %d%%, %d%%)", rng.Intn(360), rng.Intn(101), rng.Intn(101)))
	}
	inputs = append(inputs, "red", "transparent", "linear-gradient(#fff, #000)", "#", "")

	byName := map[string]tokenbuild.Transform{}
	for _, tr := range colorTransforms() {
		byName[tr.Name] = tr
	}
	general := map[string]func(c color.Tiny) string{
		"color/hex": func(c color.Tiny) string {
			if c.A == 1 {
				return "#" + c.ToHex()
			}
			return "#" + c.ToHex() + hex2(c)
		},
		"color/hex8android": func(c color.Tiny) string {
			h := c.ToHex() + hex2(c)
			return "#" + h[6:] + h[:6]
		},
		"color/composeColor": func(c color.Tiny) string {
			h := c.ToHex() + hex2(c)
			return "Color(0x" + h[6:] + h[:6] + ")"
		},
		"color/hex8flutter": func(c color.Tiny) string {
			h := strings.ToUpper(c.ToHex() + hex2(c))
			return "Color(0x" + h[6:] + h[:6] + ")"
		},
		"color/UIColorSwift": func(c color.Tiny) string {
			r, g, b, a := c.ToRgb()
			return "UIColor(red: " + js.ToFixed(r/255, 3) + ", green: " + js.ToFixed(g/255, 3) +
				", blue: " + js.ToFixed(b/255, 3) + ", alpha: " + js.Format(a) + ")"
		},
		"color/ColorSwiftUI": func(c color.Tiny) string {
			r, g, b, a := c.ToRgb()
			return "Color(red: " + js.ToFixed(r/255, 3) + ", green: " + js.ToFixed(g/255, 3) +
				", blue: " + js.ToFixed(b/255, 3) + ", opacity: " + js.Format(a) + ")"
		},
		"color/css": func(c color.Tiny) string {
			r, g, b, a := c.ToRgb()
			if a == 1 {
				return "#" + c.ToHex()
			}
			return "rgba(" + js.Format(r) + ", " + js.Format(g) + ", " + js.Format(b) + ", " + js.Format(a) + ")"
		},
	}
	for _, in := range inputs {
		tok := &tokenbuild.Token{Type: "color", Value: in}
		isColor := isColorTokenGeneral(tok)
		if got, _ := isColorToken(tok, tokenbuild.Options{}); got != isColor {
			t.Fatalf("isColorToken(%q) = %v, general %v", in, got, isColor)
		}
		if !isColor {
			continue
		}
		c := color.ParseTiny(in)
		for name, want := range general {
			got, err := runTransform(byName[name], tok, nil, tokenbuild.Options{})
			if err != nil || got != want(c) {
				t.Fatalf("%s(%q) = %v (%v), want %q", name, in, got, err, want(c))
			}
		}
	}
}

// hex2 is tinycolor's pad2(Math.round(a * 255)) for the alpha channel.
func hex2(c color.Tiny) string {
	h := c.ToHex8()
	return h[len(h)-2:]
}
