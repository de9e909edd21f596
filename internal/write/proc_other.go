//go:build !unix

package write

import "os"

// processExists reports whether a process pid exists: on Windows finding
// a process fails once it is gone; elsewhere it may always succeed, and
// staged files are then never taken for a dead build's.
func processExists(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
