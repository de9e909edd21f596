package jsconfig

import (
	"strings"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/goja"
)

// TestEnumsNameBuiltins checks that every name style-dictionary/enums
// gives for a transform, transform group, format, action or sort is a
// built-in hook of tokengen, so that a config choosing one by its enum
// gets it.
func TestEnumsNameBuiltins(t *testing.T) {
	rt := goja.New()
	src := strings.ReplaceAll(enumsModule, "export const ", "var ")
	if _, err := rt.RunString(src); err != nil {
		t.Fatal(err)
	}
	h := builtin.Hooks()
	known := map[string]map[string]bool{"transforms": {}, "transformGroups": {}, "formats": {}, "actions": {}, "builtInSorts": {}}
	for _, x := range h.Transforms {
		known["transforms"][x.Name] = true
	}
	for _, x := range h.TransformGroups {
		known["transformGroups"][x.Name] = true
	}
	for _, x := range h.Formats {
		known["formats"][x.Name] = true
	}
	for _, x := range h.Actions {
		known["actions"][x.Name] = true
	}
	for _, x := range h.Sorts {
		known["builtInSorts"][x.Name] = true
	}
	for enum, names := range known {
		obj := rt.Get(enum).ToObject(rt)
		keys := obj.Keys()
		if len(keys) == 0 {
			t.Errorf("enum %s is empty", enum)
		}
		for _, k := range keys {
			if name := obj.Get(k).String(); !names[name] {
				t.Errorf("%s.%s is %q, which tokengen has no built-in %s of", enum, k, name, enum)
			}
		}
	}
}
