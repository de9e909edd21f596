package builtin

import (
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Comment styles of file headers and token comments.
const (
	CommentLong  = "long"
	CommentShort = "short"
	CommentXML   = "xml"
	CommentNone  = "none"
)

// DefaultHeaderLines are the lines of the default file header: the
// do-not-edit notice and, unless formatting.fileHeaderTimestamp is false,
// the time of the build (SOURCE_DATE_EPOCH when set, for reproducible builds).
func DefaultHeaderLines(formatting *tokenbuild.Object) []string {
	lines := []string{"Do not edit directly, this file was auto-generated."}
	if ts, ok := formatting.Value("fileHeaderTimestamp").(bool); !ok || ts {
		lines = append(lines, "Generated on "+BuildTime().Format(http1123))
	}
	return lines
}

// http1123 is JavaScript's Date#toUTCString layout.
const http1123 = "Mon, 02 Jan 2006 15:04:05 GMT"

// BuildTime is now in UTC, or SOURCE_DATE_EPOCH when that is set.
func BuildTime() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	return time.Now().UTC()
}

// FileHeader renders the comment at the top of a generated file, as the
// reference's fileHeader helper does. commentStyle "" means the
// formatting's commentStyle, else long. formatting may override prefix,
// lineSeparator, header and footer.
func FileHeader(args *tokenbuild.FormatArgs, commentStyle string, formatting *tokenbuild.Object) (string, error) {
	if show, ok := args.Options["showFileHeader"].(bool); ok && !show {
		return "", nil
	}
	if formatting == nil {
		formatting = args.Options.Formatting()
	}
	str := func(k, def string) string {
		if s, ok := formatting.Value(k).(string); ok {
			return s
		}
		return def
	}
	lineSep := str("lineSeparator", "\n")
	prefix := str("prefix", " * ")
	header := str("header", "/**"+lineSep)
	footer := str("footer", lineSep+" */"+lineSep+lineSep)
	if commentStyle == "" {
		commentStyle = str("commentStyle", "")
	}
	switch commentStyle {
	case CommentShort:
		prefix, header, footer = "// ", lineSep, lineSep+lineSep
	case CommentXML:
		prefix, header, footer = "  ", "<!--"+lineSep, lineSep+"-->"
	}
	lines := DefaultHeaderLines(formatting)
	if fn, ok := args.Options["fileHeader"].(tokenbuild.FileHeaderFunc); ok && fn != nil {
		var err error
		if lines, err = fn(lines, args.Options); err != nil {
			return "", err
		}
	}
	var b strings.Builder
	b.WriteString(header)
	for i, l := range lines {
		if i > 0 {
			b.WriteString(lineSep)
		}
		b.WriteString(prefix)
		b.WriteString(l)
	}
	b.WriteString(footer)
	return b.String(), nil
}
