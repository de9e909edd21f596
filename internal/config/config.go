// Package config reads a build's config as its own step, before any token
// is loaded: it decodes a JSON config (or the object a JavaScript config
// module gives) into a tokenbuild.Config, merges the config it extends,
// makes a Go config's option values JSON-like, and checks what no build
// of it could do. It also reads the input files a config names (ReadInput)
// with the limits every token file and config share. The engine, the
// driver and the JavaScript layer all take their config from here.
package config

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/inputfile"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// LoadConfigFile reads a JSON, JSONC or JSON5 config file. Relative paths in
// it resolve against the file's folder.
func LoadConfigFile(path string) (*tokenbuild.Config, error) {
	data, err := inputfile.Read(path, path, "config files")
	if err != nil {
		return nil, err
	}
	v, err := json5.Parse(data)
	if err != nil {
		return nil, inputfile.ParseError(err, path, data)
	}
	obj, ok := v.(*tokenbuild.Object)
	if !ok {
		return nil, &tokenbuild.Diagnostic{File: path, Line: 1, Col: 1, Msg: "a config file must hold a JSON object"}
	}
	cfg, err := DecodeConfig(obj, path)
	if err != nil {
		for _, e := range (tokenbuild.ErrorList{err}).Flat() {
			if me, ok := e.(*tokenbuild.Diagnostic); ok && me.Path != "" {
				diag.PlaceAt(me, data)
			}
		}
		return nil, err
	}
	abs, _ := filepath.Abs(filepath.Dir(path))
	cfg.Dir = abs
	cfg.File = path
	return cfg, nil
}

// decoder collects every problem of a config instead of stopping at the first.
type decoder struct {
	path string
	errs tokenbuild.ErrorList
}

func (d *decoder) errorf(at string, format string, args ...any) {
	d.errs = append(d.errs, &tokenbuild.Diagnostic{File: d.path, Path: at, Msg: at + ": " + fmt.Sprintf(format, args...)})
}

// DecodeConfig turns a parsed config object into a Config.
func DecodeConfig(obj *tokenbuild.Object, file string) (*tokenbuild.Config, error) {
	d := &decoder{path: file}
	cfg := &tokenbuild.Config{}
	obj.Range(func(k string, v any) bool {
		switch k {
		case "log":
			cfg.Log = d.log("log", v)
		case "source":
			cfg.Source = d.globs("source", v)
		case "include":
			cfg.Include = d.globs("include", v)
		case "resolver":
			cfg.Resolver = d.str("resolver", v)
			if cfg.Resolver == "" {
				d.errorf("resolver", "must name a resolver document")
			}
		case "tokens":
			if o, ok := v.(*tokenbuild.Object); ok {
				cfg.Tokens = o
			} else {
				d.errorf("tokens", "must be an object")
			}
		case "expand":
			cfg.Expand = d.expand("expand", v)
		case "platforms":
			o, ok := v.(*tokenbuild.Object)
			if !ok {
				d.errorf("platforms", "must be an object")
				break
			}
			o.Range(func(name string, pv any) bool {
				cfg.Platforms = append(cfg.Platforms, d.platform(name, pv))
				return true
			})
		case "hooks":
			// Hooks are code; a JSON config can only name hooks registered in Go.
			if o, ok := v.(*tokenbuild.Object); ok && o.Len() > 0 {
				d.errorf("hooks", "hooks hold functions and can only be given in a Go config; a JSON config refers to registered hooks by name")
			}
		case "parsers":
			cfg.Parsers = d.strings("parsers", v)
		case "preprocessors":
			cfg.Preprocessors = d.strings("preprocessors", v)
		case "usesDtcg":
			b, ok := v.(bool)
			if !ok {
				d.errorf("usesDtcg", "must be true or false")
			}
			cfg.UsesDtcg = &b
		default:
			if cfg.Extra == nil {
				cfg.Extra = tokenbuild.Options{}
			}
			cfg.Extra[k] = v
		}
		return true
	})
	return cfg, d.errs.Err()
}

func (d *decoder) strings(at string, v any) []string {
	if v == nil {
		return nil
	}
	if s, ok := v.(string); ok {
		return []string{s}
	}
	arr, ok := v.([]any)
	if !ok {
		d.errorf(at, "must be an array of strings")
		return nil
	}
	out := make([]string, 0, len(arr))
	for i, e := range arr {
		s, ok := e.(string)
		if !ok {
			d.errorf(fmt.Sprintf("%s[%d]", at, i), "must be a string")
			continue
		}
		out = append(out, s)
	}
	return out
}

func (d *decoder) globs(at string, v any) []string {
	if _, ok := v.([]any); !ok && v != nil {
		d.errorf(at, "must be an array")
		return nil
	}
	return d.strings(at, v)
}

func (d *decoder) log(at string, v any) *tokenbuild.LogConfig {
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		d.errorf(at, "must be an object")
		return nil
	}
	l := &tokenbuild.LogConfig{}
	oneOf := func(k string, val any, allowed ...string) string {
		s, _ := val.(string)
		for _, a := range allowed {
			if s == a {
				return s
			}
		}
		d.errorf(at+"."+k, "must be one of %s", strings.Join(allowed, ", "))
		return ""
	}
	o.Range(func(k string, val any) bool {
		switch k {
		case "warnings":
			l.Warnings = tokenbuild.WarningsMode(oneOf(k, val, "warn", "error", "disabled"))
		case "verbosity":
			l.Verbosity = tokenbuild.Verbosity(oneOf(k, val, "default", "silent", "verbose"))
		case "errors":
			if eo, ok := val.(*tokenbuild.Object); ok {
				if br, ok := eo.Get("brokenReferences"); ok {
					l.BrokenReferences = tokenbuild.BrokenReferences(oneOf("errors.brokenReferences", br, "throw", "console"))
				}
			}
		}
		return true
	})
	return l
}

func (d *decoder) expand(at string, v any) *tokenbuild.Expand {
	switch x := v.(type) {
	case nil:
		return nil
	case bool:
		if x {
			return &tokenbuild.Expand{}
		}
		return nil
	case *tokenbuild.Object:
		e := &tokenbuild.Expand{}
		anyTrue := x.Len() == 0
		x.Range(func(k string, val any) bool {
			if b, ok := val.(bool); !ok || b {
				anyTrue = true
			}
			switch k {
			case "include":
				e.Include = d.strings(at+".include", val)
			case "exclude":
				e.Exclude = d.strings(at+".exclude", val)
			case "typesMap":
				if tm, ok := val.(*tokenbuild.Object); ok {
					e.TypesMap = tm
				} else {
					d.errorf(at+".typesMap", "must be an object")
				}
			}
			return true
		})
		if e.Include != nil && e.Exclude != nil {
			d.errorf(at, "expand.include should not be combined with expand.exclude, use one or the other.")
		}
		if !anyTrue {
			return nil
		}
		return e
	}
	d.errorf(at, "must be true, false or an object")
	return nil
}

func (d *decoder) options(at string, v any) tokenbuild.Options {
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		if v != nil {
			d.errorf(at, "must be an object")
		}
		return nil
	}
	opts := tokenbuild.Options{}
	o.Range(func(k string, val any) bool {
		d.option(at+"."+k, k, val)
		opts[k] = val
		return true
	})
	return opts
}

// The options the built-in formats read, by the JSON types they take (a Go
// config may also give functions: outputReferences, sort, fileHeader).
// A value of another type would be printed into the output as it is
// (selector 5 writes "5 {") or read as JavaScript truthiness ("false" is
// true), so it is an error at its key instead. null counts as not given.
// Names a custom format also reads are checked the same way.
var (
	stringOptions = []string{"className", "packageName", "mapName", "moduleName", "name",
		"accessControl", "objectType", "type", "resourceType", "fileHeader"}
	boolOptions = []string{"outputReferences", "outputReferenceFallbacks", "showFileHeader",
		"themeable", "minify", "flat", "outputStringLiterals"}
	stringListOptions = []string{"selector", "import", "sort"}
	// formatting's keys: every one is a string but fileHeaderTimestamp
	formattingStrings = []string{"prefix", "commentStyle", "commentPosition", "indentation",
		"separator", "suffix", "lineSeparator", "header", "footer"}
)

// option checks one format option (at is its key path) against the types
// above; other keys are the formats' own business.
func (d *decoder) option(at, k string, v any) {
	if v == nil {
		return
	}
	switch {
	case slices.Contains(stringOptions, k):
		d.str(at, v)
	case slices.Contains(boolOptions, k):
		if _, ok := v.(bool); !ok {
			d.errorf(at, "must be true or false")
		}
	case slices.Contains(stringListOptions, k):
		if _, ok := v.(string); ok {
			return
		}
		list, ok := v.([]any)
		if !ok {
			d.errorf(at, "must be a string or an array of strings")
			return
		}
		for i, e := range list {
			if _, ok := e.(string); !ok {
				d.errorf(fmt.Sprintf("%s[%d]", at, i), "must be a string")
			}
		}
	case k == "formatting":
		o, ok := v.(*tokenbuild.Object)
		if !ok {
			d.errorf(at, "must be an object")
			return
		}
		o.Range(func(fk string, fv any) bool {
			switch {
			case fv == nil:
			case fk == "fileHeaderTimestamp":
				if _, ok := fv.(bool); !ok {
					d.errorf(at+"."+fk, "must be true or false")
				}
			case slices.Contains(formattingStrings, fk):
				d.str(at+"."+fk, fv)
			}
			return true
		})
	case k == "resourceMap":
		if _, ok := v.(*tokenbuild.Object); !ok {
			d.errorf(at, "must be an object")
		}
	case k == "stripMeta":
		switch v.(type) {
		case bool, *tokenbuild.Object:
		default:
			d.errorf(at, "must be true, false or an object")
		}
	}
}

func (d *decoder) platform(name string, v any) tokenbuild.Platform {
	p := tokenbuild.Platform{Name: name}
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		d.errorf("platforms."+name, "must be an object")
		return p
	}
	at := "platforms." + name
	o.Range(func(k string, val any) bool {
		switch k {
		case "transformGroup":
			p.TransformGroup = d.str(at+"."+k, val)
		case "transforms":
			p.Transforms = d.strings(at+"."+k, val)
		case "buildPath":
			p.BuildPath = d.str(at+"."+k, val)
		case "expand":
			p.Expand = d.expand(at+".expand", val)
		case "preprocessors":
			p.Preprocessors = d.strings(at+"."+k, val)
		case "options":
			p.Options = d.options(at+".options", val)
		case "prefix":
			p.Prefix = d.str(at+"."+k, val)
		case "basePxFontSize":
			f, ok := val.(float64)
			if !ok {
				d.errorf(at+"."+k, "must be a number")
			}
			p.BasePxFontSize = f
		case "files":
			arr, ok := val.([]any)
			if !ok {
				d.errorf(at+".files", "must be an array")
				break
			}
			// non-nil even when empty: a platform without "files" fails to build
			p.Files = make([]tokenbuild.File, 0, len(arr))
			for i, fv := range arr {
				p.Files = append(p.Files, d.file(fmt.Sprintf("%s.files[%d]", at, i), fv))
			}
		case "actions":
			p.Actions = d.strings(at+"."+k, val)
		case "log":
			p.Log = d.log(at+".log", val)
		case "emitEmptyFiles":
			p.EmitEmptyFiles, _ = val.(bool)
		default:
			if p.Extra == nil {
				p.Extra = tokenbuild.Options{}
			}
			p.Extra[k] = val
		}
		return true
	})
	return p
}

func (d *decoder) str(at string, v any) string {
	s, ok := v.(string)
	if !ok && v != nil {
		d.errorf(at, "must be a string")
	}
	return s
}

func (d *decoder) file(at string, v any) tokenbuild.File {
	f := tokenbuild.File{}
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		d.errorf(at, "must be an object")
		return f
	}
	o.Range(func(k string, val any) bool {
		switch k {
		case "destination":
			f.Destination = d.str(at+".destination", val)
		case "format":
			f.Format = d.str(at+".format", val)
		case "filter":
			switch x := val.(type) {
			case string:
				f.Filter = x
			case *tokenbuild.Object:
				f.FilterMatch = x
			default:
				d.errorf(at+".filter", "Filter format not valid: %s", js.Typeof(val))
			}
		case "options":
			f.Options = d.options(at+".options", val)
		case "emitEmptyFiles":
			b, _ := val.(bool)
			f.EmitEmptyFiles = &b
		case "contexts":
			f.Contexts = d.contexts(at+".contexts", val)
		case "colorScheme":
			f.ColorScheme = d.colorScheme(at+".colorScheme", val)
		default:
			if f.Extra == nil {
				f.Extra = tokenbuild.Options{}
			}
			f.Extra[k] = val
		}
		return true
	})
	return f
}
