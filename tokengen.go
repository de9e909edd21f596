// Package tokengen is the driver of tokengen's build engine: it loads a
// configuration (a JSON, JSONC or JSON5 file, or a tokenbuild.Config made
// in Go) with its tokens and builds, cleans or formats its platforms.
//
//	b, err := tokengen.Load(ctx, "config.json")
//	if err != nil { ... }
//	result, err := b.BuildAllPlatforms(ctx)
//
// The configuration, the tokens and every hook type are declared in package
// tokenbuild, the contract; the built-in hooks are values in package
// builtin, registered on every Builder before the config's own hooks, which
// override them by name. The tokengen command line is a client of this
// package, as is a Go config program (package configmain).
//
// Nothing is printed unless asked (WithOutput): warnings and progress come
// back as data (Result.Diagnostics, Builder.LoadDiagnostics), and a failed
// call returns its problems as a tokenbuild.ErrorList of
// *tokenbuild.Diagnostic, each with its file, line and column.
package tokengen

import (
	"context"
	"io"
	"sync"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/buildplan"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/diagprint"
	"github.com/tokengen/tokengen/internal/expand"
	"github.com/tokengen/tokengen/internal/pipeline"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Option adjusts how a Builder reports.
type Option func(*settings)

type settings struct {
	engine         pipeline.Settings
	stdout, stderr io.Writer // printed to as diagnostics come, when set
	printMu        *sync.Mutex
}

// WithOutput prints diagnostics as they come, as the command line does:
// progress and warnings to stdout, errors and broken-reference warnings to
// stderr. They are returned all the same.
func WithOutput(stdout, stderr io.Writer) Option {
	// One lock for every builder made with this option (Extend passes it
	// on): calls running at once print their diagnostics one after the
	// other, not into each other.
	var mu sync.Mutex
	return func(s *settings) { s.stdout, s.stderr, s.printMu = stdout, stderr, &mu }
}

// WithVerbosity overrides log.verbosity.
func WithVerbosity(v tokenbuild.Verbosity) Option {
	return func(s *settings) { s.engine.Verbosity = v }
}

// WithWarnings overrides log.warnings.
func WithWarnings(w tokenbuild.WarningsMode) Option {
	return func(s *settings) { s.engine.Warnings = w }
}

// WithInputSizeHint calls hint with the total size of the token files
// before they are read. A command uses it to size its memory policy; a
// library user rarely needs it.
func WithInputSizeHint(hint func(bytes int64)) Option {
	return func(s *settings) { s.engine.InputSizeHint = hint }
}

// WithInputs chooses, by modifier name, the context of each modifier of
// the config's resolver document (Config.Resolver): the build is that
// permutation's. A modifier left out takes its default; an unknown
// modifier or context, or a modifier without default left out, is an
// error naming it. Inputs without a resolver are an error.
func WithInputs(inputs map[string]string) Option {
	return func(s *settings) { s.engine.Inputs = inputs }
}

// Builder is one configuration with its loaded tokens: the reference's
// StyleDictionary instance. Its methods may be called from several
// goroutines.
type Builder struct {
	cfg      tokenbuild.Config
	opts     []Option
	settings settings
	in       *pipeline.Instance
	loadDiag []tokenbuild.Diagnostic
}

// Result is what a build, clean or format reports besides its files:
// warnings and progress, in order.
type Result struct {
	Diagnostics []tokenbuild.Diagnostic
}

// Warnings are the result's diagnostics of warning severity.
func (r Result) Warnings() []tokenbuild.Diagnostic {
	var out []tokenbuild.Diagnostic
	for _, d := range r.Diagnostics {
		if d.Severity == tokenbuild.SeverityWarning {
			out = append(out, d)
		}
	}
	return out
}

// New loads the tokens of cfg (global preprocessors and expansion included).
// Relative paths resolve against cfg.Dir, or the working directory. Options
// given as Go values (maps, slices of strings, ints) are read as the
// JSON-like values they stand for.
func New(ctx context.Context, cfg tokenbuild.Config, opts ...Option) (*Builder, error) {
	var s settings
	s.engine.Hooks = builtin.Hooks()
	for _, o := range opts {
		o(&s)
	}
	c := cfg
	in, err := pipeline.New(ctx, &c, s.engine)
	if err != nil {
		return nil, err
	}
	b := &Builder{cfg: cfg, opts: opts, settings: s, in: in, loadDiag: in.LoadDiagnostics()}
	b.print(b.loadDiag)
	return b, nil
}

// Load reads a JSON, JSONC or JSON5 config file and loads its tokens.
func Load(ctx context.Context, path string, opts ...Option) (*Builder, error) {
	cfg, err := LoadConfig(path)
	if err != nil {
		return nil, err
	}
	return New(ctx, *cfg, opts...)
}

// LoadConfig reads a JSON, JSONC or JSON5 config file without loading tokens.
func LoadConfig(path string) (*tokenbuild.Config, error) { return config.LoadConfigFile(path) }

// print prints diagnostics when WithOutput asked for it.
func (b *Builder) print(ds []tokenbuild.Diagnostic) {
	if b.settings.stdout != nil {
		b.settings.printMu.Lock()
		defer b.settings.printMu.Unlock()
		diagprint.PrintDiagnostics(b.settings.stdout, b.settings.stderr, ds, b.Verbose)
	}
}

func (b *Builder) result(ds []tokenbuild.Diagnostic) Result {
	b.print(ds)
	return Result{Diagnostics: ds}
}

// LoadDiagnostics are the warnings loading the tokens reported (token
// files that override each other's values, unknown types, ...).
func (b *Builder) LoadDiagnostics() []tokenbuild.Diagnostic { return b.loadDiag }

// Verbose reports whether a platform's warnings are to be listed one by
// one rather than summed up: --verbose (WithVerbosity), or log.verbosity
// "verbose" in the config or the platform. Platform "" asks for loading's.
func (b *Builder) Verbose(platform string) bool { return b.in.Verbose(platform) }

// PlatformNames lists the platforms of the loaded config in its order.
func (b *Builder) PlatformNames() []string { return b.in.PlatformNames() }

// Config returns the builder's configuration.
func (b *Builder) Config() tokenbuild.Config { return b.cfg }

// UsesDtcg reports whether the tokens are in DTCG format.
func (b *Builder) UsesDtcg() bool { return b.in.UsesDtcg() }

// Tokens returns the token tree with global expansion applied, before any
// platform transforms. Leaves are *tokenbuild.Token.
func (b *Builder) Tokens() *tokenbuild.Object { return b.in.Tokens() }

// AllTokens returns the tokens in order, before any platform transforms.
func (b *Builder) AllTokens() []*tokenbuild.Token { return b.in.AllTokens() }

// Register adds hooks to this builder only; platforms built afterwards
// see them.
func (b *Builder) Register(h tokenbuild.Hooks) error { return b.in.Register(h) }

// RegisterTransform adds a transform to this builder.
func (b *Builder) RegisterTransform(t tokenbuild.Transform) error {
	return b.Register(tokenbuild.Hooks{Transforms: []tokenbuild.Transform{t}})
}

// RegisterTransformGroup adds a transform group to this builder.
func (b *Builder) RegisterTransformGroup(g tokenbuild.TransformGroup) error {
	return b.Register(tokenbuild.Hooks{TransformGroups: []tokenbuild.TransformGroup{g}})
}

// RegisterFormat adds a format to this builder.
func (b *Builder) RegisterFormat(f tokenbuild.Format) error {
	return b.Register(tokenbuild.Hooks{Formats: []tokenbuild.Format{f}})
}

// RegisterFilter adds a filter to this builder.
func (b *Builder) RegisterFilter(f tokenbuild.Filter) error {
	return b.Register(tokenbuild.Hooks{Filters: []tokenbuild.Filter{f}})
}

// RegisterAction adds an action to this builder.
func (b *Builder) RegisterAction(a tokenbuild.Action) error {
	return b.Register(tokenbuild.Hooks{Actions: []tokenbuild.Action{a}})
}

// RegisterPreprocessor adds a preprocessor; it applies to platforms that
// list it (global preprocessors run when the builder is created).
func (b *Builder) RegisterPreprocessor(p tokenbuild.Preprocessor) error {
	return b.Register(tokenbuild.Hooks{Preprocessors: []tokenbuild.Preprocessor{p}})
}

// RegisterParser adds a parser; it applies to builders created afterwards
// by Extend.
func (b *Builder) RegisterParser(p tokenbuild.Parser) error {
	return b.Register(tokenbuild.Hooks{Parsers: []tokenbuild.Parser{p}})
}

// RegisterFileHeader adds a named file header.
func (b *Builder) RegisterFileHeader(f tokenbuild.FileHeader) error {
	return b.Register(tokenbuild.Hooks{FileHeaders: []tokenbuild.FileHeader{f}})
}

// RegisterSort adds a named sort, for the sort option.
func (b *Builder) RegisterSort(s tokenbuild.Sort) error {
	return b.Register(tokenbuild.Hooks{Sorts: []tokenbuild.Sort{s}})
}

// BuildAllPlatforms builds every platform concurrently; files are written
// only when every platform succeeded.
func (b *Builder) BuildAllPlatforms(ctx context.Context) (Result, error) { return b.build(ctx, nil) }

// BuildPlatform builds one platform.
func (b *Builder) BuildPlatform(ctx context.Context, name string) (Result, error) {
	return b.build(ctx, []string{name})
}

// BuildPlatforms builds the named platforms (every one when none is
// named) concurrently; files are written only when every one succeeded.
func (b *Builder) BuildPlatforms(ctx context.Context, names ...string) (Result, error) {
	return b.build(ctx, names)
}

func (b *Builder) build(ctx context.Context, names []string) (Result, error) {
	ds, err := b.in.Build(ctx, names)
	return b.result(ds), err
}

// BuildPlan is a build laid out before it runs: every file it would
// write, under its resolver permutation and platform, and the work that
// platforms and permutations share.
type BuildPlan struct{ plan *buildplan.Plan }

// PlannedFile is a file a build would write.
type PlannedFile struct {
	Destination string // buildPath joined with the destination
	Platform    string
	Format      string
	// Permutation is the resolver contexts the file is built in ("theme=dark");
	// "" without a resolver document.
	Permutation string
}

// Plan lays out the build of the named platforms (all when none are
// named) and runs nothing: `tokengen build --dry-run` prints it.
func (b *Builder) Plan(platforms ...string) (*BuildPlan, error) {
	p, err := b.in.Plan(platforms)
	if err != nil {
		return nil, err
	}
	return &BuildPlan{p}, nil
}

// Files lists the files the build would write, in the order it builds them.
func (p *BuildPlan) Files() []PlannedFile {
	var out []PlannedFile
	for _, n := range p.plan.Files() {
		out = append(out, PlannedFile{Destination: n.Name, Platform: n.Platforms[0], Format: n.Format, Permutation: n.Permutation})
	}
	return out
}

// Print writes the plan for a person: each file under its permutation and
// platform, what is shared, and a closing line of counts.
func (p *BuildPlan) Print(w io.Writer) { p.plan.Print(w) }

// CleanAllPlatforms removes what BuildAllPlatforms writes and undoes actions.
func (b *Builder) CleanAllPlatforms(ctx context.Context) (Result, error) { return b.clean(ctx, nil) }

// CleanPlatform removes what BuildPlatform writes and undoes its actions.
func (b *Builder) CleanPlatform(ctx context.Context, name string) (Result, error) {
	return b.clean(ctx, []string{name})
}

// CleanPlatforms cleans the named platforms (every one when none is
// named), as BuildPlatforms builds them.
func (b *Builder) CleanPlatforms(ctx context.Context, names ...string) (Result, error) {
	return b.clean(ctx, names)
}

func (b *Builder) clean(ctx context.Context, names []string) (Result, error) {
	ds, err := b.in.Clean(ctx, names)
	return b.result(ds), err
}

// GetPlatformTokens returns a platform's transformed and resolved tokens.
func (b *Builder) GetPlatformTokens(ctx context.Context, name string) (*tokenbuild.Dictionary, error) {
	return b.in.PlatformTokens(ctx, name)
}

// Output is one formatted file held in memory.
type Output struct {
	Destination string // buildPath joined with the destination ("" when none)
	Content     string
	// Skipped says a build would not write the file: a filter left it no
	// tokens, or its format returned nothing. Only FormatFiles lists
	// such files.
	Skipped bool
}

// FormatPlatform formats a platform's files in memory without writing them.
func (b *Builder) FormatPlatform(ctx context.Context, name string) ([]Output, Result, error) {
	res, ds, err := b.in.FormatAll(ctx, []string{name})
	if err != nil {
		return nil, b.result(ds), err
	}
	return outputs(res[name]), b.result(ds), nil
}

// FormatAllPlatforms formats every platform in memory, keyed by platform.
func (b *Builder) FormatAllPlatforms(ctx context.Context) (map[string][]Output, Result, error) {
	res, ds, err := b.in.FormatAll(ctx, nil)
	if err != nil {
		return nil, b.result(ds), err
	}
	m := make(map[string][]Output, len(res))
	for k, v := range res {
		m[k] = outputs(v)
	}
	return m, b.result(ds), nil
}

// FormatFiles formats the named platforms (all when none) in memory, as
// FormatAllPlatforms, but lists every file of each platform in its order,
// those a build would not write too (Output.Skipped): the reference's
// formatPlatform, which gives them an undefined output.
func (b *Builder) FormatFiles(ctx context.Context, names ...string) (map[string][]Output, Result, error) {
	res, ds, err := b.in.FormatAll(ctx, names)
	if err != nil {
		return nil, b.result(ds), err
	}
	m := make(map[string][]Output, len(res))
	for k, os := range res {
		out := make([]Output, len(os))
		for i, o := range os {
			out[i] = Output{Destination: o.Destination, Content: o.Content, Skipped: !o.Written && o.Destination != ""}
		}
		m[k] = out
	}
	return m, b.result(ds), nil
}

func outputs(os []pipeline.Output) []Output {
	out := make([]Output, 0, len(os))
	for _, o := range os {
		if o.Written || o.Destination == "" {
			out = append(out, Output{Destination: o.Destination, Content: o.Content})
		}
	}
	return out
}

// Extend returns a new Builder whose config is this one's deep-merged with
// other (other wins); tokens are loaded anew.
func (b *Builder) Extend(ctx context.Context, other tokenbuild.Config) (*Builder, error) {
	return New(ctx, MergeConfig(b.cfg, other), b.opts...)
}

// MergeConfig deep-merges over into base, as the reference's extend does:
// set fields of over win, platforms merge by name, options key by key, and
// hooks add up (later names win).
func MergeConfig(base, over tokenbuild.Config) tokenbuild.Config {
	return config.MergeConfig(base, over)
}

// DTCGTypesMap returns a fresh copy of the built-in map from composite
// token properties to types used by expand; extend it and pass it as
// Expand.TypesMap.
func DTCGTypesMap() *tokenbuild.Object { return expand.DTCGTypesMap() }
