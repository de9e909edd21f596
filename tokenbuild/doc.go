// Package tokenbuild is tokengen's contract: the configuration, the tokens
// and every hook a build runs, declared here and documented at each
// declaration. A Go config imports it and nothing else:
//
//	//go:generate go tool tokengen build
//
//	func Config() tokenbuild.Config {
//		return tokenbuild.Config{
//			Source: []string{"tokens/**/*.json"},
//			Hooks:  tokenbuild.Hooks{Transforms: []tokenbuild.Transform{shout}},
//			Platforms: []tokenbuild.Platform{{
//				Name: "css", TransformGroup: "css", Transforms: []string{"name/shout"}, BuildPath: "build/",
//				Files: []tokenbuild.File{{Destination: "vars.css", Format: "css/variables"}},
//			}},
//		}
//	}
//
// The configuration mirrors style-dictionary's config.json (Config,
// Platform, File, LogConfig, Expand). Tokens are *Token values in trees of
// *Object, an ordered JSON object that iterates its keys as JavaScript
// does; a Dictionary is what a format receives.
//
// Hooks are plain values: Transform, TransformGroup, Format, Filter,
// Action, Preprocessor, Parser, FileHeader and Sort, each carrying its
// name. A config's hooks go in Config.Hooks; the driver
// (github.com/tokengen/tokengen) registers the built-in ones (package
// builtin, where each is an exported value such as builtin.CSSVariables)
// before them, and a config's hook overrides a built-in of the same name.
// Built-ins get nothing a config's hook cannot have: what lets the engine
// do less work is declared on the value, never guessed from its name —
// Transform.Pure (platforms share the result), Transform.IgnoresAttributes
// and Format.IgnoresAttributes (attribute transforms may be skipped),
// Format.LazyTrees (token trees made only when asked for), Format.Write
// (the text streamed into the file as it is made) and Action.Staged (an
// action whose writes go in with the build's files, all or nothing).
//
// Hooks report warnings through the Warn function of their arguments
// (TransformArgs, FormatArgs); problems come back from the driver as
// *Diagnostic values with their file, line and column.
package tokenbuild
