// Package realpath names a file the same way whatever symbolic links lead
// to it, for the engine's checks (inputs against writes, destinations
// against their build path) and for the built-in actions' alike.
package realpath

import "path/filepath"

// Of is path made absolute with the symbolic links of its existing part
// resolved; the part that does not exist yet (what a build would create)
// is appended as written, so that no link makes one file look like two.
func Of(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	path = filepath.Clean(path)
	rest := ""
	for p := path; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(p) == p {
			return path
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}
