// Package buildplan is a build laid out as data before it runs: nodes
// for a permutation's tokens, a platform's transformed tokens, a file's
// text and an action, each keyed by what its result depends on, with
// edges for what one takes from another. The engine (internal/pipeline)
// makes a plan from a loaded config and runs it; `tokengen build
// --dry-run` prints it.
package buildplan

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"
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

// Node is one piece of work of a build.
type Node struct {
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

	// For a tokens node: Perm is the permutation's position in the
	// engine's list of other permutations (-1 for the build's own),
	// InOrder its platforms in the build's order, and FileNodes its file
	// nodes by platform and file position.
	Perm      int
	InOrder   []string
	FileNodes map[string][]int
}

// Plan is a build laid out as nodes, in the order the build runs them.
type Plan struct {
	Nodes []Node
}

// Files lists the file nodes.
func (p *Plan) Files() []Node { return p.of(NodeFile) }

func (p *Plan) of(kind NodeKind) []Node {
	var out []Node
	for _, n := range p.Nodes {
		if n.Kind == kind {
			out = append(out, n)
		}
	}
	return out
}

// Permutation is one permutation of a plan as the build runs it: its
// tokens node and the platforms it formats, in the build's order.
type Permutation struct {
	Perm      int    // its position in the engine's other permutations; -1 for the build's own
	Label     string // its contexts, "" for the build's own
	Platforms []string
	FileNodes map[string][]int // its file nodes, by platform and file position
}

// Labels are the platforms as a build's log shows them: for another
// permutation than the build's own, followed by its contexts.
func (r Permutation) Labels() []string {
	out := slices.Clone(r.Platforms)
	if r.Label != "" {
		for i, n := range out {
			out[i] = n + " (" + r.Label + ")"
		}
	}
	return out
}

// Permutations lists the plan's permutations, the build's own first.
func (p *Plan) Permutations() []Permutation {
	var out []Permutation
	for _, n := range p.Nodes {
		switch n.Kind {
		case NodeTokens:
			r := Permutation{Perm: n.Perm, Platforms: n.InOrder, FileNodes: n.FileNodes}
			if !n.Own {
				r.Label = n.Permutation
			}
			out = append(out, r)
		}
	}
	return out
}

// Destination is a file's destination as a build reports it: joined
// to the platform's buildPath.
func Destination(buildPath, dest string) string {
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
