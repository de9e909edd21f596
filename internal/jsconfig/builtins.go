package jsconfig

import (
	"github.com/dop251/goja"
	"github.com/tokengen/tokengen/builtin"
)

// installBuiltins gives the style-dictionary module the names of the
// built-in hooks (globalThis.__tokengenBuiltins), for
// StyleDictionary.hooks: scripts and configs read it to build on the
// built-ins (`[...StyleDictionary.hooks.transformGroups.css, 'mine']`,
// `Object.keys(StyleDictionary.hooks.formats)`). The hooks themselves stay
// Go; the module stands a marker in for each one and leaves the markers
// out of the hooks it hands back to Go. A format's marker runs the Go
// format (callBuiltinFormat), as custom formats call built-in ones.
func (e *engine) installBuiltins() {
	rt := e.rt
	h := builtin.Hooks()
	transforms := rt.NewObject()
	for _, t := range h.Transforms {
		_ = transforms.Set(t.Name, string(t.Type))
	}
	groups := rt.NewObject()
	for _, g := range h.TransformGroups {
		_ = groups.Set(g.Name, toAny(g.Transforms))
	}
	names := func(n int, name func(int) string) goja.Value {
		out := make([]any, n)
		for i := range n {
			out[i] = name(i)
		}
		return rt.NewArray(out...)
	}
	o := rt.NewObject()
	_ = o.Set("transforms", transforms)
	_ = o.Set("transformGroups", groups)
	_ = o.Set("formats", names(len(h.Formats), func(i int) string { return h.Formats[i].Name }))
	_ = o.Set("filters", names(len(h.Filters), func(i int) string { return h.Filters[i].Name }))
	_ = o.Set("actions", names(len(h.Actions), func(i int) string { return h.Actions[i].Name }))
	_ = o.Set("fileHeaders", names(len(h.FileHeaders), func(i int) string { return h.FileHeaders[i].Name }))
	_ = o.Set("preprocessors", names(len(h.Preprocessors), func(i int) string { return h.Preprocessors[i].Name }))
	_ = o.Set("parsers", names(len(h.Parsers), func(i int) string { return h.Parsers[i].Name }))
	_ = o.Set("callFormat", e.callBuiltinFormat)
	_ = rt.Set("__tokengenBuiltins", o)
}
