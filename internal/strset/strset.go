// Package strset is a set of strings kept as 32-bit hash fingerprints in
// an open-addressing table: much cheaper than a Go map of strings for the
// tens of thousands of names a build checks, at the price that two
// different strings may, rarely, look the same. Every caller treats "seen"
// as "maybe seen" and checks again the slow way.
package strset

import "hash/maphash"

// seed is read-only after initialisation.
var seed = maphash.MakeSeed()

// Set holds fingerprints; its zero value is not usable (use New or Over).
type Set struct {
	table []uint32 // 0 marks a free slot; fingerprints are odd
	shift uint     // the top 64-shift bits of a hash place it
}

// New is a set with room for n strings.
func New(n int) Set {
	bits := uint(4)
	for 1<<bits < 2*n {
		bits++
	}
	table := make([]uint32, 1<<bits)
	// Written before it is read: reading fresh memory first maps the zero
	// page, and the first write then costs a copy-on-write fault and a TLB
	// flush on every core.
	clear(table)
	return Set{table: table, shift: 64 - bits}
}

// Over is a set in table, whose length is a power of two and whose
// elements are zero (a caller's array on the stack); it holds up to half
// as many strings.
func Over(table []uint32) Set {
	bits := uint(0)
	for 1<<bits < len(table) {
		bits++
	}
	return Set{table: table, shift: 64 - bits}
}

// Add adds s and reports whether it (or a string with its fingerprint) was
// there already.
func (s Set) Add(k string) (seen bool) {
	h := maphash.String(seed, k)
	fp := uint32(h) | 1
	mask := uint64(len(s.table) - 1)
	for i := h >> s.shift; ; i = (i + 1) & mask {
		switch s.table[i] {
		case 0:
			s.table[i] = fp
			return false
		case fp:
			return true
		}
	}
}

// Has reports whether s (or a string with its fingerprint) is in the set.
func (s Set) Has(k string) bool {
	h := maphash.String(seed, k)
	fp := uint32(h) | 1
	mask := uint64(len(s.table) - 1)
	for i := h >> s.shift; ; i = (i + 1) & mask {
		switch s.table[i] {
		case 0:
			return false
		case fp:
			return true
		}
	}
}
