// Package registry holds the hooks a build knows by name (the built-ins,
// then the config's, which override them) and looks up the hooks a
// platform names, reporting every unknown name at once.
package registry

import (
	"fmt"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Registry holds an instance's hooks by name. Later registrations win, so
// a config's hooks override built-ins of the same name.
type Registry struct {
	Transforms      map[string]*tokenbuild.Transform
	TransformGroups map[string]*tokenbuild.TransformGroup
	Formats         map[string]*tokenbuild.Format
	Filters         map[string]*tokenbuild.Filter
	Actions         map[string]*tokenbuild.Action
	Preprocessors   map[string]*tokenbuild.Preprocessor
	Parsers         map[string]*tokenbuild.Parser
	FileHeaders     map[string]*tokenbuild.FileHeader
	Sorts           map[string]*tokenbuild.Sort
}

// New makes an empty registry.
func New() *Registry {
	return &Registry{
		Transforms: map[string]*tokenbuild.Transform{}, TransformGroups: map[string]*tokenbuild.TransformGroup{},
		Formats: map[string]*tokenbuild.Format{}, Filters: map[string]*tokenbuild.Filter{},
		Actions: map[string]*tokenbuild.Action{}, Preprocessors: map[string]*tokenbuild.Preprocessor{},
		Parsers: map[string]*tokenbuild.Parser{}, FileHeaders: map[string]*tokenbuild.FileHeader{},
		Sorts: map[string]*tokenbuild.Sort{},
	}
}

// Clone copies the registry: hooks added to the copy leave r alone.
func (r *Registry) Clone() *Registry {
	c := New()
	copyMap(c.Transforms, r.Transforms)
	copyMap(c.TransformGroups, r.TransformGroups)
	copyMap(c.Formats, r.Formats)
	copyMap(c.Filters, r.Filters)
	copyMap(c.Actions, r.Actions)
	copyMap(c.Preprocessors, r.Preprocessors)
	copyMap(c.Parsers, r.Parsers)
	copyMap(c.FileHeaders, r.FileHeaders)
	copyMap(c.Sorts, r.Sorts)
	return c
}

func copyMap[V any](dst, src map[string]V) {
	for k, v := range src {
		dst[k] = v
	}
}

// Add registers hooks, checking each as the reference's register methods do.
func (r *Registry) Add(h tokenbuild.Hooks) error {
	var errs tokenbuild.ErrorList
	bad := func(kind, msg string) { errs = append(errs, fmt.Errorf("cannot register %s: %s", kind, msg)) }
	for i := range h.Transforms {
		t := h.Transforms[i]
		switch {
		case t.Name == "":
			bad("transform", "name must be a string")
		case t.Type != tokenbuild.NameTransform && t.Type != tokenbuild.ValueTransform && t.Type != tokenbuild.AttributeTransform:
			bad("transform", fmt.Sprintf("%s type is not one of: name, value, attribute", t.Type))
		case !hasTransformFunc(&t):
			bad("transform", fmt.Sprintf("%s: a %s transform needs its function (Transform%s) and no other", t.Name, t.Type, transformFuncField(t.Type)))
		default:
			r.Transforms[t.Name] = &t
		}
	}
	for i := range h.TransformGroups {
		g := h.TransformGroups[i]
		if g.Name == "" {
			bad("transform group", "name must be a string")
			continue
		}
		r.TransformGroups[g.Name] = &g
	}
	for i := range h.Formats {
		f := h.Formats[i]
		if f.Name == "" || (f.Format == nil && f.Write == nil) { // a format may only stream (Write)
			bad("format", "format.name must be a string and format.format a function")
			continue
		}
		r.Formats[f.Name] = &f
	}
	for i := range h.Filters {
		f := h.Filters[i]
		if f.Name == "" || f.Filter == nil {
			bad("filter", "filter.name must be a string and filter.filter a function")
			continue
		}
		r.Filters[f.Name] = &f
	}
	for i := range h.Actions {
		a := h.Actions[i]
		if a.Name == "" || a.Do == nil {
			bad("action", "name must be a string and do a function")
			continue
		}
		r.Actions[a.Name] = &a
	}
	for i := range h.Preprocessors {
		p := h.Preprocessors[i]
		if p.Name == "" || p.Preprocess == nil {
			bad("preprocessor", "Preprocessor.name must be a string and Preprocessor.preprocessor a function")
			continue
		}
		r.Preprocessors[p.Name] = &p
	}
	for i := range h.Parsers {
		p := h.Parsers[i]
		if p.Name == "" || p.Parse == nil || p.Pattern == nil {
			bad("parser", "parser.name must be a string, parser.pattern a regular expression and parser.parser a function")
			continue
		}
		r.Parsers[p.Name] = &p
	}
	for i := range h.Sorts {
		so := h.Sorts[i]
		if so.Name == "" || so.Sort == nil {
			bad("sort", "sort.name must be a string and sort.sort a function")
			continue
		}
		r.Sorts[so.Name] = &so
	}
	for i := range h.FileHeaders {
		f := h.FileHeaders[i]
		if f.Name == "" || f.FileHeader == nil {
			bad("file header", "options.name must be a string and options.fileHeader a function")
			continue
		}
		r.FileHeaders[f.Name] = &f
	}
	return errs.Err()
}

// hasTransformFunc reports whether t sets the function of its type, and
// only that one.
func hasTransformFunc(t *tokenbuild.Transform) bool {
	name, value, attrs := t.TransformName != nil, t.TransformValue != nil, t.TransformAttributes != nil
	switch t.Type {
	case tokenbuild.NameTransform:
		return name && !value && !attrs
	case tokenbuild.ValueTransform:
		return value && !name && !attrs
	case tokenbuild.AttributeTransform:
		return attrs && !name && !value
	}
	return false
}

func transformFuncField(k tokenbuild.TransformType) string {
	switch k {
	case tokenbuild.NameTransform:
		return "Name"
	case tokenbuild.ValueTransform:
		return "Value"
	}
	return "Attributes"
}

// suggest returns ` Did you mean "x"?` for the registered name closest
// to name (diag.Suggest), or "".
func suggest[V any](name string, m map[string]V) string { return diag.Suggest(name, m) }

// Setup is a platform with its hooks looked up.
type Setup struct {
	Transforms []*tokenbuild.Transform
	Formats    []*tokenbuild.Format // per file
	Actions    []*tokenbuild.Action
}

// Platform looks up every hook a platform names, reporting all
// unknown names at once, each with the closest registered name and its
// place in the config file.
func (r *Registry) Platform(p *tokenbuild.Platform, configFile string) (*Setup, error) {
	var errs tokenbuild.ErrorList
	at := "platforms." + p.Name
	bad := func(path, format string, args ...any) {
		errs = append(errs, &tokenbuild.Diagnostic{File: configFile, Path: path, Msg: fmt.Sprintf("platform %q: ", p.Name) + fmt.Sprintf(format, args...)})
	}
	s := &Setup{}
	var names []string
	if p.TransformGroup != "" {
		g, ok := r.TransformGroups[p.TransformGroup]
		if !ok {
			bad(at+".transformGroup", "unknown transformGroup %q.%s", p.TransformGroup, suggest(p.TransformGroup, r.TransformGroups))
		} else {
			names = append(names, g.Transforms...)
		}
	}
	group := len(names)
	names = append(names, p.Transforms...)
	for i, n := range names {
		t, ok := r.Transforms[n]
		if !ok {
			where := at + ".transformGroup"
			if i >= group {
				where = fmt.Sprintf("%s.transforms[%d]", at, i-group)
			}
			bad(where, "unknown transform %q.%s", n, suggest(n, r.Transforms))
			continue
		}
		s.Transforms = append(s.Transforms, t)
	}
	for i, f := range p.Files {
		file := fmt.Sprintf("%s.files[%d]", at, i)
		if f.Format == "" {
			bad(file, "no format for file %s", describeFile(&p.Files[i]))
			s.Formats = append(s.Formats, nil)
			continue
		}
		fm, ok := r.Formats[f.Format]
		if !ok {
			bad(file+".format", "unknown format %q.%s", f.Format, suggest(f.Format, r.Formats))
		}
		s.Formats = append(s.Formats, fm)
		if f.Filter != "" {
			if _, ok := r.Filters[f.Filter]; !ok {
				bad(file+".filter", "unknown filter %q.%s", f.Filter, suggest(f.Filter, r.Filters))
			}
		}
		for j, o := range []tokenbuild.Options{p.Options, f.Options} {
			if name, ok := o["fileHeader"].(string); ok {
				if _, ok := r.FileHeaders[name]; !ok {
					where := at + ".options.fileHeader"
					if j == 1 {
						where = file + ".options.fileHeader"
					}
					bad(where, "unknown fileHeader %q.%s", name, suggest(name, r.FileHeaders))
				}
			}
		}
	}
	for i, a := range p.Actions {
		act, ok := r.Actions[a]
		if !ok {
			bad(fmt.Sprintf("%s.actions[%d]", at, i), "unknown action %q.%s", a, suggest(a, r.Actions))
			continue
		}
		s.Actions = append(s.Actions, act)
	}
	return s, errs.Err()
}

func describeFile(f *tokenbuild.File) string {
	return fmt.Sprintf(`{"destination":%q}`, f.Destination)
}
