package json5

import (
	"fmt"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Message renders a Parse error exactly as node's json5 does
// ("JSON5: invalid character 'x' at 1:2"), as the tests' expected errors
// are written; other errors print as they are. Only the tests use it.
func Message(err error) string {
	if e, ok := err.(*tokenbuild.Diagnostic); ok {
		return fmt.Sprintf("JSON5: %s at %d:%d", e.Msg, e.Line, e.Col)
	}
	return err.Error()
}
