package jsconfig

import (
	"errors"

	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/json5"
)

// Converting a JavaScript value into Go walks it recursively, and Go's
// stack overflowing ends the process: an object that contains itself (a
// transform returning a token with a parent link) or nests deeper than
// any token file may (json5.MaxDepth) is an error instead. An array's
// length is bounded too: a sparse array of 4 billion holes would ask for
// more memory than there is.

// maxConvertedArray is the longest array converted into Go.
const maxConvertedArray = 1 << 24

// ancestors are the objects a conversion is inside of, the outermost
// first.
type ancestors struct {
	in    map[*goja.Object]bool
	depth int
}

// enter notes that the conversion goes into o, throwing when o is one
// of the objects it is inside of or when that is too deep.
func (e *engine) enter(a *ancestors, o *goja.Object) *ancestors {
	if a == nil {
		a = &ancestors{in: map[*goja.Object]bool{}}
	}
	if a.in[o] {
		panic(e.rt.NewTypeError("Converting circular structure: the value contains itself"))
	}
	if a.depth >= json5.MaxDepth {
		panic(e.rt.NewTypeError("the value nests deeper than %d levels", json5.MaxDepth))
	}
	a.in[o] = true
	a.depth++
	return a
}

func (a *ancestors) leave(o *goja.Object) {
	delete(a.in, o)
	a.depth--
}

// arrayLength is the length of the array o, thrown when too long.
func (e *engine) arrayLength(o *goja.Object) int {
	n := o.Get("length").ToInteger()
	if n > maxConvertedArray || n < 0 {
		panic(e.rt.NewTypeError("an array of %d elements is longer than tokengen takes (%d)", n, maxConvertedArray))
	}
	return int(n)
}

// convert is fromJS for Go code that JavaScript did not call (an
// adapter converting what a hook returned): what fromJS throws is
// returned as an error.
func (e *engine) convert(v goja.Value) (out any, err error) {
	defer func() {
		if err == nil {
			err = recovered(recover())
		}
	}()
	return e.fromJS(v), nil
}

// recovered is the error of a JavaScript exception Go code threw (a
// *goja.Object, as goja's functions throw): other panics go on.
func recovered(p any) error {
	if p == nil {
		return nil
	}
	if o, ok := p.(*goja.Object); ok {
		return errors.New(o.String())
	}
	if ex, ok := p.(*goja.Exception); ok {
		return errors.New(ex.Value().String())
	}
	panic(p)
}
