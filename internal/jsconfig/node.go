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

// installNode installs node:fs and node:path. A script may read and write
// files in its project folder and below only (the project of the
// script's folder, e.dir, or of the working folder wd, whichever holds
// the other; fsconfine.go): tokengen runs scripts people share, and a
// build has no business elsewhere.
func (e *engine) installNode(wd string) {
	rt := e.rt
	fail := func(err error) { panic(rt.NewGoError(err)) }
	conf := newConfinement(e.dir, wd)
	// Each operation checks its paths as it uses them (fsconfine.go).
	checked := func(check func(string) (string, error)) func(string) string {
		return func(name string) string {
			abs, err := check(name)
			if err != nil {
				fail(err)
			}
			return abs
		}
	}
	reading, entry, writing := checked(conf.reading), checked(conf.entry), checked(conf.writing)
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
		name := reading(str(call, 0))
		err := regularForReading(str(call, 0), name)
		var b []byte
		if err == nil {
			b, err = os.ReadFile(name)
		}
		if err != nil {
			fail(err)
		}
		return rt.ToValue(string(b))
	})
	write := func(flag int) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			name := writing(str(call, 0))
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
		name, err := conf.reading(str(call, 0))
		if err == nil {
			_, err = os.Stat(name)
		}
		return rt.ToValue(err == nil)
	})
	_ = fs.Set("mkdirSync", func(call goja.FunctionCall) goja.Value {
		name := entry(str(call, 0))
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
		name := entry(str(call, 0))
		if real, err := filepath.EvalSymlinks(name); err == nil && real == conf.realRoot {
			fail(&refusal{path: str(call, 0), why: "a build script may not remove its project folder"})
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
	// readdirSync lists names, or Dirents with withFileTypes; recursive
	// lists the folders below too, by path relative to the folder, as
	// node 20 does.
	_ = fs.Set("readdirSync", func(call goja.FunctionCall) goja.Value {
		dir := str(call, 0)
		root := reading(dir)
		types, recursive := opt(call, 1, "withFileTypes"), opt(call, 1, "recursive")
		var out []any
		var walk func(rel string)
		walk = func(rel string) {
			ents, err := os.ReadDir(filepath.Join(root, rel))
			if err != nil {
				fail(err)
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
	})
	_ = fs.Set("copyFileSync", func(call goja.FunctionCall) goja.Value {
		from, to := reading(str(call, 0)), writing(str(call, 1))
		err := regularForReading(str(call, 0), from)
		var data []byte
		if err == nil {
			data, err = os.ReadFile(from)
		}
		if err == nil {
			err = os.WriteFile(to, data, 0o644)
		}
		if err != nil {
			fail(err)
		}
		return goja.Undefined()
	})
	_ = fs.Set("renameSync", func(call goja.FunctionCall) goja.Value {
		if err := os.Rename(entry(str(call, 0)), entry(str(call, 1))); err != nil {
			fail(err)
		}
		return goja.Undefined()
	})
	_ = fs.Set("unlinkSync", func(call goja.FunctionCall) goja.Value {
		if err := os.Remove(entry(str(call, 0))); err != nil {
			fail(err)
		}
		return goja.Undefined()
	})

	stats := func(st os.FileInfo) goja.Value {
		o := rt.NewObject()
		_ = o.Set("isFile", func() bool { return st.Mode().IsRegular() })
		_ = o.Set("isDirectory", func() bool { return st.IsDir() })
		_ = o.Set("isSymbolicLink", func() bool { return st.Mode()&os.ModeSymlink != 0 })
		_ = o.Set("size", st.Size())
		_ = o.Set("mtimeMs", float64(st.ModTime().UnixNano())/1e6)
		return o
	}
	_ = fs.Set("statSync", func(call goja.FunctionCall) goja.Value {
		st, err := os.Stat(reading(str(call, 0)))
		if err != nil {
			fail(err)
		}
		return stats(st)
	})
	// lstatSync describes the entry itself, a symbolic link included, as
	// node's does (a script checks isSymbolicLink before following one).
	_ = fs.Set("lstatSync", func(call goja.FunctionCall) goja.Value {
		st, err := os.Lstat(entry(str(call, 0)))
		if err != nil {
			fail(err)
		}
		return stats(st)
	})
	e.installFileDescriptors(fs, conf, fail)

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
	_ = p.Set("delimiter", ":")
	_ = p.Set("posix", p)

	node := rt.NewObject()
	_ = node.Set("fs", fs)
	_ = node.Set("path", p)
	_ = node.Set("fileURLToPath", func(call goja.FunctionCall) goja.Value {
		u, ok := fileURLPath(str(call, 0))
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
