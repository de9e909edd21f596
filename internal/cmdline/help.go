package cmdline

// Usage is the command line's help text.
const Usage = `Usage: tokengen [command] [options]

Builds design tokens into code for each platform, like style-dictionary.

Commands:
  build [folder]          build all platforms (the default when no command is given)
  clean [folder]          remove the files a build writes and undo its actions
  init <kind> [folder]    write a starter project (basic, complete or go) and build it
  resolver import <file>  write the resolver document of a Tokens Studio $themes.json or per-theme sources
  diff [OLD [NEW]]        what a token change breaks between two git revisions or folders, as a semver verdict
  run <script> [args]     run a style-dictionary build script (build.mjs, build.js, build.ts) without node
  help [command]          this help, or a command's

Options:
  -c, --config <path>     config file (JSON, JSONC, JSON5, JavaScript, TypeScript), a Go config file
                          or package folder (default: config.json, config.jsonc, config.json5,
                          config.js, config.mjs, config.ts, then a Go config here)
  -p, --platform <name>   only this platform (repeatable)
  -i, --input <modifier=context>
                          the context of a modifier of the config's resolver document
                          (repeatable; a modifier not given takes its default)
  -v, --verbose           detailed warnings
  -s, --silent            only fatal errors
  -n, --no-warn           no warnings
      --max-memory <size>
                          memory ceiling of JavaScript configs and scripts
                          (512MB, 2GB; default 4GB, or TOKENGEN_MAX_MEMORY)
      --json              build, clean: print the files and diagnostics as JSON
      --dry-run           build: print every file the build would write, and what it
                          shares, and write nothing
  -V, --version           print the version and commit
  -h, --help              this help

Run 'tokengen <command> --help' for a command's own help.
`

// configLookup says where a config is found; build's and clean's help share it.
const configLookup = `The config is the one --config names, else the first of these in the
folder (default: the current folder): config.json, config.jsonc,
config.json5, config.js, config.mjs, config.ts, then a Go config (a
package, or a //go:build ignore file, declaring func Config()
tokenbuild.Config).
`

const buildHelp = `Usage: tokengen build [folder] [options]

Builds every platform of the config, or those -p names, and writes their
files. A failed build writes nothing, and a file is rewritten only when its
content changed.

` + configLookup + `
It names the files it rewrote under their platforms, and sums up in one
line those that already held their content. Run by go generate, build
prints nothing on success but warnings; on a terminal, or with --verbose,
it names the files it rewrote.

Options:
  -c, --config <path>     config file (JSON, JSONC, JSON5, JavaScript .js/.mjs/.cjs, TypeScript
                          .ts), Go config file or package folder
  -p, --platform <name>   only this platform (repeatable)
  -i, --input <modifier=context>
                          the context of a modifier of the config's resolver document
                          (repeatable; a modifier not given takes its default)
  -v, --verbose           detailed warnings
  -s, --silent            only fatal errors
  -n, --no-warn           no warnings
      --max-memory <size>
                          memory ceiling of JavaScript configs and scripts
                          (512MB, 2GB; default 4GB, or TOKENGEN_MAX_MEMORY)
      --json              print the files and diagnostics as one JSON object, and nothing else
      --dry-run           print the build's plan (every file it would write, under its
                          permutation and platform, and what is shared) and write nothing
  -h, --help              this help

Exit codes: 0 success, 1 a failed build, 2 a usage error.
`

const cleanHelp = `Usage: tokengen clean [folder] [options]

Removes the files a build of the config writes, undoes its platforms'
actions and removes the folders that leaves empty. It never removes
anything else.

` + configLookup + `
Options:
  -c, --config <path>     config file (JSON, JSONC, JSON5, JavaScript .js/.mjs/.cjs, TypeScript
                          .ts), Go config file or package folder
  -p, --platform <name>   only this platform (repeatable)
  -i, --input <modifier=context>
                          the context of a modifier of the config's resolver document
                          (repeatable; a modifier not given takes its default)
  -v, --verbose           detailed warnings
  -s, --silent            only fatal errors
  -n, --no-warn           no warnings
      --max-memory <size>
                          memory ceiling of JavaScript configs and scripts
                          (512MB, 2GB; default 4GB, or TOKENGEN_MAX_MEMORY)
      --json              print the files and diagnostics as one JSON object, and nothing else
  -h, --help              this help

Exit codes: 0 success, 1 a failed clean, 2 a usage error.
`

const initHelp = `Usage: tokengen init <kind> [folder]

Writes a starter project into the folder (default: the current folder),
which must be empty (files whose names start with a dot do not count), and
builds it once. Kinds:

  basic      a config.json and token files, the reference's basic example
  complete   the same, with more platforms and tokens
  go         a Go config: a package of your module with a //go:generate
             line, a custom transform and a custom format. Run it inside
             a module that requires tokengen
             (go get -tool github.com/tokengen/tokengen/cmd/tokengen).

Exit codes: 0 success, 1 a failed build, 2 a usage error.
`

const resolverHelp = `Usage: tokengen resolver import <file> [-o <out.resolver.json>]

Writes the DTCG 2025.10 resolver document that a theme setup describes:
  - a Tokens Studio $themes.json (with $metadata.json's tokenSetOrder beside
    it), or a single-file Tokens Studio export holding $themes;
  - a JSON map of themes to source lists: {"light": ["tokens/core/*.json",
    "tokens/light/*.json"], ...}, or to configs: {"light": {"include": [...],
    "source": [...]}, ...}.
A config may also name such a file as its "resolver" directly.

Without -o the document goes to standard output, its references relative
to the imported file's folder; with -o, relative to the output's folder.

Options:
  -o, --output <path>     write the document there (replacing the file)
  -h, --help              this help

Exit codes: 0 success, 1 a file that cannot be imported, 2 a usage error.
`

const runHelp = `Usage: tokengen run [--max-memory <size>] <script> [arguments for the script]

Runs a style-dictionary build script (build.mjs, build.js, build.cjs or
build.ts) as node would, without node: its import of style-dictionary is
tokengen's, with the same API (new StyleDictionary(config), extend,
register*, buildAllPlatforms, ...), and the modules it imports from
node_modules, relative files and JSON are loaded as node loads them. The
arguments after the script are its process.argv. A script that only
exports a config is a config module: build it with tokengen build -c.

Options:
  --max-memory <size>  memory ceiling of the script (512MB, 2GB;
                       default 4GB, or TOKENGEN_MAX_MEMORY)

Example:
  tokengen run build.mjs --theme dark

Exit codes: 0 the script finished, 1 it failed, 2 a usage error.
`

const diffHelp = `Usage: tokengen diff [options] [OLD [NEW]]

Builds the config's tokens on two sides in memory (nothing is written),
every platform, and lists what changed for the people who use them:
tokens added, removed, renamed, deprecated, of another type or value, and
per platform the output names and files that come and go. Each change is
classed major, minor or patch by a stated rule (see docs/diff.md); the
verdict is the most severe.

OLD and NEW are folders or git revisions of the repository holding the
config (read with git, the working tree untouched). OLD defaults to HEAD,
NEW to the working tree. With a resolver document, every context of each
modifier is compared (the other modifiers at their defaults).

Options:
  -c, --config <path>     config file (JSON, JSONC, JSON5, JavaScript); default: as build finds it
      --format <text|json|markdown>
                          the report's form (default text; markdown for a pull-request comment)
      --minor-values <type,...>
                          value changes of these token types are minor, not patch
      --fail-on <major|minor|patch>
                          exit 1 when the verdict reaches this level
  -h, --help              this help

Exit codes: 0 compared, 1 a side failed to build or --fail-on was reached,
2 a usage error.
`

// Help is the help text of a command ("" or an unknown name: the whole
// command line's).
func Help(command string) string {
	switch command {
	case "build":
		return buildHelp
	case "clean":
		return cleanHelp
	case "init":
		return initHelp
	case "run":
		return runHelp
	case "resolver":
		return resolverHelp
	case "diff":
		return diffHelp
	}
	return Usage
}
