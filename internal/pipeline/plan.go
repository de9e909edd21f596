package pipeline

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/registry"
	"github.com/tokengen/tokengen/tokenbuild"
)

// A build as a plan: before anything is transformed or written, the build
// is laid out as nodes, each the result of one piece of work, keyed by
// what that result depends on. Work whose inputs are equal has one key and
// is one node, done once: two platforms with the same pure transforms and
// prefix share one transformed token set; a permutation of a resolver
// document takes the tokens it does not change from the build's own
// permutation (its From edge), and so do its files' texts. Build runs
// the plan's permutations and platforms in its order; `tokengen build
// --dry-run` prints it (Plan.Print) and writes nothing.

// NodeKind is what a plan node makes.
type NodeKind string

const (
	// NodeTokens is one permutation's merged and loaded tokens.
	NodeTokens NodeKind = "tokens"
	// NodeTransform is a platform's tokens after its transforms, shared by
	// the platforms of one permutation whose transform signature (pure
	// transforms, prefix, basePxFontSize) is equal.
	NodeTransform NodeKind = "transform"
	// NodeFile is the text of one file a platform writes.
	NodeFile NodeKind = "file"
	// NodeAction is an action a platform runs (with the build's own tokens).
	NodeAction NodeKind = "action"
)

// PlanNode is one piece of work of a build.
type PlanNode struct {
	Kind NodeKind
	// Key is what the result depends on: nodes of equal keys are one.
	Key string
	// Permutation is the resolver contexts the node works in
	// ("theme=dark, density=compact"); "" without a resolver document.
	Permutation string
	// Own is set for the permutation the build itself loads (the inputs,
	// or the modifiers' defaults); the others are planned for the
	// destinations whose placeholders name other contexts.
	Own bool
	// Platforms are the platforms the node serves: one, but for a
	// transform node that several share.
	Platforms []string
	// Name is the file's destination as the build reports it (buildPath
	// joined with the destination) or the action's name; Format is the
	// file's format.
	Name, Format string
	// Deps are the nodes whose results this one takes (indexes in
	// Plan.Nodes): a transform its tokens, a file its transformed tokens.
	Deps []int
	// From, when not -1, is the node of the build's own permutation this
	// one takes unchanged work from: a permutation's tokens take the
	// tokens it does not change, a file the texts of those tokens.
	From int

	perm      int              // a tokens node's permutation: its position in Instance.perms, -1 for the build's own
	platforms []string         // a tokens node's platforms, in the build's order
	files     map[string][]int // a tokens node's file nodes, by platform and file position
}

// Plan is a build laid out as nodes, in the order the build runs them.
type Plan struct {
	Nodes []PlanNode
}

// Files lists the file nodes.
func (p *Plan) Files() []PlanNode { return p.of(NodeFile) }

func (p *Plan) of(kind NodeKind) []PlanNode {
	var out []PlanNode
	for _, n := range p.Nodes {
		if n.Kind == kind {
			out = append(out, n)
		}
	}
	return out
}

// planner adds nodes to a plan, one per key.
type planner struct {
	in     *Instance
	plan   *Plan
	byKey  map[string]int
	strict bool
}

// add returns the node of n's key, adding n when it is new; a node found
// again by its key serves one platform more.
func (pl *planner) add(n PlanNode) int {
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
func (in *Instance) Plan(names []string) (*Plan, error) {
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
	return &planner{in: in, plan: &Plan{}, byKey: map[string]int{}, strict: strict}
}

// build lays out the build of the named platforms (Plan).
func (pl *planner) build(names []string) (*Plan, error) {
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
		pl.plan.Nodes[perm.tokens].perm = k
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
	out.tokens = pl.add(PlanNode{Kind: NodeTokens, Key: at + "tokens", Permutation: label, Own: own, From: from, perm: -1, files: out.files})
	for _, name := range names {
		p, ok := cfg.Platform(name)
		if !ok && !own {
			continue // a permutation holds only the platforms with its files
		}
		pl.plan.Nodes[out.tokens].platforms = append(pl.plan.Nodes[out.tokens].platforms, name)
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
		tr := pl.add(PlanNode{Kind: NodeTransform, Key: key, Permutation: label, Own: own, Platforms: []string{name}, Deps: []int{out.tokens}, From: fromTransform})
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
			n := PlanNode{Kind: NodeFile, Key: fmt.Sprintf("%splatform %s\x00file %d", at, name, fi), Permutation: label, Own: own,
				Platforms: []string{name}, Name: shownDestination(p.BuildPath, f.Destination), Format: format, Deps: []int{tr}, From: fromFile}
			out.files[name] = append(out.files[name], pl.add(n))
		}
		if !own {
			continue // actions run once, with the build's own tokens
		}
		for ai, a := range setup.Actions {
			pl.add(PlanNode{Kind: NodeAction, Key: fmt.Sprintf("%splatform %s\x00action %d", at, name, ai), Permutation: label, Own: own,
				Platforms: []string{name}, Name: a.Name, Deps: []int{tr}, From: -1})
		}
	}
	return out, nil
}

// permRun is one permutation of a plan as the build runs it: its tokens
// node and the platforms it formats, in the build's order.
type permRun struct {
	perm      int    // its position in Instance.perms; -1 for the build's own
	label     string // its contexts, "" for the build's own
	platforms []string
	files     map[string][]int // its file nodes, by platform and file position
}

// labels are the platforms as a build's log shows them: for another
// permutation than the build's own, followed by its contexts.
func (r permRun) labels() []string {
	out := slices.Clone(r.platforms)
	if r.label != "" {
		for i, n := range out {
			out[i] = n + " (" + r.label + ")"
		}
	}
	return out
}

// runs lists the plan's permutations, the build's own first.
func (p *Plan) runs() []permRun {
	var out []permRun
	for _, n := range p.Nodes {
		switch n.Kind {
		case NodeTokens:
			r := permRun{perm: n.perm, platforms: n.platforms, files: n.files}
			if !n.Own {
				r.label = n.Permutation
			}
			out = append(out, r)
		}
	}
	return out
}

// shownDestination is a file's destination as a build reports it: joined
// to the platform's buildPath.
func shownDestination(buildPath, dest string) string {
	if buildPath != "" && dest != "" {
		return path.Join(filepath.ToSlash(buildPath), filepath.ToSlash(dest))
	}
	return dest
}

// Print writes the plan for a person: every file that would be written,
// under its permutation and platform, what is shared, and a last line of
// counts. Nothing in it depends on the machine or the time.
func (p *Plan) Print(w io.Writer) {
	var b strings.Builder
	files, perms, shared := 0, 0, 0
	for _, n := range p.Nodes {
		switch n.Kind {
		case NodeTokens:
			perms++
			switch {
			case n.Permutation == "":
				b.WriteString("tokens\n")
			case n.Own:
				fmt.Fprintf(&b, "permutation %s (the build's own)\n", n.Permutation)
			default:
				fmt.Fprintf(&b, "permutation %s, taking the tokens it does not change from %s\n", n.Permutation, p.Nodes[n.From].Permutation)
			}
		case NodeTransform:
			if len(n.Platforms) > 1 {
				shared++
				fmt.Fprintf(&b, "  platforms %s: tokens transformed once, shared\n", strings.Join(n.Platforms, ", "))
			}
		case NodeFile:
			files++
			fmt.Fprintf(&b, "  %s: %s (%s)", n.Platforms[0], n.Name, n.Format)
			if n.From >= 0 {
				b.WriteString(", reusing the texts of unchanged tokens")
			}
			b.WriteString("\n")
		case NodeAction:
			fmt.Fprintf(&b, "  %s: action %s\n", n.Platforms[0], n.Name)
		}
	}
	if files == 1 {
		b.WriteString("1 file")
	} else {
		fmt.Fprintf(&b, "%d files", files)
	}
	if perms > 1 {
		fmt.Fprintf(&b, " in %d permutations", perms)
	}
	if shared > 0 {
		fmt.Fprintf(&b, ", %d transformed token sets shared between platforms", shared)
	}
	b.WriteString("; dry run: nothing was written\n")
	io.WriteString(w, b.String())
}

// planRun is one run of a plan: what its file nodes hand to the nodes
// that take from them (a From edge). The own permutation's shaped file
// keeps its text and where each token's text is in it (texts), and
// closes done once it has run, made or failed; a permutation's file
// waits for the node it takes from, not for the whole platform.
type planRun struct {
	plan  *Plan
	texts []textSlot      // by node: a file's kept texts
	done  []chan struct{} // by node: closed once the file node has run
	once  []sync.Once
	taken []bool // by node: another node takes from it
}

func newPlanRun(p *Plan) *planRun {
	r := &planRun{plan: p, texts: make([]textSlot, len(p.Nodes)), done: make([]chan struct{}, len(p.Nodes)),
		once: make([]sync.Once, len(p.Nodes)), taken: make([]bool, len(p.Nodes))}
	for i, n := range p.Nodes {
		if n.Kind == NodeFile {
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
func (r *planRun) part(run permRun) *runPart {
	if r == nil {
		return nil // outside a plan's run: no file takes from another
	}
	return &runPart{run: r, files: run.files}
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
