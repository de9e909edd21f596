package goja

import (
	"math"

	"github.com/tokengen/tokengen/internal/goja/unistring"
)

// NewDataObject returns a new ordinary object (its prototype
// Object.prototype) whose own properties are keys[i]: values[i], in that
// order, each a writable, enumerable, configurable data property, as
// JSON.parse or an object literal makes them; a repeated key keeps its
// first place and its last value (a tokengen patch, see README.md).
// Building it with Object.Set went through a recovery frame, a prototype
// chain lookup and the map's growth per property, for every token
// attribute a config's formats read.
//
// Like JSON.parse, and unlike Object.Set, it defines the properties: a
// "__proto__" key is an own property and setters on Object.prototype do
// not run.
func (r *Runtime) NewDataObject(keys []string, values []Value) *Object {
	o := r.NewObject()
	b := o.self.(*baseObject)
	b.values.reserve(len(keys))
	b.propNames = make([]unistring.String, 0, len(keys))
	for i, k := range keys {
		name := unistring.NewFromString(k)
		if strToArrayIdx(name) != math.MaxUint32 {
			// index keys list first: the generic definition keeps that order
			createDataPropertyOrThrow(o, stringValueFromRaw(name), values[i])
			continue
		}
		b._put(name, values[i])
	}
	return o
}

// NewArrayOfValues returns a new array of values, which it keeps (the
// caller must not change the slice afterwards): NewArray converts each item
// with ToValue, which Go code that already holds Values need not pay.
func (r *Runtime) NewArrayOfValues(values []Value) *Object {
	return r.newArrayValues(values)
}
