package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/glob"
	"github.com/tokengen/tokengen/tokenbuild"
)

// globMiss is a source or include pattern that selected no token file.
type globMiss struct {
	key     string // "source" or "include"
	index   int
	pattern string
}

func (m globMiss) path() string { return fmt.Sprintf("%s[%d]", m.key, m.index) }

// unmatchedGlobs describes the patterns that selected nothing, with a
// near name for a mistyped folder or file. When no pattern selected any
// file (fatal), it is one error naming them all, at the first: a build
// would otherwise write empty files over the user's outputs. Otherwise
// it is a warning for each, as a pattern for optional files is common.
func (in *Instance) unmatchedGlobs(misses []globMiss, fatal bool) []*tokenbuild.Diagnostic {
	dir := in.cfg.Dir
	// the folder is named when it is not the one the command runs in
	relative := ""
	if wd, err := os.Getwd(); err != nil || filepath.Clean(wd) != filepath.Clean(dir) {
		relative = fmt.Sprintf(" (relative to %s)", dir)
	}
	suggest := func(m globMiss) string {
		if near := glob.Suggest(dir, m.pattern); near != "" {
			return fmt.Sprintf("; did you mean %q?", near)
		}
		return ""
	}
	if !fatal {
		out := make([]*tokenbuild.Diagnostic, len(misses))
		for i, m := range misses {
			out[i] = &tokenbuild.Diagnostic{File: in.cfg.File, Path: m.path(), Severity: tokenbuild.SeverityWarning, Kind: tokenbuild.KindConfig,
				Msg: fmt.Sprintf("%s: no token file matches %q%s%s", m.path(), m.pattern, relative, suggest(m))}
		}
		return out
	}
	var msg string
	if len(misses) == 1 {
		m := misses[0]
		msg = fmt.Sprintf("%s: no token file matches %q%s%s", m.path(), m.pattern, relative, suggest(m))
	} else {
		parts := make([]string, len(misses))
		for i, m := range misses {
			parts[i] = fmt.Sprintf("%s %q", m.path(), m.pattern)
			if near := suggest(m); near != "" {
				parts[i] += " (" + strings.TrimPrefix(near, "; ") + ")"
			}
		}
		msg = fmt.Sprintf("no token file matches any pattern of source and include%s: %s", relative, strings.Join(parts, ", "))
	}
	return []*tokenbuild.Diagnostic{{File: in.cfg.File, Path: misses[0].path(), Kind: tokenbuild.KindConfig, Msg: msg}}
}
