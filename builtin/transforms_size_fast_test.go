package builtin

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// referenceSplitDimension is getTokenDimensionValue written the general way
// (strings.Replace, boxed number part), to test splitDimension against.
func referenceSplitDimension(v any) (value any, unit string, hasUnit bool) {
	if o, ok := v.(*tokenbuild.Object); ok {
		u, has := o.Get("unit")
		return o.Value("value"), js.String(u), has
	}
	s := js.String(v)
	i := len(s)
	for i > 0 && !isNumberChar(s[i-1]) {
		i--
	}
	if i == len(s) {
		return v, "", false
	}
	unit = s[i:]
	rest := strings.Replace(s, unit, "", 1)
	if _, ok := js.ParseFloat(rest); !ok {
		return v, "", false
	}
	return rest, unit, true
}

// referenceSizeTransforms are the size conversions written as plain string
// concatenations, by transform name.
var referenceSizeTransforms = map[string]func(n float64, value any, unit string, hasUnit bool, base float64) any{
	"size/sp":      func(n float64, _ any, _ string, _ bool, _ float64) any { return js.ToFixed(n, 2) + "sp" },
	"size/dp":      func(n float64, _ any, _ string, _ bool, _ float64) any { return js.ToFixed(n, 2) + "dp" },
	"size/remToSp": func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) + "sp" },
	"size/remToDp": func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) + "dp" },
	"size/px":      func(n float64, _ any, _ string, _ bool, _ float64) any { return js.Format(n) + "px" },
	"size/rem": func(n float64, v any, u string, has bool, _ float64) any {
		if has {
			return js.String(v) + u
		}
		if n == 0 {
			return v
		}
		return js.Format(n) + "rem"
	},
	"size/remToFloat":      func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) + "f" },
	"size/remToPt":         func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) + "pt" },
	"size/compose/remToSp": func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) + ".sp" },
	"size/compose/remToDp": func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) + ".dp" },
	"size/compose/em":      func(n float64, _ any, _ string, _ bool, _ float64) any { return js.Format(n) + ".em" },
	"size/compose/sp":      func(n float64, _ any, _ string, _ bool, _ float64) any { return js.ToFixed(n, 2) + ".sp" },
	"size/compose/dp":      func(n float64, _ any, _ string, _ bool, _ float64) any { return js.ToFixed(n, 2) + ".dp" },
	"size/swift/remToCGFloat": func(n float64, _ any, _ string, _ bool, b float64) any {
		return "CGFloat(" + js.ToFixed(n*b, 2) + ")"
	},
	"size/remToPx": func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 0) + "px" },
	"size/pxToRem": func(n float64, v any, _ string, _ bool, b float64) any {
		if n == 0 {
			return v
		}
		return js.Format(n/b) + "rem"
	},
	"size/flutter/remToDouble": func(n float64, _ any, _ string, _ bool, b float64) any { return js.ToFixed(n*b, 2) },
}

func randomSizeValue(r *rand.Rand) any {
	numbers := []string{"0", "16", "1.5", "-2", ".25", "0.875", "1e3", "12.3456", "-0", "007", "1.005", "x", ""}
	units := []string{"", "px", "rem", "em", "%", "pxpx", "p", "1px", " px", "e", "Infinity"}
	switch r.Intn(6) {
	case 0:
		return []float64{0, 16, 1.5, -3.25, 0.1, 1e21, 2.675}[r.Intn(7)]
	case 1:
		o := tokenbuild.NewObject()
		o.Set("value", []any{1.5, "2", 0.0, nil}[r.Intn(4)])
		if r.Intn(4) > 0 {
			o.Set("unit", []any{"px", "rem", nil}[r.Intn(3)])
		}
		return o
	case 2: // the unit also occurs earlier in the value
		u := units[1+r.Intn(len(units)-1)]
		return u + numbers[r.Intn(len(numbers))] + u
	default:
		return numbers[r.Intn(len(numbers))] + units[r.Intn(len(units))]
	}
}

func TestSizeTransformsMatchGeneralPath(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	platform := &tokenbuild.Platform{}
	tested := 0
	for _, tr := range sizeTransforms() {
		ref := referenceSizeTransforms[tr.Name]
		if ref == nil {
			continue
		}
		tested++
		for i := 0; i < 3000; i++ {
			v := randomSizeValue(r)
			tok := &tokenbuild.Token{Name: "n", Value: v}
			got, err := runTransform(tr, tok, platform, nil)
			value, unit, has := referenceSplitDimension(v)
			n, ok := js.ParseFloat(js.String(value))
			if !ok {
				if err == nil {
					t.Fatalf("%s(%v): no error, want Invalid Number", tr.Name, v)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s(%v): %v", tr.Name, v, err)
			}
			want := ref(n, value, unit, has, platform.BasePx())
			if fmt.Sprintf("%T %v", got, got) != fmt.Sprintf("%T %v", want, want) {
				t.Fatalf("%s(%#v) = %#v, want %#v", tr.Name, v, got, want)
			}
		}
	}
	if tested != len(referenceSizeTransforms) {
		t.Fatalf("tested %d transforms, want %d", tested, len(referenceSizeTransforms))
	}
}
