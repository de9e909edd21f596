package jsconfig

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/tokengen/tokengen/internal/goja"
	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// nodeBuiltins are node 20's built-in modules and what each exports
// (js/node-builtins.json, written by builtins_gen.mjs): a name maps to
// "f" (a function or class), "o" (an object) or {"v": value} (plain data,
// such as fs.constants). Decoded on first use: the list is 280 KB, and
// only a script that imports a module asks for it.
var nodeBuiltins = sync.OnceValue(func() map[string]map[string]json.RawMessage {
	var m map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(embedded("js/node-builtins.json")), &m); err != nil {
		panic("js/node-builtins.json: " + err.Error()) // a build mistake
	}
	return m
})

// nodeBuiltinName is the built-in module spec names (fs, node:fs,
// node:test), or "" when spec names none: node:test exists only with its
// prefix.
func nodeBuiltinName(spec string) string {
	name, prefixed := strings.CutPrefix(spec, "node:")
	if _, ok := nodeBuiltins()[name]; !ok || name == "test" && !prefixed {
		return ""
	}
	return name
}

var anyBuiltin = lazyregexp.New(`^(node:)?[a-z_]+(/[a-z_]+)?$`)

// nodePlugin resolves every module node has built in, as node does: an
// import never fails. node:NAME is tokengen's js/node/NAME.js where it has
// one, with every other name node's module exports standing for a
// function that throws when called (naming it), so that a script runs up
// to the first thing tokengen does not do.
var nodePlugin = api.Plugin{
	Name: "node",
	Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: anyBuiltin.String()}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			name := nodeBuiltinName(a.Path)
			if name == "" {
				return api.OnResolveResult{}, nil // a package of that name
			}
			return api.OnResolveResult{Path: name, Namespace: "tokengen-node"}, nil
		})
		b.OnResolve(api.OnResolveOptions{Filter: `^tokengen-own:`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: a.Path, Namespace: "tokengen-node"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "tokengen-node"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			if own, ok := strings.CutPrefix(a.Path, "tokengen-own:"); ok {
				src, _ := nodeModuleSource(own)
				return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
			}
			src := builtinModule(a.Path)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
		})
	},
}

// builtinModule is the source of node:name: tokengen's own module's
// default export (the module object, as node's default is) completed
// with what node's has and tokengen's has not, and every name as a named
// export.
func builtinModule(name string) string {
	var b strings.Builder
	b.WriteString("const rt = globalThis.__tokengenRuntime;\n")
	if _, ok := nodeModuleSource(name); ok {
		fmt.Fprintf(&b, "import * as own from %q;\nconst m = own.default;\n", "tokengen-own:"+name)
	} else {
		b.WriteString("const m = {};\n")
	}
	exports := nodeBuiltins()[name]
	names := make([]string, 0, len(exports))
	for n := range exports {
		names = append(names, n)
	}
	sort.Strings(names)
	mod := jsStringLiteral("node:" + name)
	for _, n := range names {
		key := jsStringLiteral(n)
		var val string
		switch kind := string(exports[n]); kind {
		case `"f"`:
			val = fmt.Sprintf("rt.unavailable(%s, %s)", mod, key)
		case `"o"`:
			val = fmt.Sprintf("rt.unavailableObject(%s, %s)", mod, key)
		default:
			var data struct{ V json.RawMessage }
			_ = json.Unmarshal(exports[n], &data)
			val = string(data.V)
		}
		fmt.Fprintf(&b, "if (!(%s in m)) m[%s] = %s;\n", key, key, val)
	}
	b.WriteString("export default m;\n")
	if len(names) > 0 {
		b.WriteString("const {")
		for i, n := range names {
			fmt.Fprintf(&b, " %s: e%d,", jsStringLiteral(n), i)
		}
		b.WriteString(" } = m;\nexport {")
		for i, n := range names {
			fmt.Fprintf(&b, " e%d as %s,", i, n)
		}
		b.WriteString(" };\n")
	}
	return b.String()
}

// installNodeRuntime installs, once per runtime, what node has beyond
// its modules' files: require and import() at run time (require.go), the
// globals (Buffer, TextEncoder, performance...) and the Go functions
// they stand on, as globalThis.__tokengenRuntime.
func (e *engine) installNodeRuntime() {
	if e.modules != nil {
		return
	}
	e.modules = installRequire(e.rt)
	rt := e.rt
	r := rt.NewObject()
	_ = r.Set("requireFrom", e.modules.requireFrom)
	_ = r.Set("encode", func(s string, enc string) goja.Value {
		b, err := encodeString(s, enc)
		if err != nil {
			panic(rt.NewTypeError("%v", err))
		}
		return rt.ToValue(rt.NewArrayBuffer(b))
	})
	_ = r.Set("decode", func(v goja.Value, enc string) string {
		s, err := decodeBytes(bytesOf(rt, v), enc)
		if err != nil {
			panic(rt.NewTypeError("%v", err))
		}
		return s
	})
	_ = r.Set("createHash", func(alg string) goja.Value {
		h := newHash(alg)
		if h == nil {
			panic(rt.NewGoError(fmt.Errorf("Digest method not supported: %s", alg)))
		}
		o := rt.NewObject()
		_ = o.Set("update", func(call goja.FunctionCall) goja.Value {
			data := call.Argument(0)
			if s, ok := data.Export().(string); ok {
				enc := "utf8"
				if a := call.Argument(1); !goja.IsUndefined(a) {
					enc = a.String()
				}
				b, err := encodeString(s, enc)
				if err != nil {
					panic(rt.NewTypeError("%v", err))
				}
				h.Write(b)
			} else {
				h.Write(bytesOf(rt, data))
			}
			return call.This
		})
		_ = o.Set("digest", func(call goja.FunctionCall) goja.Value {
			sum := h.Sum(nil)
			if a := call.Argument(0); !goja.IsUndefined(a) {
				s, err := decodeBytes(sum, a.String())
				if err != nil {
					panic(rt.NewTypeError("%v", err))
				}
				return rt.ToValue(s)
			}
			return rt.ToValue(rt.NewArrayBuffer(sum))
		})
		return o
	})
	start := time.Now()
	// performance.now() counts from the runtime's start, as from node's.
	_ = r.Set("now", func() float64 { return float64(time.Since(start).Nanoseconds()) / 1e6 })
	_ = r.Set("epoch", float64(start.UnixNano())/1e6)
	arch := map[string]string{"amd64": "x64", "386": "ia32", "arm64": "arm64", "arm": "arm"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	_ = r.Set("arch", arch)
	_ = r.Set("pid", os.Getpid())
	exe, _ := os.Executable()
	_ = r.Set("execPath", exe)
	_ = r.Set("write", func(fd int, s string) {
		w := os.Stdout
		if fd == 2 {
			w = os.Stderr
		}
		_, _ = w.WriteString(s)
	})
	_ = r.Set("nodeFileError", nodeFileError)
	// realpath is fs.realpathSync: the path with its symbolic links
	// followed.
	_ = r.Set("realpath", func(p string) string {
		abs, err := filepath.Abs(p)
		if err == nil {
			abs, err = filepath.EvalSymlinks(abs)
		}
		if err != nil {
			panic(rt.NewGoError(err))
		}
		return abs
	})
	// exit is process.exit where the command has not set its own (a
	// config module, its hooks): the run ends with that status.
	_ = r.Set("exit", func(code goja.Value) {
		c := int64(0)
		if code != nil && !goja.IsUndefined(code) && !goja.IsNull(code) {
			c = code.ToInteger()
		}
		e.requestExit(c)
	})
	builtins := make([]string, 0, len(nodeBuiltins()))
	for name := range nodeBuiltins() {
		if name != "test" { // node lists the modules that need no prefix
			builtins = append(builtins, name)
		}
	}
	sort.Strings(builtins)
	_ = r.Set("builtinModules", builtins)
	_ = r.Set("isBuiltin", func(spec string) bool { return nodeBuiltinName(spec) != "" })
	_ = rt.Set("__tokengenRuntime", r)
	if _, err := rt.RunProgram(runtimeProgram()); err != nil {
		panic(err) // tokengen's own code
	}
}

// runtimeProgram is js/runtime.js compiled, once: every runtime (one
// per JavaScript token file) runs it.
var runtimeProgram = sync.OnceValue(func() *goja.Program {
	return goja.MustCompile("tokengen:runtime.js", embedded("js/runtime.js"), false)
})

// bytesOf is the bytes of an ArrayBuffer, a typed array or a DataView
// (a Buffer is a Uint8Array).
func bytesOf(rt *goja.Runtime, v goja.Value) []byte {
	switch x := v.Export().(type) {
	case goja.ArrayBuffer:
		return x.Bytes()
	case []byte:
		return x
	case string:
		return []byte(x)
	}
	if o, ok := v.(*goja.Object); ok {
		if buf, ok := o.Get("buffer").Export().(goja.ArrayBuffer); ok {
			off, n := int(o.Get("byteOffset").ToInteger()), int(o.Get("byteLength").ToInteger())
			all := buf.Bytes()
			if off >= 0 && n >= 0 && off+n <= len(all) {
				return all[off : off+n]
			}
		}
	}
	panic(rt.NewTypeError("The \"data\" argument must be of type string or an instance of Buffer, TypedArray, or DataView"))
}

// newHash is node's createHash for the algorithms build scripts use
// (content hashes for cache busting), nil for others.
func newHash(alg string) hash.Hash {
	switch strings.ToLower(alg) {
	case "md5":
		return md5.New()
	case "sha1", "sha-1":
		return sha1.New()
	case "sha256", "sha-256":
		return sha256.New()
	case "sha384", "sha-384":
		return sha512.New384()
	case "sha512", "sha-512":
		return sha512.New()
	}
	return nil
}

// encodeString is Buffer.from(s, enc).
func encodeString(s, enc string) ([]byte, error) {
	switch strings.ToLower(enc) {
	case "", "utf8", "utf-8":
		return []byte(s), nil
	case "hex":
		n := len(s) &^ 1
		out := make([]byte, 0, n/2)
		for i := 0; i+1 < len(s); i += 2 { // node stops at the first bad pair
			b, err := hex.DecodeString(s[i : i+2])
			if err != nil {
				break
			}
			out = append(out, b...)
		}
		return out, nil
	case "base64", "base64url":
		t := strings.NewReplacer("-", "+", "_", "/", "=", "", " ", "", "\n", "", "\r", "", "\t", "").Replace(s)
		return base64.RawStdEncoding.DecodeString(t)
	case "latin1", "binary", "ascii":
		out := make([]byte, 0, len(s))
		for _, u := range utf16.Encode([]rune(s)) {
			out = append(out, byte(u))
		}
		return out, nil
	case "utf16le", "utf-16le", "ucs2", "ucs-2":
		units := utf16.Encode([]rune(s))
		out := make([]byte, 0, 2*len(units))
		for _, u := range units {
			out = append(out, byte(u), byte(u>>8))
		}
		return out, nil
	}
	return nil, fmt.Errorf("Unknown encoding: %s", enc)
}

// decodeBytes is buf.toString(enc).
func decodeBytes(b []byte, enc string) (string, error) {
	switch strings.ToLower(enc) {
	case "", "utf8", "utf-8":
		if utf8.Valid(b) {
			return string(b), nil
		}
		return strings.ToValidUTF8(string(b), "\uFFFD"), nil
	case "hex":
		return hex.EncodeToString(b), nil
	case "base64":
		return base64.StdEncoding.EncodeToString(b), nil
	case "base64url":
		return base64.RawURLEncoding.EncodeToString(b), nil
	case "latin1", "binary":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r), nil
	case "ascii":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c & 0x7f)
		}
		return string(r), nil
	case "utf16le", "utf-16le", "ucs2", "ucs-2":
		units := make([]uint16, len(b)/2)
		for i := range units {
			units[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
		return string(utf16.Decode(units)), nil
	}
	return "", fmt.Errorf("Unknown encoding: %s", enc)
}
