package jsconfig

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/goja/parser"
	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// A require() or import() whose argument is computed at run time
// (require(path.resolve(__dirname, '../config.js')), import(`./themes/${name}.mjs`))
// cannot be bundled ahead: esbuild would bundle every file a template
// could name, or stop when none matches, where node looks the module up
// when the call runs. The module scope plugin renames such calls to
// runtimeRequire and runtimeImport (names as long as `require` and
// `import`, so that columns stay the user's), which resolve the module
// from the calling file's folder when they run, bundle it with what it
// imports and run it in the same runtime, once: later calls get the same
// exports, as node's module cache gives.
const (
	runtimeRequire = "__tgReq"
	runtimeImport  = "__tgIm"
)

// moduleCache is the modules loaded at run time, by resolved path: a
// module's entry is there before it runs, so that a cycle gets its
// exports as far as they are, as in node.
type moduleCache map[string]*goja.Object

// dynamicLoads renames in src the calls of require and import whose
// argument is not a string literal, and reports whether it renamed any.
// Comments and strings are skipped; a call is a name not preceded by `.`
// (a method) followed by `(`.
func dynamicLoads(src string) (string, bool) {
	var out []byte // nil until the first rename
	n := len(src)
	isIdent := func(c byte) bool {
		return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
	}
	prevSignificant := func(i int) byte {
		for i--; i >= 0; i-- {
			if c := src[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				return c
			}
		}
		return 0
	}
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < n && src[i+1] == '*':
			if j := strings.Index(src[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = n
			}
			continue
		case c == '\'' || c == '"' || c == '`':
			i = skipString(src, i)
			continue
		case isIdent(c):
			j := i
			for j < n && isIdent(src[j]) {
				j++
			}
			word := src[i:j]
			if (word == "require" || word == "import") && prevSignificant(i) != '.' {
				k := j
				for k < n && (src[k] == ' ' || src[k] == '\t') {
					k++
				}
				if k < n && src[k] == '(' && !literalArgument(src, k+1) {
					if out == nil {
						out = []byte(src)
					}
					name := runtimeRequire
					if word == "import" {
						name = runtimeImport
					}
					copy(out[i:j], name)
				}
			}
			i = j
			continue
		}
		i++
	}
	if out == nil {
		return src, false
	}
	return string(out), true
}

// skipString is the index after the string literal starting at i. A
// quote's string ends at the end of its line at the latest (a quote in a
// regular expression literal then costs one line); a template's
// substitutions are skipped with it.
func skipString(src string, i int) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q:
			return i + 1
		case '\n':
			if q != '`' {
				return i + 1
			}
		}
	}
	return len(src)
}

// literalArgument reports whether the call's arguments starting at i are
// a string literal alone (or with import()'s options): what esbuild
// bundles.
func literalArgument(src string, i int) bool {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	if i >= len(src) {
		return false
	}
	q := src[i]
	if q != '\'' && q != '"' && q != '`' {
		return false
	}
	end := skipString(src, i)
	if q == '`' && strings.Contains(src[i:end], "${") {
		return false
	}
	for end < len(src) && (src[end] == ' ' || src[end] == '\t' || src[end] == '\n' || src[end] == '\r') {
		end++
	}
	return end < len(src) && (src[end] == ')' || src[end] == ',')
}

// moduleLoader loads the modules a runtime requires or imports at run
// time: it resolves them as node does, bundles them and runs each once.
type moduleLoader struct {
	rt    *goja.Runtime
	cache moduleCache
}

// installRequire sets the global require (what a CommonJS module's
// require that esbuild left in place calls) and the runtime require and
// import the module scope plugin renames dynamic calls to.
func installRequire(rt *goja.Runtime) *moduleLoader {
	ml := &moduleLoader{rt: rt, cache: moduleCache{}}
	fromCaller := func(call goja.FunctionCall) goja.Value {
		return ml.require(call.Argument(0), ml.callerDir())
	}
	req := rt.ToValue(fromCaller).(*goja.Object)
	_ = req.Set("resolve", func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(ml.resolveModule(call.Argument(0), ml.callerDir()))
	})
	_ = req.Set("cache", rt.NewObject())
	_ = rt.Set("require", req)
	_ = rt.Set(runtimeRequire, req)
	_ = rt.Set(runtimeImport, func(call goja.FunctionCall) goja.Value {
		dir := ml.callerDir()
		p, resolve, reject := rt.NewPromise()
		// import() never throws: its promise rejects.
		func() {
			defer func() {
				if x := recover(); x != nil {
					if ex, ok := x.(*goja.Exception); ok {
						_ = reject(ex.Value())
						return
					}
					if v, ok := x.(goja.Value); ok {
						_ = reject(v)
						return
					}
					panic(x)
				}
			}()
			_ = resolve(ml.namespace(ml.require(call.Argument(0), dir)))
		}()
		return rt.ToValue(p)
	})
	return ml
}

// requireFrom(file) is node:module's createRequire: a require resolving
// from the folder of file (a path or a file: URL).
func (ml *moduleLoader) requireFrom(call goja.FunctionCall) goja.Value {
	rt := ml.rt
	from := call.Argument(0).String()
	if u, ok := fileURLPath(from); ok {
		from = u
	}
	dir := filepath.Dir(from)
	if strings.HasSuffix(from, "/") {
		dir = filepath.Clean(from)
	}
	r := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return ml.require(call.Argument(0), dir)
	}).(*goja.Object)
	_ = r.Set("resolve", func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(ml.resolveModule(call.Argument(0), dir))
	})
	_ = r.Set("cache", rt.NewObject())
	return r
}

// namespace is what import() gives of a module's exports: an ES
// module's namespace, or for a CommonJS module its exports as default
// beside its own keys.
func (ml *moduleLoader) namespace(exports goja.Value) goja.Value {
	if o, ok := exports.(*goja.Object); ok {
		if m := o.Get("__esModule"); m != nil && m.ToBoolean() {
			return o
		}
		ns := ml.rt.NewObject()
		for _, k := range o.Keys() {
			_ = ns.Set(k, o.Get(k))
		}
		_ = ns.Set("default", o)
		return ns
	}
	ns := ml.rt.NewObject()
	_ = ns.Set("default", exports)
	return ns
}

// callerDir is the folder of the user's file whose code is running: the
// first frame of the stack in a file of the user's (source-mapped), or
// the working folder.
func (ml *moduleLoader) callerDir() string {
	for _, f := range ml.rt.CaptureCallStack(0, nil) {
		p := f.Position()
		file := strings.TrimPrefix(p.Filename, "file://")
		if file == "" || p.Line == 0 || strings.Contains(file, "tokengen:") || strings.Contains(file, "tokengen-node:") || !filepath.IsAbs(file) {
			continue
		}
		return filepath.Dir(file)
	}
	wd, _ := os.Getwd()
	return wd
}

// moduleNotFound throws node's error for a module that does not resolve.
func (ml *moduleLoader) moduleNotFound(spec, dir string) {
	err := ml.rt.NewGoError(fmt.Errorf("Cannot find module '%s' (required from %s)", spec, showPath(dir)))
	_ = err.Set("code", "MODULE_NOT_FOUND")
	panic(err)
}

// resolveModule is require.resolve: the path the module resolves to.
func (ml *moduleLoader) resolveModule(specV goja.Value, dir string) string {
	spec := ml.specifier(specV)
	_, _, resolved, ok := bundleRequired(spec, dir)
	if !ok {
		ml.moduleNotFound(spec, dir)
	}
	return resolved
}

func (ml *moduleLoader) specifier(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		panic(ml.rt.NewTypeError("The \"id\" argument must be of type string. Received %s", v))
	}
	spec := v.String()
	if spec == "" {
		panic(ml.rt.NewTypeError("The argument 'id' must be a non-empty string. Received ''"))
	}
	if u, ok := fileURLPath(spec); ok { // import() takes file: URLs
		spec = u
	}
	return spec
}

// require loads the module spec as node does from a file in dir.
func (ml *moduleLoader) require(specV goja.Value, dir string) goja.Value {
	spec := ml.specifier(specV)
	script, sourceMap, resolved, ok := bundleRequired(spec, dir)
	if !ok {
		ml.moduleNotFound(spec, dir)
	}
	if m, ok := ml.cache[resolved]; ok {
		return m.Get("exports")
	}
	if script == "" { // the bundle failed: sourceMap holds its message, at the module's file:line:col
		ctor, _ := goja.AssertConstructor(ml.rt.Get("SyntaxError"))
		ex, err := ctor(nil, ml.rt.ToValue(string(sourceMap)))
		if err != nil {
			panic(err)
		}
		panic(ex)
	}
	module := ml.rt.NewObject()
	_ = module.Set("exports", ml.rt.NewObject())
	_ = module.Set("id", resolved)
	_ = module.Set("filename", resolved)
	ml.cache[resolved] = module
	// Wrapped on the first line, so that line numbers stay the module's;
	// the source map comment stays last, where the parser looks for it.
	body, mapComment := script, ""
	if i := strings.LastIndex(script, "//# sourceMappingURL="); i >= 0 {
		body, mapComment = script[:i], script[i:]
	}
	wrapped := "(function (module, exports) {" + body + "\n})\n" + mapComment
	name := bundleName(filepath.Join(dir, "required.js"))
	ast, err := parser.ParseFile(nil, name, wrapped, 0, parser.WithSourceMapLoader(func(string) ([]byte, error) {
		return sourceMap, nil
	}))
	if err != nil {
		delete(ml.cache, resolved)
		panic(ml.rt.NewGoError(fmt.Errorf("%s: bundled module does not parse: %v", showPath(resolved), err)))
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		delete(ml.cache, resolved)
		panic(ml.rt.NewGoError(fmt.Errorf("%s: %v", showPath(resolved), err)))
	}
	fnV, err := ml.rt.RunProgram(prog)
	if err != nil {
		delete(ml.cache, resolved)
		panic(err)
	}
	fn, _ := goja.AssertFunction(fnV)
	if _, err := fn(goja.Undefined(), module, module.Get("exports")); err != nil {
		delete(ml.cache, resolved) // node forgets a module that threw
		if ex, ok := err.(*goja.Exception); ok {
			panic(ex.Value())
		}
		panic(err)
	}
	return module.Get("exports")
}

// bundleRequired bundles the module spec names from dir with what it
// imports, as a script setting module.exports, and gives the path it
// resolved to (a virtual module's name for tokengen's own). ok is false
// when spec does not resolve; a module that resolves but does not bundle
// (a syntax error) has an empty script and its errors in sourceMap.
func bundleRequired(spec, dir string) (script string, sourceMap []byte, resolved string, ok bool) {
	literal, _ := json.Marshal(spec)
	entry := "module.exports = require(" + string(literal) + ");\n"
	cwd, _ := os.Getwd()
	const stdinName = "tokengen:require"
	opts := bundleOptions(filepath.Join(dir, "tokengen-require.bundle.js"), cwd, nil,
		styleDictionaryPlugin, nodePlugin, moduleScopePlugin(""))
	opts.Stdin = &api.StdinOptions{Contents: entry, ResolveDir: dir, Sourcefile: stdinName, Loader: api.LoaderJS}
	opts.Format = api.FormatCommonJS
	opts.Metafile = true
	res := api.Build(opts)
	var meta struct {
		Inputs map[string]struct {
			Imports []struct {
				Path string `json:"path"`
			} `json:"imports"`
		} `json:"inputs"`
	}
	if res.Metafile != "" && json.Unmarshal([]byte(res.Metafile), &meta) == nil {
		// The entry is named by its folder, relative to the working one.
		for name, in := range meta.Inputs {
			if strings.HasSuffix(name, stdinName) && len(in.Imports) > 0 {
				resolved = in.Imports[0].Path
			}
		}
	}
	if resolved == "" {
		for _, m := range res.Errors {
			if m.Location != nil && strings.HasSuffix(m.Location.File, stdinName) {
				return "", nil, "", false // spec itself does not resolve
			}
		}
		if len(res.Errors) == 0 {
			return "", nil, "", false
		}
	}
	if i := strings.IndexByte(resolved, ':'); i < 0 && !filepath.IsAbs(resolved) && resolved != "" {
		resolved = filepath.Join(cwd, resolved)
	} else {
		resolved = strings.TrimPrefix(resolved, "file:")
	}
	script, sourceMap, err := bundleResult(res, spec)
	if err != nil {
		return "", []byte(err.Error()), resolved, true
	}
	return script, sourceMap, resolved, true
}

// scriptFormat is the bundle format of the build script at abs: ESM, so
// that top-level await survives, unless the script is CommonJS (a .cjs
// file, or one without import or export statements), whose bundle as
// ESM would end in `export default` of its module.exports.
func scriptFormat(abs string) api.Format {
	switch strings.ToLower(filepath.Ext(abs)) {
	case ".cjs", ".cts":
		return api.FormatCommonJS
	case ".mjs", ".mts":
		return api.FormatESModule
	}
	src, err := os.ReadFile(abs)
	if err == nil && !esmSyntax.Match(src) && !topLevelAwait.Match(src) {
		return api.FormatCommonJS
	}
	return api.FormatESModule
}

// topLevelAwait is an await at the start of a line outside any function,
// as far as indentation tells: it makes the file an ES module for node.
var topLevelAwait = lazyregexp.New(`(?m)^(const|let|var|await)\b.*\bawait\b`)
