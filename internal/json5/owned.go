package json5

import "unsafe"

// ownedText is data as a string that shares its memory: ParseOwned cuts the
// strings of its result out of it instead of out of a copy of the file.
//
// This is the one use of unsafe in the package, kept here with its
// benchmark (BenchmarkParseOwned50k in owned_test.go). It is safe because a
// Go string must never change, and nothing changes data afterwards: the
// caller of ParseOwned hands data over (a file just read) and never writes
// to it again, and the parser only reads its source.
func ownedText(data []byte) string {
	return unsafe.String(unsafe.SliceData(data), len(data))
}
