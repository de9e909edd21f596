package pipeline

import (
	"context"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/buildplan"
)

// TestPlanSharingIsTheEngines checks that a plan says what the engine
// does: the platforms of one transform node share one transformed token
// set when they run, and those of different nodes do not. css and scss
// have the same pure transforms; less adds its own prefix; js and
// android transform differently; a platform with a preprocessor cannot
// share at all.
func TestPlanSharingIsTheEngines(t *testing.T) {
	in := mustInstance(t, `{"tokens": {"color": {"a": {"value": "#ff0000", "type": "color"}}, "size": {"s": {"value": 2, "type": "dimension"}}},
	  "platforms": {
	    "css": {"transformGroup": "css", "files": [{"destination": "a.css", "format": "css/variables"}]},
	    "scss": {"transformGroup": "css", "files": [{"destination": "a.scss", "format": "scss/variables"}]},
	    "less": {"transformGroup": "css", "prefix": "x", "files": [{"destination": "a.less", "format": "less/variables"}]},
	    "js": {"transformGroup": "js", "files": [{"destination": "a.js", "format": "javascript/es6"}]},
	    "android": {"transformGroup": "android", "files": [{"destination": "a.xml", "format": "android/resources"}]},
	    "pre": {"transformGroup": "css", "preprocessors": ["tokens-studio"], "files": [{"destination": "b.css", "format": "css/variables"}]}}}`,
		Settings{Hooks: builtin.Hooks()})
	plan, err := in.Plan(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	byNode := map[int]*transformOutcome{}
	nodes := 0
	for i, n := range plan.Nodes {
		if n.Kind != buildplan.NodeTransform {
			continue
		}
		nodes++
		for _, name := range n.Platforms {
			r, err := in.platformTokens(ctx, name, false)
			if err != nil {
				t.Fatal(err)
			}
			if o, ok := byNode[i]; ok && o != r.outcome {
				t.Errorf("%s: planned to share node %d with %v, but transformed on its own", name, i, n.Platforms)
			}
			byNode[i] = r.outcome
			for j, o := range byNode {
				if j != i && o == r.outcome {
					t.Errorf("%s: shares a result with node %d, which the plan keeps apart", name, j)
				}
			}
		}
	}
	if nodes != 5 {
		t.Errorf("%d transform nodes, want 5 (css and scss as one)", nodes)
	}
}
