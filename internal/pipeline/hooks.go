package pipeline

import (
	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/tokenbuild"
)

// guard runs a hook, turning a panic into an error at the hook's line
// (diag.Guard).
func guard(f func()) error { return diag.Guard(f) }

// hookError names the hook, the token and its file (diag.HookError).
func hookError(kind, name string, t *tokenbuild.Token, err error) error {
	return diag.HookError(kind, name, t, err)
}

// tokenError is a problem of token t, placed at it (diag.TokenError).
func tokenError(t *tokenbuild.Token, near, msg string) *tokenbuild.Diagnostic {
	return diag.TokenError(t, near, msg)
}
