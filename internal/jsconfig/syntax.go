package jsconfig

// nativeSyntax adds to an esbuild Supported map the syntax newer than the
// ES2017 target that the engine runs natively and faster than esbuild's
// lowering of it. Object spread is the one that counts: lowered, every
// {...token} becomes a helper that defines each property through
// Object.defineProperty (and {...a, ...b} a round of getOwnPropertyDescriptors),
// several times slower than the engine's own spread, and custom formats spread
// tokens by the thousand.
func nativeSyntax(supported map[string]bool) map[string]bool {
	if supported == nil {
		supported = map[string]bool{}
	}
	supported["object-rest-spread"] = true
	return supported
}
