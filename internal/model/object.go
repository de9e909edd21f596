// Package model holds the data types shared by the pipeline, the built-in
// hooks and the public tokenbuild package (which re-exports them as aliases).
package model

import "strconv"

// Object is a JSON object that iterates its keys the way JavaScript does:
// canonical array-index keys ("0", "2", "10") first in ascending numeric
// order, then every other key in insertion order. Output order of every
// format depends on this, so token trees are always Objects, never Go maps.
//
// Values are nil, bool, float64, string, []any, *Object or, in a token tree,
// *Token.
type Object struct {
	keys []string
	vals map[string]any
	nIdx int // how many leading keys are array indices
}

// NewObject returns an empty Object.
func NewObject() *Object { return &Object{vals: map[string]any{}} }

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
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[k]
	return v, ok
}

// Value returns the value of k, or nil.
func (o *Object) Value(k string) any {
	if o == nil {
		return nil
	}
	return o.vals[k]
}

// Has reports whether k is present.
func (o *Object) Has(k string) bool {
	if o == nil {
		return false
	}
	_, ok := o.vals[k]
	return ok
}

// Set sets k to v. An existing key keeps its position, as in JavaScript.
func (o *Object) Set(k string, v any) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; ok {
		o.vals[k] = v
		return
	}
	o.vals[k] = v
	n, isIdx := arrayIndex(k)
	if !isIdx {
		o.keys = append(o.keys, k)
		return
	}
	// insert among the leading index keys, in numeric order
	i := 0
	for i < o.nIdx {
		m, _ := arrayIndex(o.keys[i])
		if m > n {
			break
		}
		i++
	}
	o.keys = append(o.keys, "")
	copy(o.keys[i+1:], o.keys[i:])
	o.keys[i] = k
	o.nIdx++
}

// Delete removes k.
func (o *Object) Delete(k string) {
	if o == nil {
		return
	}
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, kk := range o.keys {
		if kk == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			if i < o.nIdx {
				o.nIdx--
			}
			return
		}
	}
}

// Range calls f for each key in order until f returns false.
func (o *Object) Range(f func(k string, v any) bool) {
	if o == nil {
		return
	}
	for _, k := range o.keys {
		if !f(k, o.vals[k]) {
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
	c := &Object{keys: append([]string(nil), o.keys...), vals: make(map[string]any, len(o.vals)), nIdx: o.nIdx}
	for k, v := range o.vals {
		c.vals[k] = CloneValue(v)
	}
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
