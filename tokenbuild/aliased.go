package tokenbuild

// In node, one value object may be held by several places of a token at
// once: @tokens-studio/sd-transforms's ts/descriptionToComment returns
// the whole token as its attributes, so that attributes.value is the
// token's value object itself, and the package's later transforms change
// that object in place (a border's width, a shadow's offsets), which the
// formats printing attributes (json, javascript/module) then show.
//
// tokengen's value objects are shared between tokens, platforms and
// permutations, and transforms never change them: they return a changed
// copy. An aliased object is the exception, node's aliasing made
// explicit: a copy made for one token on one platform by the transform
// that holds it in two places (AliasedCopy), which a transform changing
// the object in place in node changes in place too (Object.Aliased says
// it may). Since the object is the token's own, changing it is part of
// the transform's result, and a pure transform may do it.

// AliasedCopy returns a deep copy of the JSON-like value v whose objects,
// at any depth, are aliased; arrays are copied, other values returned as
// they are.
func AliasedCopy(v any) any {
	switch x := v.(type) {
	case *Object:
		c := NewObjectCap(x.Len())
		x.Range(func(k string, e any) bool {
			c.Set(k, AliasedCopy(e))
			return true
		})
		c.aliased = true
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = AliasedCopy(e)
		}
		return c
	}
	return v
}

// Aliased reports whether o was made by AliasedCopy: a transform may
// change it in place, as node changes the object everywhere it is held. A
// copy of it (Clone) is not aliased.
func (o *Object) Aliased() bool { return o != nil && o.aliased }
