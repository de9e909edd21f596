package json5

import (
	"runtime/debug"
	"testing"
)

// BenchmarkParseOwned50k is what ownedText (owned.go) saves: it parses
// BenchmarkParse50k's file as the build parses its token files, with
// ParseOwned, whose strings share the file's bytes ("owned"), and with
// Parse, which first copies them (string(data), "copy"). Each parse starts
// from an empty heap given back to the OS and runs without a collection,
// as a build does under the command's collector policy (internal/gcpolicy),
// so the copy pays for its fresh pages as it would there.
func BenchmarkParseOwned50k(b *testing.B) {
	data := bigTokenFile(50000)
	for _, c := range []struct {
		name  string
		parse func([]byte) (any, error)
	}{{"owned", ParseOwned}, {"copy", Parse}} {
		b.Run(c.name, func(b *testing.B) {
			defer debug.SetGCPercent(debug.SetGCPercent(-1))
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				debug.FreeOSMemory()
				b.StartTimer()
				if _, err := c.parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
