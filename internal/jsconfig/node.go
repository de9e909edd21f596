package jsconfig

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// importMeta is `import.meta` in a module's source.
var importMeta = lazyregexp.New(`\bimport\.meta\b`)

// Names a CommonJS module gets from node's module wrapper, and what shows
// that a module declares them itself or is an ES module.
var (
	usesDirname     = lazyregexp.New(`\b__(dirname|filename)\b`)
	declaresDirname = lazyregexp.New(`\b(const|let|var|function)\s+__(dirname|filename)\b`)
	esmSyntax       = lazyregexp.New(`(?m)^\s*(import|export)\b[\s{*'"]`)
	requireMain     = lazyregexp.New(`\brequire\.main\s*===?\s*module\b`)
)

// moduleScopePlugin gives each module what node's module scope has, in
// the one script the bundle is: its own import.meta (url, dirname,
// filename), where esbuild would leave import.meta empty (CommonJS) or as
// syntax goja cannot run (ES module); a CommonJS module's __dirname and
// __filename (declared at the start of its first line, so that line
// numbers stay the file's); and `require.main === module`, true in the
// entry (entry) only. Modules that use none of these are loaded by
// esbuild as usual.
func moduleScopePlugin(entry string) api.Plugin {
	return api.Plugin{
		Name: "module-scope",
		Setup: func(b api.PluginBuild) {
			b.OnLoad(api.OnLoadOptions{Filter: `\.[mc]?[jt]sx?$`, Namespace: "file"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				src, err := os.ReadFile(a.Path)
				if err != nil {
					return api.OnLoadResult{}, nil // esbuild reads it (and reports its error)
				}
				text := string(src)
				changed := false
				if importMeta.MatchString(text) {
					meta, _ := json.Marshal(map[string]string{
						"url":      (&url.URL{Scheme: "file", Path: filepath.ToSlash(a.Path)}).String(),
						"dirname":  filepath.Dir(a.Path),
						"filename": a.Path,
					})
					text = importMeta.ReplaceAllLiteralString(text, "("+string(meta)+")")
					changed = true
				}
				if usesDirname.MatchString(text) && !declaresDirname.MatchString(text) && !esmSyntax.MatchString(text) {
					decl := fmt.Sprintf("var __dirname = %s, __filename = %s; ", jsStringLiteral(filepath.Dir(a.Path)), jsStringLiteral(a.Path))
					at := 0
					if strings.HasPrefix(text, "#!") { // a shebang stays first
						if i := strings.IndexByte(text, '\n'); i >= 0 {
							at = i + 1
						} else {
							at = len(text)
						}
					}
					text = text[:at] + decl + text[at:]
					changed = true
				}
				if renamed, ok := dynamicLoads(text); ok {
					text = renamed
					changed = true
				}
				if a.Path == entry && requireMain.MatchString(text) {
					text = requireMain.ReplaceAllLiteralString(text, "true")
					changed = true
				}
				if !changed {
					return api.OnLoadResult{}, nil
				}
				loader := api.LoaderJS
				switch strings.ToLower(filepath.Ext(a.Path)) {
				case ".ts", ".mts", ".cts":
					loader = api.LoaderTS
				case ".tsx":
					loader = api.LoaderTSX
				case ".jsx":
					loader = api.LoaderJSX
				}
				return api.OnLoadResult{Contents: &text, Loader: loader, ResolveDir: filepath.Dir(a.Path)}, nil
			})
		},
	}
}

// jsStringLiteral is s written as a JavaScript string literal.
func jsStringLiteral(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// installNodeScope installs what node gives a module's scope: node:fs
// and node:path, tokengen's built-in hooks, timers, console's formatting
// and the rest of node's runtime (wd is the working folder).
func (e *engine) installNodeScope(wd string) {
	installNode(e.rt, e.dir, wd)
	e.sd.installBuiltins()
	if e.timers == nil {
		e.timers = installTimers(e.rt)
	}
	installInspect(e.rt)
	e.installNodeRuntime()
}

// installNode installs node:fs and node:path. A script may read and write
// files in its project folder and below only (the project of the
// script's folder, dir, or of the working folder wd, whichever holds the
// other; fsconfine.go): tokengen runs scripts people share, and a build
// has no business elsewhere.
func installNode(rt *goja.Runtime, dir, wd string) {
	node := rt.NewObject()
	_ = node.Set("fs", (&nodeFS{rt: rt, conf: newConfinement(dir, wd)}).object())
	_ = node.Set("path", nodePath(rt))
	_ = node.Set("fileURLToPath", func(call goja.FunctionCall) goja.Value {
		u, ok := fileURLPath(stringArg(rt, call, 0))
		if !ok {
			panic(rt.NewTypeError("The URL must be of scheme file"))
		}
		return rt.ToValue(u)
	})
	_ = rt.Set("__tokengenNode", node)
	if _, err := rt.RunString(nodeJS); err != nil {
		panic(err) // tokengen's own code
	}
}

// stringArg is argument i of call as a string, a TypeError if it is
// missing, undefined or null.
func stringArg(rt *goja.Runtime, call goja.FunctionCall, i int) string {
	v := call.Argument(i)
	if goja.IsUndefined(v) || goja.IsNull(v) {
		panic(rt.NewTypeError("argument %d must be a string", i+1))
	}
	return v.String()
}

// nodeFS is node:fs's synchronous functions, confined to the project
// folder: each operation checks its paths as it uses them
// (fsconfine.go) and throws what fails as a Go error, which the
// JavaScript side gives node's code and message (nodeFileError).
type nodeFS struct {
	rt   *goja.Runtime
	conf *confinement
}

// object is node:fs's Go side.
func (n *nodeFS) object() *goja.Object {
	fs := n.rt.NewObject()
	_ = fs.Set("readFileSync", n.readFileSync)
	_ = fs.Set("writeFileSync", n.write(os.O_WRONLY|os.O_CREATE|os.O_TRUNC))
	_ = fs.Set("appendFileSync", n.write(os.O_WRONLY|os.O_CREATE|os.O_APPEND))
	_ = fs.Set("existsSync", n.existsSync)
	_ = fs.Set("mkdirSync", n.mkdirSync)
	_ = fs.Set("rmSync", n.rmSync)
	_ = fs.Set("readdirSync", n.readdirSync)
	_ = fs.Set("copyFileSync", n.copyFileSync)
	_ = fs.Set("renameSync", n.renameSync)
	_ = fs.Set("unlinkSync", n.unlinkSync)
	_ = fs.Set("statSync", n.statSync)
	_ = fs.Set("lstatSync", n.lstatSync)
	n.installFileDescriptors(fs)
	return fs
}

// fail throws err to the script.
func (n *nodeFS) fail(err error) { panic(n.rt.NewGoError(err)) }

// str is argument i of call as a string.
func (n *nodeFS) str(call goja.FunctionCall, i int) string { return stringArg(n.rt, call, i) }

// opt reports whether argument i of call is an options object whose key
// is truthy.
func (n *nodeFS) opt(call goja.FunctionCall, i int, key string) bool {
	o, ok := call.Argument(i).(*goja.Object)
	if !ok {
		return false
	}
	v := get(o, key)
	return v != nil && v.ToBoolean()
}

// checked is the absolute path of name, as check allows it, or throws.
func (n *nodeFS) checked(check func(string) (string, error), name string) string {
	abs, err := check(name)
	if err != nil {
		n.fail(err)
	}
	return abs
}

// reading, entry and writing are the confinement's checks (fsconfine.go)
// of a path read, of a folder entry itself, of a path written.
func (n *nodeFS) reading(name string) string { return n.checked(n.conf.reading, name) }
func (n *nodeFS) entry(name string) string   { return n.checked(n.conf.entry, name) }
func (n *nodeFS) writing(name string) string { return n.checked(n.conf.writing, name) }

func (n *nodeFS) readFileSync(call goja.FunctionCall) goja.Value {
	// Always text: scripts read JSON, CSV and templates (no Buffer).
	name := n.reading(n.str(call, 0))
	err := regularForReading(n.str(call, 0), name)
	var b []byte
	if err == nil {
		b, err = os.ReadFile(name)
	}
	if err != nil {
		n.fail(err)
	}
	return n.rt.ToValue(string(b))
}

// write is writeFileSync (flag truncating) or appendFileSync.
func (n *nodeFS) write(flag int) func(goja.FunctionCall) goja.Value {
	return func(call goja.FunctionCall) goja.Value {
		name := n.writing(n.str(call, 0))
		f, err := os.OpenFile(name, flag, 0o644)
		if err != nil {
			n.fail(err)
		}
		_, err = f.WriteString(n.str(call, 1))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			n.fail(err)
		}
		return goja.Undefined()
	}
}

func (n *nodeFS) existsSync(call goja.FunctionCall) goja.Value {
	name, err := n.conf.reading(n.str(call, 0))
	if err == nil {
		_, err = os.Stat(name)
	}
	return n.rt.ToValue(err == nil)
}

func (n *nodeFS) mkdirSync(call goja.FunctionCall) goja.Value {
	name := n.entry(n.str(call, 0))
	var err error
	if n.opt(call, 1, "recursive") {
		err = os.MkdirAll(name, 0o755)
	} else {
		err = os.Mkdir(name, 0o755)
	}
	if err != nil {
		n.fail(err)
	}
	return goja.Undefined()
}

func (n *nodeFS) rmSync(call goja.FunctionCall) goja.Value {
	name := n.entry(n.str(call, 0))
	if real, err := filepath.EvalSymlinks(name); err == nil && real == n.conf.realRoot {
		n.fail(&refusal{path: n.str(call, 0), why: "a build script may not remove its project folder"})
	}
	var err error
	if n.opt(call, 1, "recursive") {
		if _, err = os.Lstat(name); err == nil {
			err = os.RemoveAll(name)
		}
	} else {
		err = os.Remove(name)
	}
	if err != nil && !(n.opt(call, 1, "force") && errors.Is(err, os.ErrNotExist)) {
		n.fail(err)
	}
	return goja.Undefined()
}

// readdirSync lists names, or Dirents with withFileTypes; recursive
// lists the folders below too, by path relative to the folder, as node
// 20 does.
func (n *nodeFS) readdirSync(call goja.FunctionCall) goja.Value {
	rt := n.rt
	dir := n.str(call, 0)
	root := n.reading(dir)
	types, recursive := n.opt(call, 1, "withFileTypes"), n.opt(call, 1, "recursive")
	var out []any
	var walk func(rel string)
	walk = func(rel string) {
		ents, err := os.ReadDir(filepath.Join(root, rel))
		if err != nil {
			n.fail(err)
		}
		for _, d := range ents {
			name := path.Join(rel, d.Name())
			if !types {
				out = append(out, name)
			} else {
				ent := rt.NewObject()
				_ = ent.Set("name", d.Name())
				parent := dir // as given, for the folder's own entries
				if rel != "" {
					parent = path.Join(dir, rel)
				}
				_ = ent.Set("parentPath", parent)
				_ = ent.Set("path", parent)
				isDir, isFile, isLink := d.IsDir(), d.Type().IsRegular(), d.Type()&os.ModeSymlink != 0
				_ = ent.Set("isDirectory", func() bool { return isDir })
				_ = ent.Set("isFile", func() bool { return isFile })
				_ = ent.Set("isSymbolicLink", func() bool { return isLink })
				out = append(out, ent)
			}
			if recursive && d.IsDir() {
				walk(name)
			}
		}
	}
	walk("")
	return rt.NewArray(out...)
}

func (n *nodeFS) copyFileSync(call goja.FunctionCall) goja.Value {
	from, to := n.reading(n.str(call, 0)), n.writing(n.str(call, 1))
	err := regularForReading(n.str(call, 0), from)
	var data []byte
	if err == nil {
		data, err = os.ReadFile(from)
	}
	if err == nil {
		err = os.WriteFile(to, data, 0o644)
	}
	if err != nil {
		n.fail(err)
	}
	return goja.Undefined()
}

func (n *nodeFS) renameSync(call goja.FunctionCall) goja.Value {
	if err := os.Rename(n.entry(n.str(call, 0)), n.entry(n.str(call, 1))); err != nil {
		n.fail(err)
	}
	return goja.Undefined()
}

func (n *nodeFS) unlinkSync(call goja.FunctionCall) goja.Value {
	if err := os.Remove(n.entry(n.str(call, 0))); err != nil {
		n.fail(err)
	}
	return goja.Undefined()
}

// stats is the fs.Stats of st.
func (n *nodeFS) stats(st os.FileInfo) goja.Value {
	o := n.rt.NewObject()
	_ = o.Set("isFile", func() bool { return st.Mode().IsRegular() })
	_ = o.Set("isDirectory", func() bool { return st.IsDir() })
	_ = o.Set("isSymbolicLink", func() bool { return st.Mode()&os.ModeSymlink != 0 })
	_ = o.Set("size", st.Size())
	_ = o.Set("mtimeMs", float64(st.ModTime().UnixNano())/1e6)
	return o
}

func (n *nodeFS) statSync(call goja.FunctionCall) goja.Value {
	st, err := os.Stat(n.reading(n.str(call, 0)))
	if err != nil {
		n.fail(err)
	}
	return n.stats(st)
}

// lstatSync describes the entry itself, a symbolic link included, as
// node's does (a script checks isSymbolicLink before following one).
func (n *nodeFS) lstatSync(call goja.FunctionCall) goja.Value {
	st, err := os.Lstat(n.entry(n.str(call, 0)))
	if err != nil {
		n.fail(err)
	}
	return n.stats(st)
}

// nodePath is node:path's Go side, POSIX paths (as node's on the
// systems tokengen runs on).
func nodePath(rt *goja.Runtime) *goja.Object {
	p := rt.NewObject()
	strs := func(call goja.FunctionCall) []string {
		out := make([]string, len(call.Arguments))
		for i := range call.Arguments {
			out[i] = stringArg(rt, call, i)
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
	_ = p.Set("delimiter", ":")
	_ = p.Set("posix", p)
	return p
}

// fileURLPath is the path of a file: URL (node's fileURLToPath).
func fileURLPath(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") {
		return "", false
	}
	return u.Path, true
}

// nodeJS is the part of node's API written in JavaScript over the Go
// functions above: fs.promises, path.parse and format, pathToFileURL, a
// URL class (goja has none; scripts write new URL('.', import.meta.url))
// and structuredClone.
//
//go:embed js/node.js
var nodeJS string
