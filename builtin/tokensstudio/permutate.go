package tokensstudio

import (
	"fmt"
	"sort"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// PermutateThemes is permutateThemes(themes, { separator }): the Tokens
// Studio themes ($themes.json) as a map from theme name to the token sets
// it uses (sets marked "source" first, "disabled" ones left out). Themes
// in two or more groups are combined: one entry per combination of one
// theme of each group, named by the themes' names joined with separator,
// with the sets of all of them (each once).
func PermutateThemes(themes []any, separator string) (*tokenbuild.Object, error) {
	grouped := false
	for _, th := range themes {
		grouped = grouped || js.Truthy(prop(th, "group"))
	}
	if !grouped {
		return themesToSets(themes), nil
	}
	groups := tokenbuild.NewObject()
	for _, th := range themes {
		g := prop(th, "group")
		if !js.Truthy(g) {
			return nil, fmt.Errorf("Theme %s does not have a group property, which is required for multi-dimensional theming.", js.String(prop(th, "name")))
		}
		list, _ := groups.Value(js.String(g)).([]any)
		groups.Set(js.String(g), append(list, th))
	}
	if groups.Len() <= 1 {
		return themesToSets(themes), nil
	}
	// cartesian product, the first group varying slowest
	perms := [][]any{{}}
	groups.Range(func(_ string, v any) bool {
		var next [][]any
		for _, p := range perms {
			for _, th := range v.([]any) {
				next = append(next, append(p[:len(p):len(p)], th))
			}
		}
		perms = next
		return true
	})
	out := tokenbuild.NewObject()
	for _, p := range perms {
		name := ""
		var sets []any
		seen := map[string]bool{}
		for _, th := range p {
			if name != "" {
				name += separator
			}
			name += js.String(prop(th, "name"))
			for _, s := range filterTokenSets(prop(th, "selectedTokenSets")) {
				if !seen[s.(string)] {
					seen[s.(string)] = true
					sets = append(sets, s)
				}
			}
		}
		if sets == nil {
			sets = []any{}
		}
		out.Set(name, sets)
	}
	return out, nil
}

func themesToSets(themes []any) *tokenbuild.Object {
	out := tokenbuild.NewObject()
	for _, th := range themes {
		out.Set(js.String(prop(th, "name")), filterTokenSets(prop(th, "selectedTokenSets")))
	}
	return out
}

// filterTokenSets lists the sets that are not disabled, source sets
// before enabled ones.
func filterTokenSets(sets any) []any {
	type entry struct {
		name   string
		status any
	}
	var es []entry
	entries(sets, func(k string, v any) {
		if v != "disabled" {
			es = append(es, entry{k, v})
		}
	})
	sort.SliceStable(es, func(i, j int) bool { return es[i].status == "source" && es[j].status == "enabled" })
	out := make([]any, len(es))
	for i, e := range es {
		out[i] = e.name
	}
	return out
}
