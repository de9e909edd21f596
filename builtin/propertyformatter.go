package builtin

// createPropertyFormatter: one token as a declaration line of a CSS-like
// file.

import (
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Property formats of PropertyFormatter and FormattedVariables.
const (
	PropertyCSS    = "css"
	PropertySass   = "sass"
	PropertyLess   = "less"
	PropertyStylus = "stylus"
)

// PropertyFormatOptions are createPropertyFormatter's options.
type PropertyFormatOptions struct {
	// OutputReferences is a bool, a tokenbuild.OutputReferencesFunc or
	// OutputReferencesWithArgs, or any other option value (JavaScript
	// truthiness applies).
	OutputReferences         any
	OutputReferenceFallbacks bool
	Dictionary               *tokenbuild.Dictionary
	Format                   string             // css, sass, less, stylus or "" (no defaults)
	Formatting               *tokenbuild.Object // overrides: prefix, indentation, separator, suffix, commentStyle, commentPosition
	Themeable                any                // default for tokens without a boolean `themeable`; truthiness applies
	UsesDtcg                 bool
	// Warn receives the filtered-reference warnings (a format passes
	// FormatArgs.Warn): one tokenbuild.KindFilteredReference warning per
	// reference to a token the file's filter left out, its path as the
	// message. With PropertyFormatter they are reported as they are found
	// (once per path per formatter); FormattedVariables reports them once
	// at the end. Nil drops them.
	Warn func(tokenbuild.Warning)

	warnings *refWarnings // set by FormattedVariables to collect instead
}

// tokenFormatting is the merged formatting of createPropertyFormatter.
type tokenFormatting struct {
	prefix, indentation, separator, suffix string
	commentStyle, commentPosition          string
}

// mergeFormatting overlays user formatting on defaults: every key the user
// sets wins, whatever its value (JavaScript object spread).
func mergeFormatting(defaults map[string]string, user *tokenbuild.Object) map[string]string {
	m := make(map[string]string, len(defaults))
	for k, v := range defaults {
		m[k] = v
	}
	user.Range(func(k string, v any) bool {
		m[k] = js.String(v)
		return true
	})
	return m
}

func propertyFormatting(format string, user *tokenbuild.Object) tokenFormatting {
	d := map[string]string{
		"prefix": "", "commentStyle": CommentLong, "commentPosition": CommentInline,
		"indentation": "", "separator": " =", "suffix": ";",
	}
	switch format {
	case PropertyCSS:
		d["prefix"], d["indentation"], d["separator"] = "--", "  ", ":"
	case PropertySass, PropertyLess, PropertyStylus:
		d["prefix"] = map[string]string{PropertySass: "$", PropertyLess: "@", PropertyStylus: "$"}[format]
		d["commentStyle"], d["indentation"] = CommentShort, ""
		d["separator"] = ":"
		if format == PropertyStylus {
			d["separator"] = "="
		}
	}
	m := mergeFormatting(d, user)
	return tokenFormatting{
		prefix: m["prefix"], indentation: m["indentation"], separator: m["separator"], suffix: m["suffix"],
		commentStyle: m["commentStyle"], commentPosition: m["commentPosition"],
	}
}

// PropertyFormatter ports createPropertyFormatter: it returns a function
// that renders one token as a declaration line,
// `${indentation}${prefix}${name}${separator} ${value}${suffix}`, with
// references kept when asked, ` !default` for themeable sass tokens and
// the token's comment.
func PropertyFormatter(o PropertyFormatOptions) func(t *tokenbuild.Token) string {
	pw := newPropertyWriter(o)
	return func(t *tokenbuild.Token) string {
		var b textbuf.Buffer
		pw.write(&b, t)
		return b.String()
	}
}

// propertyWriter is PropertyFormatter writing each line into a builder,
// so that FormattedVariables builds its whole output in one buffer.
type propertyWriter struct {
	o          PropertyFormatOptions
	f          tokenFormatting
	w          *refWarnings
	refs       refTargets
	standalone bool
	reported   map[string]bool
}

func newPropertyWriter(o PropertyFormatOptions) *propertyWriter {
	pw := &propertyWriter{o: o, f: propertyFormatting(o.Format, o.Formatting), w: o.warnings, reported: map[string]bool{}}
	if pw.w == nil {
		pw.standalone, pw.w = true, &refWarnings{}
	}
	return pw
}

// write appends the declaration line of t (with its comment) to b.
func (pw *propertyWriter) write(b *textbuf.Buffer, t *tokenbuild.Token) {
	o, f, w := &pw.o, &pw.f, pw.w
	value, defined := currentValueOf(t, o.UsesDtcg)
	if !defined {
		value = js.Undefined
	}
	var valueStr string
	if shouldOutputRefs(t, o.Dictionary, o.OutputReferences, o.UsesDtcg, w) {
		valueStr = replaceReferences(t, value, originalValueOf(t, o.UsesDtcg), f, o, w, &pw.refs)
	} else {
		valueStr = js.String(value)
	}
	themeable := o.Themeable
	if o.Format == PropertySass { // only sass output reads it
		if b, ok := t.Prop("themeable").(bool); ok {
			themeable = b
		}
	}
	sassDefault := ""
	if o.Format == PropertySass && js.Truthy(themeable) {
		sassDefault = " !default"
	}
	if pw.standalone && o.Warn != nil {
		for _, p := range w.paths {
			if !pw.reported[p] {
				pw.reported[p] = true
				warnFilteredReference(o.Warn, p)
			}
		}
	}
	comment := t.Comment()
	simple := comment == "" || f.commentStyle == CommentNone
	inline := !simple && f.commentPosition == CommentInline && (f.commentStyle == CommentLong || f.commentStyle == CommentShort) &&
		!strings.ContainsAny(comment, "\n\r\f\u2028\u2029")
	if !simple && !inline {
		line := f.indentation + f.prefix + t.Name + f.separator + " " + valueStr + sassDefault + f.suffix
		b.WriteString(addComment(line, comment, f.commentStyle, f.commentPosition, f.indentation))
		return
	}
	b.WriteString(f.indentation)
	b.WriteString(f.prefix)
	b.WriteString(t.Name)
	b.WriteString(f.separator)
	b.WriteByte(' ')
	b.WriteString(valueStr)
	b.WriteString(sassDefault)
	b.WriteString(f.suffix)
	if inline {
		// addComment's single-line inline forms
		if f.commentStyle == CommentShort {
			b.WriteString(" // ")
			b.WriteString(comment)
		} else {
			b.WriteString(" /** ")
			b.WriteString(escapeBlockComment(comment))
			b.WriteString(" */")
		}
	}
}
