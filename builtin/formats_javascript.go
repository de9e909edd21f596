package builtin

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// JavaScriptModule is javascript/module: the token tree as a CommonJS
// module (module.exports = {...}).
var JavaScriptModule = tokenbuild.Format{Name: "javascript/module", Nested: true, LazyTrees: true, Format: jsModule}

// JavaScriptModuleFlat is javascript/module-flat: a CommonJS module of
// token names and values.
var JavaScriptModuleFlat = tokenbuild.Format{Name: "javascript/module-flat", LazyTrees: true, Format: jsModuleFlat}

// JavaScriptObject is javascript/object: the token tree as a global
// variable (var name = {...}).
var JavaScriptObject = tokenbuild.Format{Name: "javascript/object", Nested: true, LazyTrees: true, Format: jsObject}

// JavaScriptUMD is javascript/umd: the token tree as a UMD module.
var JavaScriptUMD = tokenbuild.Format{Name: "javascript/umd", LazyTrees: true, Format: jsUMD}

// JavaScriptES6 is javascript/es6: one exported constant per token
// (export const name = value;), with its comment.
var JavaScriptES6 = tokenbuild.Format{
	Name: "javascript/es6", LazyTrees: true, IgnoresAttributes: true, Contexts: true,
	Format: formatOf(jsES6), Write: writeOf(jsES6), Shape: jsES6Shape,
}

// JavaScriptESM is javascript/esm: the token tree (or, with the flat
// option, the names and values) as an ES module's default export.
var JavaScriptESM = tokenbuild.Format{Name: "javascript/esm", Nested: true, LazyTrees: true, Format: jsESM}

// TypeScriptES6Declarations is typescript/es6-declarations: a TypeScript
// declaration of each javascript/es6 constant.
var TypeScriptES6Declarations = tokenbuild.Format{Name: "typescript/es6-declarations", LazyTrees: true, Contexts: true, Format: tsES6Declarations}

// TypeScriptModuleDeclarations is typescript/module-declarations: the
// TypeScript declaration of a javascript/module module.
var TypeScriptModuleDeclarations = tokenbuild.Format{Name: "typescript/module-declarations", LazyTrees: true, Format: tsModuleDeclarations}

// jsFormats: javascript/* and typescript/*. The reference builds their
// source text with JSON.stringify and passes it through prettier; we build
// prettier's document directly (internal/jsprint).
func jsFormats() []tokenbuild.Format {
	return []tokenbuild.Format{
		JavaScriptModule, JavaScriptModuleFlat, JavaScriptObject, JavaScriptUMD, JavaScriptES6, JavaScriptESM,
		TypeScriptES6Declarations, TypeScriptModuleDeclarations,
	}
}

func jsHeader(args *tokenbuild.FormatArgs) (string, error) {
	header, err := FileHeader(args, "", formattingWithoutPrefix(args.Options))
	if err == nil && !onlyComments(header) {
		// custom formatting.header/footer (or commentStyle xml) that leave
		// text outside a comment: the reference's prettier rejects the file
		err = fmt.Errorf("the file header is not a JavaScript comment, so the file does not parse: %q", header)
	}
	return header, err
}

// onlyComments reports whether text holds nothing but JavaScript comments
// and white space.
func onlyComments(text string) bool {
	for i := 0; i < len(text); {
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, "/*"):
			end := strings.Index(rest[2:], "*/")
			if end < 0 {
				return false
			}
			i += 2 + end + 2
		case strings.HasPrefix(rest, "//"):
			end := strings.IndexAny(rest, "\n\r\u2028\u2029")
			if end < 0 {
				return true
			}
			i += end
		default:
			r, size := utf8.DecodeRuneInString(rest)
			if !js.IsSpace(r) { // U+0085 is no white space to JavaScript's parser
				return false
			}
			i += size
		}
	}
	return true
}

// fileOptionName is file.options.name, or the reference's default.
func fileOptionName(args *tokenbuild.FormatArgs) string {
	if args.File != nil {
		if s, ok := args.File.Options["name"].(string); ok && s != "" {
			return s
		}
	}
	return "_styleDictionary"
}

// jsStatement prints `prefix left = value;` for a JSON value as prettier
// does; expanded says the value's source was indented JSON.
func jsStatement(prefix, left string, value any, expanded bool) jsprint.Statement {
	b := &jsprint.Builder{Expanded: expanded}
	return jsprint.Statement{Doc: []jsprint.Doc{prefix, b.Assignment(left, value, b.Value(value)), ";"}}
}

func jsModule(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	return jsprint.Program(header, []jsprint.Statement{jsStatement("", "module.exports", args.Dictionary.Tree(), true)}), nil
}

func jsObject(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	return jsprint.Program(header, []jsprint.Statement{jsStatement("var ", fileOptionName(args), args.Dictionary.Tree(), true)}), nil
}

func jsModuleFlat(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	// an object literal that may repeat names, values written compactly
	b := &jsprint.Builder{}
	var keys []string
	var values []any
	for _, t := range args.Dictionary.AllTokens {
		keys = append(keys, t.Name)
		values = append(values, t.Value)
	}
	obj := b.Entries(keys, values, true)
	stmt := jsprint.Statement{Doc: []jsprint.Doc{b.Assignment("module.exports", tokenbuild.NewObject(), obj), ";"}}
	return jsprint.Program(header, []jsprint.Statement{stmt}), nil
}

func jsUMD(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	name := jsprint.RawString(`"` + fileOptionName(args) + `"`)
	b := &jsprint.Builder{Expanded: true}
	lines := []string{
		"(function (root, factory) {",
		`  if (typeof module === "object" && module.exports) {`,
		"    module.exports = factory();",
		`  } else if (typeof exports === "object") {`,
		"    exports[" + name + "] = factory();",
		`  } else if (typeof define === "function" && define.amd) {`,
		"    define([], factory);",
		"  } else {",
		"    root[" + name + "] = factory();",
		"  }",
		"})(this, function () {",
	}
	var doc []jsprint.Doc
	for i, l := range lines {
		if i > 0 {
			doc = append(doc, jsprint.Hardline)
		}
		doc = append(doc, l)
	}
	doc = append(doc, jsprint.Indent(jsprint.Hardline, "return ", b.Value(args.Dictionary.Tree()), ";"), jsprint.Hardline, "});")
	return jsprint.Program(header, []jsprint.Statement{{Doc: doc}}), nil
}

// tokenComment is the comment the es6 formats print: $description for
// DTCG token sets, comment otherwise.
func tokenComment(t *tokenbuild.Token, o tokenbuild.Options) string {
	k := "comment"
	if o.UsesDtcg() {
		k = "$description"
	}
	s, _ := t.Prop(k).(string)
	return s
}

// commentFormat is addComment's options: the format's defaults overlaid by formatting.
type commentFormat struct {
	style, position string
}

func commentFormatOf(o tokenbuild.Options, style, position string) commentFormat {
	f := o.Formatting()
	if s, ok := f.Value("commentStyle").(string); ok {
		style = s
	}
	if s, ok := f.Value("commentPosition").(string); ok {
		position = s
	}
	return commentFormat{style, position}
}

// withComment attaches comment to stmt as the reference's addComment
// places it, made safe so it cannot end early: "*/" inside a block
// comment and line breaks other than "\n" inside line comments are
// rewritten (the reference would write broken code there).
func withComment(stmt jsprint.Statement, comment string, cf commentFormat) jsprint.Statement {
	if comment == "" || cf.style == CommentNone {
		return stmt
	}
	above := cf.position == "above" || strings.Contains(comment, "\n")
	if cf.style == CommentShort && cf.position == "inline" && !above {
		stmt.Trailing = "// " + safeLineComment(comment)
		return stmt
	}
	lines := strings.Split(comment, "\n")
	switch cf.style {
	case CommentShort:
		var cs []string
		for _, l := range lines {
			cs = append(cs, "// "+safeLineComment(l))
		}
		if above {
			stmt.Leading = cs
		} else {
			stmt.Trailing = cs[0]
		}
	case CommentLong:
		var c string
		if len(lines) > 1 {
			c = "/**\n"
			for _, l := range lines {
				c += " * " + safeBlockComment(l) + "\n"
			}
			c += " */"
		} else {
			c = "/** " + safeBlockComment(comment) + " */"
		}
		if above {
			stmt.Leading = []string{c}
		} else {
			stmt.Trailing = c
		}
	}
	return stmt
}

func safeBlockComment(s string) string { return strings.ReplaceAll(s, "*/", "* /") }

func safeLineComment(s string) string {
	if !strings.ContainsAny(s, "\r\u2028\u2029") {
		return s // the replacer would copy it unchanged
	}
	return lineCommentBreaks.Replace(s)
}

var lineCommentBreaks = strings.NewReplacer("\r", " ", "\u2028", " ", "\u2029", " ")

func jsES6(_ context.Context, args *tokenbuild.FormatArgs, stream io.Writer) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	cf := commentFormatOf(args.Options, CommentShort, "")
	tokens := args.Dictionary.AllTokens
	// about 50 bytes a line for a name, a short value and no comment
	sizeHint := len(header) + 50*len(tokens)
	if stream != nil {
		sizeHint = 0
	}
	w := jsprint.NewProgramWriter(header, sizeHint)
	statement := jsES6Statement(args, cf)
	w.Stream(stream)
	for _, t := range tokens {
		if err := checkBindingName(t.Name); err != nil {
			return "", err
		}
		statement(w, t)
	}
	if len(args.Contexts) > 0 {
		obj, err := contextsObject(args)
		if err != nil {
			return "", err
		}
		b := &jsprint.Builder{Expanded: true}
		w.Statement(jsprint.Statement{Doc: []jsprint.Doc{"export const " + contextsExport + " = ", b.Value(obj), ";"}})
	}
	return w.String(), w.Err()
}

// jsES6Statement writes a token's statement.
func jsES6Statement(args *tokenbuild.FormatArgs, cf commentFormat) func(w *jsprint.ProgramWriter, t *tokenbuild.Token) {
	return func(w *jsprint.ProgramWriter, t *tokenbuild.Token) {
		stmt := withDeprecated(withComment(jsprint.Statement{}, tokenComment(t, args.Options), cf), args.Dictionary, t)
		if len(stmt.Leading) != 0 || !w.SimpleAssignment("export const ", t.Name, t.Value, stmt.Trailing) {
			stmt.Doc = jsStatement("export const ", t.Name, t.Value, false).Doc
			w.Statement(stmt)
		}
	}
}

// jsES6Shape is javascript/es6's shape: each token's statement (its own
// text: none has a blank line before it) after the header, in the
// dictionary's order. A token whose name is no binding fails the shape,
// and the format reports it.
func jsES6Shape(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
	if len(args.Contexts) > 0 {
		return nil, nil
	}
	header, err := jsHeader(args)
	if err != nil {
		return nil, err
	}
	statement := jsES6Statement(args, commentFormatOf(args.Options, CommentShort, ""))
	// the statements go into writers of 64 KB, a new one when one is
	// full: each statement's text is part of its writer's, not a copy
	const size = 64 << 10
	var scratch *jsprint.ProgramWriter
	w := jsprint.NewProgramWriter(header, 0)
	return &tokenbuild.FileShape{
		// the header's comments, and the blank line after them that
		// comes before the first statement
		Head: w.String(),
		Text: func(t *tokenbuild.Token) (string, error) {
			if err := checkBindingName(t.Name); err != nil {
				return "", err
			}
			if scratch == nil || len(scratch.String()) > size-size/8 {
				scratch = jsprint.NewProgramWriter("", size)
				scratch.Record = true
			}
			statement(scratch, t)
			return scratch.Last, nil
		},
		Frame: func() (tokenbuild.Frame, error) {
			return joinedFrame(strings.TrimPrefix(w.Head(), w.String()), args.Dictionary.AllTokens, ""), nil
		},
		SameFrame: sameFrameAlways,
	}, nil
}

func jsESM(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	o := args.Options
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	var value any
	switch {
	case o.Bool("flat"):
		flat := tokenbuild.NewObject()
		for _, t := range args.Dictionary.AllTokens {
			flat.Set(t.Name, t.Value)
		}
		value = flat
	case o.Bool("minify"):
		value = minifyDictionary(stripMetaProps(args.Dictionary.Tree(), o), o.UsesDtcg())
	default:
		value = stripMetaProps(args.Dictionary.Tree(), o)
	}
	b := &jsprint.Builder{Expanded: true}
	stmt := jsprint.Statement{Doc: []jsprint.Doc{"export default ", b.Value(value), ";"}}
	return jsprint.Program(header, []jsprint.Statement{stmt}), nil
}

func tsES6Declarations(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	literals := args.Options.Bool("outputStringLiterals")
	cf := commentFormatOf(args.Options, CommentLong, "above")
	var stmts []jsprint.Statement
	for _, t := range args.Dictionary.AllTokens {
		if err := checkBindingName(t.Name); err != nil {
			return "", err
		}
		stmt := jsprint.Statement{Doc: []jsprint.Doc{"export const ", t.Name, ": ", jsprint.TSType(t.Value, literals), ";"}}
		stmts = append(stmts, withDeprecated(withComment(stmt, tokenComment(t, args.Options), cf), args.Dictionary, t))
	}
	if len(args.Contexts) > 0 {
		obj, err := contextsObject(args)
		if err != nil {
			return "", err
		}
		stmts = append(stmts, jsprint.Statement{Doc: []jsprint.Doc{"export const " + contextsExport + ": ", jsprint.TSType(obj, literals), ";"}})
	}
	return jsprint.Program(header, stmts), nil
}

// withDeprecated adds a JSDoc @deprecated comment, with the reason, right
// above the statement of a token whose $deprecated marks it (editors then
// strike its uses through). style-dictionary writes nothing for it.
func withDeprecated(stmt jsprint.Statement, d *tokenbuild.Dictionary, t *tokenbuild.Token) jsprint.Statement {
	reason, ok := d.Deprecated(t)
	if !ok {
		return stmt
	}
	doc := "/** @deprecated */"
	if reason != "" {
		doc = "/** @deprecated " + commentSafe(reason) + " */"
	}
	stmt.Leading = append(stmt.Leading, doc)
	return stmt
}

// commentSafe keeps text on one line and from closing a /* */ comment.
func commentSafe(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "*/", "*\\/")
}

// designTokenInterface is the DesignToken interface the module
// declarations declare, as prettier prints it.
func designTokenInterface(usesDtcg bool) string {
	d, desc := "", "comment?: string;"
	if usesDtcg {
		d, desc = "$", "$description?: string;"
	}
	return "declare interface DesignToken {\n" +
		"  " + d + "value?: any;\n" +
		"  " + d + "type?: string;\n" +
		"  " + desc + "\n" +
		"  name?: string;\n" +
		"  themeable?: boolean;\n" +
		"  attributes?: Record<string, unknown>;\n" +
		"  [key: string]: any;\n" +
		"}"
}

// moduleTypeTree is the reference's treeWalker: groups become object
// types, tokens the DesignToken type; other values are left out.
func moduleTypeTree(v any, valueKey string) any {
	switch x := v.(type) {
	case *tokenbuild.Token:
		if x.ToObject().Has(valueKey) {
			return "DesignToken"
		}
		return moduleTypeTree(x.ToObject(), valueKey)
	case *tokenbuild.Object:
		if x.Has(valueKey) {
			return "DesignToken"
		}
		o := tokenbuild.NewObject()
		x.Range(func(k string, e any) bool {
			switch e.(type) {
			case *tokenbuild.Object, *tokenbuild.Token, []any:
				o.Set(k, moduleTypeTree(e, valueKey))
			}
			return true
		})
		return o
	case []any:
		o := tokenbuild.NewObject()
		for i, e := range x {
			switch e.(type) {
			case *tokenbuild.Object, *tokenbuild.Token, []any:
				o.Set(strings.TrimSpace(jsprint.Stringify(float64(i), "")), moduleTypeTree(e, valueKey))
			}
		}
		return o
	}
	return tokenbuild.NewObject()
}

func tsModuleDeclarations(_ context.Context, args *tokenbuild.FormatArgs) (string, error) {
	header, err := jsHeader(args)
	if err != nil {
		return "", err
	}
	name := args.Options.String("moduleName", "tokens")
	valueKey := "value"
	if args.Options.UsesDtcg() {
		valueKey = "$value"
	}
	b := &jsprint.Builder{Expanded: true, TS: true}
	tree := moduleTypeTree(args.Dictionary.Tree(), valueKey)
	stmts := []jsprint.Statement{
		{Doc: "export default " + name + ";"},
		{Doc: designTokenInterface(args.Options.UsesDtcg()), BlankBefore: true},
		{Doc: []jsprint.Doc{"declare const " + name + ": ", b.TypeLiteral(tree), ";"}, BlankBefore: true},
	}
	return jsprint.Program(header, stmts), nil
}

// reservedBindingNames cannot name a const in an ES module (strict mode).
var reservedBindingNames = map[string]bool{
	"await": true, "break": true, "case": true, "catch": true, "class": true, "const": true, "continue": true,
	"debugger": true, "default": true, "delete": true, "do": true, "else": true, "enum": true, "export": true,
	"extends": true, "false": true, "finally": true, "for": true, "function": true, "if": true, "implements": true,
	"import": true, "in": true, "instanceof": true, "interface": true, "let": true, "new": true, "null": true,
	"package": true, "private": true, "protected": true, "public": true, "return": true, "static": true,
	"super": true, "switch": true, "this": true, "throw": true, "true": true, "try": true, "typeof": true,
	"var": true, "void": true, "while": true, "with": true, "yield": true,
}

// asciiIdentifier reports whether name is an ASCII JavaScript identifier
// ([A-Za-z_$][A-Za-z0-9_$]*), reserved words included.
func asciiIdentifier(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '$':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// checkBindingName fails a format that declares `export const NAME` when
// NAME is not a JavaScript identifier ("2xLarge", "my-token"): the
// reference's prettier rejects such a file and its build fails, so tokengen
// fails too instead of writing a file that does not parse.
func checkBindingName(name string) error {
	// the usual ASCII name, in one pass; reserved words are all lowercase
	if asciiIdentifier(name) && (name[0] < 'a' || name[0] > 'z' || !reservedBindingNames[name]) {
		return nil
	}
	if !isBindingName(name) {
		return fmt.Errorf("token name %q is not a JavaScript identifier, so `export const %s` does not parse; use a name transform that gives identifiers (name/camel, name/pascal)", name, name)
	}
	return nil
}

// isBindingName is the general check checkBindingName falls back on: a
// JavaScript identifier (Unicode letters, digits and marks) that is not a
// reserved word.
func isBindingName(name string) bool {
	ok := name != "" && !reservedBindingNames[name]
	for i, r := range name {
		if !ok {
			break
		}
		letter := r == '_' || r == '$' || unicode.IsLetter(r)
		ok = letter || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || r == '\u200c' || r == '\u200d'))
	}
	return ok
}
