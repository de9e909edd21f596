// Package projectfolder finds the folder a project lives in, the one
// notion the resolver's $ref checks and the JavaScript layer's node:fs
// share of where a build may read and write.
package projectfolder

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// markers are the files and folders that mark a project: a repository,
// a Go module, a node package.
var markers = []string{".git", "go.mod", "package.json"}

// Of is the project folder of dir: the nearest folder from dir up that
// holds .git, go.mod or package.json, widened to the repository or
// workspace it belongs to (a monorepo's packages/web reads
// ../tokens/src, and each package has its own package.json): from that
// folder up, the first one that holds .git, go.work, pnpm-workspace.yaml
// or a package.json declaring "workspaces", when there is one below the
// home folder (a home folder kept in git is not one project). ok is false
// when no folder from dir up holds a marker.
func Of(dir string) (folder string, ok bool) {
	near, ok := Nearest(dir)
	if !ok {
		return "", false
	}
	home, _ := os.UserHomeDir()
	if home != "" {
		if h, err := filepath.Abs(home); err == nil {
			home = h
		}
	}
	for d := near; ; d = filepath.Dir(d) {
		if d == home {
			return near, true
		}
		if encloses(d) {
			return d, true
		}
		if filepath.Dir(d) == d {
			return near, true
		}
	}
}

// Nearest is the nearest folder from dir up that holds .git, go.mod or
// package.json; ok is false when none does.
func Nearest(dir string) (folder string, ok bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for d := abs; ; d = filepath.Dir(d) {
		for _, m := range markers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return d, true
			}
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// encloses reports whether d is a repository's or a workspace's root.
func encloses(d string) bool {
	for _, m := range []string{".git", "go.work", "pnpm-workspace.yaml"} {
		if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
			return true
		}
	}
	b, err := os.ReadFile(filepath.Join(d, "package.json"))
	if err != nil {
		return false
	}
	var pkg struct {
		Workspaces json.RawMessage `json:"workspaces"`
	}
	return json.Unmarshal(b, &pkg) == nil && len(pkg.Workspaces) > 0 && string(pkg.Workspaces) != "null"
}

// Higher is the project folder of a script or config module in dir run
// from the working folder wd: the higher of dir's and wd's project
// folders when one holds the other, wd's when they are apart, and wd
// itself when neither has one.
func Higher(dir, wd string) string {
	a, okA := Of(dir)
	b, okB := Of(wd)
	switch {
	case okA && okB && under(a, b):
		return a
	case okB:
		return b
	}
	return wd
}

// under reports whether the absolute path p is root or below it.
func under(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}
