package builtin

// formattedVariables: the declaration lines of a css, sass, less or
// stylus file, with the sort option.

import (
	"fmt"
	"io"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/textbuf"
	"github.com/tokengen/tokengen/tokenbuild"
)

// FormattedVariablesOptions are formattedVariables' options: those of the
// property formatter plus the sort option and the line separator (taken
// from Formatting's lineSeparator, default "\n").
type FormattedVariablesOptions struct {
	PropertyFormatOptions
	// Sort is "name", a tokenbuild.SortFunc, or a []any of those (chained as
	// tie-breakers); nil or another falsy value keeps the input order.
	Sort any

	// stream, set by a format's Write, receives the text as it is written:
	// formattedVariablesBetween then returns only the rest.
	stream io.Writer
	// only, when set, keeps the lines of these tokens (a context's
	// changes: formats_contexts.go), in the order the whole dictionary
	// sorts to, so that references keep coming before their referrers
	only map[*tokenbuild.Token]bool
}

// FormattedVariables ports formattedVariables: the dictionary's tokens as
// declaration lines of a css, sass, less or stylus file. With
// outputReferences on, tokens are first ordered so that every referenced
// token comes before its referrers; the sort option breaks ties.
func FormattedVariables(o FormattedVariablesOptions) (string, error) {
	return formattedVariablesBetween("", o, "")
}

// formattedVariablesBetween returns prefix + FormattedVariables(o) +
// suffix, written into one builder (the formats wrap the variables in a
// file header and selectors: concatenating afterwards would copy them).
// With o.stream set, the text goes to the stream as it is written, and
// what is returned is the rest that the caller writes after it.
func formattedVariablesBetween(prefix string, o FormattedVariablesOptions, suffix string) (string, error) {
	d := o.Dictionary
	tokens := d.AllTokens
	lineSep := "\n"
	if v, ok := o.Formatting.Get("lineSeparator"); ok {
		lineSep = js.String(v)
	}
	warnings := &refWarnings{}
	requested, err := sortComparators(o.Sort)
	if err != nil {
		return "", err
	}
	pf := o.PropertyFormatOptions
	pf.warnings = warnings
	pw := newPropertyWriter(pf)
	switch {
	case outputReferencesOn(o.OutputReferences):
		tokens = sortTokensByReference(tokens, d, o.UsesDtcg, warnings, requested)
	case len(requested) > 0:
		tokens = JSSortTokens(tokens, chainComparators(requested))
	}
	if o.only != nil {
		kept := make([]*tokenbuild.Token, 0, len(o.only))
		for _, t := range tokens {
			if o.only[t] {
				kept = append(kept, t)
			}
		}
		tokens = kept
	}
	// the lines joined with lineSep (a line is never empty: it holds at
	// least the separator and a space)
	var b textbuf.Buffer
	b.Stream(o.stream)
	b.Grow(len(prefix) + 64*min(len(tokens), 64) + len(suffix))
	b.WriteString(prefix)
	const sample = 64
	for i, t := range tokens {
		if i > 0 {
			b.WriteString(lineSep)
		}
		pw.write(&b, t)
		if i == sample-1 && len(tokens) > sample {
			growForRest(&b, len(prefix), sample, len(tokens)-sample, len(suffix))
		}
		b.Spill()
	}
	b.WriteString(suffix)
	if o.Warn != nil {
		warnings.flush(o.Warn)
	}
	return b.String(), b.Err()
}

// variablesShape is the shape (tokenbuild.FileShape) of
// formattedVariablesBetween(prefix, o, suffix): each token's line, and
// the tokens in the order the file sorts them in, between prefix and
// suffix and separated by the line separator. A file sorted by reference
// keeps its order when the tokens another permutation changes have the
// facts the sort reads the same; one in the dictionary's order always
// does; one with a sort option of its own never (its comparators may read
// anything). Nil when the lines may depend on more than their tokens (an
// outputReferences function, a context's file).
func variablesShape(prefix string, o FormattedVariablesOptions, suffix string) (*tokenbuild.FileShape, error) {
	if o.only != nil || !referencesAreData(o.OutputReferences) {
		return nil, nil
	}
	d := o.Dictionary
	lineSep := "\n"
	if v, ok := o.Formatting.Get("lineSeparator"); ok {
		lineSep = js.String(v)
	}
	requested, err := sortComparators(o.Sort)
	if err != nil {
		return nil, err
	}
	warnings := &refWarnings{}
	flush := func() {
		if o.Warn != nil {
			warnings.flush(o.Warn)
		}
		warnings.paths = nil
	}
	pf := o.PropertyFormatOptions
	pf.warnings = warnings
	write := bufferedTexts(newPropertyWriter(pf).write)
	byReference := outputReferencesOn(o.OutputReferences)
	shape := &tokenbuild.FileShape{
		Head: prefix, Tail: suffix,
		Text: func(t *tokenbuild.Token) (string, error) {
			text := write(t)
			flush()
			return text, nil
		},
		Frame: func() (tokenbuild.Frame, error) {
			tokens := d.AllTokens
			switch {
			case byReference:
				tokens = sortTokensByReference(tokens, d, o.UsesDtcg, warnings, requested)
			case len(requested) > 0:
				tokens = JSSortTokens(tokens, chainComparators(requested))
			}
			flush()
			return joinedFrame("", tokens, lineSep), nil
		},
	}
	switch {
	case len(requested) > 0:
	case byReference:
		valueKey := valueKeyOf(o.UsesDtcg)
		shape.SameFrame = func(was, now *tokenbuild.Token) bool { return sameSortFacts(was, now, valueKey) }
	default:
		shape.SameFrame = sameFrameAlways
	}
	return shape, nil
}

// entrySample is how many entries of a long list the formats write before
// sizing their builder for the rest (growForRest).
const entrySample = 64

// growForRest grows b for rest more entries of twice the average size of
// the written ones (those after start), and extra bytes. The first entries
// are often shorter than the rest (a sort by reference puts the plain
// tokens first), and growing again would copy the whole text; room that is
// never written costs no memory, as its pages are never touched.
func growForRest(b *textbuf.Buffer, start, written, rest, extra int) {
	b.Grow((b.Len()-start)/written*rest*2 + extra)
}

// sortComparators normalises the sort option as formattedVariables does,
// with the reference's error messages for invalid values.
func sortComparators(sortOpt any) ([]tokenbuild.SortFunc, error) {
	if !js.Truthy(sortOpt) {
		return nil, nil
	}
	inputs, isList := sortOpt.([]any)
	if !isList {
		inputs = []any{sortOpt}
	}
	var out []tokenbuild.SortFunc
	for _, in := range inputs {
		switch s := in.(type) {
		case tokenbuild.SortFunc:
			if s != nil {
				out = append(out, s)
				continue
			}
		case func(a, b *tokenbuild.Token) int:
			if s != nil {
				out = append(out, s)
				continue
			}
		case string:
			if s == "name" {
				out = append(out, SortByName)
				continue
			}
			return nil, fmt.Errorf(`Invalid "sort" option: "%s". Use "name", a comparator function, or an array of those.`, s)
		}
		return nil, fmt.Errorf(`Invalid "sort" option type: %s. Use "name", a comparator function, or an array of those.`, js.Typeof(in))
	}
	return out, nil
}
