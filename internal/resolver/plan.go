package resolver

import (
	"fmt"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/tokenbuild"
)

// One build of a resolver document without inputs makes every permutation
// its destinations name: "colors-{theme}.css" is one file per context of
// modifier theme, the other modifiers at their defaults (several
// placeholders: one file per combination). The permutation of the inputs
// (the defaults without any) builds the files without placeholders and
// those whose placeholders name its contexts; Plan lists every other
// permutation that some file needs, with a config that holds only those
// files.

// Plan is what the destinations of a config make of the document.
type Plan struct {
	// Config is the config of the permutation the inputs chose: its
	// destinations' placeholders replaced by its contexts (the config
	// given when no destination has any)
	Config *tokenbuild.Config
	// Permutations are the other permutations the destinations need, in
	// the order their first files come in the config.
	Permutations []Permutation
}

// Permutation is a permutation of the document's contexts that some
// destination needs beyond the chosen one, with the config of the files
// that need it.
type Permutation struct {
	Chosen    map[string]string // context by modifier, for every modifier
	Config    *tokenbuild.Config
	FileIndex map[string][]int // each file's position in the config, by platform
}

// placeholder is a {modifier} in a destination.
var placeholder = lazyregexp.New(`\{([^{}]*)\}`)

// Plan replaces the placeholders of cfg's destinations with the contexts
// chosen (in a copy of the config), and, when enumerate is set (no inputs
// were given), plans the other permutations the destinations need. A
// placeholder that names no modifier is a problem at its destination; so
// are destinations past the limit of files (plan is then nil).
func (r *Document) Plan(cfg *tokenbuild.Config, chosen map[string]string, enumerate bool) (plan *Plan, problems []*tokenbuild.Diagnostic) {
	order := r.Modifiers()
	key := func(c map[string]string) string {
		var b strings.Builder
		for _, m := range order {
			b.WriteString(m + "=" + c[m] + "\x00")
		}
		return b.String()
	}
	if enumerate {
		if problems = r.permutationsWithinLimit(cfg, order); len(problems) > 0 {
			return nil, problems
		}
	}
	own := key(chosen)
	var perms []Permutation
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
				problems = append(problems, r.host.PlaceConfig(&tokenbuild.Diagnostic{File: cfg.File, Path: fmt.Sprintf("platforms.%s.files[%d].destination", p.Name, fi), Kind: tokenbuild.KindConfig,
					Msg: fmt.Sprintf("platforms.%s.files[%d].destination: {%s} names no modifier of the resolver (its modifiers are %s)", p.Name, fi, name, diag.ListAnd(order))}))
			}
			if len(mods) == 0 || len(bad) > 0 {
				p.Files = append(p.Files, f)
				continue
			}
			changed = true
			combos := []map[string]string{chosen}
			if enumerate {
				combos = r.product(chosen, mods)
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
					perms = append(perms, Permutation{Chosen: c, Config: &pc, FileIndex: map[string][]int{}})
				}
				pc := perms[i].Config
				if n := len(pc.Platforms); n == 0 || pc.Platforms[n-1].Name != p.Name {
					q := *p
					q.Files, q.Actions = nil, nil // actions run once, with the chosen permutation's tokens
					pc.Platforms = append(pc.Platforms, q)
				}
				last := &pc.Platforms[len(pc.Platforms)-1]
				last.Files = append(last.Files, g)
				perms[i].FileIndex[p.Name] = append(perms[i].FileIndex[p.Name], fi)
			}
		}
	}
	plan = &Plan{Config: cfg, Permutations: perms}
	if changed {
		plan.Config = &mine
	}
	return plan, problems
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
func (r *Document) permutationsWithinLimit(cfg *tokenbuild.Config, order []string) (problems []*tokenbuild.Diagnostic) {
	limit := big.NewInt(maxPermutationFiles)
	if v := os.Getenv(MaxPermutationFilesEnv); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
			limit.SetInt64(n)
		}
	}
	total := new(big.Int)
	type made struct {
		at    string
		count *big.Int
		why   string
	}
	var each []made
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
				problems = append(problems, r.permutationError(cfg, at, fmt.Sprintf("%s: %q would write %s files, one per permutation of %s; a build writes at most %s (%s raises the limit)",
					at, f.Destination, grouped(count), strings.Join(why, " × "), grouped(limit), MaxPermutationFilesEnv)))
			}
		}
	}
	if len(problems) == 0 && total.Cmp(limit) > 0 {
		slices.SortStableFunc(each, func(a, b made) int { return b.count.Cmp(a.count) })
		var parts []string
		for i, m := range each {
			if i == 3 {
				parts = append(parts, fmt.Sprintf("and %d more", len(each)-3))
				break
			}
			parts = append(parts, fmt.Sprintf("%s %s (%s)", m.at, grouped(m.count), m.why))
		}
		problems = append(problems, r.permutationError(cfg, "", fmt.Sprintf("the destinations' placeholders would write %s files: %s; a build writes at most %s (%s raises the limit)",
			grouped(total), strings.Join(parts, ", "), grouped(limit), MaxPermutationFilesEnv)))
	}
	return problems
}

// permutationError is a problem of the destinations' permutations at the
// config key at ("" for the config as a whole).
func (r *Document) permutationError(cfg *tokenbuild.Config, at, msg string) *tokenbuild.Diagnostic {
	d := &tokenbuild.Diagnostic{File: cfg.File, Path: at, Kind: tokenbuild.KindConfig, Msg: msg}
	if at != "" {
		d = r.host.PlaceConfig(d)
	}
	return d
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
func (r *Document) product(base map[string]string, mods []string) []map[string]string {
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

// Label shows a permutation: "theme=dark, density=compact".
func (r *Document) Label(chosen map[string]string) string {
	var parts []string
	for _, it := range r.order {
		if it.mod != nil {
			parts = append(parts, it.mod.name+"="+chosen[it.mod.name])
		}
	}
	return strings.Join(parts, ", ")
}
