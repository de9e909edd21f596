package goja

// AssertCallback is AssertFunction for Go code that runs inside a call from
// JavaScript, such as the body of a Go function a script calls (a tokengen
// patch, see README.md). The function it returns calls v the way the
// built-ins call their callbacks (Array.prototype.sort its comparator,
// map its mapper): without a recovery frame and argument slice of its own
// per call, so an exception v throws unwinds through the Go caller to the
// script's catch, as one thrown by a built-in's callback does. A sort
// calls its comparator some n log n times; AssertFunction's frame
// per call was a large part of a comparison's cost.
//
// It must not be called from outside a JavaScript call: there the
// exception would be a Go panic. Use AssertFunction there.
func AssertCallback(v Value) (func(FunctionCall) Value, bool) {
	if obj, ok := v.(*Object); ok {
		return obj.self.assertCallable()
	}
	return nil, false
}
