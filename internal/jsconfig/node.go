package jsconfig

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
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
export const statSync = f.statSync;
export const lstatSync = f.lstatSync;
export const copyFileSync = f.copyFileSync;
export const renameSync = f.renameSync;
export const unlinkSync = f.unlinkSync;
export const promises = f.promises;
export default f;
`,
	"fs/promises": `const p = globalThis.__tokengenNode.fs.promises;
export const readFile = p.readFile;
export const writeFile = p.writeFile;
export const appendFile = p.appendFile;
export const mkdir = p.mkdir;
export const readdir = p.readdir;
export const rm = p.rm;
export const access = p.access;
export const stat = p.stat;
export const copyFile = p.copyFile;
export const rename = p.rename;
export const unlink = p.unlink;
export default p;
`,
	// process, os and tty as far as libraries that color their output
	// (chalk, which style-dictionary itself uses) ask: no terminal, so
	// no colors, as in node with its output piped.
	"process": `const p = globalThis.process;
export const env = p.env;
export const argv = p.argv;
export const platform = p.platform;
export const cwd = p.cwd;
export const exit = (...a) => p.exit(...a);
export default p;
`,
	"os": `const p = globalThis.process;
export const EOL = '\n';
export const platform = () => p.platform;
export const type = () => (p.platform === 'darwin' ? 'Darwin' : p.platform === 'win32' ? 'Windows_NT' : 'Linux');
export const release = () => '';
export const arch = () => 'x64';
export const homedir = () => p.env.HOME ?? '/';
export const tmpdir = () => p.env.TMPDIR ?? '/tmp';
export const hostname = () => 'localhost';
export const availableParallelism = () => 1;
export const cpus = () => [{ model: '', speed: 0 }];
export default { EOL, platform, type, release, arch, homedir, tmpdir, hostname, availableParallelism, cpus };
`,
	// util: what build scripts use of it; parseArgs for their flags.
	"util": `const u = globalThis.__tokengenUtil;
export const format = u.format;
export const inspect = u.inspect;
export const promisify = (fn) => (...args) => new Promise((resolve, reject) => fn(...args, (err, v) => (err ? reject(err) : resolve(v))));
export const deprecate = (fn) => fn;
export const isDeepStrictEqual = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export function parseArgs({ args = globalThis.process.argv.slice(2), options = {}, strict = true, allowPositionals = !strict } = {}) {
  const values = { __proto__: null };
  const positionals = [];
  const byShort = Object.fromEntries(Object.entries(options).filter(([, o]) => o.short).map(([k, o]) => [o.short, k]));
  const set = (name, v) => {
    const o = options[name];
    if (!o) {
      if (strict) throw new TypeError("Unknown option '" + name + "'");
      values[name] = v ?? true;
      return;
    }
    if (o.type === 'boolean' && v !== undefined && strict) throw new TypeError("Option '--" + name + "' does not take an argument");
    if (o.type === 'string' && v === undefined) throw new TypeError("Option '--" + name + " <value>' argument missing");
    const val = o.type === 'boolean' ? true : v;
    if (o.multiple) (values[name] ??= []).push(val);
    else values[name] = val;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') { positionals.push(...args.slice(i + 1)); break; }
    let name, v;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) v = a.slice(eq + 1);
    } else if (a.startsWith('-') && a.length > 1) {
      name = byShort[a[1]] ?? a[1];
      if (a.length > 2) v = a.slice(2);
    } else {
      if (strict && !allowPositionals) throw new TypeError("Unexpected argument '" + a + "'. This command does not take positional arguments");
      positionals.push(a);
      continue;
    }
    if (v === undefined && options[name]?.type === 'string' && i + 1 < args.length) v = args[++i];
    set(name, v);
  }
  for (const [k, o] of Object.entries(options)) if (o.default !== undefined && values[k] === undefined) values[k] = o.default;
  return { values, positionals };
}
export default { format, inspect, promisify, deprecate, isDeepStrictEqual, parseArgs };
`,
	"tty": `export const isatty = () => false;
export default { isatty };
`,
	"url": `export const fileURLToPath = globalThis.__tokengenNode.fileURLToPath;
export const pathToFileURL = globalThis.__tokengenNode.pathToFileURL;
export const URL = globalThis.URL;
export default { fileURLToPath, pathToFileURL, URL };
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
export const parse = p.parse;
export const format = p.format;
export const delimiter = p.delimiter;
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
		b.OnResolve(api.OnResolveOptions{Filter: `^(node:)?(fs|fs/promises|path|url|process|os|tty|util)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, "node:"), Namespace: "tokengen-node"}, nil
		})
		// Node's other modules: an import of one is an error at the import
		// (file:line:col) before anything runs; a require() of one fails
		// only when it runs, naming the module, as a require in a branch
		// never taken must not stop the script.
		b.OnResolve(api.OnResolveOptions{Filter: `^(node:.*|child_process|crypto|events|stream|http|https|net|zlib|worker_threads|readline|assert|module|buffer)$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if a.Kind == api.ResolveJSImportStatement || a.Kind == api.ResolveJSDynamicImport {
				return api.OnResolveResult{Errors: []api.Message{{Text: unavailable(a.Path)}}}, nil
			}
			return api.OnResolveResult{Path: a.Path, Namespace: "tokengen-node"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "tokengen-node"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, ok := nodeModules[a.Path]
			if !ok {
				src = fmt.Sprintf("throw new Error(%q);\n", unavailable(a.Path))
			}
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
	},
}

func unavailable(module string) string {
	return fmt.Sprintf("module %q is not available in tokengen (node:fs, node:fs/promises, node:path and node:url are; node:process, node:os, node:tty and node:util in part)", module)
}

// importMeta is `import.meta` in a module's source.
var importMeta = regexp.MustCompile(`\bimport\.meta\b`)

// Names a CommonJS module gets from node's module wrapper, and what shows
// that a module declares them itself or is an ES module.
var (
	usesDirname     = regexp.MustCompile(`\b__(dirname|filename)\b`)
	declaresDirname = regexp.MustCompile(`\b(const|let|var|function)\s+__(dirname|filename)\b`)
	esmSyntax       = regexp.MustCompile(`(?m)^\s*(import|export)\b[\s{*'"]`)
	requireMain     = regexp.MustCompile(`\brequire\.main\s*===?\s*module\b`)
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
// files in root (the project folder, where it is run) and below only:
// tokengen runs scripts people share, and a build has no business
// elsewhere.
func (e *engine) installNode(root string) {
	rt := e.rt
	fail := func(err error) { panic(rt.NewGoError(err)) }
	conf := newConfinement(root)
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

	_ = fs.Set("statSync", func(call goja.FunctionCall) goja.Value {
		st, err := os.Stat(reading(str(call, 0)))
		if err != nil {
			fail(err)
		}
		o := rt.NewObject()
		_ = o.Set("isFile", func() bool { return st.Mode().IsRegular() })
		_ = o.Set("isDirectory", func() bool { return st.IsDir() })
		_ = o.Set("size", st.Size())
		_ = o.Set("mtimeMs", float64(st.ModTime().UnixNano())/1e6)
		return o
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
const nodeJS = `(() => {
const n = globalThis.__tokengenNode;
const fs = n.fs;
fs.lstatSync = fs.statSync;
const later = (fn) => (...a) => { try { return Promise.resolve(fn(...a)); } catch (e) { return Promise.reject(e); } };
fs.promises = {
  readFile: later(fs.readFileSync),
  writeFile: later(fs.writeFileSync),
  appendFile: later(fs.appendFileSync),
  mkdir: later(fs.mkdirSync),
  readdir: later(fs.readdirSync),
  rm: later(fs.rmSync),
  stat: later(fs.statSync),
  access: later((p) => { fs.statSync(p); }),
  copyFile: later(fs.copyFileSync),
  rename: later(fs.renameSync),
  unlink: later(fs.unlinkSync),
};
const path = n.path;
path.parse = (p) => {
  const root = p.startsWith('/') ? '/' : '';
  const base = path.basename(p);
  const ext = path.extname(p);
  let dir = path.dirname(p);
  if (dir === '.' && !p.startsWith('.')) dir = '';
  return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
};
path.format = (o) => {
  const dir = o.dir || o.root || '';
  const base = o.base || (o.name || '') + (o.ext ? (o.ext.startsWith('.') ? '' : '.') + o.ext : '');
  return dir ? (dir === o.root ? dir + base : dir + '/' + base) : base;
};
// removeDots is RFC 3986's remove_dot_segments.
const removeDots = (p) => {
  const out = [];
  const segs = p.split('/');
  segs.forEach((s, i) => {
    if (s === '..') { if (out.length > 1) out.pop(); if (i === segs.length - 1) out.push(''); }
    else if (s === '.') { if (i === segs.length - 1) out.push(''); }
    else out.push(s);
  });
  return out.join('/');
};
const PARTS = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
class URL {
  constructor(input, base) {
    input = String(input);
    let m = PARTS.exec(input);
    if (!m) {
      if (base === undefined) throw new TypeError('Invalid URL: ' + input);
      const b = new URL(base);
      const [, rel = '', query = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(input);
      let p = b.pathname;
      if (rel.startsWith('/')) p = rel;
      else if (rel !== '') p = p.slice(0, p.lastIndexOf('/') + 1) + rel;
      input = b.protocol + '//' + b.host + removeDots(p) + (rel === '' && !query ? b.search : query) + hash;
      m = PARTS.exec(input);
    }
    this.protocol = m[1].toLowerCase() + ':';
    this.host = m[2] ?? '';
    this.hostname = this.host.replace(/:\d+$/, '');
    this.pathname = removeDots(m[3] || '/') || '/';
    this.search = m[4] && m[4] !== '?' ? m[4] : '';
    this.hash = m[5] && m[5] !== '#' ? m[5] : '';
  }
  get href() { return this.protocol + '//' + this.host + this.pathname + this.search + this.hash; }
  get origin() { return this.protocol === 'file:' ? 'null' : this.protocol + '//' + this.host; }
  toString() { return this.href; }
  toJSON() { return this.href; }
}
globalThis.URL ??= URL;
n.pathToFileURL = (p) => new URL('file://' + encodeURI(path.resolve(String(p))).replace(/[?#]/g, encodeURIComponent));
const fileURLToPath = n.fileURLToPath;
n.fileURLToPath = (u) => fileURLToPath(String(u));
globalThis.structuredClone ??= (value) => {
  const seen = new Map();
  const clone = (v) => {
    if (typeof v === 'function' || typeof v === 'symbol') {
      const e = new Error(String(v) + ' could not be cloned.');
      e.name = 'DataCloneError';
      throw e;
    }
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return seen.get(v);
    let out;
    if (Array.isArray(v)) { out = []; seen.set(v, out); v.forEach((x, i) => { out[i] = clone(x); }); return out; }
    if (v instanceof Date) return new Date(v.getTime());
    if (v instanceof RegExp) return new RegExp(v.source, v.flags);
    if (v instanceof Map) { out = new Map(); seen.set(v, out); v.forEach((x, k) => out.set(clone(k), clone(x))); return out; }
    if (v instanceof Set) { out = new Set(); seen.set(v, out); v.forEach((x) => out.add(clone(x))); return out; }
    out = {};
    seen.set(v, out);
    for (const k of Object.keys(v)) out[k] = clone(v[k]);
    return out;
  };
  return clone(value);
};
})();`
