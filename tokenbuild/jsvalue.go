package tokenbuild

import "github.com/tokengen/tokengen/internal/js"

// JSString is JavaScript's String(v) for token values (see internal/js,
// where the engine and the built-ins find it). It is no part of the hook
// contract: it stays only until internal/pipeline/filter.go, its last
// caller, moves to internal/js, and then goes.
func JSString(v any) string { return js.String(v) }
