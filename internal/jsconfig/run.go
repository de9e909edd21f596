package jsconfig

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/goja/parser"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/internal/pipeline"
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
func Run(ctx context.Context, path string, args []string, stdout, stderr io.Writer) error {
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
	r := &runner{e: e, ctx: ctx, path: path, stdout: stdout, stderr: stderr, goErrs: map[*goja.Object]error{}}
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
	e.installNode(cwd)
	e.installBuiltins()
	e.installTimers()
	e.installInspect()
	e.installNodeRuntime()
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
			if _, err := e.runTimer(); err != nil {
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
	b   *tokengen.Builder
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
func (r *runner) load(id int) (*tokengen.Builder, error) {
	in := r.instance(id)
	in.mu.Lock()
	b, err, cfg := in.b, in.err, *in.cfg
	in.mu.Unlock()
	if b != nil || err != nil {
		return b, err
	}
	b, err = tokengen.New(r.ctx, cfg, tokengen.WithOutput(r.stdout, r.stderr))
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.b == nil && in.err == nil {
		in.b, in.err = b, err
	}
	return in.b, in.err
}

// loaded is load from a synchronous call: its error is thrown.
func (r *runner) loaded(id int) *tokengen.Builder {
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
		msg, pos := r.e.rejected(rej.v)
		return diagAt(r.path, "the build script failed", msg, pos)
	}
	return r.e.exceptionAt(r.path, "the build script failed", err)
}

// rejected is a rejected value's message and, for an error, the place
// in the user's source its stack starts at.
func (e *engine) rejected(v goja.Value) (string, srcPos) {
	o, ok := v.(*goja.Object)
	if !ok {
		return v.String(), srcPos{}
	}
	msg := v.String()
	st := get(o, "stack")
	if st == nil {
		return msg, srcPos{}
	}
	for _, line := range strings.Split(st.String(), "\n") {
		m := stackFrame.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if pos, ok := e.userPos(m[1], ln, col); ok {
			return msg, pos
		}
	}
	return msg, srcPos{}
}

// stackFrame is a frame of goja's stack: "at name (file:line:col(pc))" or
// "at file:line:col(pc)".
var stackFrame = lazyregexp.New(`^\s*at (?:.*\()?([^()\s]+):(\d+):(\d+)\(\d+\)\)?\s*$`)

func (r *runner) install() {
	e := r.e
	sd := e.rt.NewObject()
	_ = sd.Set("create", func(obj *goja.Object) int {
		cfg, sc, err := e.configScoped(obj, r.path)
		if err != nil {
			r.throw(err)
		}
		cfg.Hooks.Parsers = append(cfg.Hooks.Parsers, TokenFileParserContext(r.ctx))
		r.instancesMu.Lock()
		defer r.instancesMu.Unlock()
		r.instances = append(r.instances, &instance{cfg: cfg, sc: sc})
		return len(r.instances) - 1
	})
	// catchableLoad says whether a rejection of init is one a script may
	// catch and go on from (pipeline.IsNoTokenFiles).
	_ = sd.Set("catchableLoad", func(v goja.Value) bool {
		o, ok := v.(*goja.Object)
		return ok && pipeline.IsNoTokenFiles(r.goErrs[o])
	})
	_ = sd.Set("init", func(id int) goja.Value {
		return r.later(func(context.Context) error { _, err := r.load(id); return err })
	})
	// readConfig reads a config named by path as the reference's loadFile
	// does: JSON5 (so JSON with comments too), whatever its extension
	// (the reference warns about one it does not know).
	_ = sd.Set("readConfig", func(path string) goja.Value {
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
		return e.toJS(v)
	})
	_ = sd.Set("loadModule", func(path string) goja.Value {
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
	})
	_ = sd.Set("tokens", func(id int) goja.Value { return e.toJS(r.loaded(id).Tokens()) })
	_ = sd.Set("allTokens", func(id int) goja.Value {
		all := r.loaded(id).AllTokens()
		vals := make([]any, len(all))
		for i, t := range all {
			vals[i] = e.token(t)
		}
		return e.rt.NewArray(vals...)
	})
	// register adds hooks given to the class or the instance after the
	// instance was made (StyleDictionary.hooks.formats.x = fn), which the
	// reference looks up when it builds.
	_ = sd.Set("register", func(id int, hooks goja.Value) {
		in := r.instance(id)
		h, err := e.hooks(hooks, in.sc)
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
	})
	_ = sd.Set("usesDtcg", func(id int) goja.Value {
		b := r.loaded(id)
		if v := r.instance(id).cfg.UsesDtcg; v != nil {
			return e.rt.ToValue(*v)
		}
		if len(b.AllTokens()) == 0 {
			return goja.Undefined() // nothing to detect it from, as in the reference
		}
		return e.rt.ToValue(b.UsesDtcg())
	})
	_ = sd.Set("platformTokens", func(id int, platform string) goja.Value {
		return r.laterValue(func(ctx context.Context) (goja.Value, error) {
			b, err := r.load(id)
			if err != nil {
				return nil, err
			}
			d, err := b.GetPlatformTokens(ctx, platform)
			if err != nil {
				return nil, err
			}
			return e.dictionary(d), nil
		})
	})
	// format is formatPlatform (a platform) and formatAllPlatforms (null):
	// each platform's files as {output, destination}, output undefined for
	// a file a build would not write.
	_ = sd.Set("format", func(id int, platform goja.Value) goja.Value {
		var names []string
		if platform != nil && !goja.IsNull(platform) && !goja.IsUndefined(platform) {
			names = []string{platform.String()}
		}
		return r.laterValue(func(ctx context.Context) (goja.Value, error) {
			b, err := r.load(id)
			if err != nil {
				return nil, err
			}
			files, _, err := b.FormatFiles(ctx, names...)
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
	})
	for _, kind := range []string{"build", "clean"} {
		_ = sd.Set(kind, func(id int, platform goja.Value) goja.Value {
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
					_, err = b.BuildAllPlatforms(ctx)
				case kind == "build":
					_, err = b.BuildPlatform(ctx, name)
				case name == "":
					_, err = b.CleanAllPlatforms(ctx)
				default:
					_, err = b.CleanPlatform(ctx, name)
				}
				return err
			})
		})
	}
	_ = e.rt.Set("__tokengenSD", sd)
}
