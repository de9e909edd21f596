package resolver

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/projectfolder"
)

// Within reports whether file lies inside the folder root: its path,
// cleaned, must not climb out of root, nor, once symbolic links are
// resolved, may what it names (a link inside root pointing elsewhere is
// outside). linked says the path stayed inside and a link led out. A file
// that does not exist is judged by its path: reading it fails anyway.
// Resolver documents may come from anywhere (an export, a download), and
// a $ref such as "../../etc/passwd.json" must not make a build read, or
// show in an error message, a file outside the project.
func Within(root, file string) (inside, linked bool) {
	absRoot, err1 := filepath.Abs(root)
	absFile, err2 := filepath.Abs(file)
	if err1 != nil || err2 != nil || !under(absRoot, absFile) {
		return false, false
	}
	realFile, err := filepath.EvalSymlinks(absFile)
	if err != nil {
		if _, statErr := os.Lstat(absFile); statErr == nil {
			return false, true // a link that cannot be followed (a loop): not read
		}
		return true, false
	}
	realRoot, err := filepath.EvalSymlinks(absRoot)
	if err != nil {
		realRoot = absRoot
	}
	if !under(realRoot, realFile) {
		return false, true
	}
	return true, false
}

// under reports whether the absolute path p is root or below it.
func under(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// ProjectRoot is the project folder of a config in dir: the nearest folder
// from dir up that holds .git, go.mod or package.json (projectfolder.Of,
// which widens it to its monorepo's root: a monorepo's packages reference
// each other's tokens). When none does, it is dir's parent: a config
// folder beside its tokens' folder (app/ and tokens/, a case beside its
// data) is one project, and a path climbing further (../../etc/passwd)
// still leaves it.
func ProjectRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	if root, ok := projectfolder.Of(abs); ok {
		return root
	}
	return filepath.Dir(abs)
}
