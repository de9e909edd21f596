package tokenbuild

import (
	"context"
	"errors"
	"io"
	"io/fs"
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

// FilterFunc decides whether a token is kept. A transform's filter
// decides whether the transform runs on the token and receives the
// transform options (TransformArgs.Options); a file's filter decides
// whether the token goes into the file and receives the file's options. An
// error fails the build, naming the hook and the token.
type FilterFunc func(t *Token, opts Options) (bool, error)

// TransformType says what a transform changes: the reference's
// transform.type.
type TransformType string

const (
	NameTransform      TransformType = "name"      // sets Token.Name: TransformName
	ValueTransform     TransformType = "value"     // sets Token.Value: TransformValue
	AttributeTransform TransformType = "attribute" // merges into Token.Attributes: TransformAttributes
)

// ErrDefer, returned by a value transform, postpones the token to the next
// round of the transform loop (the reference's "return undefined"): use it
// when the value depends on something not ready yet.
var ErrDefer = errors.New("transform deferred")

// TransformArgs is what a transform receives besides the token: the same
// value for every token of a platform.
type TransformArgs struct {
	Platform *Platform
	// Options are the config's extra top-level keys, "usesDtcg" and
	// "configDir" (the folder relative asset paths resolve against).
	Options Options
	// Warn reports a warning about the token being transformed. It does
	// not fail the build unless log.warnings is "error".
	Warn func(Warning)
}

// Transform changes a token's name, value or attributes on one platform.
// Set Type and the one function matching it:
//
//	tokenbuild.Transform{
//		Name: "name/shout",
//		Type: tokenbuild.NameTransform,
//		Pure: true,
//		TransformName: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
//			return strings.ToUpper(strings.Join(t.Path, "_")), nil
//		},
//	}
//
// A returned error is reported as a warning and the token keeps its value,
// as the reference does; a panic fails the build. Transforms run in the
// order of the platform's transform group, then its transforms.
type Transform struct {
	Name string
	Type TransformType
	// Filter, when set, limits the transform to the tokens it keeps.
	Filter FilterFunc
	// Transitive value transforms also run on values that came from
	// references (the referenced token's value, already transformed).
	Transitive bool

	// Pure declares that the transform (and its filter) reads nothing but
	// the token, the platform's Prefix and BasePxFontSize and the
	// transform options (the same for every platform of a build), and
	// does nothing but return its result and warn through args.Warn:
	// platforms whose transforms are all pure and whose prefix and base
	// size agree share one transformed result (and its warnings, reported
	// for each of them) instead of each transforming every token. A value transform that is pure is
	// also skipped without asking its filter on values that still hold
	// references.
	Pure bool
	// IgnoresAttributes declares that the transform and its filter never
	// read Token.Attributes. When every transform and format of a
	// platform declares it, the platform's pure attribute transforms,
	// whose only effect is attributes nothing reads, are skipped.
	IgnoresAttributes bool
	// NameFromPath declares, for a pure name transform without a filter,
	// that the name it returns depends on nothing of the token but its
	// Path (and what Pure allows: the platform's prefix, the options). A
	// resolver build's permutation transforms again the tokens a context
	// changes; when such a transform is the platform's last name
	// transform, a changed token whose path is that of the base's token
	// at its position takes the name the base's got instead of a call.
	NameFromPath bool

	// TransformName returns the token's new name (a NameTransform).
	TransformName func(t *Token, args *TransformArgs) (string, error)
	// TransformValue returns the token's new value, a JSON-like value (a
	// ValueTransform); ErrDefer asks to be called again later.
	TransformValue func(t *Token, args *TransformArgs) (any, error)
	// TransformAttributes returns attributes merged over the token's (an
	// AttributeTransform). Return a new object: it may be shared.
	TransformAttributes func(t *Token, args *TransformArgs) (*Object, error)
}

// TransformGroup names an ordered list of transforms.
type TransformGroup struct {
	Name       string
	Transforms []string
}

// Warning is what a hook reports through Warn: a problem that does not
// fail the build (unless log.warnings is "error").
type Warning struct {
	Message string
	// Kind sorts the warning; KindHook when empty. Formats report a
	// reference to a token their file's filter left out as
	// KindFilteredReference, with the reference's path as the message:
	// the driver then prints the reference's grouped message.
	Kind DiagnosticKind
	// Summary, when set, groups warnings: the driver prints it once per
	// build, with %d replaced by the number of warnings that share it (%%
	// is a percent sign), and the warnings themselves when verbose (the
	// Diagnostic's Summary).
	Summary string
	// Near is text inside the token's value the warning is about, so that
	// its position can point at it.
	Near string
}

// FormatArgs is what a format receives.
type FormatArgs struct {
	Dictionary *Dictionary
	Platform   *Platform
	File       *File
	Options    Options // the config's extra keys, the platform's options, then the file's, plus usesDtcg
	// Warn reports a warning about the file being formatted.
	Warn func(Warning)
	// Contexts are the other permutations of a multi-context file
	// (File.Contexts and File.ColorScheme), in the order the config
	// lists them; Dictionary is the file's own permutation.
	Contexts []ContextDictionary
}

// ContextDictionary is a file's tokens in the permutation of one context.
type ContextDictionary struct {
	FileContext
	// Dictionary is the file's tokens (filtered as the file filters) in
	// this context's permutation: its references resolve among them.
	Dictionary *Dictionary
	// Changed are the tokens of Dictionary, in its order, that this
	// context writes differently from the file's own permutation: a
	// value or a reference as written that differs, a value that a
	// reference now resolves differently, or a token the file's own
	// permutation does not have. Empty when this context is the file's
	// own.
	Changed []*Token
	// Removed are the file's own tokens that this context does not have.
	Removed []*Token
}

// FileShape is what a file of a format that declares Shape is made of:
// a head and a tail, one text per token, and the frame around the texts.
// The file's text is
//
//	Head + Gaps[0] + Text(Tokens[0]) + Gaps[1] + … + Text(Tokens[n-1]) + Gaps[n] + Tail
//
// over the Frame's Tokens and Gaps, and it must be the very text Format
// and Write give for the same arguments.
//
// What the format promises: a token's text depends on that token, the
// tokens its references name and the file's options alone, never on the
// other tokens of the file, their order or its place among them; and
// Text, Frame and SameFrame report a warning only when Format would.
//
// What the engine does with it: the permutations of a resolver build
// share most of their tokens (a theme changes some values; every other
// token is the very same transformed token in each). The engine makes the
// first permutation's file from its shape and keeps its texts and frame.
// For the same file of another permutation it asks Text only for the
// tokens that are not the first permutation's, and when SameFrame says
// each of them leaves the frame as it was, it takes the first's frame
// too (with each token in the place of the one at its position) instead
// of asking Frame, which may sort and lay out every token again. A file
// with a filter, with contexts, or whose shape warns or fails is made by
// Format or Write, as without a shape. The engine calls a shape's
// functions from one goroutine at a time (ExampleFileShape writes one).
type FileShape struct {
	// Head and Tail are the file's text before and after its frame: what
	// depends on the file's options rather than its tokens (a header
	// naming the file, say), made for each file.
	Head, Tail string
	// Text is t's text in the file.
	Text func(t *Token) (string, error)
	// Frame is the file's tokens in the order it writes them and the
	// text around theirs.
	Frame func() (Frame, error)
	// SameFrame reports whether putting now in the place of was (the
	// token at the same position of the dictionary in another
	// permutation) leaves the frame as it was, but for now standing
	// where was stood (and left out where was was left out): what the
	// frame reads of a token is the same in both, and nothing else of
	// the file changes it. It reads was's name, path, type or original
	// value, say: what a sort by name or a tree of paths depends on. Nil
	// when the frame may change with anything (it is then never taken
	// from another permutation).
	SameFrame func(was, now *Token) bool
}

// Frame is the part of a file between its head and tail that is not its
// tokens' texts: the tokens the file writes, in its order (a file may
// leave tokens out), and Gaps, one more than Tokens: the text before the
// first token's, between each two, and after the last one's.
type Frame struct {
	Tokens []*Token
	Gaps   []string
}

// Format turns a dictionary into the text of one file.
type Format struct {
	Name string
	// Nested declares that the format keeps token paths (a nested
	// object), so tokens with equal names do not collide.
	Nested bool
	// LazyTrees declares that the format reads the token trees through
	// Dictionary.Tree and UnfilteredTree, never the Tokens and
	// UnfilteredTokens fields: the engine then builds a tree only when it
	// is asked for (most formats read only the token list).
	LazyTrees bool
	// IgnoresAttributes declares that the format never reads
	// Token.Attributes (see Transform.IgnoresAttributes).
	IgnoresAttributes bool
	// Contexts declares that the format writes FormatArgs.Contexts (a
	// file's "contexts"), ColorScheme that it writes a file's
	// "colorScheme": a file giving them to another format is an error.
	Contexts, ColorScheme bool

	// Shape, when set, declares what the format's files are made of (see
	// FileShape): the engine may then make a file from its shape instead
	// of calling Format or Write. It returns nil for a file it cannot
	// describe so (its options make a text depend on more than its
	// token, say): Format or Write then makes that file.
	Shape func(ctx context.Context, args *FormatArgs) (*FileShape, error)

	// Format returns the file's text.
	Format func(ctx context.Context, args *FormatArgs) (string, error)
	// Write, when set, writes the file's text to w as it goes instead of
	// returning it: the engine uses it to write a file (into the staged
	// file directly, or comparing the text with the file already there,
	// so that an unchanged file is left alone) and Format when it needs
	// the text itself (FormatPlatform, a symbolic link in the way), so
	// both must produce the same text. A build writes nothing unless
	// every file succeeds, whichever is used.
	Write func(ctx context.Context, args *FormatArgs, w io.Writer) error
}

// Filter is a named file filter, for File.Filter.
type Filter struct {
	Name   string
	Filter FilterFunc
}

// ActionArgs is what an action receives.
type ActionArgs struct {
	Dictionary *Dictionary
	Platform   *Platform // BuildPath is absolute (joined with the config's folder) and ends in "/"
	Options    Options
	Log        io.Writer // progress messages; discarded when silent

	// WriteFile writes a file as os.WriteFile does, but as part of the
	// build: the data goes into a temporary file beside name, put in place
	// (renamed over name) together with the build's other files, so that
	// a failed build writes nothing and an interrupted one leaves no file
	// half-written. name is relative to Platform.BuildPath, or absolute,
	// and must stay inside it; missing folders are made; a file that
	// already holds data is left untouched. It refuses, with an error
	// naming the action's entry in the config (return it: the build then
	// fails), a name that passes through or is a symbolic link, is a
	// folder, is a file the build reads (the config, a token file), or is
	// another platform's output. Symbolic links are never written
	// through. The engine sets it for Do; it is nil for Undo and when code
	// calls an action itself (the built-in actions then write directly).
	WriteFile func(name string, data []byte, perm fs.FileMode) error
	// MkdirAll makes a folder and its parents inside Platform.BuildPath as
	// part of the build (an empty folder an action copies); the build
	// removes it again if it fails. Set with WriteFile, and checked the
	// same way.
	MkdirAll func(name string) error
	// RemoveAll removes name and everything under it as os.RemoveAll
	// does (a symbolic link is removed, never followed), unless it is
	// outside Platform.BuildPath or holds a file the build reads: it then
	// removes nothing and returns an error naming the action's entry in
	// the config. The engine sets it for Undo (clean); nil otherwise.
	RemoveAll func(name string) error
}

// Action runs after a platform's files are written; Undo reverses it on clean.
type Action struct {
	Name string
	Do   func(ctx context.Context, a *ActionArgs) error
	Undo func(ctx context.Context, a *ActionArgs) error

	// Staged declares that Do changes nothing but through
	// ActionArgs.WriteFile and MkdirAll and reads none of the files the
	// build writes (the built-in actions, which copy assets, are staged).
	// The engine then runs it before any file is put in place, and what it
	// writes goes in with the build's files: when it fails, nothing at
	// all is written. An action that is not staged runs once the files
	// are in place, as in the reference (it may read them, or write files
	// by itself); its WriteFile files go in when it returns without
	// error, and when it fails the build's error is a *PartialBuildError
	// listing the files already written.
	Staged bool
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
	// Default declares a file format of the tool rather than a config's
	// choice, as the reference's own loaders for .json and .js files: it
	// reads the files it matches without being named in Config.Parsers,
	// when no named parser matches them, and its errors are the file's
	// own (a *Diagnostic is reported as it is, at its position). The
	// command registers one for JavaScript and TypeScript token files.
	Default bool
}

// FileHeaderFunc returns the header lines of a file, given the default ones.
type FileHeaderFunc func(defaultLines []string, o Options) ([]string, error)

// FileHeader is a named file header.
type FileHeader struct {
	Name       string
	FileHeader FileHeaderFunc
}

// OutputReferencesFunc decides per token whether a format keeps its
// references: the outputReferences option as a function.
type OutputReferencesFunc func(t *Token, d *Dictionary, usesDtcg bool) bool

// SortFunc compares two tokens like strings.Compare: the sort option as a
// function.
type SortFunc func(a, b *Token) int

// Sort is a named token order, for the sort option ("sort": "name" or a
// list of names; the reference's hooks.sorts). Formats that sort, such as
// css/variables, break ties of their own order with it.
type Sort struct {
	Name string
	Sort SortFunc
}

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
	Sorts           []Sort
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
		Sorts:           append(append([]Sort(nil), h.Sorts...), other.Sorts...),
	}
}
