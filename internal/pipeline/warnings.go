package pipeline

import (
	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/tokenbuild"
)

// reportHookWarnings reports the warnings hooks gave, each placed in its
// file: those with a Summary under it (the driver prints it once, with
// the number of warnings that share it), the others one by one. With
// log.warnings "error" they are the build's errors instead.
func (in *Instance) reportHookWarnings(log *diag.Logger, ws []diag.HookWarning) error {
	if len(ws) == 0 {
		return nil
	}
	var order []string
	groups := map[string][]*tokenbuild.Diagnostic{}
	for _, w := range ws {
		d := *w.At
		d.Kind, d.Near = w.Kind, w.Near
		if d.Kind == "" {
			d.Kind = tokenbuild.KindHook
		}
		d.Msg = w.Message
		if w.Summary == "" {
			d.Msg = w.Hook + ": " + w.Message
		}
		if _, ok := groups[w.Summary]; !ok {
			order = append(order, w.Summary)
		}
		groups[w.Summary] = append(groups[w.Summary], &d)
	}
	var failed tokenbuild.ErrorList
	for _, summary := range order {
		placed := in.place(groups[summary]).Flat()
		if log.Warnings == tokenbuild.WarningsError {
			failed = append(failed, placed...)
			continue
		}
		if summary == "" {
			log.Notice(placed) // each stands alone
			continue
		}
		for _, e := range placed {
			// a hook's summary may set apart warnings of different kinds
			d := e.(*tokenbuild.Diagnostic)
			log.Group(d.Kind, summary, tokenbuild.ErrorList{d})
		}
	}
	return failed.Err()
}

// resolveSorts replaces the names of registered sorts in a sort option (a
// name or a list of names and functions) by their functions; other values
// are left for the format to judge.
func resolveSorts(opt any, sorts map[string]*tokenbuild.Sort) any {
	switch v := opt.(type) {
	case string:
		if s, ok := sorts[v]; ok {
			return s.Sort
		}
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = resolveSorts(e, sorts)
		}
		return out
	}
	return opt
}
