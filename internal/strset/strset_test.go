package strset

import (
	"strconv"
	"testing"
)

// A string added is found; one never added is found only by a chance
// fingerprint match, which among a few thousand strings does not happen.
func TestAddHas(t *testing.T) {
	for _, s := range []Set{New(3000), Over(make([]uint32, 8192))} {
		for i := 0; i < 3000; i++ {
			k := "name" + strconv.Itoa(i)
			if s.Add(k) {
				t.Fatalf("%s seen before it was added", k)
			}
			if !s.Add(k) || !s.Has(k) {
				t.Fatalf("%s not found after it was added", k)
			}
		}
		for i := 3000; i < 6000; i++ {
			if k := "name" + strconv.Itoa(i); s.Has(k) {
				t.Fatalf("%s found but never added", k)
			}
		}
	}
}
