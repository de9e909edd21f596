package jsconfig

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// nodeModules are the few of node's modules a build script gets, served
// by Go (globalThis.__tokengenNode): the synchronous file functions of
// node:fs, confined to the project folder, and node:path (POSIX).
var nodeModules = map[string]string{
	"fs": `const f = globalThis.__tokengenNode.fs;
export const readFileSync = f.readFileSync;
export const writeFileSync = f.writeFileSync;
export const appendFileSync = f.appendFileSync;
export const existsSync = f.existsSync;
export const mkdirSync = f.mkdirSync;
export const rmSync = f.rmSync;
export const readdirSync = f.readdirSync;
export default f;
`,
	"path": `const p = globalThis.__tokengenNode.path;
export const join = p.join;
export const resolve = p.resolve;
export const dirname = p.dirname;
export const basename = p.basename;
export const extname = p.extname;
export const relative = p.relative;
export const normalize = p.normalize;
export const isAbsolute = p.isAbsolute;
export const sep = p.sep;
export const posix = p;
export default p;
`,
}

// nodePlugin serves nodeModules for `fs`, `node:fs`, `path` and
// `node:path`; other node modules stay unresolved and fail when required.
var nodePlugin = api.Plugin{
	Name: "node",
	Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^(node:)?(fs|path)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, "node:"), Namespace: "tokengen-node"}, nil
		})
		// Node's other modules: importing one fails when the script runs,
		// naming it, rather than leaving an import goja cannot run.
		b.OnResolve(api.OnResolveOptions{Filter: `^(node:.*|fs/promises|os|child_process|crypto|url|util|events|stream|http|https|net|zlib|worker_threads|readline|assert)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: a.Path, Namespace: "tokengen-node"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "tokengen-node"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, ok := nodeModules[a.Path]
			if !ok {
				src = fmt.Sprintf("throw new Error(%q);\n", fmt.Sprintf("module %q is not available in tokengen (node:fs and node:path are)", a.Path))
			}
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
	},
}

// installNode installs node:fs and node:path. A script may read and write
// files in root (the project folder, where it is run) and below only:
// tokengen runs scripts people share, and a build has no business
// elsewhere.
func (e *engine) installNode(root string) {
	rt := e.rt
	fail := func(err error) { panic(rt.NewGoError(err)) }
	confined := func(name string) string {
		abs, err := filepath.Abs(name)
		if err != nil {
			fail(err)
		}
		check := abs
		// A symbolic link may lead out: compare the real place of the
		// deepest part that exists.
		for p := abs; ; p = filepath.Dir(p) {
			if real, err := filepath.EvalSymlinks(p); err == nil {
				rest, _ := filepath.Rel(p, abs)
				check = filepath.Join(real, rest)
				break
			}
			if filepath.Dir(p) == p {
				break
			}
		}
		realRoot, err := filepath.EvalSymlinks(root)
		if err != nil {
			realRoot = root
		}
		rel, err := filepath.Rel(realRoot, check)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			fail(fmt.Errorf("%s: a build script may only use files in its project folder (%s)", name, root))
		}
		return abs
	}
	str := func(call goja.FunctionCall, i int) string {
		v := call.Argument(i)
		if goja.IsUndefined(v) || goja.IsNull(v) {
			panic(rt.NewTypeError("argument %d must be a string", i+1))
		}
		return v.String()
	}
	opt := func(call goja.FunctionCall, i int, key string) bool {
		o, ok := call.Argument(i).(*goja.Object)
		if !ok {
			return false
		}
		v := get(o, key)
		return v != nil && v.ToBoolean()
	}
	fs := rt.NewObject()
	_ = fs.Set("readFileSync", func(call goja.FunctionCall) goja.Value {
		// Always text: scripts read JSON, CSV and templates (no Buffer).
		b, err := os.ReadFile(confined(str(call, 0)))
		if err != nil {
			fail(err)
		}
		return rt.ToValue(string(b))
	})
	write := func(flag int) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			name := confined(str(call, 0))
			f, err := os.OpenFile(name, flag, 0o644)
			if err != nil {
				fail(err)
			}
			_, err = f.WriteString(str(call, 1))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				fail(err)
			}
			return goja.Undefined()
		}
	}
	_ = fs.Set("writeFileSync", write(os.O_WRONLY|os.O_CREATE|os.O_TRUNC))
	_ = fs.Set("appendFileSync", write(os.O_WRONLY|os.O_CREATE|os.O_APPEND))
	_ = fs.Set("existsSync", func(call goja.FunctionCall) goja.Value {
		_, err := os.Stat(confined(str(call, 0)))
		return rt.ToValue(err == nil)
	})
	_ = fs.Set("mkdirSync", func(call goja.FunctionCall) goja.Value {
		name := confined(str(call, 0))
		var err error
		if opt(call, 1, "recursive") {
			err = os.MkdirAll(name, 0o755)
		} else {
			err = os.Mkdir(name, 0o755)
		}
		if err != nil {
			fail(err)
		}
		return goja.Undefined()
	})
	_ = fs.Set("rmSync", func(call goja.FunctionCall) goja.Value {
		name := confined(str(call, 0))
		if abs, _ := filepath.Abs(root); name == abs {
			fail(fmt.Errorf("%s: a build script may not remove its project folder", str(call, 0)))
		}
		var err error
		if opt(call, 1, "recursive") {
			if _, err = os.Lstat(name); err == nil {
				err = os.RemoveAll(name)
			}
		} else {
			err = os.Remove(name)
		}
		if err != nil && !(opt(call, 1, "force") && errors.Is(err, os.ErrNotExist)) {
			fail(err)
		}
		return goja.Undefined()
	})
	_ = fs.Set("readdirSync", func(call goja.FunctionCall) goja.Value {
		ents, err := os.ReadDir(confined(str(call, 0)))
		if err != nil {
			fail(err)
		}
		names := make([]any, len(ents))
		for i, d := range ents {
			names[i] = d.Name()
		}
		return rt.NewArray(names...)
	})

	p := rt.NewObject()
	strs := func(call goja.FunctionCall) []string {
		out := make([]string, len(call.Arguments))
		for i := range call.Arguments {
			out[i] = str(call, i)
		}
		return out
	}
	dot := func(s string) string {
		if s == "" {
			return "."
		}
		return s
	}
	_ = p.Set("sep", "/")
	_ = p.Set("join", func(call goja.FunctionCall) goja.Value {
		parts := strs(call)
		j := path.Join(parts...)
		// node keeps a trailing slash of the last part
		if n := len(parts); n > 0 && strings.HasSuffix(parts[n-1], "/") && j != "/" && j != "" {
			j += "/"
		}
		return rt.ToValue(dot(j))
	})
	_ = p.Set("normalize", func(s string) string {
		c := path.Clean(s)
		if strings.HasSuffix(s, "/") && c != "/" {
			c += "/"
		}
		return c
	})
	_ = p.Set("resolve", func(call goja.FunctionCall) goja.Value {
		wd, _ := os.Getwd()
		r := filepath.ToSlash(wd)
		for _, s := range strs(call) {
			if path.IsAbs(s) {
				r = s
			} else if s != "" {
				r = path.Join(r, s)
			}
		}
		return rt.ToValue(path.Clean(r))
	})
	_ = p.Set("dirname", func(s string) string {
		s = strings.TrimRight(s, "/")
		if s == "" {
			return "/"
		}
		return path.Dir(s)
	})
	_ = p.Set("basename", func(s string, ext goja.Value) string {
		b := path.Base(s)
		if b == "/" || b == "." && s == "" {
			b = ""
		}
		if ext != nil && !goja.IsUndefined(ext) {
			if x := ext.String(); x != b {
				b = strings.TrimSuffix(b, x)
			}
		}
		return b
	})
	_ = p.Set("extname", func(s string) string {
		b := path.Base(s)
		i := strings.LastIndex(b, ".")
		if i <= 0 {
			return ""
		}
		return b[i:]
	})
	_ = p.Set("relative", func(from, to string) string {
		wd, _ := os.Getwd()
		abs := func(s string) string {
			if path.IsAbs(s) {
				return path.Clean(s)
			}
			return path.Join(filepath.ToSlash(wd), s)
		}
		r, err := filepath.Rel(abs(from), abs(to))
		if err != nil || r == "." {
			return ""
		}
		return filepath.ToSlash(r)
	})
	_ = p.Set("isAbsolute", path.IsAbs)
	_ = p.Set("posix", p)

	node := rt.NewObject()
	_ = node.Set("fs", fs)
	_ = node.Set("path", p)
	_ = rt.Set("__tokengenNode", node)
}
