package tokenbuild

import (
	"strconv"
)

// Object is a JSON object that iterates its keys the way JavaScript does:
// canonical array-index keys ("0", "2", "10") first in ascending numeric
// order, then every other key in insertion order. Output order of every
// format depends on this, so token trees are always Objects, never Go maps.
//
// Values are nil, bool, float64, string, []any, *Object or, in a token tree,
// *Token.
type Object struct {
	keys []string
	vals []any          // vals[i] belongs to keys[i]
	idx  map[string]int // key positions, built only for large objects
	nIdx int32          // how many leading keys are array indices
	// aliased marks an object several places of a token hold at once
	// (aliased.go); int32 above keeps an Object in 64 bytes with it.
	aliased bool
}

// indexFrom is the size from which lookups use a map; most token objects
// have a handful of keys, where a linear scan is faster and allocates less.
const indexFrom = 32

// NewObject returns an empty Object.
func NewObject() *Object { return &Object{} }

// arrayIndex reports whether k is a canonical array index (0..2^32-2) and its value.
func arrayIndex(k string) (uint64, bool) {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n > 4294967294 {
		return 0, false
	}
	return n, true
}

func (o *Object) find(k string) int {
	if o == nil {
		return -1
	}
	if o.idx != nil {
		if i, ok := o.idx[k]; ok {
			return i
		}
		return -1
	}
	for i, kk := range o.keys {
		if kk == k {
			return i
		}
	}
	return -1
}

func (o *Object) reindex() {
	if len(o.keys) < indexFrom {
		o.idx = nil
		return
	}
	if o.idx == nil {
		o.idx = make(map[string]int, len(o.keys)*2)
	}
	for i, k := range o.keys {
		o.idx[k] = i
	}
}

// Len is the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// Keys returns the keys in JavaScript iteration order. The slice must not be modified.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	return o.keys
}

// Get returns the value of k.
func (o *Object) Get(k string) (any, bool) {
	if i := o.find(k); i >= 0 {
		return o.vals[i], true
	}
	return nil, false
}

// Value returns the value of k, or nil.
func (o *Object) Value(k string) any {
	if i := o.find(k); i >= 0 {
		return o.vals[i]
	}
	return nil
}

// Has reports whether k is present.
func (o *Object) Has(k string) bool { return o.find(k) >= 0 }

// Set sets k to v. An existing key keeps its position, as in JavaScript.
func (o *Object) Set(k string, v any) {
	if i := o.find(k); i >= 0 {
		o.vals[i] = v
		return
	}
	if cap(o.keys) == 0 {
		// token objects hold a handful of keys: skip the 1, 2, 4 growth steps
		o.keys, o.vals = make([]string, 0, 4), make([]any, 0, 4)
	}
	n, isIdx := arrayIndex(k)
	if !isIdx {
		o.appendKey(k, v)
		return
	}
	// insert among the leading index keys, in numeric order
	i := 0
	for i < int(o.nIdx) {
		m, _ := arrayIndex(o.keys[i])
		if m > n {
			break
		}
		i++
	}
	o.keys = append(o.keys, "")
	copy(o.keys[i+1:], o.keys[i:])
	o.keys[i] = k
	o.vals = append(o.vals, nil)
	copy(o.vals[i+1:], o.vals[i:])
	o.vals[i] = v
	o.nIdx++
	o.reindex()
}

// AppendNew adds k, which the caller knows is not in o, skipping Set's
// search for it (an index key still goes to its numeric place).
func (o *Object) AppendNew(k string, v any) {
	if _, isIdx := arrayIndex(k); isIdx || cap(o.keys) == 0 {
		o.Set(k, v)
		return
	}
	o.appendKey(k, v)
}

// appendKey adds k, absent and not an index, after the other keys.
func (o *Object) appendKey(k string, v any) {
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
	if o.idx != nil {
		o.idx[k] = len(o.keys) - 1
	} else if len(o.keys) == indexFrom {
		o.reindex()
	}
}

// Delete removes k.
func (o *Object) Delete(k string) {
	i := o.find(k)
	if i < 0 {
		return
	}
	o.keys = append(o.keys[:i], o.keys[i+1:]...)
	o.vals = append(o.vals[:i], o.vals[i+1:]...)
	if i < int(o.nIdx) {
		o.nIdx--
	}
	if o.idx != nil {
		delete(o.idx, k)
		o.reindex()
	}
}

// Range calls f for each key in order until f returns false.
func (o *Object) Range(f func(k string, v any) bool) {
	if o == nil {
		return
	}
	for i, k := range o.keys {
		if !f(k, o.vals[i]) {
			return
		}
	}
}

// Clone returns a deep copy of o (nested Objects and slices are copied;
// *Token leaves are shared).
func (o *Object) Clone() *Object {
	if o == nil {
		return nil
	}
	c := &Object{keys: append([]string(nil), o.keys...), vals: make([]any, len(o.vals)), nIdx: o.nIdx}
	for i, v := range o.vals {
		c.vals[i] = CloneValue(v)
	}
	c.reindex()
	return c
}

// CloneValue deep-copies a JSON-like value.
func CloneValue(v any) any {
	switch x := v.(type) {
	case *Object:
		return x.Clone()
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = CloneValue(e)
		}
		return c
	}
	return v
}

// ObjectOf builds an Object from alternating key, value arguments; handy in tests and Go configs.
func ObjectOf(kv ...any) *Object {
	o := NewObject()
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

// NewObjectCap returns an empty Object with room for n keys, in a single
// allocation when n is small.
func NewObjectCap(n int) *Object {
	switch {
	case n <= 3: // attribute/cti of a three-part path, the usual token
		s := &smallObject3{}
		s.o.keys, s.o.vals = s.k[:0], s.v[:0]
		return &s.o
	case n == 4: // a token's two properties plus filePath and isSource
		s := &smallObject4{}
		s.o.keys, s.o.vals = s.k[:0], s.v[:0]
		return &s.o
	case n == 5: // the same with a description
		s := &smallObject5{}
		s.o.keys, s.o.vals = s.k[:0], s.v[:0]
		return &s.o
	case n <= 6:
		s := &smallObject6{}
		s.o.keys, s.o.vals = s.k[:0], s.v[:0]
		return &s.o
	}
	return &Object{keys: make([]string, 0, n), vals: make([]any, 0, n)}
}

// smallObject3 to smallObject6 keep a small Object's keys and values in
// the same allocation (each a size class of its own).
type smallObject3 struct {
	o Object
	k [3]string
	v [3]any
}

type smallObject4 struct {
	o Object
	k [4]string
	v [4]any
}

type smallObject5 struct {
	o Object
	k [5]string
	v [5]any
}

type smallObject6 struct {
	o Object
	k [6]string
	v [6]any
}
