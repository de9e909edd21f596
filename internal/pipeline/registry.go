package pipeline

import (
	"fmt"
	"strings"

	"github.com/tokengen/tokengen/internal/model"
)

// registry holds an instance's hooks by name. Later registrations win, so
// a config's hooks override built-ins of the same name.
type registry struct {
	transforms      map[string]*model.Transform
	transformGroups map[string]*model.TransformGroup
	formats         map[string]*model.Format
	filters         map[string]*model.Filter
	actions         map[string]*model.Action
	preprocessors   map[string]*model.Preprocessor
	parsers         map[string]*model.Parser
	fileHeaders     map[string]*model.FileHeader

	builtinTransforms map[*model.Transform]bool // registered as built-ins and not overridden
}

func newRegistry() *registry {
	return &registry{
		transforms: map[string]*model.Transform{}, transformGroups: map[string]*model.TransformGroup{},
		formats: map[string]*model.Format{}, filters: map[string]*model.Filter{},
		actions: map[string]*model.Action{}, preprocessors: map[string]*model.Preprocessor{},
		parsers: map[string]*model.Parser{}, fileHeaders: map[string]*model.FileHeader{},
	}
}

func (r *registry) clone() *registry {
	c := newRegistry()
	copyMap(c.transforms, r.transforms)
	copyMap(c.transformGroups, r.transformGroups)
	copyMap(c.formats, r.formats)
	copyMap(c.filters, r.filters)
	copyMap(c.actions, r.actions)
	copyMap(c.preprocessors, r.preprocessors)
	copyMap(c.parsers, r.parsers)
	copyMap(c.fileHeaders, r.fileHeaders)
	c.builtinTransforms = r.builtinTransforms
	return c
}

func copyMap[V any](dst, src map[string]V) {
	for k, v := range src {
		dst[k] = v
	}
}

// addBuiltins registers the built-in hooks and remembers which transforms
// are built in (they are pure functions of the token and the platform's
// prefix and basePxFontSize).
func (r *registry) addBuiltins(h model.Hooks) error {
	if err := r.add(h); err != nil {
		return err
	}
	r.builtinTransforms = map[*model.Transform]bool{}
	for _, t := range r.transforms {
		r.builtinTransforms[t] = true
	}
	return nil
}

// add registers hooks, checking each as the reference's register methods do.
func (r *registry) add(h model.Hooks) error {
	var errs model.ErrorList
	bad := func(kind, msg string) { errs = append(errs, fmt.Errorf("cannot register %s: %s", kind, msg)) }
	for i := range h.Transforms {
		t := h.Transforms[i]
		switch {
		case t.Name == "":
			bad("transform", "name must be a string")
		case t.Type != model.NameTransform && t.Type != model.ValueTransform && t.Type != model.AttributeTransform:
			bad("transform", fmt.Sprintf("%s type is not one of: name, value, attribute", t.Type))
		case t.Transform == nil:
			bad("transform", t.Name+": transform must be a function")
		default:
			r.transforms[t.Name] = &t
		}
	}
	for i := range h.TransformGroups {
		g := h.TransformGroups[i]
		if g.Name == "" {
			bad("transform group", "name must be a string")
			continue
		}
		r.transformGroups[g.Name] = &g
	}
	for i := range h.Formats {
		f := h.Formats[i]
		if f.Name == "" || f.Format == nil {
			bad("format", "format.name must be a string and format.format a function")
			continue
		}
		r.formats[f.Name] = &f
	}
	for i := range h.Filters {
		f := h.Filters[i]
		if f.Name == "" || f.Filter == nil {
			bad("filter", "filter.name must be a string and filter.filter a function")
			continue
		}
		r.filters[f.Name] = &f
	}
	for i := range h.Actions {
		a := h.Actions[i]
		if a.Name == "" || a.Do == nil {
			bad("action", "name must be a string and do a function")
			continue
		}
		r.actions[a.Name] = &a
	}
	for i := range h.Preprocessors {
		p := h.Preprocessors[i]
		if p.Name == "" || p.Preprocess == nil {
			bad("preprocessor", "Preprocessor.name must be a string and Preprocessor.preprocessor a function")
			continue
		}
		r.preprocessors[p.Name] = &p
	}
	for i := range h.Parsers {
		p := h.Parsers[i]
		if p.Name == "" || p.Parse == nil || p.Pattern == nil {
			bad("parser", "parser.name must be a string, parser.pattern a regular expression and parser.parser a function")
			continue
		}
		r.parsers[p.Name] = &p
	}
	for i := range h.FileHeaders {
		f := h.FileHeaders[i]
		if f.Name == "" || f.FileHeader == nil {
			bad("file header", "options.name must be a string and options.fileHeader a function")
			continue
		}
		r.fileHeaders[f.Name] = &f
	}
	return errs.Err()
}

// suggest returns ` (did you mean "x"?)` for the registered name closest to name.
func suggest[V any](name string, m map[string]V) string {
	best, bestD := "", 1<<30
	for k := range m {
		d := editDistance(strings.ToLower(name), strings.ToLower(k))
		if d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
	}
	if best == "" || bestD > max(2, len(name)/3) {
		return ""
	}
	return fmt.Sprintf(" Did you mean %q?", best)
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// platformSetup is a platform with its hooks looked up.
type platformSetup struct {
	transforms []*model.Transform
	formats    []*model.Format // per file
	actions    []*model.Action
}

// resolvePlatform looks up every hook a platform names, reporting all
// unknown names at once with the closest registered name.
func (r *registry) resolvePlatform(p *model.Platform) (*platformSetup, error) {
	var errs model.ErrorList
	s := &platformSetup{}
	var names []string
	if p.TransformGroup != "" {
		g, ok := r.transformGroups[p.TransformGroup]
		if !ok {
			errs = append(errs, fmt.Errorf("\nUnknown transformGroup %q found in platform %q:\n%q does not match the name of a registered transformGroup.%s\n", p.TransformGroup, p.Name, p.TransformGroup, suggest(p.TransformGroup, r.transformGroups)))
		} else {
			names = append(names, g.Transforms...)
		}
	}
	names = append(names, p.Transforms...)
	var unknown []string
	for _, n := range names {
		t, ok := r.transforms[n]
		if !ok {
			unknown = append(unknown, n)
			continue
		}
		s.transforms = append(s.transforms, t)
	}
	if len(unknown) == 1 {
		errs = append(errs, fmt.Errorf("\nUnknown transform %q found in platform %q:\n%q does not match the name of a registered transform.%s\n", unknown[0], p.Name, unknown[0], suggest(unknown[0], r.transforms)))
	} else if len(unknown) > 1 {
		q := make([]string, len(unknown))
		hints := ""
		for i, u := range unknown {
			q[i] = fmt.Sprintf("%q", u)
			if h := suggest(u, r.transforms); h != "" {
				hints += fmt.Sprintf("\n%q:%s", u, h)
			}
		}
		errs = append(errs, fmt.Errorf("\nUnknown transforms %s found in platform %q:\nNone of %s match the name of a registered transform.%s\n", strings.Join(q, ", "), p.Name, strings.Join(q, ", "), hints))
	}
	for i, f := range p.Files {
		if f.Format == "" {
			errs = append(errs, fmt.Errorf("platform %q: Please supply a format for file: %s", p.Name, describeFile(&p.Files[i])))
			s.formats = append(s.formats, nil)
			continue
		}
		fm, ok := r.formats[f.Format]
		if !ok {
			errs = append(errs, fmt.Errorf("platform %q: Can't find format: %s.%s", p.Name, f.Format, suggest(f.Format, r.formats)))
		}
		s.formats = append(s.formats, fm)
		if f.Filter != "" {
			if _, ok := r.filters[f.Filter]; !ok {
				errs = append(errs, fmt.Errorf("platform %q: Can't find filter: %s.%s", p.Name, f.Filter, suggest(f.Filter, r.filters)))
			}
		}
		for _, o := range []model.Options{p.Options, f.Options} {
			if name, ok := o["fileHeader"].(string); ok {
				if _, ok := r.fileHeaders[name]; !ok {
					errs = append(errs, fmt.Errorf("platform %q: Can't find fileHeader: %s.%s", p.Name, name, suggest(name, r.fileHeaders)))
				}
			}
		}
	}
	for _, a := range p.Actions {
		act, ok := r.actions[a]
		if !ok {
			errs = append(errs, fmt.Errorf("platform %q: Can't find action: %s.%s", p.Name, a, suggest(a, r.actions)))
			continue
		}
		s.actions = append(s.actions, act)
	}
	return s, errs.Err()
}

func describeFile(f *model.File) string {
	return fmt.Sprintf(`{"destination":%q}`, f.Destination)
}
