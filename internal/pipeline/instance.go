// Package pipeline is tokengen's build engine: it loads tokens, transforms
// and resolves them per platform, runs formats and writes files. The public
// tokenbuild package is a thin layer over it.
package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/registry"

	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/internal/expand"
	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/internal/resolver"
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
	hooks    *registry.Registry
	settings Settings
	log      *diag.Logger

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
}

// loaded is what is made once and then only read by platforms: the
// config and the tokens (by New), and what every platform shares about
// them (the key index, the positions references name, the written
// attributes: by the first build, each under its sync.Once).
type loaded struct {
	cfg        *tokenbuild.Config
	usesDtcg   bool
	tree       *tokenbuild.Object  // merged tokens after global preprocessors and $type inheritance
	tokens     []*tokenbuild.Token // flattened, after global expansion; shared read-only by platforms
	inputs     map[string]bool     // real paths (links resolved) of the config and token files, never written
	inputDirs  map[string]string   // the real path of each token file's folder, while loading
	dottedKeys bool                // some token file key holds a "." (extra path segments)
	// groupDeprecated: the DTCG tokens deprecated by a group's $deprecated
	// only, by Key (see Dictionary.Deprecated); nil when no group has one
	groupDeprecated map[string]string
	// treesAt, for a resolver's tokens, holds the key paths inside each
	// file of the token trees merged from it, the last merged first
	treesAt map[string][][]string
	// resolver is the config's resolver document, once read; perms the
	// other permutations its destinations need (permutations.go), and
	// permTree, for the instance of one of them, its merged tokens
	resolver *resolver.Document
	perms    []resolver.Permutation
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
	// nothing (internal/dtcg); a permutation then checks only the tokens
	// it does not share with this instance
	specTokensClean bool
	// flat is the flattening of the tokens, which the permutations'
	// flattening takes tokens from (load.FlattenLike)
	flat *load.Flattening
	// structFiles are the files that may hold $ref or $extends keys
	// (internal/dtcg): only then is the merged tree searched for them
	structMu    sync.Mutex
	structFiles []string

	keysOnce  sync.Once
	keys      *tokenindex.Map // the shared tokens by key
	refsOnce  sync.Once
	refs      tokenindex.References // what the shared tokens' string values refer to
	refCands  *[]load.RefCandidate  // flatten's list of the tokens that may hold references, while valid
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
	cfg, err := config.Prepare(cfg)
	if err != nil {
		return nil, err
	}
	in := &Instance{loaded: &loaded{cfg: cfg}, settings: s, hooks: registry.New(), cache: map[string]*platformResult{}}
	if err := in.hooks.Add(s.Hooks); err != nil {
		return nil, err
	}
	if err := in.hooks.Add(cfg.Hooks); err != nil {
		return nil, err
	}
	in.log = &diag.Logger{Sink: &diag.Sink{}, Verbosity: tokenbuild.VerbosityDefault, Warnings: tokenbuild.WarningsWarn}
	if cfg.Log != nil {
		in.log = in.log.WithLog(cfg.Log)
	}
	in.log = in.log.WithLog(&tokenbuild.LogConfig{Verbosity: s.Verbosity, Warnings: s.Warnings})
	if err := in.load(ctx); err != nil {
		return nil, err
	}
	return in, nil
}

// LoadDiagnostics returns the warnings loading reported (once: they are
// handed over).
func (in *Instance) LoadDiagnostics() []tokenbuild.Diagnostic {
	return diag.Summarize(in.log.Sink.Drain())
}

// Verbose reports whether the diagnostics of a platform (of loading, for
// "") are to be listed one by one rather than summed up: log.verbosity
// "verbose" in the config or the platform, or the driver's override.
func (in *Instance) Verbose(platform string) bool {
	if p, ok := in.cfg.Platform(platform); ok {
		return in.log.WithLog(p.Log).Verbose()
	}
	return in.log.Verbose()
}

// Register adds hooks to this instance; platforms built afterwards see them.
func (in *Instance) Register(h tokenbuild.Hooks) error {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.cache = map[string]*platformResult{}
	in.outcomes = nil
	// copy on write: platforms being built keep the hooks they started with
	next := in.hooks.Clone()
	if err := next.Add(h); err != nil {
		return err
	}
	in.hooks = next
	return nil
}

// reg returns the current hooks.
func (in *Instance) reg() *registry.Registry {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.hooks
}

// Config returns the instance's configuration.
func (in *loaded) Config() *tokenbuild.Config { return in.cfg }

// UsesDtcg reports whether the tokens are in DTCG format.
func (in *loaded) UsesDtcg() bool { return in.usesDtcg }

// Tokens returns the token tree after global preprocessing and expansion.
func (in *loaded) Tokens() *tokenbuild.Object { return tokenbuild.TreeOf(in.tokens) }

// AllTokens returns the flattened tokens, before any platform transforms.
func (in *loaded) AllTokens() []*tokenbuild.Token { return in.tokens }

func (in *Instance) load(ctx context.Context) error {
	cfg := in.cfg
	var dtcg *bool
	if cfg.UsesDtcg != nil {
		v := *cfg.UsesDtcg
		dtcg = &v
	}
	inline := tokenbuild.NewObject()
	inlineStructure := false // the inline or resolver tokens may hold $ref or $extends
	if cfg.Resolver != "" {
		// (config.Prepare refused a resolver with source, include or tokens)
		tree := in.permTree
		if tree == nil {
			var err error
			if tree, err = in.resolverTokens(in.settings.Inputs); err != nil {
				return err
			}
		}
		if in.resolver.TooDeep(in.chosen) {
			return load.TooDeepError(cfg.Resolver, "the resolver's merged tokens")
		}
		inline = tree
		if dtcg == nil {
			v := load.DetectDTCG(inline)
			dtcg = &v
		}
		inlineStructure = *dtcg && len(in.structFiles) > 0
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
		if load.TooDeep(cfg.Tokens) {
			return load.TooDeepError(cfg.File, "the config's tokens")
		}
		inline = cfg.Tokens.Clone()
		if dtcg == nil {
			v := load.DetectDTCG(inline)
			dtcg = &v
		}
		if *dtcg {
			var errs []*tokenbuild.Diagnostic
			if inlineStructure, errs = load.InlineStructure(inline); len(errs) > 0 {
				return in.place(errs).Err()
			}
		}
	}
	loader := in.loader()
	files := loader.ReadFiles(ctx, cfg.Include, cfg.Source, dtcg)
	if err := files.Errs.Err(); err != nil {
		return err
	}
	dtcg = files.DTCG
	notices := files.Notices // warnings that never fail the build
	if len(files.Unmatched) > 0 {
		d := loader.UnmatchedGlobs(files.Unmatched, files.Matched == 0)
		if files.Matched == 0 {
			// a typo in the only glob would otherwise build empty files
			// over the user's outputs
			return in.place(d)
		}
		notices = append(notices, d...)
	}
	if collisions := files.Collisions; len(collisions) > 0 {
		// Overriding a value from an earlier file is often meant (themes):
		// the driver lists the places only when verbose, as the reference.
		if in.log.Warnings == tokenbuild.WarningsError {
			return in.place(collisions)
		}
		in.log.Group(tokenbuild.KindValueCollision, "Token collisions detected (%d):", in.place(collisions))
	}
	in.usesDtcg = dtcg != nil && *dtcg
	// inline tokens, include and source merge key by key, without the
	// value override used between files: a source token keeps the
	// properties of the include token it redefines that it does not set.
	tree := inline
	if tree.Len() == 0 {
		tree = files.Include
	} else {
		tree = load.DeepExtend(tree, files.Include)
	}
	if tree.Len() == 0 {
		tree = files.Source
	} else {
		tree = load.DeepExtend(tree, files.Source)
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
		load.AliasTypes(tree) // a build that declares 2025.10: §5.2.2's alias types
	}
	return in.flattenTree(tree, notices)
}

// loader is what loading token files takes of this instance.
func (in *Instance) loader() *load.Loader {
	return &load.Loader{Dir: in.cfg.Dir, ConfigFile: in.cfg.File, ParserNames: in.cfg.Parsers, Parsers: in.reg().Parsers,
		Warn: func(kind tokenbuild.DiagnosticKind, msg string) {
			_ = in.log.Warn(kind, msg) // loading goes on past it, with warnings "error" too
		},
		InputSizeHint: in.settings.InputSizeHint, NoteInput: in.noteInput, NoteStructure: in.noteStructure,
		Place: in.place, PlaceAll: in.placeAll}
}

// flattenTree lists the tokens of the merged tree, expands them when the
// config says so, and checks them against the DTCG rules, reporting
// notices, the loading's warnings, with the checks' own.
func (in *Instance) flattenTree(tree *tokenbuild.Object, notices []*tokenbuild.Diagnostic) error {
	cfg := in.cfg
	// DTCG types are inherited from groups (typeDelegate) as the tree is
	// flattened
	var cands []load.RefCandidate
	var flags load.Flags
	// A permutation's token made from the object its base's was made from,
	// at the same path, is the base's token (load.FlattenLike): most of
	// them, made again, would only cost memory.
	var like *load.Flattening
	if pb := in.permBase; pb != nil && len(cfg.Preprocessors) == 0 && cfg.Expand == nil && pb.base.usesDtcg == in.usesDtcg {
		like = pb.base.flat
	}
	in.tokens, flags, cands, in.propRefs = load.FlattenLike(tree, in.usesDtcg, in.usesDtcg, like)
	if len(in.perms) > 0 && cfg.Expand == nil {
		in.flat = load.Keep(in.tokens, flags, cands, in.propRefs)
	}
	in.dottedKeys = flags.Dotted
	if flags.DeprecatedGroups && in.usesDtcg {
		inherited := load.GroupDeprecations(tree)
		in.groupDeprecated = load.DeprecationReasons(inherited)
		load.CarryGroupDeprecations(in.tokens, inherited)
	}
	if in.dottedKeys {
		if err := load.TooDeepPaths(in.tokens, cfg.File, in.placer().ReadFile); err != nil {
			return err
		}
	}
	in.refCands = &cands
	if in.usesDtcg {
		notices = append(notices, dtcg.UnknownTypes(in.tokens)...)
	}
	if len(notices) > 0 {
		in.log.Notice(in.place(notices))
	}
	if cfg.Expand != nil {
		in.refCands = nil // positions change: refIndex reads every token
		var err error
		in.tokens, err = expand.Tokens(in.tokens, cfg.Expand, cfg, nil, in.usesDtcg)
		if err != nil {
			return err
		}
		in.propRefs = load.FindPropRefs(in.tokens)
	}
	if in.usesDtcg {
		if err := in.lintSpec(); err != nil {
			return err
		}
	}
	return nil
}

// preprocess runs the named preprocessors in order, for the whole build
// (p nil) or a platform; unknown names are skipped, as in the reference.
func (in *Instance) preprocess(tree *tokenbuild.Object, names []string, p *tokenbuild.Platform) (*tokenbuild.Object, error) {
	return load.Preprocess(tree, names, p, in.reg().Preprocessors)
}
