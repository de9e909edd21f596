package jsconfig

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
)

// runAwaitingModule runs an ES module that awaits at its top level (a
// config module that reads its sources first), which a CommonJS bundle
// cannot hold: it is bundled as an ES module imported by an entry that
// hands its namespace over, and run in an async function, as the build
// scripts are, until its promise settles. It returns exports as
// runModule does: the namespace, marked as an ES module's.
func (e *engine) runAwaitingModule(abs, shown, what string) (goja.Value, error) {
	cwd, _ := os.Getwd()
	const handOver = "__tokengenModuleLoaded"
	opts := bundleOptions(filepath.Join(filepath.Dir(abs), "tokengen-config.bundle.js"), cwd,
		map[string]bool{"top-level-await": true, "async-await": true},
		styleDictionaryPlugin, nodePlugin, moduleScopePlugin(abs))
	opts.Stdin = &api.StdinOptions{
		Contents:   "import * as ns from " + jsStringLiteral(abs) + ";\n" + handOver + "(ns);\n",
		ResolveDir: filepath.Dir(abs), Sourcefile: "tokengen:entry", Loader: api.LoaderJS,
	}
	opts.Format = api.FormatESModule
	res := api.Build(opts)
	script, sourceMap, err := bundleResult(res, shown)
	if err != nil {
		return nil, err
	}
	body, mapComment := script, ""
	if i := strings.LastIndex(script, "//# sourceMappingURL="); i >= 0 {
		body, mapComment = script[:i], script[i:]
	}
	wrapped := "(async () => {" + body + "\n})();\n" + mapComment
	prog, err := e.prepare(wrapped, sourceMap, abs, shown)
	if err != nil {
		return nil, err
	}
	var ns *goja.Object
	saved := e.rt.Get(handOver)
	_ = e.rt.Set(handOver, func(o *goja.Object) { ns = o })
	defer func() {
		if saved == nil {
			_ = e.rt.GlobalObject().Delete(handOver)
		} else {
			_ = e.rt.Set(handOver, saved)
		}
	}()
	done, err := e.rt.RunProgram(prog)
	if err != nil {
		return nil, e.exceptionAt(shown, what, err)
	}
	if _, err := e.awaitTopLevel(done); err != nil {
		var rej *rejection
		if errors.As(err, &rej) {
			msg, pos := e.places.rejected(rej.v)
			return nil, diagAt(shown, what, msg, pos)
		}
		return nil, e.exceptionAt(shown, what, err)
	}
	if ns == nil {
		return nil, fmt.Errorf("%s: %s: the module did not finish loading", shown, what)
	}
	exports := e.rt.NewObject()
	for _, k := range ns.Keys() {
		_ = exports.Set(k, ns.Get(k))
	}
	_ = exports.Set("__esModule", true)
	return exports, nil
}
