package jsconfig

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/goja/parser"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// styleDictionaryClass is the `style-dictionary` module of a build
// script: a thin StyleDictionary class over the Go driver
// (globalThis.__tokengenSD). Configs stay JavaScript objects on this side
// so that extend deep-merges them as the reference does (arrays such as
// source concatenate, functions are kept); each instance hands its merged
// config to Go, which converts it as a config module's and loads a
// tokengen.Builder.
//
//go:embed js/style-dictionary.js
var styleDictionaryClass string

// runBundle makes one script of the build script at abs. The output is
// ESM so that top-level await survives (goja runs it wrapped in an async
// function); everything it imports is bundled.
func runBundle(abs, shown string) (string, []byte, error) {
	cwd, _ := os.Getwd()
	opts := bundleOptions(filepath.Join(filepath.Dir(abs), "tokengen-run.bundle.js"), cwd,
		map[string]bool{"top-level-await": true, "async-await": true},
		styleDictionaryPlugin, nodePlugin, moduleScopePlugin(abs))
	opts.EntryPoints = []string{abs}
	opts.Format = scriptFormat(abs)
	if opts.Format == api.FormatESModule {
		// The script is imported by an entry of its own: esbuild keeps an
		// ES entry's exports as export statements, which the function
		// the script runs in cannot hold.
		opts.EntryPoints = nil
		opts.Stdin = &api.StdinOptions{Contents: "import " + jsStringLiteral(abs) + ";\n", ResolveDir: filepath.Dir(abs), Sourcefile: "tokengen:entry", Loader: api.LoaderJS}
	}
	return bundleResult(api.Build(opts), shown)
}

// Run runs a build script (build.mjs, build.js, build.ts) as node would:
// its `style-dictionary` is tokengen's. Relative paths in it are the
// working folder's, as in node. args become process.argv after the script.
// Its StyleDictionary instances load and build with newBuilder's builders.
func Run(ctx context.Context, path string, args []string, stdout, stderr io.Writer, newBuilder NewBuilder) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if st, err := os.Stat(abs); err != nil || st.IsDir() {
		return &tokenbuild.Diagnostic{File: path, Msg: "no such build script"}
	}
	script, sourceMap, err := runBundle(abs, path)
	if err != nil {
		return err
	}
	e := newEngine(ctx, filepath.Dir(abs))
	e.running.Add(1) // the script, from start to end
	defer e.running.Add(-1)
	defer e.release()
	_ = e.rt.Get("process").(*goja.Object).Set("argv", append([]string{"tokengen", abs}, args...))
	r := &runner{e: e, ctx: ctx, path: path, stdout: stdout, stderr: stderr, newBuilder: newBuilder, goErrs: map[*goja.Object]error{}}
	r.install()
	e.nextPending = r.next
	// process.exit ends the script where it is called, as in node.
	_ = e.rt.Get("process").(*goja.Object).Set("exit", func(code goja.Value) {
		c := int64(0)
		if code != nil && !goja.IsUndefined(code) {
			c = code.ToInteger()
		} else if ec := get(e.rt.Get("process").(*goja.Object), "exitCode"); ec != nil && !goja.IsNull(ec) {
			c = ec.ToInteger()
		}
		e.requestExit(c)
	})
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	e.installNodeScope(cwd)
	// A CommonJS script's bundle sets module.exports.
	module := e.rt.NewObject()
	_ = module.Set("exports", e.rt.NewObject())
	_ = e.rt.Set("module", module)
	_ = e.rt.Set("exports", module.Get("exports"))
	// Wrapped on the first line, so that line numbers stay the script's;
	// the source map comment stays last, where the parser looks for it.
	body, mapComment := script, ""
	if i := strings.LastIndex(script, "//# sourceMappingURL="); i >= 0 {
		body, mapComment = script[:i], script[i:]
	}
	if strings.HasPrefix(body, "#!") { // esbuild keeps a shebang first; blank it, keeping the line
		if i := strings.IndexByte(body, '\n'); i >= 0 {
			body = body[i:]
		} else {
			body = ""
		}
	}
	wrapped := "(async () => {" + body + "\n})();\n" + mapComment
	ast, err := parser.ParseFile(nil, bundleName(abs), wrapped, 0, parser.WithSourceMapLoader(func(string) ([]byte, error) {
		return sourceMap, nil
	}))
	if err != nil {
		return fmt.Errorf("%s: bundled script does not parse: %v", path, err)
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	var unhandled []*goja.Promise
	e.rt.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		if op == goja.PromiseRejectionReject {
			unhandled = append(unhandled, p)
			return
		}
		for i, u := range unhandled {
			if u == p {
				unhandled = append(unhandled[:i], unhandled[i+1:]...)
				break
			}
		}
	})
	v, err := e.rt.RunProgram(prog)
	if err != nil {
		return r.failure(err)
	}
	// The event loop: a build or load the script awaits runs here, with
	// no JavaScript on the stack, so that the hooks it calls (async
	// formats among them) run their promises to the end; settling its
	// promise resumes the script up to its next await.
	intervals := 0
	for {
		if s := e.stopReason(); s != nil { // interrupted between two calls into JavaScript
			return &tokenbuild.Diagnostic{File: r.path, Msg: "the build script failed: " + s.msg}
		}
		if len(r.pending) == 0 {
			// Then the timers, intervals too: as in node, an interval
			// keeps the script running until it is cleared.
			if e.timers.pending() == 0 {
				break
			}
			if !e.timers.oneShots() {
				if intervals++; intervals > maxIntervalRuns {
					return fmt.Errorf("%s: a setInterval of the build script is never cleared (it ran %d times; node would run it for ever)", r.path, maxIntervalRuns)
				}
			}
			if _, err := e.timers.runNext(); err != nil {
				return r.failure(err)
			}
			continue
		}
		op := r.pending[0]
		r.pending = r.pending[1:]
		v, err := op.run(r.ctx)
		if settle := r.settle(op, v, err); settle != nil {
			return r.failure(settle)
		}
	}
	// The first rejection nothing handled ends the run, as it ends node:
	// an instance whose tokens fail to load rejects its init, and a
	// script awaiting its build then waits for ever.
	if len(unhandled) > 0 {
		return r.failure(&rejection{e.rt, unhandled[0].Result()})
	}
	if _, err := e.await(v); err != nil {
		return r.failure(err)
	}
	if c := get(e.rt.Get("process").(*goja.Object), "exitCode"); c != nil && !goja.IsNull(c) {
		return r.exited(c.ToInteger())
	}
	return nil
}

// mergeHooks is a with b's hooks after its own (later ones win).
func mergeHooks(a, b tokenbuild.Hooks) tokenbuild.Hooks {
	a.Transforms = append(a.Transforms, b.Transforms...)
	a.TransformGroups = append(a.TransformGroups, b.TransformGroups...)
	a.Formats = append(a.Formats, b.Formats...)
	a.Filters = append(a.Filters, b.Filters...)
	a.Actions = append(a.Actions, b.Actions...)
	a.Preprocessors = append(a.Preprocessors, b.Preprocessors...)
	a.Parsers = append(a.Parsers, b.Parsers...)
	a.FileHeaders = append(a.FileHeaders, b.FileHeaders...)
	a.Sorts = append(a.Sorts, b.Sorts...)
	return a
}

// maxIntervalRuns bounds the runs of intervals a script waits on with
// nothing else left to do: time is virtual, so an interval that never
// clears itself would otherwise spin for ever.
const maxIntervalRuns = 1_000_000

// exited is the end of a script that exits with code: nothing when 0,
// else an error carrying the status (the command ends with it and, as
// node, prints nothing: see cmdline.PrintErrors).
func (r *runner) exited(code int64) error {
	if code == 0 {
		return nil
	}
	return &scriptExit{ExitError{Code: int(code)}, &tokenbuild.Diagnostic{File: r.path, Msg: fmt.Sprintf("the build script exited with code %d", code)}}
}

// scriptExit is a script's exit with a status other than 0: the command
// ends with that status, as node does; its message is for callers that
// show it.
type scriptExit struct {
	ExitError
	*tokenbuild.Diagnostic
}

func (s *scriptExit) Error() string { return s.Diagnostic.Error() }
func (s *scriptExit) Unwrap() error { return s.Diagnostic }

// runner is the Go side of a build script's StyleDictionary instances.
type runner struct {
	e              *engine
	ctx            context.Context
	path           string
	stdout, stderr io.Writer
	newBuilder     NewBuilder
	instances      []*instance
	instancesMu    sync.Mutex // guards instances (instance)
	pending        []pendingOp
	// goErrs are the Go errors thrown into JavaScript: when the script
	// does not catch one, it is reported as the Go error it is (with its
	// file, line and key path), not as a JavaScript message.
	goErrs map[*goja.Object]error
	// inFlight counts the pieces of work hooks took off pending and run
	// (hookawait.go), finished those they ended; workEndedCond wakes the
	// hooks waiting on them. All three are used under e.mu.
	inFlight         map[int]bool
	lastOp, finished int
	workEndedCond    *sync.Cond
}

// instance is a StyleDictionary's config and, once loaded, its builder.
type instance struct {
	mu  sync.Mutex // guards b, err and cfg's hooks (load)
	cfg *tokenbuild.Config
	sc  *scope // what its hooks read of the config
	b   Builder
	err error
}

type pendingOp struct {
	run             func(ctx context.Context) (goja.Value, error) // its promise's value, ctx the builds' (inside: see opsOf)
	resolve, reject func(any) error
	// goOnly says run does not touch the runtime (a build, a load): it
	// may run while hooks run JavaScript (hookawait.go).
	goOnly bool
}

// later queues work done in Go for the event loop and returns its
// promise.
func (r *runner) later(run func(ctx context.Context) error) goja.Value {
	p, resolve, reject := r.e.rt.NewPromise()
	r.pending = append(r.pending, pendingOp{func(ctx context.Context) (goja.Value, error) { return nil, run(ctx) }, resolve, reject, true})
	return r.e.rt.ToValue(p)
}

// laterValue is later for work whose promise has a value, which it
// makes in the runtime.
func (r *runner) laterValue(run func(ctx context.Context) (goja.Value, error)) goja.Value {
	p, resolve, reject := r.e.rt.NewPromise()
	r.pending = append(r.pending, pendingOp{run, resolve, reject, false})
	return r.e.rt.ToValue(p)
}

// instance is the instance id; JavaScript may make instances (holding
// e.mu) while builds hooks queued load others (without it).
func (r *runner) instance(id int) *instance {
	r.instancesMu.Lock()
	defer r.instancesMu.Unlock()
	if id < 0 || id >= len(r.instances) {
		panic(r.e.rt.NewTypeError("not a StyleDictionary instance"))
	}
	return r.instances[id]
}

// load loads an instance's tokens, once. Loading runs the config's
// JavaScript parsers and preprocessors, which take e.mu: in.mu is not
// held meanwhile (two loads at once keep the first one done).
func (r *runner) load(id int) (Builder, error) {
	in := r.instance(id)
	in.mu.Lock()
	b, err, cfg := in.b, in.err, *in.cfg
	in.mu.Unlock()
	if b != nil || err != nil {
		return b, err
	}
	b, err = r.newBuilder(r.ctx, cfg, r.stdout, r.stderr)
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.b == nil && in.err == nil {
		in.b, in.err = b, err
	}
	return in.b, in.err
}

// loaded is load from a synchronous call: its error is thrown.
func (r *runner) loaded(id int) Builder {
	b, err := r.load(id)
	if err != nil {
		r.throw(err)
	}
	return b
}

func (r *runner) throw(err error) {
	o := r.e.rt.NewGoError(err)
	r.goErrs[o] = err
	panic(o)
}

func (r *runner) failure(err error) error {
	if x, ok := exitOf(err); ok {
		return r.exited(int64(x.Code))
	}
	if r.e.exit != nil { // process.exit in a hook of a build the script ran
		return r.exited(int64(r.e.exit.Code))
	}
	var v goja.Value
	var ex *goja.Exception
	var rej *rejection
	switch {
	case errors.As(err, &rej):
		v = rej.v
	case errors.As(err, &ex):
		v = ex.Value()
	}
	if o, ok := v.(*goja.Object); ok {
		if ge, ok := r.goErrs[o]; ok {
			return ge
		}
	}
	if rej != nil {
		msg, pos := r.e.places.rejected(rej.v)
		return diagAt(r.path, "the build script failed", msg, pos)
	}
	return r.e.exceptionAt(r.path, "the build script failed", err)
}

// install puts the Go side of the script's StyleDictionary class on
// globalThis.__tokengenSD (js/style-dictionary.js): making and loading
// instances, reading configs, their tokens, and queueing their builds.
func (r *runner) install() {
	e := r.e
	sd := e.rt.NewObject()
	_ = sd.Set("create", r.create)
	// catchableLoad says whether a rejection of init is one a script may
	// catch and go on from (config.IsNoTokenFiles).
	_ = sd.Set("catchableLoad", func(v goja.Value) bool {
		o, ok := v.(*goja.Object)
		return ok && config.IsNoTokenFiles(r.goErrs[o])
	})
	_ = sd.Set("init", func(id int) goja.Value {
		return r.later(func(context.Context) error { _, err := r.load(id); return err })
	})
	_ = sd.Set("readConfig", r.readConfig)
	_ = sd.Set("loadModule", r.loadModule)
	_ = sd.Set("tokens", func(id int) goja.Value { return e.toJS(r.loaded(id).Tokens()) })
	_ = sd.Set("allTokens", r.allTokens)
	_ = sd.Set("register", r.register)
	_ = sd.Set("usesDtcg", r.usesDtcg)
	_ = sd.Set("platformTokens", r.platformTokens)
	_ = sd.Set("format", r.format)
	for _, kind := range []string{"build", "clean"} {
		_ = sd.Set(kind, r.buildOrClean(kind))
	}
	_ = e.rt.Set("__tokengenSD", sd)
}

// create makes an instance of the config object obj and gives its id.
func (r *runner) create(obj *goja.Object) int {
	cfg, sc, err := r.e.configScoped(obj, r.path)
	if err != nil {
		r.throw(err)
	}
	cfg.Hooks.Parsers = append(cfg.Hooks.Parsers, TokenFileParserContext(r.ctx))
	r.instancesMu.Lock()
	defer r.instancesMu.Unlock()
	r.instances = append(r.instances, &instance{cfg: cfg, sc: sc})
	return len(r.instances) - 1
}

// readConfig reads a config named by path as the reference's loadFile
// does: JSON5 (so JSON with comments too), whatever its extension (the
// reference warns about one it does not know).
func (r *runner) readConfig(path string) goja.Value {
	data, err := os.ReadFile(path)
	if err != nil {
		r.throw(fmt.Errorf("%s: %v", path, err))
	}
	v, err := json5.Parse(data)
	if err != nil {
		var d *tokenbuild.Diagnostic
		if errors.As(err, &d) {
			c := *d
			c.File = path
			r.throw(&c)
		}
		r.throw(fmt.Errorf("%s: %v", path, err))
	}
	if _, ok := v.(*tokenbuild.Object); !ok {
		r.throw(&tokenbuild.Diagnostic{File: path, Msg: "a config must be an object"})
	}
	return r.e.toJS(v)
}

// loadModule runs the config module at path and gives its default
// export, as the reference's loadFile imports one.
func (r *runner) loadModule(path string) goja.Value {
	e := r.e
	abs, err := filepath.Abs(path)
	if err != nil {
		r.throw(err)
	}
	if st, err := os.Stat(abs); err != nil || st.IsDir() {
		r.throw(&tokenbuild.Diagnostic{File: path, Msg: "no such config file"})
	}
	// module and exports are the loaded module's while it runs.
	saved := map[string]goja.Value{"module": e.rt.Get("module"), "exports": e.rt.Get("exports")}
	defer func() {
		for k, v := range saved {
			if v == nil {
				_ = e.rt.GlobalObject().Delete(k)
			} else {
				_ = e.rt.Set(k, v)
			}
		}
	}()
	exports, err := e.runModule(abs, path, "the config module failed")
	if err != nil {
		r.throw(err)
	}
	return defaultExport(exports)
}

// allTokens is an instance's allTokens, as token proxies.
func (r *runner) allTokens(id int) goja.Value {
	all := r.loaded(id).AllTokens()
	vals := make([]any, len(all))
	for i, t := range all {
		vals[i] = r.e.proxies.token(t)
	}
	return r.e.rt.NewArray(vals...)
}

// register adds hooks given to the class or the instance after the
// instance was made (StyleDictionary.hooks.formats.x = fn), which the
// reference looks up when it builds.
func (r *runner) register(id int, hooks goja.Value) {
	in := r.instance(id)
	h, err := r.e.adapters.hooks(hooks, in.sc)
	if err != nil {
		r.throw(err)
	}
	in.mu.Lock()
	b := in.b
	if b == nil {
		in.cfg.Hooks = mergeHooks(in.cfg.Hooks, h)
	}
	in.mu.Unlock()
	if b == nil {
		return
	}
	if err := b.Register(h); err != nil {
		r.throw(err)
	}
}

// usesDtcg is an instance's usesDtcg: the config's, else what its
// tokens show.
func (r *runner) usesDtcg(id int) goja.Value {
	b := r.loaded(id)
	if v := r.instance(id).cfg.UsesDtcg; v != nil {
		return r.e.rt.ToValue(*v)
	}
	if len(b.AllTokens()) == 0 {
		return goja.Undefined() // nothing to detect it from, as in the reference
	}
	return r.e.rt.ToValue(b.UsesDtcg())
}

// platformTokens is a promise of a platform's transformed dictionary.
func (r *runner) platformTokens(id int, platform string) goja.Value {
	return r.laterValue(func(ctx context.Context) (goja.Value, error) {
		b, err := r.load(id)
		if err != nil {
			return nil, err
		}
		d, err := b.GetPlatformTokens(ctx, platform)
		if err != nil {
			return nil, err
		}
		return r.e.proxies.dictionary(d), nil
	})
}

// format is formatPlatform (a platform) and formatAllPlatforms (null):
// each platform's files as {output, destination}, output undefined for a
// file a build would not write.
func (r *runner) format(id int, platform goja.Value) goja.Value {
	e := r.e
	var names []string
	if platform != nil && !goja.IsNull(platform) && !goja.IsUndefined(platform) {
		names = []string{platform.String()}
	}
	return r.laterValue(func(ctx context.Context) (goja.Value, error) {
		b, err := r.load(id)
		if err != nil {
			return nil, err
		}
		files, err := b.FormatFiles(ctx, names...)
		if err != nil {
			return nil, err
		}
		out := e.rt.NewObject()
		for name, outs := range files {
			list := make([]any, len(outs))
			for i, o := range outs {
				f := e.rt.NewObject()
				if !o.Skipped {
					_ = f.Set("output", o.Content)
				} else {
					_ = f.Set("output", goja.Undefined())
				}
				// the reference's file destination defaults to ""
				_ = f.Set("destination", o.Destination)
				list[i] = f
			}
			_ = out.Set(name, e.rt.NewArray(list...))
		}
		return out, nil
	})
}

// buildOrClean is buildPlatform and buildAllPlatforms (kind "build"),
// cleanPlatform and cleanAllPlatforms ("clean"): a promise of the work,
// queued for the event loop.
func (r *runner) buildOrClean(kind string) func(id int, platform goja.Value) goja.Value {
	return func(id int, platform goja.Value) goja.Value {
		name := ""
		if platform != nil && !goja.IsNull(platform) && !goja.IsUndefined(platform) {
			name = platform.String()
		}
		return r.later(func(ctx context.Context) error {
			b, err := r.load(id)
			if err != nil {
				return err
			}
			switch {
			case kind == "build" && name == "":
				err = b.BuildAllPlatforms(ctx)
			case kind == "build":
				err = b.BuildPlatform(ctx, name)
			case name == "":
				err = b.CleanAllPlatforms(ctx)
			default:
				err = b.CleanPlatform(ctx, name)
			}
			return err
		})
	}
}
