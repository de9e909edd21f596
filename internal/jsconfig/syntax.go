package jsconfig

import "github.com/evanw/esbuild/pkg/api"

// nativeSyntax adds to an esbuild Supported map the syntax newer than the
// ES2017 target that the engine runs natively and faster than esbuild's
// lowering of it. Object spread is the one that counts: lowered, every
// {...token} becomes a helper that defines each property through
// Object.defineProperty (and {...a, ...b} a round of getOwnPropertyDescriptors),
// several times slower than the engine's own spread, and custom formats spread
// tokens by the thousand.
func nativeSyntax(supported map[string]bool) map[string]bool {
	if supported == nil {
		supported = map[string]bool{}
	}
	supported["object-rest-spread"] = true
	return supported
}

// bundleOptions are what every bundle of a user's module takes: node's
// platform, ES2017 with the syntax nativeSyntax keeps (plus supported),
// a linked source map beside outfile so that errors point into the
// user's files, and every module imported run, whatever package.json's
// "sideEffects" says, as node runs it. The caller sets the entry and the
// format.
func bundleOptions(outfile, cwd string, supported map[string]bool, plugins ...api.Plugin) api.BuildOptions {
	return api.BuildOptions{
		Bundle:            true,
		Write:             false,
		Platform:          api.PlatformNode,
		Target:            api.ES2017,
		Supported:         nativeSyntax(supported),
		Outfile:           outfile,
		Sourcemap:         api.SourceMapLinked,
		AbsWorkingDir:     cwd,
		LogLevel:          api.LogLevelSilent,
		IgnoreAnnotations: true,
		Plugins:           plugins,
	}
}
