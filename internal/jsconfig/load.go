// Package jsconfig loads JavaScript and TypeScript config modules
// (config.mjs, config.js, config.ts) without node: esbuild bundles the
// module with its relative imports and JSON files into one script (types
// stripped), goja runs it, and the exported config becomes a
// tokenbuild.Config whose JavaScript functions are adapters onto the hook
// contract (tokenbuild.Transform, Format, Filter...). The engine sees
// ordinary hooks and does not know they are JavaScript. Only the command
// line links this package: Go configs and the library do not grow.
package jsconfig

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/goja/parser"
	"github.com/tokengen/tokengen/tokenbuild"
)

// DefaultNames are the config modules looked up after the JSON names, in
// the reference's order.
var DefaultNames = []string{"config.js", "config.mjs", "config.ts"}

// IsConfig reports whether path names a JavaScript or TypeScript module.
func IsConfig(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return true
	}
	return false
}

// Module is a loaded config module, whose hooks run while its config
// builds.
type Module struct{ e *engine }

// Exited reports the status a hook of the module asked the process to
// end with (process.exit(n)), if one did.
func (m *Module) Exited() (int, bool) {
	if m == nil || m.e == nil || m.e.exit == nil {
		return 0, false
	}
	return m.e.exit.Code, true
}

// UntilExit is w until a hook of the module calls process.exit: node
// ends there, saying nothing more, and the command does not report the
// build's failure it causes. (The command's stdout is left as it is:
// it prints a platform's lines once its actions ran, where the reference
// prints them before.)
func (m *Module) UntilExit(w io.Writer) io.Writer {
	if m == nil || m.e == nil {
		return w
	}
	return untilExit{w, m.e}
}

type untilExit struct {
	w io.Writer
	e *engine
}

func (u untilExit) Write(p []byte) (int, error) {
	if u.e.exited.Load() {
		return len(p), nil
	}
	return u.w.Write(p)
}

// LoadModule bundles and runs the config module at path and returns its
// config, with the module: a command building the config asks it
// afterwards whether a hook called process.exit. When ctx is done, the
// module's JavaScript stops, and so do its hooks later in the build
// (stop.go); WithMaxMemory on ctx sets a memory ceiling. The instances
// the module makes (builds in its hooks) build with newBuilder's
// builders.
func LoadModule(ctx context.Context, path string, newBuilder NewBuilder) (*tokenbuild.Config, *Module, error) {
	cfg, e, err := load(ctx, path, newBuilder)
	return cfg, &Module{e}, err
}

func load(ctx context.Context, path string, newBuilder NewBuilder) (*tokenbuild.Config, *engine, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, err
	}
	if st, err := os.Stat(abs); err != nil || st.IsDir() {
		return nil, nil, &tokenbuild.Diagnostic{File: path, Msg: "no such config file"}
	}
	dir := filepath.Dir(abs)
	e := newEngine(ctx, dir)
	// A config module may make instances and build them, at its top
	// level or in its hooks (per-theme builds in an action), as in node.
	r := &runner{e: e, ctx: ctx, path: path, stdout: os.Stdout, stderr: os.Stderr, newBuilder: newBuilder, goErrs: map[*goja.Object]error{}}
	r.install()
	e.nextPending = r.next
	e.running.Add(1) // the module's top level and config function
	defer e.running.Add(-1)
	exp, err := e.runModule(abs, path, "the config module failed")
	if err != nil {
		return nil, e, err
	}
	val := defaultExport(exp)
	if fn, ok := goja.AssertFunction(val); ok {
		if val, err = fn(goja.Undefined()); err != nil {
			return nil, e, e.exceptionAt(path, "the config function failed", err)
		}
	}
	if val, err = e.awaitTopLevel(val); err != nil {
		var rej *rejection
		if errors.As(err, &rej) {
			msg, pos := e.places.rejected(rej.v)
			return nil, e, diagAt(path, "the config promise was rejected", msg, pos)
		}
		return nil, e, e.exceptionAt(path, "the config promise was rejected", err)
	}
	obj, ok := val.(*goja.Object)
	if !ok || goja.IsNull(val) {
		return nil, e, &tokenbuild.Diagnostic{File: path, Msg: "the config module must export a config object (export default {...} or module.exports = {...})"}
	}
	if len(obj.Keys()) == 0 {
		// a module that never sets module.exports or export default
		// exports {}: node and the reference build nothing from it
		return nil, e, &tokenbuild.Diagnostic{File: path, Msg: "the config module exports an empty config, so it builds nothing: export the config object (export default {...} or module.exports = {...})"}
	}
	if merge, ok := goja.AssertFunction(e.rt.Get("__tokengenWithClassHooks")); ok {
		// Hooks the module registered on the StyleDictionary class.
		merged, err := merge(goja.Undefined(), obj)
		if err != nil {
			return nil, e, e.jsError(path+": the config module's registered hooks", err)
		}
		obj = merged.(*goja.Object)
	}
	cfg, err := e.config(obj, path)
	if err != nil {
		return nil, e, err
	}
	cfg.Dir = dir
	cfg.File = path
	cfg.Hooks.Parsers = append(cfg.Hooks.Parsers, TokenFileParserContext(ctx))
	return cfg, e, nil
}

// runModule bundles the CommonJS or ES module at abs (shown as shown) and
// runs it in e, with node's modules that tokengen serves, and returns its
// module.exports; what says what failed when it throws.
func (e *engine) runModule(abs, shown, what string) (goja.Value, error) {
	script, sourceMap, err := bundle(abs, shown)
	if err != nil {
		if strings.Contains(err.Error(), "Top-level await") {
			return e.runAwaitingModule(abs, shown, what)
		}
		return nil, err
	}
	return e.runScript(script, sourceMap, abs, shown, what)
}

// runScript runs the CommonJS script made of the module at abs.
func (e *engine) runScript(script string, sourceMap []byte, abs, shown, what string) (goja.Value, error) {
	prog, err := e.prepare(script, sourceMap, abs, shown)
	if err != nil {
		return nil, err
	}
	module := e.rt.NewObject()
	exports := e.rt.NewObject()
	_ = module.Set("exports", exports)
	_ = e.rt.Set("module", module)
	_ = e.rt.Set("exports", exports)
	if _, err := e.rt.RunProgram(prog); err != nil {
		return nil, e.exceptionAt(shown, what, err)
	}
	return module.Get("exports"), nil
}

// prepare compiles a bundle of the module at abs (its source map makes
// errors point into the user's files) and installs what node gives a
// module's scope: its fs and path, tokengen's built-ins, timers, inspect
// and the rest of node's runtime.
func (e *engine) prepare(script string, sourceMap []byte, abs, shown string) (*goja.Program, error) {
	ast, err := parser.ParseFile(nil, bundleName(abs), script, 0, parser.WithSourceMapLoader(func(string) ([]byte, error) {
		return sourceMap, nil
	}))
	if err != nil {
		return nil, fmt.Errorf("%s: bundled module does not parse: %v", shown, err)
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", shown, err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	e.installNodeScope(cwd)
	return prog, nil
}

// defaultExport is what node's import() gives as default for a module's
// exports: an ES module's default export, or a CommonJS module's
// module.exports.
func defaultExport(exports goja.Value) goja.Value {
	if o, ok := exports.(*goja.Object); ok {
		if m := o.Get("__esModule"); m != nil && m.ToBoolean() {
			return o.Get("default")
		}
	}
	return exports
}

// bundle makes one CommonJS script of the module at abs, with an external
// source map (so that runtime errors point into the user's files).
func bundle(abs, shown string) (script string, sourceMap []byte, err error) {
	cwd, _ := os.Getwd()
	opts := bundleOptions(filepath.Join(filepath.Dir(abs), "tokengen-config.bundle.js"), cwd, nil,
		styleDictionaryPlugin, nodePlugin, moduleScopePlugin(abs))
	opts.EntryPoints = []string{abs}
	opts.Format = api.FormatCommonJS
	res := api.Build(opts)
	return bundleResult(res, shown)
}

// bundleResult is the script and source map of a bundle, or its errors.
func bundleResult(res api.BuildResult, shown string) (script string, sourceMap []byte, err error) {
	if len(res.Errors) > 0 {
		var errs tokenbuild.ErrorList
		for _, m := range res.Errors {
			d := &tokenbuild.Diagnostic{File: shown, Msg: m.Text}
			if l := m.Location; l != nil {
				d.File, d.Line, d.Col = l.File, l.Line, utf16Col(l.LineText, l.Column)
			}
			errs = append(errs, d)
		}
		return "", nil, errs.Err()
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".map") {
			sourceMap = f.Contents
		} else {
			script = string(f.Contents)
		}
	}
	if script == "" {
		return "", nil, errors.New(shown + ": bundling produced no script")
	}
	return script, sourceMap, nil
}

// utf16Col turns esbuild's 0-based byte column into a 1-based column in
// UTF-16 units, as editors and the other messages count.
func utf16Col(line string, byteCol int) int {
	if byteCol > len(line) {
		byteCol = len(line)
	}
	n := 0
	for _, r := range line[:byteCol] {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n + 1
}

// decodeConfig is the JSON config decoder, applied to the converted object.
var decodeConfig = config.DecodeConfig
