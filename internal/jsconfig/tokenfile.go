package jsconfig

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/inputfile"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TokenFileParser reads JavaScript and TypeScript token files (tokens.js,
// .mjs, .ts; also .cjs, .mts and .cts) named in source or include: the
// module's default export, or module.exports for CommonJS, as node's
// import() gives it to the reference's loader. It is a Default parser:
// the engine uses it for the files it matches when no parser the config
// names does, without the config naming it, so that a config's parsers
// list stays the user's. The command adds it to the configs it builds
// (a JSON config, a config module, a build script's instances); a Go
// config and the library do not link a JavaScript engine.
//
// Each file runs in a runtime of its own, so files load side by side, as
// the engine reads token files; a module two token files import runs once
// for each, as two node processes would run it (node would share one
// instance, which only shows when a module keeps state between imports).
var TokenFileParser = TokenFileParserContext(context.Background())

// TokenFileParserContext is TokenFileParser for a command: when ctx is
// done, a token file's JavaScript stops; WithMaxMemory on ctx sets a
// memory ceiling.
func TokenFileParserContext(ctx context.Context) tokenbuild.Parser {
	return tokenbuild.Parser{
		Name:    "tokengen/javascript-token-file",
		Pattern: tokenFilePattern,
		Parse: func(contents []byte, full string) (*tokenbuild.Object, error) {
			return parseTokenFile(ctx, contents, full)
		},
		Default: true,
	}
}

var tokenFilePattern = regexp.MustCompile(`\.(m|c)?(js|ts)$`)

func parseTokenFile(ctx context.Context, contents []byte, full string) (*tokenbuild.Object, error) {
	shown := showPath(full)
	e := newEngine(ctx, filepath.Dir(full))
	e.running.Add(1)
	defer e.running.Add(-1)
	defer e.release()
	var exports goja.Value
	var err error
	if standsAlone(contents) {
		exports, err = e.runStandalone(contents, full, shown)
	} else {
		exports, err = e.runModule(full, shown, "the token file failed")
	}
	if err != nil {
		return nil, err
	}
	val := defaultExport(exports)
	if v, ok := val.(*goja.Object); ok {
		if _, isFn := goja.AssertFunction(v); !isFn && !isPromise(v) {
			conv, err := e.convert(v)
			if err != nil {
				return nil, &tokenbuild.Diagnostic{File: shown, Msg: err.Error()}
			}
			switch out := conv.(type) {
			case *tokenbuild.Object:
				return out, nil
			case []any:
				// merged as the reference merges an array: keys "0", "1", ...
				return inputfile.ArrayAsGroup(out), nil
			default:
				return nil, nil
			}
		}
	}
	return nil, &tokenbuild.Diagnostic{File: shown, Line: 1, Col: 1,
		Msg: fmt.Sprintf("a token file must export an object of tokens (export default {...} or module.exports = {...}); its default export is %s", describeKind(val))}
}

func isPromise(o *goja.Object) bool {
	_, ok := o.Export().(*goja.Promise)
	return ok
}

// describeKind names what a module exported, for the error.
func describeKind(v goja.Value) string {
	switch {
	case v == nil || goja.IsUndefined(v):
		return "undefined (it has none)"
	case goja.IsNull(v):
		return "null"
	}
	if o, ok := v.(*goja.Object); ok {
		switch {
		case isPromise(o):
			return "a promise (a token file cannot wait for its tokens)"
		case o.ClassName() == "Array":
			return "an array"
		}
		if _, ok := goja.AssertFunction(o); ok {
			return "a function"
		}
	}
	switch v.Export().(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64, float64:
		return "a number"
	}
	return v.String()
}

// showPath is path relative to the working folder when it is below it,
// as the command shows paths it reports.
func showPath(path string) string {
	if cwd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(cwd, path); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return path
}

// importsOrScope finds what needs more than the file itself: an import or
// require (bundled with what it names), or a name of the module scope
// (import.meta, __dirname) that moduleScopePlugin provides.
var importsOrScope = lazyregexp.New(`\bimport\b|\brequire\s*\(|\b__(dirname|filename)\b`)

// standsAlone reports whether a token file needs nothing but itself, as
// most do (an object literal, maybe computed): it is then compiled alone
// by esbuild's transform, which does not read the file system, where a
// bundle reads the folders around it; a project with hundreds of token
// files loads several times faster.
func standsAlone(contents []byte) bool { return !importsOrScope.Match(contents) }

// runStandalone compiles a token file that imports nothing into a
// CommonJS script and runs it.
func (e *engine) runStandalone(contents []byte, full, shown string) (goja.Value, error) {
	loader := api.LoaderJS
	if strings.HasSuffix(full, "ts") {
		loader = api.LoaderTS
	}
	res := api.Transform(string(contents), api.TransformOptions{
		Loader:     loader,
		Format:     api.FormatCommonJS,
		Platform:   api.PlatformNode,
		Target:     api.ES2017,
		Supported:  nativeSyntax(nil),
		Sourcemap:  api.SourceMapExternal,
		Sourcefile: filepath.Base(full),
		LogLevel:   api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		var errs tokenbuild.ErrorList
		for _, m := range res.Errors {
			d := &tokenbuild.Diagnostic{File: shown, Msg: m.Text}
			if l := m.Location; l != nil {
				d.Line, d.Col = l.Line, utf16Col(l.LineText, l.Column)
			}
			errs = append(errs, d)
		}
		return nil, errs.Err()
	}
	// goja reads the source map the script names.
	script := string(res.Code) + "//# sourceMappingURL=" + filepath.Base(full) + ".map\n"
	return e.runScript(script, res.Map, full, shown, "the token file failed")
}
