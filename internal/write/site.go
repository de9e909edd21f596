package write

import (
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Site is what the checks of a build's writes know of the project: where
// the config is (paths are shown relative to its folder, build folders are
// found from it), which files the build reads (never written or removed),
// and how a problem is placed at its line in the config.
type Site struct {
	Dir        string          // the config's folder
	ConfigFile string          // the config file a problem is reported in ("" for a config given as values)
	Inputs     map[string]bool // real paths (links resolved) of the config and token files
	// Place puts a problem at its file:line:col (its config key path
	// found in the config file) and returns it as an error.
	Place func(*tokenbuild.Diagnostic) error
}

// BuildDir is a platform's build folder: buildPath, relative to the
// config's folder dir unless absolute.
func BuildDir(dir, buildPath string) string {
	if filepath.IsAbs(buildPath) {
		return buildPath
	}
	return filepath.Join(dir, buildPath)
}

// InsideBuildPath reports whether target lies inside the build folder
// buildPath (relative to dir unless absolute), or is that folder.
func InsideBuildPath(dir, buildPath, target string) bool {
	rel, err := filepath.Rel(filepath.Clean(BuildDir(dir, buildPath)), target)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
