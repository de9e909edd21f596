package casing

// Words splits s into words (see appendWords); only the tests use it.
func Words(s string) []string { return appendWords(nil, s) }
