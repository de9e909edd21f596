package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/buildplan"
	"github.com/tokengen/tokengen/internal/registry"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The engine lays a build out as a plan (internal/buildplan) before it
// runs it: the planner makes the nodes from the loaded config and the
// registered hooks, and a plan run (planRun) hands what one node makes to
// the nodes that take from it.

// planner adds nodes to a plan, one per key.
type planner struct {
	in     *Instance
	plan   *buildplan.Plan
	byKey  map[string]int
	strict bool
}

// add returns the node of n's key, adding n when it is new; a node found
// again by its key serves one platform more.
func (pl *planner) add(n buildplan.Node) int {
	if i, ok := pl.byKey[n.Key]; ok {
		have := &pl.plan.Nodes[i]
		for _, p := range n.Platforms {
			if !slices.Contains(have.Platforms, p) {
				have.Platforms = append(have.Platforms, p)
			}
		}
		return i
	}
	i := len(pl.plan.Nodes)
	pl.byKey[n.Key] = i
	pl.plan.Nodes = append(pl.plan.Nodes, n)
	return i
}

// Plan lays out the build of the named platforms (all when names is
// empty): the build's own permutation first, then the other permutations
// its destinations need, as Build runs them. Unknown hooks are the errors
// a build reports.
func (in *Instance) Plan(names []string) (*buildplan.Plan, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	for _, n := range names {
		if _, err := in.platform(n); err != nil {
			return nil, err
		}
	}
	return newPlanner(in, true).build(names)
}

// newPlanner plans builds of in; when strict is not set, a platform whose
// hooks cannot be found is planned all the same (unshared, under its
// configured format names), for its run to report the problem among the
// others' (Build).
func newPlanner(in *Instance, strict bool) *planner {
	return &planner{in: in, plan: &buildplan.Plan{}, byKey: map[string]int{}, strict: strict}
}

// build lays out the build of the named platforms (Plan).
func (pl *planner) build(names []string) (*buildplan.Plan, error) {
	in := pl.in
	own := ""
	if in.resolver != nil {
		own = in.resolver.Label(in.chosen)
	}
	base, err := pl.permutation(in.cfg, names, own, true, nil, nil)
	if err != nil {
		return nil, err
	}
	for k, p := range in.perms {
		label := in.resolver.Label(p.Chosen)
		perm, err := pl.permutation(p.Config, names, label, false, &base, func(platform string, fi int) int {
			return base.files[platform][p.FileIndex[platform][fi]]
		})
		if err != nil {
			return nil, err
		}
		pl.plan.Nodes[perm.tokens].Perm = k
	}
	return pl.plan, nil
}

// plannedPermutation is where a permutation's nodes are: its tokens, and
// its files by platform and position in the platform's config.
type plannedPermutation struct {
	tokens     int
	transforms map[string]int // by key within the permutation
	files      map[string][]int
}

// permutation adds the nodes of one permutation whose config is cfg.
// base, for another permutation, is the own permutation's nodes (its
// tokens and transforms lend the unchanged ones), and baseFile finds the
// own permutation's node of a file.
func (pl *planner) permutation(cfg *tokenbuild.Config, names []string, label string, own bool, base *plannedPermutation, baseFile func(platform string, fi int) int) (plannedPermutation, error) {
	in := pl.in
	from := -1
	if base != nil {
		from = base.tokens
	}
	at := "permutation " + label + "\x00"
	out := plannedPermutation{transforms: map[string]int{}, files: map[string][]int{}}
	var baseTransform func(key string) int
	if base != nil {
		baseTransform = func(key string) int {
			if i, ok := base.transforms[key]; ok {
				return i
			}
			return -1
		}
	}
	out.tokens = pl.add(buildplan.Node{Kind: buildplan.NodeTokens, Key: at + "tokens", Permutation: label, Own: own, From: from, Perm: -1, FileNodes: out.files})
	for _, name := range names {
		p, ok := cfg.Platform(name)
		if !ok && !own {
			continue // a permutation holds only the platforms with its files
		}
		pl.plan.Nodes[out.tokens].InOrder = append(pl.plan.Nodes[out.tokens].InOrder, name)
		if !ok {
			continue // an unknown platform: its run reports it
		}
		setup, err := in.reg().Platform(p, in.cfg.File)
		if err != nil && pl.strict {
			return out, err
		}
		key := at + "platform " + name
		if err != nil {
			setup = &registry.Setup{} // its run reports why
		} else {
			// the key the engine shares the result by (transformed)
			skip := !in.keepAttributes && attributesUnread(in.cfg, p, setup)
			k, _ := transformKey(p, setup, skip)
			key = at + k
		}
		fromTransform := -1
		if baseTransform != nil {
			fromTransform = baseTransform(strings.TrimPrefix(key, at))
		}
		tr := pl.add(buildplan.Node{Kind: buildplan.NodeTransform, Key: key, Permutation: label, Own: own, Platforms: []string{name}, Deps: []int{out.tokens}, From: fromTransform})
		out.transforms[strings.TrimPrefix(key, at)] = tr
		for fi, f := range p.Files {
			format := f.Format
			if fi < len(setup.Formats) && setup.Formats[fi] != nil && format == "" {
				format = setup.Formats[fi].Name
			}
			fromFile := -1
			shaped := fi < len(setup.Formats) && setup.Formats[fi] != nil && setup.Formats[fi].Shape != nil
			filtered := f.Filter != "" || f.FilterFunc != nil || f.FilterMatch != nil
			if baseFile != nil && shaped && !filtered && len(f.Contexts) == 0 {
				// a format that declares its file's shape: the engine
				// reuses the own permutation's texts of unchanged tokens
				fromFile = baseFile(name, fi)
			}
			n := buildplan.Node{Kind: buildplan.NodeFile, Key: fmt.Sprintf("%splatform %s\x00file %d", at, name, fi), Permutation: label, Own: own,
				Platforms: []string{name}, Name: buildplan.Destination(p.BuildPath, f.Destination), Format: format, Deps: []int{tr}, From: fromFile}
			out.files[name] = append(out.files[name], pl.add(n))
		}
		if !own {
			continue // actions run once, with the build's own tokens
		}
		for ai, a := range setup.Actions {
			pl.add(buildplan.Node{Kind: buildplan.NodeAction, Key: fmt.Sprintf("%splatform %s\x00action %d", at, name, ai), Permutation: label, Own: own,
				Platforms: []string{name}, Name: a.Name, Deps: []int{tr}, From: -1})
		}
	}
	return out, nil
}

// planRun is one run of a plan: what its file nodes hand to the nodes
// that take from them (a From edge). The own permutation's shaped file
// keeps its text and where each token's text is in it (texts), and
// closes done once it has run, made or failed; a permutation's file
// waits for the node it takes from, not for the whole platform.
type planRun struct {
	plan  *buildplan.Plan
	texts []textSlot      // by node: a file's kept texts
	done  []chan struct{} // by node: closed once the file node has run
	once  []sync.Once
	taken []bool // by node: another node takes from it
}

func newPlanRun(p *buildplan.Plan) *planRun {
	r := &planRun{plan: p, texts: make([]textSlot, len(p.Nodes)), done: make([]chan struct{}, len(p.Nodes)),
		once: make([]sync.Once, len(p.Nodes)), taken: make([]bool, len(p.Nodes))}
	for i, n := range p.Nodes {
		if n.Kind == buildplan.NodeFile {
			r.done[i] = make(chan struct{})
			if n.From >= 0 {
				r.taken[n.From] = true
			}
		}
	}
	return r
}

// finish marks a file node as run: the nodes taking from it go on.
func (r *planRun) finish(node int) {
	r.once[node].Do(func() { close(r.done[node]) })
}

// runPart is an instance's part in a plan run: the run, and its
// permutation's file nodes there, by platform and file position.
type runPart struct {
	run   *planRun
	files map[string][]int
}

// part is a permutation's part in the run, which its instance's
// formatting is handed (one per call: an instance may build concurrently).
func (r *planRun) part(run buildplan.Permutation) *runPart {
	if r == nil {
		return nil // outside a plan's run: no file takes from another
	}
	return &runPart{run: r, files: run.FileNodes}
}

// fileNode is the plan node of the file at position fi of platform name,
// or -1 outside a plan's run.
func (p *runPart) fileNode(name string, fi int) int {
	if p == nil || fi >= len(p.files[name]) {
		return -1
	}
	return p.files[name][fi]
}

// finishFiles marks every file node of platform name as run, whatever
// became of them (a platform that failed before its files).
func (p *runPart) finishFiles(name string) {
	if p == nil {
		return
	}
	for _, node := range p.files[name] {
		p.run.finish(node)
	}
}
