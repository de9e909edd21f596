// Package pipeline is tokengen's build engine: it loads tokens, transforms
// and resolves them per platform, runs formats and writes files. The public
// tokenbuild package is a thin layer over it.
package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/internal/expand"
	"github.com/tokengen/tokengen/internal/parallel"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Settings are what an instance is given besides its config.
type Settings struct {
	Verbosity tokenbuild.Verbosity    // overrides log.verbosity when set
	Warnings  tokenbuild.WarningsMode // overrides log.warnings when set
	// Hooks are registered before the config's, which override them by
	// name: the driver passes the built-in hooks. The engine treats them
	// as it treats any other hook.
	Hooks tokenbuild.Hooks
	// InputSizeHint, when set, is told the total size of the token files
	// before they are read (a command sizes its collector policy by it).
	InputSizeHint func(bytes int64)
	// Inputs choose a context for modifiers of the config's resolver
	// document, by modifier name; a modifier not given takes its
	// default. Inputs without a resolver are an error.
	Inputs map[string]string
}

// Instance is one loaded configuration with its tokens, in three parts:
// the loaded state (loaded: made once, then only read, so that platforms
// run concurrently over it), the platform runs (transform.go and
// format.go, cached per platform, their transform results shared between
// platforms that can share them: share.go), and the writer (build.go),
// which stages a build's files and puts them in place only when every
// platform succeeded.
type Instance struct {
	*loaded
	hooks    *registry
	settings Settings
	log      *logger

	mu              sync.Mutex
	cache           map[string]*platformResult                                // platform runs, by platform name
	outcomes        map[string]weak.Pointer[transformOutcome]                 // shared transform results, by signature
	attributeCaches map[attributeCacheKey][]atomic.Pointer[tokenbuild.Object] // shared pure attribute transforms' results
	contextPerms    map[string]*contextPerm                                   // multi-context files' other permutations (contexts.go)

	keepAttributes bool // always run attribute transforms (tests compare outputs with and without)

	// pinned keeps the shared transform results alive while the other
	// permutations, which take their unchanged tokens from them, are
	// built (shareperms.go)
	pinned []*transformOutcome
	// texts are the token texts of the files formatted, by platform and
	// file position, for the other permutations (tokentexts.go)
	texts map[string]*textSlot
	// formatted closes, by platform name, once Build has formatted that
	// platform (made by Build before the other permutations start, then
	// only read): a permutation's file waits for the base's texts rather
	// than formatting every token again (tokentexts.go)
	formatted map[string]chan struct{}
}

// loaded is what is made once and then only read by platforms: the
// config and the tokens (by New), and what every platform shares about
// them (the key index, the positions references name, the written
// attributes: by the first build, each under its sync.Once).
type loaded struct {
	cfg        *tokenbuild.Config
	usesDtcg   bool
	tree       *tokenbuild.Object       // merged tokens after global preprocessors and $type inheritance
	tokens     []*tokenbuild.Token      // flattened, after global expansion; shared read-only by platforms
	collisions []*tokenbuild.Diagnostic // value collisions between source files
	inputs     map[string]bool          // real paths (links resolved) of the config and token files, never written
	inputDirs  map[string]string        // the real path of each token file's folder, while loading
	dottedKeys bool                     // some token file key holds a "." (extra path segments)
	// groupDeprecated: the DTCG tokens deprecated by a group's $deprecated
	// only, by Key (see Dictionary.Deprecated); nil when no group has one
	groupDeprecated map[string]string
	// treesAt, for a resolver's tokens, holds the key paths inside each
	// file of the token trees merged from it, the last merged first
	treesAt map[string][][]string
	// resolver is the config's resolver document, once read; perms the
	// other permutations its destinations need (permutations.go), and
	// permTree, for the instance of one of them, its merged tokens
	resolver *rdoc
	perms    []permutation
	permTree *tokenbuild.Object
	// chosen is the permutation this instance builds, context by
	// modifier (nil without a resolver): a multi-context file's contexts
	// differ from it in one modifier (contexts.go)
	chosen map[string]string
	// fileIndex, for a permutation's instance, gives the position in the
	// config of each file of its platforms, by platform name
	fileIndex map[string][]int
	// permBase, for a permutation's instance, is what it shares with the
	// instance that planned it (shareperms.go)
	permBase *permBase
	// specTokensClean: the spec lint of each token on its own found
	// nothing (lint_spec.go); a permutation then checks only the tokens
	// it does not share with this instance
	specTokensClean bool
	// flat is the flattening of the tokens, which the permutations'
	// flattening takes tokens from (flattenFlags)
	flat *flatResult
	// structFiles are the files that may hold $ref or $extends keys
	// (structure.go): only then is the merged tree searched for them
	structMu    sync.Mutex
	structFiles []string

	keysOnce  sync.Once
	keys      *tokenindex.Map // the shared tokens by key
	refsOnce  sync.Once
	refs      tokenindex.References // what the shared tokens' string values refer to
	refCands  *[]refCandidate       // flatten's list of the tokens that may hold references, while valid
	propRefs  []int32               // the tokens whose other properties may hold references, by position
	attrsOnce sync.Once
	attrs     []*tokenbuild.Object // the shared tokens' written attributes
	// who refers to whom among the tokens, found once for the
	// permutations that share the base's keys (sameTokens)
	referrersOnce sync.Once
	referrers     *referrerGraph
}

// New loads the tokens of cfg. Every problem found while loading is reported.
func New(ctx context.Context, cfg *tokenbuild.Config, s Settings) (*Instance, error) {
	if cfg.Dir == "" {
		c := *cfg
		c.Dir, _ = os.Getwd()
		cfg = &c
	}
	if cfg.Extends != "" {
		path := cfg.Extends
		if !filepath.IsAbs(path) {
			path = filepath.Join(cfg.Dir, path)
		}
		base, err := LoadConfigFile(path)
		if err != nil {
			return nil, err
		}
		over := *cfg
		over.Extends, over.Dir = "", base.Dir
		merged := MergeConfig(*base, over)
		cfg = &merged
	}
	cfg = withJSONLikeOptions(cfg) // options from a Go config may be Go values
	in := &Instance{loaded: &loaded{cfg: cfg}, settings: s, hooks: newRegistry(), cache: map[string]*platformResult{}}
	if err := in.hooks.add(s.Hooks); err != nil {
		return nil, err
	}
	if err := in.hooks.add(cfg.Hooks); err != nil {
		return nil, err
	}
	in.log = &logger{sink: &sink{}, verbosity: tokenbuild.VerbosityDefault, warnings: tokenbuild.WarningsWarn}
	if cfg.Log != nil {
		in.log = in.log.withLog(cfg.Log)
	}
	in.log = in.log.withLog(&tokenbuild.LogConfig{Verbosity: s.Verbosity, Warnings: s.Warnings})
	if err := in.load(ctx); err != nil {
		return nil, err
	}
	return in, nil
}

// LoadDiagnostics returns the warnings loading reported (once: they are
// handed over).
func (in *Instance) LoadDiagnostics() []tokenbuild.Diagnostic { return summarize(in.log.sink.drain()) }

// Verbose reports whether the diagnostics of a platform (of loading, for
// "") are to be listed one by one rather than summed up: log.verbosity
// "verbose" in the config or the platform, or the driver's override.
func (in *Instance) Verbose(platform string) bool {
	if p, ok := in.cfg.Platform(platform); ok {
		return in.log.withLog(p.Log).verbose()
	}
	return in.log.verbose()
}

// Register adds hooks to this instance; platforms built afterwards see them.
func (in *Instance) Register(h tokenbuild.Hooks) error {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.cache = map[string]*platformResult{}
	in.outcomes = nil
	// copy on write: platforms being built keep the hooks they started with
	next := in.hooks.clone()
	if err := next.add(h); err != nil {
		return err
	}
	in.hooks = next
	return nil
}

// reg returns the current hooks.
func (in *Instance) reg() *registry {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.hooks
}

// Config returns the instance's configuration.
func (in *Instance) Config() *tokenbuild.Config { return in.cfg }

// UsesDtcg reports whether the tokens are in DTCG format.
func (in *Instance) UsesDtcg() bool { return in.usesDtcg }

// Tokens returns the token tree after global preprocessing and expansion.
func (in *Instance) Tokens() *tokenbuild.Object { return tokenbuild.TreeOf(in.tokens) }

// AllTokens returns the flattened tokens, before any platform transforms.
func (in *Instance) AllTokens() []*tokenbuild.Token { return in.tokens }

func (in *Instance) load(ctx context.Context) error {
	cfg := in.cfg
	var isDTCG *bool
	if cfg.UsesDtcg != nil {
		v := *cfg.UsesDtcg
		isDTCG = &v
	}
	inline := tokenbuild.NewObject()
	inlineStructure := false // the inline or resolver tokens may hold $ref or $extends
	if cfg.Resolver != "" {
		var others []string
		if len(cfg.Source) > 0 {
			others = append(others, "source")
		}
		if len(cfg.Include) > 0 {
			others = append(others, "include")
		}
		if cfg.Tokens != nil && cfg.Tokens.Len() > 0 {
			others = append(others, "tokens")
		}
		if len(others) > 0 {
			// which would win is not obvious: the resolver's merge order
			// is the whole story of the tokens, or none of it
			return in.placeAll(&tokenbuild.Diagnostic{File: cfg.File, Path: "resolver", Kind: tokenbuild.KindConfig,
				Msg: fmt.Sprintf("resolver: a config names its tokens with a resolver document or with %s, not both", listOr(others))})
		}
		tree := in.permTree
		if tree == nil {
			var err error
			if tree, err = in.resolverTokens(in.settings.Inputs); err != nil {
				return err
			}
		}
		if in.resolver.tooDeep(in.chosen) {
			return tooDeepError(cfg.Resolver, "the resolver's merged tokens")
		}
		inline = tree
		if isDTCG == nil {
			v := detectDtcg(inline)
			isDTCG = &v
		}
		inlineStructure = *isDTCG && len(in.structFiles) > 0
	} else if err := in.contextsWithoutResolver(); err != nil {
		return err
	} else if len(in.settings.Inputs) > 0 {
		names := make([]string, 0, len(in.settings.Inputs))
		for k := range in.settings.Inputs {
			names = append(names, k)
		}
		slices.Sort(names)
		return &tokenbuild.Diagnostic{File: cfg.File, Kind: tokenbuild.KindConfig,
			Msg: fmt.Sprintf("inputs (%s) choose contexts of a resolver document's modifiers, and the config names no resolver", strings.Join(names, ", "))}
	} else if cfg.Tokens != nil && cfg.Tokens.Len() > 0 {
		if tooDeep(cfg.Tokens) {
			return tooDeepError(cfg.File, "the config's tokens")
		}
		inline = cfg.Tokens.Clone()
		if isDTCG == nil {
			v := detectDtcg(inline)
			isDTCG = &v
		}
		if *isDTCG && dtcg.HasStructureKeys(inline) {
			inlineStructure = true
			var errs []*tokenbuild.Diagnostic
			dtcg.RefTokensToValues(inline, "", []string{}, &errs)
			if len(errs) > 0 {
				return in.place(errs).Err()
			}
		}
	}
	var errs tokenbuild.ErrorList
	var notices []*tokenbuild.Diagnostic // warnings that never fail the build
	var emptyGlobs []globMiss            // source and include patterns that select no file
	globFiles := 0                       // how many files they select in all
	readAll := func(globs []string, isSource bool) *tokenbuild.Object {
		merged := tokenbuild.NewObject()
		key := "include"
		if isSource {
			key = "source"
		}
		files, empty, err := expandGlobs(cfg.Dir, globs)
		for _, i := range empty {
			emptyGlobs = append(emptyGlobs, globMiss{key: key, index: i, pattern: globs[i]})
		}
		globFiles += len(files)
		if err != nil {
			if e, ok := err.(*tokenbuild.Diagnostic); ok {
				e.File, e.Path, e.Msg = cfg.File, key+e.Path, key+e.Path+": "+e.Msg
				err = in.placeAll(e)
			}
			errs = append(errs, err)
			return merged
		}
		for _, f := range files {
			in.noteInput(f)
		}
		// Marking and linting a file touch only that file: each file's
		// parser does them right after parsing it, while the tree is in
		// the cache, and the merge follows in file order. They need to
		// know whether tokens are DTCG: when nothing said so yet, the
		// first token file decides, and the others wait for it.
		fileNotices := make([][]*tokenbuild.Diagnostic, len(files))
		marked := make([]bool, len(files))
		structErrs := make([][]*tokenbuild.Diagnostic, len(files))
		mark := func(i int, obj *tokenbuild.Object, isDTCG bool) {
			vk := "value"
			if isDTCG {
				vk = "$value"
			}
			if markTokens(obj, vk, files[i], isSource) && isDTCG {
				// a token written with $ref in place of $value is made one
				// with a $value, and marked as a token then
				in.noteStructure(files[i])
				dtcg.RefTokensToValues(obj, files[i], nil, &structErrs[i])
				markTokens(obj, vk, files[i], isSource)
			}
			fileNotices[i] = dtcg.Strays(obj, files[i], vk, isDTCG)
			marked[i] = true
		}
		decided := make(chan struct{})
		if isDTCG != nil {
			close(decided)
		}
		var firstDtcg *bool // what the first file decided
		parsed, perrs := in.loadTokenFiles(ctx, files, func(i int, obj *tokenbuild.Object) {
			if isDTCG == nil && i == 0 {
				if obj != nil {
					v := detectDtcg(obj)
					firstDtcg = &v
				}
				close(decided)
			}
			<-decided
			d := isDTCG
			if d == nil {
				d = firstDtcg
			}
			if obj != nil && d != nil {
				mark(i, obj, *d)
			}
		})
		errs = append(errs, perrs...)
		for _, e := range structErrs {
			if len(e) > 0 {
				errs = append(errs, in.place(e)...)
			}
		}
		if isDTCG == nil {
			isDTCG = firstDtcg
		}
		// The first file gave no tree (it failed, or a parser returned
		// none): the first tree decides, and the files are marked now.
		for i, obj := range parsed {
			if obj != nil && isDTCG == nil {
				v := detectDtcg(obj)
				isDTCG = &v
			}
			if obj != nil && !marked[i] {
				mark(i, obj, *isDTCG)
			}
		}
		vk := "value"
		if isDTCG != nil && *isDTCG {
			vk = "$value"
		}
		for i, f := range files {
			obj := parsed[i]
			if obj == nil {
				continue
			}
			notices = append(notices, fileNotices[i]...)
			var onCollision func(collision)
			if isSource {
				onCollision = func(c collision) { in.collide(c, f) }
			}
			merged = deepExtend(merged, obj, vk, nil, onCollision)
		}
		return merged
	}
	include := readAll(cfg.Include, false)
	source := readAll(cfg.Source, true)
	if err := errs.Err(); err != nil {
		return err
	}
	if len(emptyGlobs) > 0 {
		d := in.unmatchedGlobs(emptyGlobs, globFiles == 0)
		if globFiles == 0 {
			// a typo in the only glob would otherwise build empty files
			// over the user's outputs
			return in.place(d)
		}
		notices = append(notices, d...)
	}
	if len(in.collisions) > 0 {
		// Overriding a value from an earlier file is often meant (themes):
		// the driver lists the places only when verbose, as the reference.
		if in.log.warnings == tokenbuild.WarningsError {
			return in.place(in.collisions)
		}
		in.log.group(tokenbuild.KindValueCollision, "Token collisions detected (%d):", in.place(in.collisions))
	}
	in.usesDtcg = isDTCG != nil && *isDTCG
	// inline tokens, include and source merge key by key, without the
	// value override used between files: a source token keeps the
	// properties of the include token it redefines that it does not set.
	tree := inline
	if tree.Len() == 0 {
		tree = include
	} else {
		tree = deepExtend(tree, include, "", nil, nil)
	}
	if tree.Len() == 0 {
		tree = source
	} else {
		tree = deepExtend(tree, source, "", nil, nil)
	}
	if in.usesDtcg && (inlineStructure || len(in.structFiles) > 0) {
		// $extends and $ref are applied to the merged tree, before
		// preprocessors, which see the tokens the spec defines
		if err := in.resolveStructure(tree); err != nil {
			return err
		}
	}
	tree, err := in.preprocess(tree, cfg.Preprocessors, nil)
	if err != nil {
		return err
	}
	in.tree = tree
	if cfg.Resolver != "" && in.usesDtcg {
		aliasTypes(tree) // a build that declares 2025.10: §5.2.2's alias types
	}
	// DTCG types are inherited from groups (typeDelegate) as the tree is
	// flattened
	var cands []refCandidate
	var flags flatFlags
	// A permutation's token made from the object its base's was made from,
	// at the same path, is the base's token (flattenFlags): most of them,
	// made again, would only cost memory.
	var like *flatResult
	if pb := in.permBase; pb != nil && len(cfg.Preprocessors) == 0 && cfg.Expand == nil && pb.base.usesDtcg == in.usesDtcg {
		like = pb.base.flat
	}
	in.tokens, flags, cands, in.propRefs = flattenFlags(tree, in.usesDtcg, in.usesDtcg, like)
	if len(in.perms) > 0 && cfg.Expand == nil {
		in.flat = &flatResult{tokens: in.tokens, units: flags.units, propRefs: make([]bool, len(in.tokens)), cands: make([]bool, len(in.tokens))}
		for _, p := range in.propRefs {
			in.flat.propRefs[p] = true
		}
		for _, c := range cands {
			in.flat.cands[c.pos] = true
		}
	}
	in.dottedKeys = flags.dotted
	if flags.deprecatedGroups && in.usesDtcg {
		inherited := groupDeprecations(tree)
		in.groupDeprecated = deprecationReasons(inherited)
		carryGroupDeprecations(in.tokens, inherited)
	}
	if in.dottedKeys {
		if err := in.tooDeepPaths(in.tokens); err != nil {
			return err
		}
	}
	in.refCands = &cands
	if in.usesDtcg {
		notices = append(notices, dtcg.UnknownTypes(in.tokens)...)
	}
	if len(notices) > 0 {
		in.log.notice(in.place(notices))
	}
	if cfg.Expand != nil {
		in.refCands = nil // positions change: refIndex reads every token
		in.tokens, err = expand.Tokens(in.tokens, cfg.Expand, cfg, nil, in.usesDtcg)
		if err != nil {
			return err
		}
		in.propRefs = findPropRefs(in.tokens)
	}
	if in.usesDtcg {
		if err := in.lintSpec(); err != nil {
			return err
		}
	}
	return nil
}

// hintInputSize tells the command's collector policy how much it reads.
func (in *Instance) hintInputSize(files []string) {
	var total int64
	for _, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(in.cfg.Dir, f)
		}
		if st, err := os.Stat(f); err == nil {
			total += st.Size()
		}
	}
	if in.settings.InputSizeHint != nil {
		in.settings.InputSizeHint(total)
	}
}

// loadTokenFiles parses files concurrently; results keep the files' order
// and every file's error is reported. then runs on each file's tree (nil
// when it failed) in the worker that parsed it; workers take files in
// order.
func (in *Instance) loadTokenFiles(ctx context.Context, files []string, then func(i int, obj *tokenbuild.Object)) ([]*tokenbuild.Object, []error) {
	in.hintInputSize(files)
	objs := make([]*tokenbuild.Object, len(files))
	errs := make([]error, len(files))
	parallel.Run(len(files), func(i int) {
		if errs[i] = ctx.Err(); errs[i] == nil {
			objs[i], errs[i] = in.loadTokenFile(files[i])
		}
		if errs[i] != nil {
			objs[i] = nil
		}
		then(i, objs[i])
	})
	var list []error
	for _, err := range errs {
		if err != nil {
			list = append(list, err)
		}
	}
	return objs, list
}

// collide notes that file overrides a value of an earlier source file.
func (in *Instance) collide(c collision, file string) {
	// the error points at the value, or at the overriding property
	at, what := strings.Join(c.path, "."), "value"
	if c.key != "value" && c.key != "$value" {
		at, what = at+"."+c.key, "property"
	}
	e := &tokenbuild.Diagnostic{File: file, Token: at,
		Msg: fmt.Sprintf("%s %s overrides %s from an earlier file", what, valueForMessage(c.new), valueForMessage(c.old))}
	for _, m := range in.collisions {
		if *m == *e {
			return
		}
	}
	in.collisions = append(in.collisions, e)
}

// preprocess runs the named preprocessors in order; unknown names are
// skipped, as in the reference.
func (in *Instance) preprocess(tree *tokenbuild.Object, names []string, p *tokenbuild.Platform) (*tokenbuild.Object, error) {
	for _, n := range names {
		pp, ok := in.reg().preprocessors[n]
		if !ok {
			continue
		}
		out, err := callHook("preprocessor", n, "", func() (*tokenbuild.Object, error) { return pp.Preprocess(tree, p) })
		if err != nil {
			return nil, err
		}
		if out != nil {
			if tooDeep(out) {
				return nil, tooDeepError("", fmt.Sprintf("the tree preprocessor %q returned", n))
			}
			tree = out
		}
	}
	return tree, nil
}
