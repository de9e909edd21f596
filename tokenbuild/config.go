package tokenbuild

// Config is a whole configuration: what a config.json holds, plus Go hooks.
type Config struct {
	Log     *LogConfig
	Source  []string
	Include []string
	Tokens  *Object
	// Resolver names a DTCG 2025.10 resolver document (relative to Dir)
	// that gives the tokens instead of Source, Include and Tokens: its
	// sets and the contexts of its modifiers that the build's inputs
	// choose (the command line's --input modifier=context, the driver's
	// WithInputs; a modifier not given takes its default) are merged in
	// the document's resolutionOrder, and the merged tree is built as
	// inline tokens would be, aliases resolved after the merge.
	Resolver      string
	Expand        *Expand // nil: no global expansion
	Platforms     []Platform
	Hooks         Hooks
	Parsers       []string
	Preprocessors []string
	UsesDtcg      *bool   // nil: detected from the tokens
	Extra         Options // other top-level keys, passed to formats
	// Dir is the folder relative paths resolve against ("" is the working directory).
	Dir string
	// File is the config file's path as given, when the config came from
	// one: errors in inline tokens point into it.
	File string
	// Extends names a JSON, JSONC or JSON5 config file (relative to Dir)
	// that this config builds on: the file is loaded first and this
	// config's set fields are merged over it, so a JSON config can use
	// hooks that a Go config registers.
	Extends string
}

// Platform returns the platform named name.
func (c *Config) Platform(name string) (*Platform, bool) {
	for i := range c.Platforms {
		if c.Platforms[i].Name == name {
			return &c.Platforms[i], true
		}
	}
	return nil, false
}

// LogConfig controls messages: the config's "log" key. Empty fields take
// the defaults (warnings "warn", verbosity "default", brokenReferences
// "throw"), and a platform's log overrides the config's field by field.
type LogConfig struct {
	Warnings         WarningsMode
	Verbosity        Verbosity
	BrokenReferences BrokenReferences
}

// WarningsMode is log.warnings: what warnings do.
type WarningsMode string

const (
	WarningsWarn     WarningsMode = "warn"     // reported; the build goes on
	WarningsError    WarningsMode = "error"    // fail the build
	WarningsDisabled WarningsMode = "disabled" // not reported
)

// Verbosity is log.verbosity: how much is reported.
type Verbosity string

const (
	VerbosityDefault Verbosity = "default" // warnings summed up, progress
	VerbositySilent  Verbosity = "silent"  // errors only
	VerbosityVerbose Verbosity = "verbose" // every warning in detail
)

// BrokenReferences is log.brokenReferences: what a reference to no token does.
type BrokenReferences string

const (
	BrokenReferencesThrow   BrokenReferences = "throw"   // fails the build
	BrokenReferencesConsole BrokenReferences = "console" // a warning; the reference stays as written
)

// Expand configures composite-token expansion. A nil *Expand means off; a
// non-nil one with no Include/Exclude expands every composite token.
type Expand struct {
	Func        ExpandFunc // decides per token; overrides Include/Exclude
	Include     []string
	IncludeFunc ExpandFunc
	Exclude     []string
	ExcludeFunc ExpandFunc
	TypesMap    *Object // merged over the built-in DTCG types map
}

// Platform is one build target.
type Platform struct {
	Name           string
	TransformGroup string
	Transforms     []string
	BuildPath      string
	Expand         *Expand
	Preprocessors  []string
	Options        Options
	Prefix         string
	BasePxFontSize float64 // 0 means 16
	Files          []File
	Actions        []string
	Log            *LogConfig
	EmitEmptyFiles bool
	Extra          Options // custom keys, passed on to formats and actions
}

// BasePx is basePxFontSize with the reference's default of 16.
func (p *Platform) BasePx() float64 {
	if p == nil || p.BasePxFontSize == 0 {
		return 16
	}
	return p.BasePxFontSize
}

// File is one output file of a platform. At most one of Filter, FilterFunc
// and FilterMatch is set.
type File struct {
	Destination    string
	Format         string
	Filter         string     // a registered filter's name
	FilterFunc     FilterFunc // a filter function
	FilterMatch    *Object    // partial deep match against each token
	Options        Options
	EmitEmptyFiles *bool

	// Contexts make one file hold several permutations of the config's
	// resolver document (the "contexts" key of a file): the file's own
	// permutation as usual, then, for each context listed, only the
	// tokens that context changes, written where its Rules say. A
	// context of modifier M is the file's permutation with M set to it.
	// In JSON:
	//
	//	"contexts": {"theme": {
	//	  "dark": ["[data-theme=\"dark\"]",
	//	           {"atRule": "@media (prefers-color-scheme: dark)", "selector": ":root:not([data-theme])"}]}}
	//
	// A string is a selector; an object puts a selector (the file's own
	// when left out) inside an at-rule. A selector takes the place of the
	// innermost of the file's selectors, inside its outer ones. Formats that read them say so
	// (Format.Contexts); the others are an error at the key.
	Contexts []FileContext
	// ColorScheme names a modifier with a light and a dark context (the
	// "colorScheme" key: {"modifier": "theme", "light": "light", "dark":
	// "dark"}). css/variables writes the colors the two change as
	// light-dark(light, dark); android/resources writes the dark colors
	// as night resources.
	ColorScheme *ColorScheme
	// Extra holds the file entry's other keys, which no built-in reads
	// (a custom format may): the command line lists them with --verbose,
	// and warns about one that looks like a known key.
	Extra Options
}

// FileContext is one context a multi-context file writes, and where.
type FileContext struct {
	Modifier, Context string
	Rules             []ContextRule
	// At is the config key path that set it, for errors.
	At string
}

// ContextRule is a place a context's tokens are written: a selector
// (empty: the file's selector), inside an at-rule when AtRule is set
// ("@media (prefers-color-scheme: dark)").
type ContextRule struct {
	AtRule, Selector string
}

// ColorScheme marks a modifier's light and dark contexts.
type ColorScheme struct {
	Modifier, Light, Dark string
	At                    string // the config key path that set it, for errors
}
