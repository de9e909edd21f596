package model

import (
	"context"
	"errors"
	"io"
	"regexp"
)

// Options are the merged options a format or action receives: platform
// options overlaid by file options. Values are JSON-like (bool, float64,
// string, []any, *Object) or, from Go configs, functions such as
// OutputReferencesFunc, SortFunc and FileHeaderFunc.
type Options map[string]any

// Bool reads a boolean option; anything but true is false.
func (o Options) Bool(k string) bool { b, _ := o[k].(bool); return b }

// String reads a string option, or def when unset or not a string.
func (o Options) String(k, def string) string {
	if s, ok := o[k].(string); ok {
		return s
	}
	return def
}

// UsesDtcg reports whether the tokens use the DTCG format.
func (o Options) UsesDtcg() bool { return o.Bool("usesDtcg") }

// Formatting returns the `formatting` overrides (empty when unset).
func (o Options) Formatting() *Object {
	if f, ok := o["formatting"].(*Object); ok {
		return f
	}
	return NewObject()
}

// TransformKind says what a transform changes.
type TransformKind string

const (
	NameTransform      TransformKind = "name"
	ValueTransform     TransformKind = "value"
	AttributeTransform TransformKind = "attribute"
)

// ErrDefer, returned by a value transform, postpones the token to the next
// round of the transform loop (the reference's "return undefined").
var ErrDefer = errors.New("transform deferred")

// Transform changes a token's name, value or attributes. Transform returns a
// string for name transforms, any JSON-like value for value transforms and
// an *Object (merged into the attributes) for attribute transforms.
type Transform struct {
	Name       string
	Type       TransformKind
	Filter     func(t *Token, o Options) bool // nil matches every token
	Transitive bool                           // also runs on values that came from references
	Transform  func(t *Token, p *Platform, o Options) (any, error)
}

// TransformGroup names an ordered list of transforms.
type TransformGroup struct {
	Name       string
	Transforms []string
}

// FormatArgs is what a format receives.
type FormatArgs struct {
	Dictionary *Dictionary
	Platform   *Platform
	File       *File
	Options    Options // platform options, then file options, plus usesDtcg

	stream io.Writer // see SetStream
}

// SetStream lets a built-in format write the start of its text to w as it
// goes and return only the rest: the pipeline passes the staged output
// file. It is for the pipeline and the built-in formats, outside the
// public API (a function of an internal package); other formats never see
// a stream.
func SetStream(a *FormatArgs, w io.Writer) { a.stream = w }

// StreamOf is the stream SetStream gave a, or nil.
func StreamOf(a *FormatArgs) io.Writer { return a.stream }

// Format turns a dictionary into the text of one file.
type Format struct {
	Name   string
	Nested bool // keeps token paths, so equal names do not collide
	Format func(ctx context.Context, args *FormatArgs) (string, error)
}

// Filter decides whether a token goes into a file.
type Filter struct {
	Name   string
	Filter func(t *Token, o Options) (bool, error)
}

// ActionArgs is what an action receives.
type ActionArgs struct {
	Dictionary *Dictionary
	Platform   *Platform
	Options    Options
	Log        io.Writer // progress messages; discarded when silent
}

// Action runs after a platform's files are written; Undo reverses it on clean.
type Action struct {
	Name string
	Do   func(ctx context.Context, a *ActionArgs) error
	Undo func(ctx context.Context, a *ActionArgs) error
}

// Preprocessor rewrites the whole token tree before transforms. Platform is
// nil when it runs globally.
type Preprocessor struct {
	Name       string
	Preprocess func(tokens *Object, p *Platform) (*Object, error)
}

// Parser reads token files whose path matches Pattern.
type Parser struct {
	Name    string
	Pattern *regexp.Regexp
	Parse   func(contents []byte, filePath string) (*Object, error)
}

// FileHeaderFunc returns the header lines of a file, given the default ones.
type FileHeaderFunc func(defaultLines []string, o Options) ([]string, error)

// FileHeader is a named file header.
type FileHeader struct {
	Name       string
	FileHeader FileHeaderFunc
}

// OutputReferencesFunc decides per token whether a format keeps its references.
type OutputReferencesFunc func(t *Token, d *Dictionary, usesDtcg bool) bool

// SortFunc compares two tokens like strings.Compare.
type SortFunc func(a, b *Token) int

// ExpandFunc decides whether a composite token is expanded. Platform is nil
// for global expansion.
type ExpandFunc func(t *Token, c *Config, p *Platform) bool

// Hooks are the custom hooks of a configuration, each carrying its name.
type Hooks struct {
	Transforms      []Transform
	TransformGroups []TransformGroup
	Formats         []Format
	Filters         []Filter
	Actions         []Action
	Preprocessors   []Preprocessor
	Parsers         []Parser
	FileHeaders     []FileHeader
}

// Merge returns h with other's hooks added after it (later names win).
func (h Hooks) Merge(other Hooks) Hooks {
	return Hooks{
		Transforms:      append(append([]Transform(nil), h.Transforms...), other.Transforms...),
		TransformGroups: append(append([]TransformGroup(nil), h.TransformGroups...), other.TransformGroups...),
		Formats:         append(append([]Format(nil), h.Formats...), other.Formats...),
		Filters:         append(append([]Filter(nil), h.Filters...), other.Filters...),
		Actions:         append(append([]Action(nil), h.Actions...), other.Actions...),
		Preprocessors:   append(append([]Preprocessor(nil), h.Preprocessors...), other.Preprocessors...),
		Parsers:         append(append([]Parser(nil), h.Parsers...), other.Parsers...),
		FileHeaders:     append(append([]FileHeader(nil), h.FileHeaders...), other.FileHeaders...),
	}
}
