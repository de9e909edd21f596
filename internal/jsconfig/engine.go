package jsconfig

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/tokenbuild"
)

// virtualModules are what `style-dictionary` and its subpaths resolve to,
// whatever the project's node_modules holds: tokengen's own functions,
// implemented in Go (installed as globalThis.__tokengenUtils).
var virtualModules = map[string]string{
	"style-dictionary/utils": utilsModule,
	"style-dictionary/enums": enumsModule,
	"style-dictionary":       styleDictionaryClass,
	// @tokens-studio/sd-transforms is tokengen's own, in Go (studio.go).
	"@tokens-studio/sd-transforms": studioModule,
}

var styleDictionaryPlugin = api.Plugin{
	Name: "style-dictionary",
	Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^(style-dictionary(/.*)?|@tokens-studio/sd-transforms)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: a.Path, Namespace: "tokengen"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "tokengen"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, ok := virtualModules[a.Path]
			if !ok {
				return api.OnLoadResult{}, fmt.Errorf("tokengen does not provide the module %q yet", a.Path)
			}
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
	},
}

// engine is the one JavaScript runtime of a config. goja is not safe for
// concurrent use and the build runs platforms and files concurrently:
// every call into the runtime from a hook holds mu.
//
// The engine runs modules and scripts (load.go, run.go, tla.go), guards
// the runtime (stop.go, memory.go, exit.go), converts plain values both
// ways (toJS, fromJS, convert.go) and places errors; each of the
// runtime's other jobs is a part of its own, which the engine makes and
// calls: the hook adapters (Go hooks of a config's functions), the token
// proxies, the style-dictionary modules' Go side, the Tokens Studio
// package's, node's modules (node.go, nodemodules.go), the module loader
// and the timers.
type engine struct {
	mu  sync.Mutex
	rt  *goja.Runtime
	dir string // the config's folder: node:fs's confinement starts from it
	// places find where in the user's source an error comes from.
	places sourcePlaces

	// adapters make Go hooks of the config's JavaScript functions.
	adapters *hookAdapters
	proxies  *tokenProxies // tokens as JavaScript sees them (proxy.go)
	// sd is the Go side of the style-dictionary module and its utils.
	sd *styleDictionaryModule
	// studio is `@tokens-studio/sd-transforms`' Go side (studio.go).
	studio *studio
	// modules loads those required or imported at run time (require.go),
	// nil until node's runtime is installed.
	modules *moduleLoader
	// timers are those the modules set (timers.go), nil until installed.
	timers *timerQueue

	// ctx is the command's: when it is done, JavaScript stops (stop.go).
	ctx context.Context
	// memory is the memory ceiling's watch (memory.go), nil without one.
	memory *memoryWatch
	// nesting counts the Go functions walking JavaScript values that
	// are running inside one another (nest); read and written under mu.
	nesting int
	// running counts the calls into JavaScript under way: a config
	// module's or script's top level, the hooks (lock).
	running atomic.Int32
	// nextPending takes the next piece of work a build script's event
	// loop has queued (a build an instance was asked for), nil when none
	// is or outside a build script (hookawait.go).
	nextPending func(ctx context.Context, mayWait bool) (run func() error, ok bool)
	// exit is set by process.exit: the run ends with its status whatever
	// error the interruption becomes on its way out (exit.go).
	exit *ExitError
	// exited is exit != nil, read without mu (load.go's UntilExit).
	exited atomic.Bool
}

func newEngine(ctx context.Context, dir string) *engine {
	e := &engine{rt: goja.New(), dir: dir, places: sourcePlaces{dir: dir}}
	e.sd = &styleDictionaryModule{e: e, builtinFns: map[*goja.Object]*tokenbuild.Transform{},
		builtinRefs: map[*goja.Object]any{}}
	e.proxies = &tokenProxies{e: e}
	e.adapters = &hookAdapters{e: e, platforms: map[*tokenbuild.Platform]goja.Value{}}
	e.rt.SetMaxCallStackSize(maxCallDepth)
	if _, err := e.rt.RunScript("tokengen:string-limits.js", embedded("js/string-limits.js")); err != nil {
		panic(err) // tokengen's own code
	}
	if _, err := e.rt.RunScript("tokengen:intl-collator.js", embedded("js/intl-collator.js")); err != nil {
		panic(err) // tokengen's own code
	}
	e.watchContext(ctx)
	e.watchMemory()
	installConsole(e.rt)
	installProcess(e.rt)
	e.sd.installUtils()
	e.studio = &studio{e: e}
	e.studio.install()
	return e
}

// installConsole sets console: log, info and debug write to stdout, warn
// and error to stderr, as in node (installInspect formats their
// arguments as node's do, for modules).
func installConsole(rt *goja.Runtime) {
	console := rt.NewObject()
	logTo := func(w *os.File) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			parts := make([]string, len(call.Arguments))
			for i, a := range call.Arguments {
				parts[i] = a.String()
			}
			fmt.Fprintln(w, strings.Join(parts, " "))
			return goja.Undefined()
		}
	}
	for _, n := range []string{"log", "info", "debug"} {
		_ = console.Set(n, logTo(os.Stdout))
	}
	for _, n := range []string{"warn", "error"} {
		_ = console.Set(n, logTo(os.Stderr))
	}
	_ = rt.Set("console", console)
}

// installProcess sets the little of node's process a config reads:
// process.env, argv and cwd(). Node's built-in modules are left out of
// the bundle (platform node) and not provided: requiring one says so.
func installProcess(rt *goja.Runtime) {
	process := rt.NewObject()
	env := rt.NewObject()
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			_ = env.Set(k, v)
		}
	}
	_ = process.Set("env", env)
	_ = process.Set("argv", os.Args)
	_ = process.Set("platform", runtime.GOOS)
	_ = process.Set("cwd", func() string { wd, _ := os.Getwd(); return wd })
	_ = rt.Set("process", process)
}

// await settles a promise: goja runs its job queue when the outermost
// call returns, so a promise that waits on nothing outside is settled.
func (e *engine) await(v goja.Value) (goja.Value, error) {
	if v == nil {
		return goja.Undefined(), nil
	}
	// Export only a promise: exporting a config object converts all of
	// it (365,000 tokens of a 50 MB module took 2.4 s).
	o, ok := v.(*goja.Object)
	if !ok || o.ExportType() != promiseType {
		return v, nil
	}
	p, ok := o.Export().(*goja.Promise)
	if !ok {
		return v, nil
	}
	// A promise waiting on a timer settles once the timers before it ran.
	for p.State() == goja.PromiseStatePending && e.timers != nil && e.timers.oneShots() {
		if _, err := e.timers.runNext(); err != nil {
			return nil, err
		}
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return p.Result(), nil
	case goja.PromiseStateRejected:
		return nil, &rejection{e.rt, p.Result()}
	}
	return nil, fmt.Errorf("the promise never settles")
}

var promiseType = reflect.TypeOf((*goja.Promise)(nil))

type rejection struct {
	rt *goja.Runtime
	v  goja.Value
}

func (r *rejection) Error() string {
	if o, ok := r.v.(*goja.Object); ok {
		if s := o.Get("stack"); s != nil && !goja.IsUndefined(s) {
			return s.String()
		}
	}
	return r.v.String()
}

// jsError makes a message of a JavaScript exception: its message and the
// place in the user's source where it was thrown.
func (e *engine) jsError(what string, err error) error {
	if x, ok := exitOf(err); ok {
		return x
	}
	return fmt.Errorf("%s: %s", what, e.describe(err))
}

// describe is an exception's message and the user's source position.
func (e *engine) describe(err error) string {
	msg, pos := e.places.thrown(err)
	if pos.file == "" {
		return msg
	}
	return fmt.Sprintf("%s (at %s)", msg, pos)
}

// toJS converts a JSON-like Go value into JavaScript. Tokens become
// proxies that read the Go token on access.
func (e *engine) toJS(v any) goja.Value {
	switch x := v.(type) {
	case nil:
		return goja.Null()
	case *tokenbuild.Token:
		return e.proxies.token(x)
	case []any:
		vals := make([]any, len(x))
		for i, el := range x {
			vals[i] = e.toJS(el)
		}
		return e.rt.NewArray(vals...)
	case []string:
		vals := make([]any, len(x))
		for i, s := range x {
			vals[i] = s
		}
		return e.rt.NewArray(vals...)
	case *tokenbuild.Object:
		o := e.rt.NewObject()
		x.Range(func(k string, val any) bool {
			_ = o.Set(k, e.toJS(val))
			return true
		})
		return o
	case tokenbuild.Options:
		o := e.rt.NewObject()
		for k, val := range x {
			if k == heldLockOption || strings.HasPrefix(k, jsOptionPrefix) {
				continue
			}
			// A function option shows JavaScript the function it was
			// given (jsOptionKey); a value put over it in its place
			// (a file's option over the platform's) shows as itself.
			if js, ok := x[jsOptionKey(k)].(jsOption); ok && val != nil && reflect.TypeOf(val).Kind() == reflect.Func {
				_ = o.Set(k, js.fn)
				continue
			}
			_ = o.Set(k, e.toJS(val))
		}
		return o
	case tokenbuild.FileHeaderFunc:
		// JavaScript calling a file header holds the runtime's lock.
		return e.rt.ToValue(func(lines []string, o tokenbuild.Options) ([]string, error) {
			if o == nil {
				o = tokenbuild.Options{}
			}
			return x(lines, withHeldLock(&tokenbuild.FormatArgs{Options: o}).Options)
		})
	}
	return e.rt.ToValue(v)
}

// fromJS converts a JavaScript value into a JSON-like Go value; at names
// it in errors. undefined is nil. A value that contains itself, nests
// deeper than json5.MaxDepth or is an array too long to hold throws a
// TypeError or RangeError (convert.go); Go code that is not called from
// JavaScript uses convert, which returns it.
func (e *engine) fromJS(v goja.Value) any {
	return e.fromJSWithin(v, nil)
}

func (e *engine) fromJSWithin(v goja.Value, within *ancestors) any {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil
	}
	o, ok := v.(*goja.Object)
	if !ok {
		switch x := v.Export().(type) {
		case int64:
			return float64(x)
		default:
			return x
		}
	}
	if d, ok := o.Export().(*tokenObj); ok {
		return d.object()
	}
	within = e.enter(within, o)
	defer within.leave(o)
	if o.ClassName() == "Array" {
		n := e.arrayLength(o)
		out := make([]any, n)
		for i := range n {
			out[i] = e.fromJSWithin(o.Get(strconv.Itoa(i)), within)
		}
		return out
	}
	if _, isFn := goja.AssertFunction(o); isFn {
		return nil
	}
	obj := tokenbuild.NewObject()
	for _, k := range o.Keys() {
		obj.Set(k, e.fromJSWithin(o.Get(k), within))
	}
	return obj
}
