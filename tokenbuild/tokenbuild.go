// Package tokenbuild is tokengen's public library: build design tokens into
// platform code from a Config, with hooks written in Go.
//
//	sd, err := tokenbuild.New(ctx, tokenbuild.Config{Source: []string{"tokens/**/*.json"}, Platforms: ...})
//	if err != nil { ... }
//	err = sd.BuildAllPlatforms(ctx)
//
// The types are those of the whole pipeline; hooks are plain values
// (Transform{Name, Type, Filter, Transitive, Transform}, Format, Filter,
// Action, Preprocessor, Parser, FileHeader, TransformGroup) given in
// Config.Hooks or registered on an instance. There is no global registry:
// every instance has its own hooks, so instances are independent and safe
// to use from several goroutines.
package tokenbuild

import (
	"context"
	"io"
	"os"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/expand"
	"github.com/tokengen/tokengen/internal/model"
	"github.com/tokengen/tokengen/internal/pipeline"
)

// The data model and hook types.
type (
	Config               = model.Config
	Platform             = model.Platform
	File                 = model.File
	LogConfig            = model.LogConfig
	Expand               = model.Expand
	ExpandFunc           = model.ExpandFunc
	Token                = model.Token
	Dictionary           = model.Dictionary
	Object               = model.Object
	Options              = model.Options
	Hooks                = model.Hooks
	Transform            = model.Transform
	TransformKind        = model.TransformKind
	TransformGroup       = model.TransformGroup
	Format               = model.Format
	FormatArgs           = model.FormatArgs
	Filter               = model.Filter
	Action               = model.Action
	ActionArgs           = model.ActionArgs
	Preprocessor         = model.Preprocessor
	Parser               = model.Parser
	FileHeader           = model.FileHeader
	FileHeaderFunc       = model.FileHeaderFunc
	OutputReferencesFunc = model.OutputReferencesFunc
	SortFunc             = model.SortFunc
	Error                = model.Error
	ErrorList            = model.ErrorList
)

// Transform kinds.
const (
	NameTransform      = model.NameTransform
	ValueTransform     = model.ValueTransform
	AttributeTransform = model.AttributeTransform
)

// ErrDefer, returned by a value transform, retries the token later.
var ErrDefer = model.ErrDefer

// NewObject returns an empty ordered object.
func NewObject() *Object { return model.NewObject() }

// ObjectOf builds an ordered object from alternating keys and values.
func ObjectOf(kv ...any) *Object { return model.ObjectOf(kv...) }

// Option adjusts how an instance reports.
type Option func(*pipeline.Settings)

// WithOutput sends progress and warnings to stdout and errors to stderr
// (both are discarded by default).
func WithOutput(stdout, stderr io.Writer) Option {
	return func(s *pipeline.Settings) { s.Stdout, s.Stderr = stdout, stderr }
}

// WithVerbosity overrides log.verbosity ("default", "silent", "verbose").
func WithVerbosity(v string) Option { return func(s *pipeline.Settings) { s.Verbosity = v } }

// WithWarnings overrides log.warnings ("warn", "error", "disabled").
func WithWarnings(w string) Option { return func(s *pipeline.Settings) { s.Warnings = w } }

// Builder is one configuration with its loaded tokens: the reference's
// StyleDictionary instance.
type Builder struct {
	cfg  Config
	opts []Option
	in   *pipeline.Instance
}

// New loads the tokens of cfg (global preprocessors and expansion included).
// Relative paths resolve against cfg.Dir, or the working directory.
func New(ctx context.Context, cfg Config, opts ...Option) (*Builder, error) {
	s := pipeline.Settings{Builtins: builtin.Hooks()}
	for _, o := range opts {
		o(&s)
	}
	c := cfg
	in, err := pipeline.New(ctx, &c, s)
	if err != nil {
		return nil, err
	}
	return &Builder{cfg: cfg, opts: opts, in: in}, nil
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
func LoadConfig(path string) (*Config, error) { return pipeline.LoadConfigFile(path) }

// Config returns the builder's configuration.
func (b *Builder) Config() Config { return b.cfg }

// UsesDtcg reports whether the tokens are in DTCG format.
func (b *Builder) UsesDtcg() bool { return b.in.UsesDtcg() }

// Tokens returns the token tree with global expansion applied, before any
// platform transforms. Leaves are *Token.
func (b *Builder) Tokens() *Object { return b.in.Tokens() }

// AllTokens returns the tokens in order, before any platform transforms.
func (b *Builder) AllTokens() []*Token { return b.in.AllTokens() }

// Register adds hooks to this instance only.
func (b *Builder) Register(h Hooks) error { return b.in.Register(h) }

// RegisterTransform adds a transform to this instance.
func (b *Builder) RegisterTransform(t Transform) error {
	return b.Register(Hooks{Transforms: []Transform{t}})
}

// RegisterTransformGroup adds a transform group to this instance.
func (b *Builder) RegisterTransformGroup(g TransformGroup) error {
	return b.Register(Hooks{TransformGroups: []TransformGroup{g}})
}

// RegisterFormat adds a format to this instance.
func (b *Builder) RegisterFormat(f Format) error { return b.Register(Hooks{Formats: []Format{f}}) }

// RegisterFilter adds a filter to this instance.
func (b *Builder) RegisterFilter(f Filter) error { return b.Register(Hooks{Filters: []Filter{f}}) }

// RegisterAction adds an action to this instance.
func (b *Builder) RegisterAction(a Action) error { return b.Register(Hooks{Actions: []Action{a}}) }

// RegisterPreprocessor adds a preprocessor; it applies to platforms that
// list it (global preprocessors run when the instance is created).
func (b *Builder) RegisterPreprocessor(p Preprocessor) error {
	return b.Register(Hooks{Preprocessors: []Preprocessor{p}})
}

// RegisterParser adds a parser; it applies to instances created afterwards
// by Extend.
func (b *Builder) RegisterParser(p Parser) error { return b.Register(Hooks{Parsers: []Parser{p}}) }

// RegisterFileHeader adds a named file header.
func (b *Builder) RegisterFileHeader(f FileHeader) error {
	return b.Register(Hooks{FileHeaders: []FileHeader{f}})
}

// BuildAllPlatforms builds every platform concurrently; files are written
// only when every platform succeeded.
func (b *Builder) BuildAllPlatforms(ctx context.Context) error { return b.in.Build(ctx, nil) }

// BuildPlatform builds one platform.
func (b *Builder) BuildPlatform(ctx context.Context, name string) error {
	return b.in.Build(ctx, []string{name})
}

// CleanAllPlatforms removes what BuildAllPlatforms writes and undoes actions.
func (b *Builder) CleanAllPlatforms(ctx context.Context) error { return b.in.Clean(ctx, nil) }

// CleanPlatform removes what BuildPlatform writes and undoes its actions.
func (b *Builder) CleanPlatform(ctx context.Context, name string) error {
	return b.in.Clean(ctx, []string{name})
}

// GetPlatformTokens returns a platform's transformed and resolved tokens.
func (b *Builder) GetPlatformTokens(ctx context.Context, name string) (*Dictionary, error) {
	return b.in.PlatformTokens(ctx, name)
}

// Output is one formatted file held in memory.
type Output struct {
	Destination string // buildPath joined with the destination ("" when none)
	Content     string
}

// FormatPlatform formats a platform's files in memory without writing them.
func (b *Builder) FormatPlatform(ctx context.Context, name string) ([]Output, error) {
	res, err := b.in.FormatAll(ctx, []string{name})
	if err != nil {
		return nil, err
	}
	return outputs(res[name]), nil
}

// FormatAllPlatforms formats every platform in memory, keyed by platform.
func (b *Builder) FormatAllPlatforms(ctx context.Context) (map[string][]Output, error) {
	res, err := b.in.FormatAll(ctx, nil)
	if err != nil {
		return nil, err
	}
	m := make(map[string][]Output, len(res))
	for k, v := range res {
		m[k] = outputs(v)
	}
	return m, nil
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
func (b *Builder) Extend(ctx context.Context, other Config) (*Builder, error) {
	return New(ctx, MergeConfig(b.cfg, other), b.opts...)
}

// MergeConfig deep-merges over into base, as the reference's extend does:
// set fields of over win, platforms merge by name, options key by key, and
// hooks add up (later names win).
func MergeConfig(base, over Config) Config { return pipeline.MergeConfig(base, over) }

// Stdout is a convenience for WithOutput(os.Stdout, os.Stderr).
func Stdout() Option { return WithOutput(os.Stdout, os.Stderr) }

// DTCGTypesMap returns a fresh copy of the built-in map from composite
// token properties to types used by expand; extend it and pass it as
// Expand.TypesMap.
func DTCGTypesMap() *Object { return expand.DTCGTypesMap() }
