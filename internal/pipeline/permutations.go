package pipeline

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// One build of a resolver document without inputs makes every permutation
// its destinations name: "colors-{theme}.css" is one file per context of
// modifier theme, the other modifiers at their defaults (several
// placeholders: one file per combination). The instance itself is the
// permutation of the inputs (the defaults without any): it builds the
// files without placeholders and those whose placeholders name its
// contexts. Every other permutation that some file needs is an instance
// of its own over the same document (perms), whose config holds only
// those files; the build stages all their files together, and commits
// them only when every permutation succeeded.
//
// What is shared: the resolver document and every token file it names are
// read, parsed and checked once; each distinct permutation is merged and
// loaded once, however many files and platforms need it; the hooks are
// registered once. Each permutation transforms only the tokens it does
// not share with the instance (shareperms.go), and its files take the
// texts of the tokens it shares from the instance's (tokentexts.go).

// permutation is a permutation of the resolver's contexts that some
// destination needs beyond the instance's own, with the config of the
// files that need it.
type permutation struct {
	chosen    map[string]string // context by modifier, for every modifier
	cfg       *tokenbuild.Config
	fileIndex map[string][]int // each file's position in the config, by platform
}

// placeholder is a {modifier} in a destination.
var placeholder = lazyregexp.New(`\{([^{}]*)\}`)

// planPermutations replaces the placeholders of the destinations with the
// contexts chosen (in a copy of the config), and, when enumerate is set
// (no inputs were given), plans the other permutations the destinations
// need. It reports whether there are any; a placeholder that names no
// modifier is an error at its destination.
func (in *Instance) planPermutations(r *rdoc, chosen map[string]string, enumerate bool) bool {
	var order []string // modifier names in resolutionOrder
	for _, it := range r.order {
		if it.mod != nil {
			order = append(order, it.mod.name)
		}
	}
	hasContexts := in.checkContexts(r, order)
	cfg := in.cfg
	key := func(c map[string]string) string {
		var b strings.Builder
		for _, m := range order {
			b.WriteString(m + "=" + c[m] + "\x00")
		}
		return b.String()
	}
	if enumerate && !in.permutationsWithinLimit(r, order) {
		return false
	}
	own := key(chosen)
	var perms []permutation
	byKey := map[string]int{}
	mine := *cfg
	mine.Platforms = slices.Clone(cfg.Platforms)
	changed := false
	for pi := range mine.Platforms {
		p := &mine.Platforms[pi]
		files := p.Files
		p.Files = nil
		for fi, f := range files {
			mods, bad := placeholderMods(f.Destination, order)
			for _, name := range bad {
				d := &tokenbuild.Diagnostic{File: cfg.File, Path: fmt.Sprintf("platforms.%s.files[%d].destination", p.Name, fi), Kind: tokenbuild.KindConfig,
					Msg: fmt.Sprintf("platforms.%s.files[%d].destination: {%s} names no modifier of the resolver (its modifiers are %s)", p.Name, fi, name, listAnd(order))}
				if e, ok := in.placeAll(d).(*tokenbuild.Diagnostic); ok {
					d = e
				}
				r.errs = append(r.errs, d)
			}
			if len(mods) == 0 || len(bad) > 0 {
				p.Files = append(p.Files, f)
				continue
			}
			changed = true
			combos := []map[string]string{chosen}
			if enumerate {
				combos = product(r, chosen, mods)
			}
			for _, c := range combos {
				g := f
				g.Destination = substitute(f.Destination, c, order)
				k := key(c)
				if k == own {
					p.Files = append(p.Files, g)
					continue
				}
				i, ok := byKey[k]
				if !ok {
					i = len(perms)
					byKey[k] = i
					pc := *cfg
					pc.Platforms = nil
					perms = append(perms, permutation{chosen: c, cfg: &pc, fileIndex: map[string][]int{}})
				}
				pc := perms[i].cfg
				if n := len(pc.Platforms); n == 0 || pc.Platforms[n-1].Name != p.Name {
					q := *p
					q.Files, q.Actions = nil, nil // actions run once, with the instance's own tokens
					pc.Platforms = append(pc.Platforms, q)
				}
				last := &pc.Platforms[len(pc.Platforms)-1]
				last.Files = append(last.Files, g)
				perms[i].fileIndex[p.Name] = append(perms[i].fileIndex[p.Name], fi)
			}
		}
	}
	if changed {
		in.cfg = &mine
	}
	in.perms = perms
	return len(perms) > 0 || hasContexts
}

// MaxPermutationFilesEnv overrides maxPermutationFiles.
const MaxPermutationFilesEnv = "TOKENGEN_MAX_PERMUTATION_FILES"

// maxPermutationFiles is how many files the placeholders of a build's
// destinations may make together. Real design systems make tens to a few
// hundred (themes × brands × densities, each a handful to a few dozen);
// each permutation is merged and loaded, so a destination naming five
// modifiers of a hundred contexts each (10^10 files) would otherwise
// exhaust memory and time before anything is written.
const maxPermutationFiles = 10_000

// permutationsWithinLimit counts the files the destinations' placeholders
// make, before any is planned, and reports a destination, or the
// destinations together, past the limit, with the count and the
// modifiers that multiply it.
func (in *Instance) permutationsWithinLimit(r *rdoc, order []string) bool {
	limit := big.NewInt(maxPermutationFiles)
	if v := os.Getenv(MaxPermutationFilesEnv); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
			limit.SetInt64(n)
		}
	}
	cfg := in.cfg
	total := new(big.Int)
	type made struct {
		at    string
		count *big.Int
		why   string
	}
	var each []made
	ok := true
	for _, p := range cfg.Platforms {
		for fi, f := range p.Files {
			mods, bad := placeholderMods(f.Destination, order)
			if len(mods) == 0 || len(bad) > 0 {
				continue
			}
			count := big.NewInt(1)
			var why []string
			for _, m := range mods {
				n := len(r.mods[m].names)
				count.Mul(count, big.NewInt(int64(n)))
				why = append(why, fmt.Sprintf("%s (%d contexts)", m, n))
			}
			at := fmt.Sprintf("platforms.%s.files[%d].destination", p.Name, fi)
			each = append(each, made{at, count, strings.Join(why, " × ")})
			total.Add(total, count)
			if count.Cmp(limit) > 0 {
				ok = false
				in.permutationError(r, at, fmt.Sprintf("%s: %q would write %s files, one per permutation of %s; a build writes at most %s (%s raises the limit)",
					at, f.Destination, grouped(count), strings.Join(why, " × "), grouped(limit), MaxPermutationFilesEnv))
			}
		}
	}
	if ok && total.Cmp(limit) > 0 {
		ok = false
		slices.SortStableFunc(each, func(a, b made) int { return b.count.Cmp(a.count) })
		var parts []string
		for i, m := range each {
			if i == 3 {
				parts = append(parts, fmt.Sprintf("and %d more", len(each)-3))
				break
			}
			parts = append(parts, fmt.Sprintf("%s %s (%s)", m.at, grouped(m.count), m.why))
		}
		in.permutationError(r, "", fmt.Sprintf("the destinations' placeholders would write %s files: %s; a build writes at most %s (%s raises the limit)",
			grouped(total), strings.Join(parts, ", "), grouped(limit), MaxPermutationFilesEnv))
	}
	return ok
}

// permutationError reports a problem of the destinations' permutations at
// the config key at ("" for the config as a whole).
func (in *Instance) permutationError(r *rdoc, at, msg string) {
	d := &tokenbuild.Diagnostic{File: in.cfg.File, Path: at, Kind: tokenbuild.KindConfig, Msg: msg}
	if at != "" {
		if e, ok := in.placeAll(d).(*tokenbuild.Diagnostic); ok {
			d = e
		}
	}
	r.errs = append(r.errs, d)
}

// grouped writes n with its digits in groups of three: 1,000,000.
func grouped(n *big.Int) string {
	s := n.String()
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// placeholderMods returns the modifiers a destination's placeholders name
// (in resolutionOrder), and the placeholders that name none.
func placeholderMods(dest string, order []string) (mods, bad []string) {
	for _, m := range placeholder.FindAllStringSubmatch(dest, -1) {
		if !slices.Contains(order, m[1]) {
			bad = append(bad, m[1])
		}
	}
	for _, name := range order {
		if strings.Contains(dest, "{"+name+"}") {
			mods = append(mods, name)
		}
	}
	return mods, bad
}

// substitute puts the contexts chosen in place of a destination's placeholders.
func substitute(dest string, chosen map[string]string, order []string) string {
	for _, m := range order {
		dest = strings.ReplaceAll(dest, "{"+m+"}", chosen[m])
	}
	return dest
}

// product lists the permutations that give every combination of the
// contexts of mods, the other modifiers as in base, in the order of the
// modifiers' contexts (the first modifier varying slowest).
func product(r *rdoc, base map[string]string, mods []string) []map[string]string {
	out := []map[string]string{base}
	for _, m := range mods {
		var next []map[string]string
		for _, c := range out {
			for _, ctx := range r.mods[m].names {
				n := make(map[string]string, len(c))
				for k, v := range c {
					n[k] = v
				}
				n[m] = ctx
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}

// permInstance loads the permutation at position k of in.perms: an
// instance over its merged tokens, with in's hooks and settings, whose
// messages go to log.
func (in *Instance) permInstance(ctx context.Context, k int, log *logger) (*Instance, error) {
	p := in.perms[k]
	tree, treesAt := in.resolver.merge(p.chosen, true)
	// the files the parent found $ref or $extends in (structure.go) hold
	// them for every permutation: the documents were read once, by it
	in.structMu.Lock()
	structFiles := slices.Clone(in.structFiles)
	in.structMu.Unlock()
	c := &Instance{loaded: &loaded{cfg: p.cfg, permTree: tree, treesAt: treesAt, inputs: in.inputs, fileIndex: p.fileIndex, structFiles: structFiles, permBase: &permBase{base: in},
		resolver: in.resolver, chosen: p.chosen}, // its multi-context files need both (contexts.go)
		settings: in.settings, hooks: in.reg(), log: log, cache: map[string]*platformResult{}}
	if err := c.load(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// permNames is the names among names of the platforms c has.
func permNames(c *Instance, names []string) []string {
	var out []string
	for _, n := range names {
		if _, ok := c.cfg.Platform(n); ok {
			out = append(out, n)
		}
	}
	return out
}

// permLabel shows a permutation: "theme=dark, density=compact".
func permLabel(r *rdoc, chosen map[string]string) string {
	var parts []string
	for _, it := range r.order {
		if it.mod != nil {
			parts = append(parts, it.mod.name+"="+chosen[it.mod.name])
		}
	}
	return strings.Join(parts, ", ")
}

// permBuild is the formatted platforms of one of the other permutations.
type permBuild struct {
	names, labels []string
	builds        []platformBuild
}

// buildPerms formats and stages the files of the other permutations, while
// the instance builds its own: it returns the function that waits for
// them, which returns the first error (a permutation that fails to load)
// or the builds, whose errors are their platforms'. Permutations go one
// after another: each formats its platforms on every core, and running
// alongside the instance's own build is enough to keep the cores busy
// while one of them loads or writes.
func (in *Instance) buildPerms(ctx context.Context, names []string, position map[string]int, st *stage, log *logger) func() ([]permBuild, error) {
	if len(in.perms) == 0 {
		return func() ([]permBuild, error) { return nil, nil }
	}
	var out []permBuild
	var err error
	done := make(chan struct{})
	// labelled, so that a profile of the build (TOKENGEN_CPUPROFILE) tells
	// the permutations' work from the instance's: go tool pprof
	// -tagfocus=part=permutations
	go pprof.Do(ctx, pprof.Labels("part", "permutations"), func(ctx context.Context) {
		defer close(done)
		// The next permutation loads while this one formats: loading
		// merges on one core, which formatting alone would leave idle.
		// Loads still go one after another, so their messages keep
		// their order.
		type loadedPerm struct {
			c   *Instance
			err error
		}
		load := func(k int) <-chan loadedPerm {
			ch := make(chan loadedPerm, 1)
			go func() {
				c, err := in.permInstance(ctx, k, log)
				ch <- loadedPerm{c, err}
			}()
			return ch
		}
		next := load(0)
		defer func() {
			if next != nil {
				<-next // nothing goes on behind the caller's back
			}
		}()
		// Two permutations format at once: the platforms of one end one
		// after another, and the next one's fill the cores they leave.
		builds := make([]permBuild, len(in.perms))
		formatting := make(chan struct{}, 2)
		var wg sync.WaitGroup
		defer func() {
			wg.Wait()
			for _, b := range builds {
				if b.builds == nil {
					break
				}
				out = append(out, b)
				for _, pb := range b.builds {
					if pb.err != nil {
						return // its errors are enough; the others would repeat them
					}
				}
			}
		}()
		for k := range in.perms {
			l := <-next
			next = nil
			if l.err != nil {
				err = l.err
				return
			}
			if ctx.Err() != nil {
				err = ctx.Err()
				return
			}
			c := l.c
			formatting <- struct{}{}
			if k+1 < len(in.perms) {
				next = load(k + 1)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-formatting }()
				pn := permNames(c, names)
				offset := (k + 1) * len(names)
				pb := c.formatPlatforms(ctx, pn, st, func(name string, b *platformBuild) {
					c.stageOutputs(st, offset+position[name], name, b)
					b.outputs = nil // staged: the text can be freed
					c.forget(name)  // and so can the tokens: a permutation has no actions
					if b.result != nil {
						b.result = &platformResult{platform: b.result.platform, setup: b.result.setup}
					}
				})
				labels := make([]string, len(pn))
				for i, n := range pn {
					labels[i] = n + " (" + permLabel(in.resolver, in.perms[k].chosen) + ")"
				}
				builds[k] = permBuild{pn, labels, pb}
			}()
		}
	})
	return func() ([]permBuild, error) {
		<-done
		return out, err
	}
}
