package pipeline

import (
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// IsNoTokenFiles says whether err is the refusal of a load whose source
// and include patterns select no token file at all (unmatchedGlobs,
// fatal): the reference builds empty outputs then, tokengen stops
// before writing any, and a build script may catch the refusal and go
// on, as it is no fault of a file.
func IsNoTokenFiles(err error) bool {
	if err == nil {
		return false
	}
	list := tokenbuild.ErrorList{err}.Flat()
	if len(list) != 1 {
		return false
	}
	d, ok := list[0].(*tokenbuild.Diagnostic)
	if !ok || d.Kind != tokenbuild.KindConfig || d.Severity == tokenbuild.SeverityWarning {
		return false
	}
	return (strings.HasPrefix(d.Path, "source[") || strings.HasPrefix(d.Path, "include[")) &&
		(strings.HasPrefix(d.Msg, d.Path+": no token file matches ") || strings.HasPrefix(d.Msg, "no token file matches any pattern of source and include"))
}
