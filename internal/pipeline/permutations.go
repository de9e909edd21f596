package pipeline

import (
	"context"
	"runtime/pprof"
	"slices"
	"sync"

	"github.com/tokengen/tokengen/internal/buildplan"
	"github.com/tokengen/tokengen/internal/diag"

	"github.com/tokengen/tokengen/internal/resolver"
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

// resolverTokens reads the config's resolver document (internal/resolver)
// and returns the merged token tree of the permutation that inputs
// choose; it keeps the document, the permutation and the other
// permutations the destinations need on the instance.
func (in *Instance) resolverTokens(inputs map[string]string) (*tokenbuild.Object, error) {
	cfg := in.cfg
	r, errs, err := resolver.Read(resolver.Source{Config: cfg.File, Dir: cfg.Dir, Path: cfg.Resolver, Host: resolverHost{in}})
	if err != nil {
		return nil, err
	}
	for _, f := range r.Inputs() {
		in.noteInput(f)
	}
	for _, f := range r.StructureFiles() {
		in.noteStructure(f)
	}
	chosen, problems := r.Choose(inputs)
	errs = append(errs, problems...)
	multi := false
	if len(errs) == 0 {
		hasContexts, problems := in.checkContexts(r)
		errs = append(errs, problems...)
		plan, problems := r.Plan(in.cfg, chosen, len(inputs) == 0)
		errs = append(errs, problems...)
		if plan != nil {
			in.cfg, in.perms = plan.Config, plan.Permutations
			multi = len(in.perms) > 0 || hasContexts
		}
	}
	if len(errs) > 0 {
		list := make(tokenbuild.ErrorList, len(errs))
		for i, e := range errs {
			list[i] = e
		}
		return nil, list.Err()
	}
	in.resolver, in.chosen = r, chosen
	in.hintResolverSize(r)
	// With several permutations, each merge copies the tokens loading
	// writes into ($type inheritance), which must not show in another
	// permutation, loaded while this one is built.
	tree, treesAt := in.mergePermutation(chosen, multi)
	in.treesAt = treesAt
	return tree, nil
}

// mergePermutation merges the tokens of the permutation chosen of the
// instance's resolver document (copyTokens: see resolver.Copying).
func (in *loaded) mergePermutation(chosen map[string]string, copyTokens bool) (*tokenbuild.Object, resolver.TreesAt) {
	cfg := in.cfg
	return in.resolver.Merge(chosen, resolver.Copying{Tokens: copyTokens, All: len(cfg.Preprocessors) > 0 || cfg.Expand != nil})
}

// hintResolverSize tells the command's collector policy how much the
// build reads, as loadTokenFiles does for the token files a config names:
// the document and its token files, once for each permutation built. (The
// 50k bench set with 8 themes, 6.6 MB, peaks at 446 MB with no collection
// and 425 MB with the 140 MB budget an unhinted build has, which collects
// on the way for 10 % more CPU time.)
func (in *Instance) hintResolverSize(r *resolver.Document) {
	if in.settings.InputSizeHint == nil {
		return
	}
	in.settings.InputSizeHint(r.Size() * int64(1+len(in.perms)))
}

// resolverHost gives the resolver document's reader the engine's reading
// of token files and placing of config problems.
type resolverHost struct{ in *Instance }

func (h resolverHost) PlaceConfig(d *tokenbuild.Diagnostic) *tokenbuild.Diagnostic {
	if e, ok := h.in.placeAll(d).(*tokenbuild.Diagnostic); ok {
		return e
	}
	return d
}

// permInstance loads the permutation at position k of in.perms: an
// instance over its merged tokens, with in's hooks and settings, whose
// messages go to log.
func (in *Instance) permInstance(ctx context.Context, k int, log *diag.Logger) (*Instance, error) {
	p := in.perms[k]
	tree, treesAt := in.mergePermutation(p.Chosen, true)
	// the files the parent found $ref or $extends in (structure.go) hold
	// them for every permutation: the documents were read once, by it
	in.structMu.Lock()
	structFiles := slices.Clone(in.structFiles)
	in.structMu.Unlock()
	c := &Instance{loaded: &loaded{cfg: p.Config, permTree: tree, treesAt: treesAt, inputs: in.inputs, fileIndex: p.FileIndex, structFiles: structFiles, permBase: &permBase{base: in},
		resolver: in.resolver, chosen: p.Chosen}, // its multi-context files need both (contexts.go)
		settings: in.settings, hooks: in.reg(), log: log, cache: map[string]*platformResult{}}
	if err := c.load(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// permBuild is the formatted platforms of one of the other permutations.
type permBuild struct {
	names, labels []string
	builds        []platformBuild
}

// permutations formats and stages the files of the other permutations, while
// the instance builds its own: it returns the function that waits for
// them, which returns the first error (a permutation that fails to load)
// or the builds, whose errors are their platforms'. Permutations go one
// after another: each formats its platforms on every core, and running
// alongside the instance's own build is enough to keep the cores busy
// while one of them loads or writes.
func (s *staging) permutations(ctx context.Context, run *planRun, runs []buildplan.Permutation, position map[string]int, log *diag.Logger) func() ([]permBuild, error) {
	in, st := s.in, s.st
	if len(runs) == 0 {
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
				c, err := in.permInstance(ctx, runs[k].Perm, log)
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
		builds := make([]permBuild, len(runs))
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
		for k, pr := range runs {
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
			if k+1 < len(runs) {
				next = load(k + 1)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-formatting }()
				pn := pr.Platforms
				offset := (k + 1) * len(position)
				pb := c.formatPlatforms(ctx, pn, st, run.part(runs[k]), func(name string, b *platformBuild) {
					s.stageOutputs(c, offset+position[name], name, b)
					b.outputs = nil // staged: the text can be freed
					c.forget(name)  // and so can the tokens: a permutation has no actions
					if b.result != nil {
						b.result = &platformResult{platform: b.result.platform, setup: b.result.setup}
					}
				})
				builds[k] = permBuild{pn, pr.Labels(), pb}
			}()
		}
	})
	return func() ([]permBuild, error) {
		<-done
		return out, err
	}
}
