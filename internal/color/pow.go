package color

import "math"

// jsPow is JavaScript's Math.pow / ** operator.
func jsPow(x, y float64) float64 {
	if math.IsNaN(y) {
		return y
	}
	if (x == 1 || x == -1) && math.IsInf(y, 0) {
		return math.NaN()
	}
	return math.Pow(x, y)
}
