package tokensstudio

import (
	"runtime"
	"sync"
	"weak"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// In node, the attributes ts/descriptionToComment returns hold the
// token's value object itself, and the package's later transforms change
// a border's, shadow's or typography's value object in place (resolveMath,
// size/px, hexrgba, innerShadow on one shadow) until one of them returns
// a new object: formats that print attributes (json, javascript/module)
// show those changes there. tokengen's transforms copy instead of
// changing a value in place, since a value may be shared with other
// platforms; so descriptionToComment gives the token a private copy of
// its value and registers its objects here, and the transforms that
// change values in place in node change these objects in place too.

// sharedObjects holds the registered objects, weakly: an entry goes when
// its object is collected.
var sharedObjects sync.Map // weak.Pointer[tokenbuild.Object] -> struct{}

func registerShared(o *tokenbuild.Object) {
	w := weak.Make(o)
	sharedObjects.Store(w, struct{}{})
	runtime.AddCleanup(o, func(w weak.Pointer[tokenbuild.Object]) { sharedObjects.Delete(w) }, w)
}

// isShared reports whether o is a value object the token shares with its
// attributes.
func isShared(o *tokenbuild.Object) bool {
	_, ok := sharedObjects.Load(weak.Make(o))
	return ok
}

// shareValue returns a private deep copy of a value, its objects
// registered as shared.
func shareValue(v any) any {
	switch x := v.(type) {
	case *tokenbuild.Object:
		c := tokenbuild.NewObjectCap(x.Len())
		x.Range(func(k string, e any) bool {
			c.Set(k, shareValue(e))
			return true
		})
		registerShared(c)
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = shareValue(e)
		}
		return c
	}
	return v
}

// setInPlace is val[k] = v as node does it: on a shared object in place,
// else on a copy.
func setInPlace(o *tokenbuild.Object, k string, v any) *tokenbuild.Object {
	if !isShared(o) {
		return withProp(o, k, v)
	}
	if v == js.Undefined {
		o.Delete(k)
	} else {
		o.Set(k, v)
	}
	return o
}
