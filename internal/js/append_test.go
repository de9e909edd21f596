package js

import (
	"math"
	"math/rand"
	"testing"
)

// randomNumber draws integers, short decimals, exact binary ties, tiny and
// huge magnitudes and special values, negative about half the time.
func randomNumber(r *rand.Rand) float64 {
	var x float64
	switch r.Intn(8) {
	case 0:
		x = float64(r.Intn(100000))
	case 1:
		x = float64(r.Intn(100000)) / 100
	case 2:
		x = float64(r.Intn(1<<12)) / float64(int(1)<<r.Intn(12)) // ties for toFixed
	case 3:
		x = r.Float64() * math.Pow(10, float64(r.Intn(60)-30))
	case 4:
		x = math.Float64frombits(r.Uint64())
	case 5:
		x = []float64{0, math.Inf(1), math.NaN(), 9.995, 0.5, 1e21, 1e-7, 123e-20, 999.9999}[r.Intn(9)]
	case 6:
		x = float64(r.Intn(1000)) / 1000 * 16
	default:
		x = r.NormFloat64() * 100
	}
	if r.Intn(2) == 0 {
		x = -x
	}
	return x
}

func TestAppendMatchesStringForms(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 300000; i++ {
		x := randomNumber(r)
		if got, want := string(AppendFormat([]byte("p"), x)), "p"+Format(x); got != want {
			t.Fatalf("AppendFormat(%v) = %q, want %q", x, got, want)
		}
		d := r.Intn(5)
		if r.Intn(50) == 0 {
			d = r.Intn(30)
		}
		if got, want := string(AppendToFixed([]byte("p"), x, d)), "p"+ToFixed(x, d); got != want {
			t.Fatalf("AppendToFixed(%v, %d) = %q, want %q", x, d, got, want)
		}
	}
}
