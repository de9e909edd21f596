package jsconfig

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen"
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
const styleDictionaryClass = `// One class per runtime, however many bundles import it: a config module
// a script loads by path (new StyleDictionary('./config.js')) registers
// its hooks on the script's class.
const StyleDictionary = (globalThis.__tokengenStyleDictionary ??= (() => {
const g = globalThis.__tokengenSD;
const isPlain = (o) => {
  if (o === null || typeof o !== 'object') return false;
  const p = Object.getPrototypeOf(o);
  return p === Object.prototype || p === null;
};
const mergeable = (o) => Array.isArray(o) || isPlain(o);
const clone = (v) => (mergeable(v) ? deepmerge(Array.isArray(v) ? [] : {}, v) : v);
// deepmerge is style-dictionary's (deepmerge 4 with its options): plain
// objects and arrays merge, arrays concatenate without duplicates when
// both have values, anything else is taken from source as is.
function deepmerge(target, source) {
  const sa = Array.isArray(source);
  if (sa !== Array.isArray(target)) return clone(source);
  if (sa) {
    return target.length > 0 && source.length > 0 ? Array.from(new Set([...target, ...source])) : [...target, ...source];
  }
  const out = {};
  if (mergeable(target)) for (const k of Object.keys(target)) out[k] = clone(target[k]);
  for (const k of Object.keys(source)) {
    if (k === '__proto__' || k === 'constructor') continue;
    if (Object.prototype.hasOwnProperty.call(target, k) && mergeable(source[k])) out[k] = deepmerge(target[k], source[k]);
    else out[k] = clone(source[k]);
  }
  return out;
}
// StyleDictionary.hooks starts with the built-in hooks, as the
// reference's does: transform groups as their lists of names, formats and
// filters as functions running the Go ones, the others as markers standing
// in for Go hooks (calling one says it cannot be called from JavaScript).
// ownHooks leaves a built-in out of what goes back to Go when it is under
// its own name, so that the built-ins stay the Go ones; under another
// name (registerFormat({ name: 'mine', format: hooks.formats['css/variables'] }))
// it is the script's hook, which runs the Go one.
const builtinMarks = new WeakMap(); // function -> the built-in's name
const builtins = globalThis.__tokengenBuiltins ?? {};
const named = (name, f) => {
  builtinMarks.set(f, name);
  return f;
};
const mark = (kind, name) => named(name, () => {
  throw new Error('the built-in ' + kind + ' "' + name + '" is Go code in tokengen and cannot be called from JavaScript; name it in the config instead');
});
// The built-in transforms as the reference's: { type, transitive, filter,
// transform }, their functions running the Go ones.
const builtinTransforms = builtins.transforms ?? {};
// isBuiltinTransform says a transform entry is the built-in of that name
// as it is; one made from it with another filter, transitivity or name is
// the script's own (Go makes it of the built-in's functions).
const isBuiltinTransform = (name, v) => {
  const b = builtinTransforms[name];
  return b !== undefined && isPlain(v) && v.transform === b.transform && v.filter === b.filter && !!v.transitive === !!b.transitive && v.type === b.type;
};
const pristine = {
  transforms: Object.fromEntries(Object.entries(builtinTransforms).map(([n, t]) => [n, { ...t }])),
  transformGroups: Object.fromEntries(Object.entries(builtins.transformGroups ?? {}).map(([n, list]) => [n, [...list]])),
  formats: Object.fromEntries((builtins.formats ?? []).map((n) => [n, named(n, async (args) => builtins.callFormat(n, args))])),
  filters: Object.fromEntries((builtins.filters ?? []).map((n) => [n, named(n, (token, options) => builtins.callFilter(n, token, options))])),
  fileHeaders: Object.fromEntries((builtins.fileHeaders ?? []).map((n) => [n, mark('file header', n)])),
  preprocessors: Object.fromEntries((builtins.preprocessors ?? []).map((n) => [n, mark('preprocessor', n)])),
  parsers: Object.fromEntries((builtins.parsers ?? []).map((n) => [n, { parser: mark('parser', n) }])),
  actions: Object.fromEntries((builtins.actions ?? []).map((n) => [n, { do: mark('action', n), undo: mark('action', n) }])),
};
// pristine is the reference's Register.hooks, and StyleDictionary.hooks
// is that very object until the first registration on the class gives the
// class its own (a deepmerge copy, made anew at each registration). A
// registration first deletes the name from the class's current hooks, so
// the first one under a built-in name deletes the built-in from
// Register.hooks itself. An instance's hooks are the reference's getter:
// deepmerge(StyleDictionary.hooks, own hooks), its own hooks being the
// config's inline hooks when it has any, else Register.hooks as it is
// then. Hence the reference's behaviour, checked in node: a class hook
// under a built-in name wins when it was the class's first registration
// or the config has inline hooks, and a built-in transform group
// re-registered later merges with the built-in list.
const instanceHooks = (own) => deepmerge(StyleDictionary.hooks, own ?? pristine);
const ownOf = (options) => (Object.prototype.hasOwnProperty.call(options, 'hooks') ? options.hooks : undefined);
const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
// isMark says a hook is the built-in of that name.
const isMark = (name, v) => builtinMarks.get(v) === name || (v !== null && typeof v === 'object' && (builtinMarks.get(v.parser) === name || builtinMarks.get(v.do) === name));
// same compares hooks: deepmerge copies plain objects, so a hook object
// ({ type, transform }) is the same when its members are.
const same = (a, b) => a === b || sameList(a, b) ||
  (isPlain(a) && isPlain(b) && Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k] || sameList(a[k], b[k])));
const snapshot = (hooks) => {
  const m = new Map();
  for (const [kind, group] of Object.entries(hooks ?? {})) if (isPlain(group)) for (const [name, v] of Object.entries(group)) m.set(kind + '/' + name, v);
  return m;
};
function ownHooks(hooks) {
  if (!isPlain(hooks)) return hooks;
  const out = {};
  for (const [kind, group] of Object.entries(hooks)) {
    if (!isPlain(group)) { out[kind] = group; continue; }
    const own = {};
    for (const [name, v] of Object.entries(group)) {
      if (kind === 'transforms' ? isBuiltinTransform(name, v) : isMark(name, v)) continue;
      if (kind === 'transformGroups' && sameList(v, builtins.transformGroups?.[name])) continue;
      own[name] = v;
    }
    out[kind] = own;
  }
  return out;
}
// Each register method gives the kind, the name and the hook it registers.
function reg(kind, name, hook) {
  if (typeof name !== 'string' || name === '') throw new TypeError('register' + kind + ': name must be a non-empty string');
  return [kind, name, hook];
}
const registers = {
  registerTransform: (t) => reg('transforms', t.name, { type: t.type, filter: t.filter, transitive: !!t.transitive, transform: t.transform }),
  registerTransformGroup: (t) => reg('transformGroups', t.name, t.transforms),
  registerFormat: (t) => reg('formats', t.name, t.format),
  registerFilter: (t) => reg('filters', t.name, t.filter),
  registerFileHeader: (t) => reg('fileHeaders', t.name, t.fileHeader),
  registerPreprocessor: (t) => reg('preprocessors', t.name, t.preprocessor),
  registerParser: (t) => reg('parsers', t.name, { pattern: t.pattern, parser: t.parser }),
  registerAction: (t) => reg('actions', t.name, { do: t.do, undo: t.undo }),
  registerSort: (t) => reg('sorts', t.name, t.sort),
};
// A config named by path is read as JSON here, so that its keys keep
// their order.
// A config named by path: a JavaScript or TypeScript module's default
// export (run in this runtime), else JSON5 read in Go (its keys keep their
// order).
const load = (config) => {
  if (typeof config !== 'string') return config ?? {};
  if (/\.[mc]?[jt]s$/.test(config)) return g.loadModule(config);
  return g.readConfig(config);
};
// The reference's defaults of an instance's log, before the config's.
const defaultLog = () => ({ warnings: 'warn', verbosity: 'default', errors: { brokenReferences: 'throw' } });
class StyleDictionary {
  static VERSION = '5.5.5';
  static hooks = pristine;
  constructor(config = {}, { init = true, verbosity, warnings } = {}) {
    if (!g) throw new Error('new StyleDictionary() works in a build script (tokengen run build.mjs), not in a config module');
    this.config = config;
    this._options = load(config);
    this._hooks = ownOf(this._options);
    this._logOverrides = { verbosity, warnings };
    this._dictionaries = {};
    // The reference copies every config key onto the instance (sd.source,
    // sd.platforms, ... and keys of its own); the getters below give the
    // ones it reads, the others are copied.
    for (const k of Object.keys(this._options)) if (!(k in this)) this[k] = this._options[k];
    let resolveInit;
    this.hasInitialized = new Promise((resolve) => { resolveInit = resolve; });
    this._resolveInit = resolveInit;
    // A config mistake throws here, as it stops the reference's init.
    if (init) {
      this._create();
      this.init();
    }
  }
  get hooks() { return instanceHooks(this._hooks); }
  set hooks(v) { this._hooks = v; }
  _create() {
    const hooks = ownHooks(this.hooks);
    this._id = g.create({ ...this._options, log: this.log, hooks });
    this._seen = snapshot(hooks);
  }
  // _sync hands Go the hooks added or replaced since the instance was
  // made: the reference looks its hooks up when it builds, so a script
  // may set StyleDictionary.hooks.formats[name] after new StyleDictionary.
  _sync() {
    const add = {};
    let n = 0;
    for (const [kind, group] of Object.entries(ownHooks(this.hooks))) {
      if (!isPlain(group)) continue;
      for (const [name, v] of Object.entries(group)) {
        const key = kind + '/' + name;
        if (this._seen.has(key) && same(this._seen.get(key), v)) continue;
        this._seen.set(key, v);
        (add[kind] ??= {})[name] = v;
        n++;
      }
    }
    if (n > 0) g.register(this._id, add);
  }
  get options() { return deepmerge({ hooks: this.hooks }, { ...this._options, log: this.log, usesDtcg: this.usesDtcg }); }
  get log() {
    const own = this._options.log ?? {};
    return {
      ...defaultLog(),
      ...own,
      verbosity: this._logOverrides.verbosity ?? own.verbosity ?? 'default',
      warnings: this._logOverrides.warnings ?? own.warnings ?? 'warn',
    };
  }
  get tokens() { return this._id === undefined ? {} : g.tokens(this._id); }
  get allTokens() { return this._id === undefined ? [] : g.allTokens(this._id); }
  get tokenMap() { return new Map(this.allTokens.map((t) => [t.key, t])); }
  get usesDtcg() { return this._id === undefined ? this._options.usesDtcg : g.usesDtcg(this._id); }
  get platforms() { return this._options.platforms ?? {}; }
  get source() { return this._options.source ?? []; }
  get include() { return this._options.include ?? []; }
  get parsers() { return this._options.parsers ?? []; }
  get preprocessors() { return this._options.preprocessors ?? []; }
  get expand() { return this._options.expand; }
  async init({ verbosity, warnings } = {}) {
    if (verbosity !== undefined) this._logOverrides.verbosity = verbosity;
    if (warnings !== undefined) this._logOverrides.warnings = warnings;
    if (this._id === undefined) this._create();
    await g.init(this._id);
    this._resolveInit(null);
    return this;
  }
  async extend(config = {}, { verbosity, warnings } = {}) {
    const sd = new StyleDictionary(deepmerge(this.options, load(config)), { init: false, verbosity, warnings });
    return sd.init();
  }
  getPlatformConfig(platform) {
    const p = platform ? this.platforms[platform] : undefined;
    if (!p) throw new Error('Please supply a valid platform, "' + platform + '" does not exist');
    return { ...p, log: deepmerge(this.log, p.log ?? {}) };
  }
  async getPlatformTokens(platform, { cache = true } = {}) {
    await this.hasInitialized;
    this.getPlatformConfig(platform);
    this._sync();
    if (!this._dictionaries[platform] || !cache) this._dictionaries[platform] = await g.platformTokens(this._id, platform);
    return this._dictionaries[platform];
  }
  async exportPlatform(platform, opts) { return (await this.getPlatformTokens(platform, opts)).tokens; }
  async getPlatform(platform, opts) {
    return { dictionary: await this.getPlatformTokens(platform, opts), platformConfig: this.getPlatformConfig(platform) };
  }
  async formatPlatform(platform) {
    await this.hasInitialized;
    this.getPlatformConfig(platform);
    this._sync();
    return (await g.format(this._id, platform))[platform] ?? [];
  }
  async formatAllPlatforms() {
    await this.hasInitialized;
    this._sync();
    const all = await g.format(this._id, null);
    return Object.fromEntries(Object.keys(this.platforms).map((k) => [k, all[k] ?? []]));
  }
  async buildAllPlatforms() { await this.hasInitialized; this._sync(); await g.build(this._id, null); return this; }
  async buildPlatform(name) { await this.hasInitialized; this._sync(); await g.build(this._id, name); return this; }
  async cleanAllPlatforms() { await this.hasInitialized; this._sync(); await g.clean(this._id, null); return this; }
  async cleanPlatform(name) { await this.hasInitialized; this._sync(); await g.clean(this._id, name); return this; }
}
// A config module (tokengen build --config config.mjs) may register hooks
// on the class and export a config that uses them, as the reference's
// command line sees them: Load merges them in through this.
globalThis.__tokengenWithClassHooks = (config) => ({ ...config, hooks: ownHooks(instanceHooks(ownOf(config))) });
for (const [k, f] of Object.entries(registers)) {
  StyleDictionary[k] = function (t) {
    const [kind, name, hook] = f(t);
    const h = StyleDictionary.hooks;
    if (h[kind]?.[name]) delete h[kind][name];
    StyleDictionary.hooks = deepmerge(h, { [kind]: { [name]: hook } });
  };
  // An instance's own registrations apply to it only; they take effect on
  // the instances extend makes from it.
  StyleDictionary.prototype[k] = function (t) {
    const [kind, name, hook] = f(t);
    this._hooks = deepmerge(this.hooks, { [kind]: { [name]: hook } });
  };
}
return StyleDictionary;
})());
export default StyleDictionary;
`

// runBundle makes one script of the build script at abs. The output is
// ESM so that top-level await survives (goja runs it wrapped in an async
// function); everything it imports is bundled.
func runBundle(abs, shown string) (string, []byte, error) {
	cwd, _ := os.Getwd()
	res := api.Build(api.BuildOptions{
		EntryPoints:   []string{abs},
		Bundle:        true,
		Write:         false,
		Format:        api.FormatESModule,
		Platform:      api.PlatformNode,
		Target:        api.ES2017,
		Supported:     nativeSyntax(map[string]bool{"top-level-await": true, "async-await": true}),
		Outfile:       filepath.Join(filepath.Dir(abs), "tokengen-run.bundle.js"),
		Sourcemap:     api.SourceMapLinked,
		AbsWorkingDir: cwd,
		LogLevel:      api.LogLevelSilent,
		Plugins:       []api.Plugin{styleDictionaryPlugin, nodePlugin, moduleScopePlugin(abs)},
	})
	return bundleResult(res, shown)
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
	e := newEngine(filepath.Dir(abs))
	_ = e.rt.Get("process").(*goja.Object).Set("argv", append([]string{"tokengen", abs}, args...))
	r := &runner{e: e, ctx: ctx, path: path, stdout: stdout, stderr: stderr, goErrs: map[*goja.Object]error{}}
	r.install()
	// process.exit ends the script where it is called, as in node.
	_ = e.rt.Get("process").(*goja.Object).Set("exit", func(code goja.Value) {
		c := int64(0)
		if code != nil && !goja.IsUndefined(code) {
			c = code.ToInteger()
		} else if ec := get(e.rt.Get("process").(*goja.Object), "exitCode"); ec != nil && !goja.IsNull(ec) {
			c = ec.ToInteger()
		}
		e.rt.Interrupt(exitRequest{c})
	})
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	e.installNode(cwd)
	e.installBuiltins()
	e.installTimers()
	e.installInspect()
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
	topLevel, _ := v.Export().(*goja.Promise)
	intervals := 0
	for {
		if len(r.pending) == 0 {
			// Then the timers: those that run once, and intervals while
			// the script still waits (for something an interval does).
			waiting := topLevel != nil && topLevel.State() == goja.PromiseStatePending
			if !e.timers.oneShots() && !(waiting && e.timers.pending() > 0) {
				break
			}
			if !e.timers.oneShots() {
				if intervals++; intervals > maxIntervalRuns {
					return fmt.Errorf("%s: the build script waits on a setInterval that ran %d times", r.path, maxIntervalRuns)
				}
			}
			if _, err := e.runTimer(); err != nil {
				return r.failure(err)
			}
			continue
		}
		op := r.pending[0]
		r.pending = r.pending[1:]
		// settling fails only on an uncatchable error (an interrupt).
		var settle error
		if v, err := op.run(); err != nil {
			o := e.rt.NewGoError(err)
			r.goErrs[o] = err
			settle = op.reject(o)
		} else {
			if v == nil {
				v = goja.Undefined()
			}
			settle = op.resolve(v)
		}
		if settle != nil {
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
// else an error saying so (the command's own exit status is 1).
func (r *runner) exited(code int64) error {
	if code == 0 {
		return nil
	}
	return &tokenbuild.Diagnostic{File: r.path, Msg: fmt.Sprintf("the build script exited with code %d", code)}
}

// runner is the Go side of a build script's StyleDictionary instances.
type runner struct {
	e              *engine
	ctx            context.Context
	path           string
	stdout, stderr io.Writer
	instances      []*instance
	pending        []pendingOp
	// goErrs are the Go errors thrown into JavaScript: when the script
	// does not catch one, it is reported as the Go error it is (with its
	// file, line and key path), not as a JavaScript message.
	goErrs map[*goja.Object]error
}

// instance is a StyleDictionary's config and, once loaded, its builder.
type instance struct {
	cfg *tokenbuild.Config
	sc  *scope // what its hooks read of the config
	b   *tokengen.Builder
	err error
}

type pendingOp struct {
	run             func() (goja.Value, error) // its promise's value
	resolve, reject func(any) error
}

// later queues work for the event loop and returns its promise.
func (r *runner) later(run func() error) goja.Value {
	return r.laterValue(func() (goja.Value, error) { return nil, run() })
}

// laterValue is later for work whose promise has a value.
func (r *runner) laterValue(run func() (goja.Value, error)) goja.Value {
	p, resolve, reject := r.e.rt.NewPromise()
	r.pending = append(r.pending, pendingOp{run, resolve, reject})
	return r.e.rt.ToValue(p)
}

// load loads an instance's tokens, once.
func (r *runner) load(id int) (*tokengen.Builder, error) {
	if id < 0 || id >= len(r.instances) {
		panic(r.e.rt.NewTypeError("not a StyleDictionary instance"))
	}
	in := r.instances[id]
	if in.b == nil && in.err == nil {
		in.b, in.err = tokengen.New(r.ctx, *in.cfg, tokengen.WithOutput(r.stdout, r.stderr))
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

// exitRequest is process.exit(code): it interrupts the script.
type exitRequest struct{ code int64 }

func (r *runner) failure(err error) error {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if x, ok := ie.Value().(exitRequest); ok {
			return r.exited(x.code)
		}
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
var stackFrame = regexp.MustCompile(`^\s*at (?:.*\()?([^()\s]+):(\d+):(\d+)\(\d+\)\)?\s*$`)

func (r *runner) install() {
	e := r.e
	sd := e.rt.NewObject()
	_ = sd.Set("create", func(obj *goja.Object) int {
		cfg, sc, err := e.configScoped(obj, r.path)
		if err != nil {
			r.throw(err)
		}
		cfg.Hooks.Parsers = append(cfg.Hooks.Parsers, TokenFileParser)
		r.instances = append(r.instances, &instance{cfg: cfg, sc: sc})
		return len(r.instances) - 1
	})
	_ = sd.Set("init", func(id int) goja.Value {
		return r.later(func() error { _, err := r.load(id); return err })
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
		if id < 0 || id >= len(r.instances) {
			panic(r.e.rt.NewTypeError("not a StyleDictionary instance"))
		}
		in := r.instances[id]
		h, err := e.hooks(hooks, in.sc)
		if err != nil {
			r.throw(err)
		}
		if in.b == nil {
			in.cfg.Hooks = mergeHooks(in.cfg.Hooks, h)
			return
		}
		if err := in.b.Register(h); err != nil {
			r.throw(err)
		}
	})
	_ = sd.Set("usesDtcg", func(id int) goja.Value {
		b := r.loaded(id)
		if v := r.instances[id].cfg.UsesDtcg; v != nil {
			return e.rt.ToValue(*v)
		}
		if len(b.AllTokens()) == 0 {
			return goja.Undefined() // nothing to detect it from, as in the reference
		}
		return e.rt.ToValue(b.UsesDtcg())
	})
	_ = sd.Set("platformTokens", func(id int, platform string) goja.Value {
		return r.laterValue(func() (goja.Value, error) {
			b, err := r.load(id)
			if err != nil {
				return nil, err
			}
			d, err := b.GetPlatformTokens(r.ctx, platform)
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
		return r.laterValue(func() (goja.Value, error) {
			b, err := r.load(id)
			if err != nil {
				return nil, err
			}
			files, _, err := b.FormatFiles(r.ctx, names...)
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
			return r.later(func() error {
				b, err := r.load(id)
				if err != nil {
					return err
				}
				switch {
				case kind == "build" && name == "":
					_, err = b.BuildAllPlatforms(r.ctx)
				case kind == "build":
					_, err = b.BuildPlatform(r.ctx, name)
				case name == "":
					_, err = b.CleanAllPlatforms(r.ctx)
				default:
					_, err = b.CleanPlatform(r.ctx, name)
				}
				return err
			})
		})
	}
	_ = e.rt.Set("__tokengenSD", sd)
}
