// Package cli is the tokengen command line: build, clean and init.
package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/configmain"
	"github.com/tokengen/tokengen/examples"
	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/didyoumean"
	"github.com/tokengen/tokengen/internal/goconfig"
	"github.com/tokengen/tokengen/internal/jsconfig"
	"github.com/tokengen/tokengen/internal/stopsignal"
	"github.com/tokengen/tokengen/tokenbuild"
)

// defaultConfigNames are looked up, in order, when --config is absent:
// the JSON names, then the JavaScript and TypeScript config modules.
var defaultConfigNames = append([]string{"config.json", "config.jsonc", "config.json5"}, jsconfig.DefaultNames...)

// Run is the tokengen process: the command line args run as Main runs
// them, stopped by the first SIGINT or SIGTERM (internal/stopsignal), and
// the exit code, which is then the signal's (130, 143).
func Run(args []string) int {
	return stopsignal.Main(os.Stderr, func(ctx context.Context, stderr io.Writer) int {
		return Main(ctx, args, os.Stdout, stderr)
	})
}

// Main runs the command line and returns the exit code: 0 success, 1 a
// failed build, 2 a usage error.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return run(ctx, args, stdout, stderr)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "resolver" {
		return runResolver(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "diff" {
		return runDiff(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "run" {
		return runScript(ctx, args[1:], stdout, stderr)
	}
	o, code, answered := cmdline.ParseAnswering(args, stdout, stderr)
	if answered {
		return code
	}
	switch o.Command {
	case "init":
		return runInit(ctx, o, stdout, stderr)
	}
	path, dir := o.Config, "."
	if path == "" && o.Dir != "" {
		st, err := os.Stat(o.Dir)
		switch {
		case err != nil:
			hint := ""
			if shellEmptied(filepath.Base(o.Dir)) {
				hint = shellHint(filepath.Base(o.Dir))
			}
			fmt.Fprintf(stderr, "tokengen: %s %s: no such folder or config file%s\n", o.Command, o.Dir, hint)
			return 2
		case st.IsDir():
			dir = o.Dir
		default:
			path = o.Dir // a config file, as --config would name it
		}
	}
	if path == "" {
		path = findDefaultConfig(dir)
		if path == "" {
			if target, ok := goconfig.Detect(dir); ok {
				return runGoConfig(ctx, target, o, stdout, stderr)
			}
			if o.JSON {
				err := fmt.Errorf("unable to find config file in %s (looked for %s, then a Go config)", dir, strings.Join(defaultConfigNames, ", "))
				cmdline.WriteJSON(stdout, cmdline.NewJSONReport(o.Command, dir, nil, err))
				return 1
			}
			missingConfig(stderr, dir)
			return 1
		}
	} else if isGoConfig(path) {
		return runGoConfig(ctx, path, o, stdout, stderr)
	}
	if _, err := os.Stat(path); err != nil && errors.Is(err, fs.ErrNotExist) {
		if o.JSON {
			cmdline.WriteJSON(stdout, cmdline.NewJSONReport(o.Command, filepath.Dir(path), nil, noSuchConfig(path)))
			return 1
		}
		cmdline.PrintError(stderr, noSuchConfig(path))
		return 1
	}
	// JavaScript (a config module, token files) stops when ctx is done
	// and at the memory ceiling.
	ctx, err := withMaxMemory(ctx, o.MaxMemory)
	if err != nil {
		fmt.Fprintln(stderr, "tokengen:", err)
		return 2
	}
	load := tokengen.LoadConfig
	var module *jsconfig.Module // a config module's hooks may call process.exit
	if jsconfig.IsConfig(path) {
		load = func(path string) (*tokenbuild.Config, error) {
			cfg, m, err := jsconfig.LoadModule(ctx, path, newScriptBuilder)
			module = m
			return cfg, err
		}
	}
	cfg, err := load(path)
	if err != nil {
		if x, ok := err.(*jsconfig.ExitError); ok { // process.exit in the config module
			return x.Code
		}
		if o.JSON {
			cmdline.WriteJSON(stdout, cmdline.NewJSONReport(o.Command, filepath.Dir(path), nil, err))
			return 1
		}
		cmdline.PrintError(stderr, err)
		return 1
	}
	if !jsconfig.IsConfig(path) { // a config module has it already
		cfg.Hooks.Parsers = append(cfg.Hooks.Parsers, jsconfig.TokenFileParserContext(ctx))
	}
	code = configmain.Command(ctx, args, *cfg, stdout, module.UntilExit(stderr))
	if status, exited := module.Exited(); exited {
		return status // process.exit(n) in a hook ends the command with n, as it ends node
	}
	return code
}

// noSuchConfig says that the config file named on the command line is
// not there, with the names in its folder it was likely meant to be,
// or, for a name a shell has emptied of its $variable (".json" from an
// unquoted $themes.json), how to quote it.
func noSuchConfig(path string) error {
	msg := "no such config file"
	dir, base := filepath.Split(path)
	if shellEmptied(base) {
		msg += shellHint(base)
		return &tokenbuild.Diagnostic{File: path, Msg: msg}
	}
	entries, _ := os.ReadDir(cmp.Or(dir, "."))
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	if s := didyoumean.Closest(base, names); s != "" {
		msg += "; did you mean " + filepath.Join(dir, s) + "?"
	} else if dir == "" || dir == "./" {
		if found := findDefaultConfig("."); found != "" {
			msg += "; the config here is " + found
		}
	}
	return &tokenbuild.Diagnostic{File: path, Msg: msg}
}

// shellHint is what to say of a name shellEmptied.
func shellHint(base string) string {
	return fmt.Sprintf("; a shell expands an unquoted $name to its variable's value, empty when unset: quote a name that starts with $, as in '$themes%s'", base)
}

// shellEmptied reports whether a file name looks like what a shell leaves
// of one that started with an unset $variable: an extension alone.
func shellEmptied(base string) bool {
	return len(base) > 1 && strings.HasPrefix(base, ".") && !strings.Contains(base[1:], ".") &&
		strings.Contains(".json.jsonc.json5.js.mjs.cjs.ts.", base+".")
}

// missingConfig says where no config was found, what was looked for, and
// what to do.
func missingConfig(w io.Writer, dir string) {
	where := "the current folder"
	if dir != "." {
		where = dir
	}
	fmt.Fprintf(w, "tokengen: Build failed; unable to find config file in %s.\n", where)
	fmt.Fprintf(w, "Looked for %s, then a Go config (a .go file declaring func Config() tokenbuild.Config).\n",
		strings.Join(defaultConfigNames, ", "))
	fmt.Fprintln(w, "Name a config with --config <path>, or write a starter project with tokengen init basic (or tokengen init go).")
}

func findDefaultConfig(dir string) string {
	for _, n := range defaultConfigNames {
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

func isGoConfig(path string) bool {
	if strings.HasSuffix(path, ".go") {
		return true
	}
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// runGoConfig compiles and runs a Go config, passing the command line on
// without the config's place (--config, the folder argument): the
// program is the config.
func runGoConfig(ctx context.Context, target string, o cmdline.Options, stdout, stderr io.Writer) int {
	args := []string{o.Command}
	for _, p := range o.Platforms {
		args = append(args, "--platform", p)
	}
	switch o.Verbosity {
	case tokenbuild.VerbosityVerbose:
		args = append(args, "--verbose")
	case tokenbuild.VerbositySilent:
		args = append(args, "--silent")
	}
	if o.Warnings == tokenbuild.WarningsDisabled {
		args = append(args, "--no-warn")
	}
	if o.JSON {
		args = append(args, "--json")
	}
	mods := make([]string, 0, len(o.Inputs))
	for m := range o.Inputs {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	for _, m := range mods {
		args = append(args, "--input", m+"="+o.Inputs[m])
	}
	code, err := goconfig.Run(ctx, target, args, stdout, stderr)
	var program *goconfig.ProgramError
	if errors.As(err, &program) {
		fmt.Fprintln(stderr, program.Msg) // what it wrote is not known
		return 1
	}
	if err != nil {
		cmdline.PrintError(stderr, err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// runInit writes a starter project into an empty folder and builds it.
// Everything is checked before the first file is written, so a refused
// init leaves the folder as it was.
func runInit(ctx context.Context, o cmdline.Options, stdout, stderr io.Writer) int {
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "tokengen: "+format+"\n", args...)
		return 1
	}
	if names := visibleEntries(dir); len(names) > 0 {
		where := "the current folder"
		if dir != "." {
			where = dir
		}
		shown := names
		if len(shown) > 3 {
			shown = append(shown[:3:3], "...")
		}
		msg := fmt.Sprintf("init writes into an empty folder, and %s holds %s; nothing was written", where, strings.Join(shown, ", "))
		if o.InitType == "go" && slices.Contains(names, "go.mod") {
			msg += "\nA Go config is a package of your module: tokengen init go design writes one into ./design"
		}
		return fail("%s", msg)
	}
	files, err := starterFiles(o.InitType)
	if err != nil {
		return fail("%v", err)
	}
	var toolNote string
	if o.InitType == "go" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return fail("%v", err)
		}
		gomod, err := findGoMod(abs)
		if err != nil {
			return fail("init go writes a package of a Go module, and %s is in none: run go mod init <module path>, "+
				"then go get -tool github.com/tokengen/tokengen/cmd/tokengen, first; nothing was written", dir)
		}
		data, _ := os.ReadFile(gomod)
		if !strings.Contains(string(data), "github.com/tokengen/tokengen") {
			return fail("the module (%s) does not require tokengen: run go get -tool github.com/tokengen/tokengen/cmd/tokengen first; nothing was written", gomod)
		}
		if !strings.Contains(string(data), "github.com/tokengen/tokengen/cmd/tokengen") {
			toolNote = "The //go:generate line runs go tool tokengen: add it to the module with go get -tool github.com/tokengen/tokengen/cmd/tokengen."
		}
		pkg := packageName(filepath.Base(abs))
		files["config.go"] = []byte(strings.Replace(string(files["config.go"]), "package design\n", "package "+pkg+"\n", 1))
	}
	where := ""
	if dir != "." {
		where = " in " + dir
	}
	fmt.Fprintf(stdout, "Writing tokengen's %s starter project%s:\n", o.InitType, where)
	for _, name := range sortedKeys(files) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fail("%v", err)
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return fail("%v", err)
		}
		fmt.Fprintf(stdout, "  %s\n", name)
	}
	fmt.Fprintln(stdout, "Running `tokengen build` for the first time to generate build artifacts.")
	build := []string{"build"}
	if dir != "." {
		build = append(build, dir)
	}
	code := run(ctx, build, stdout, stderr)
	if code == 0 && o.InitType == "go" {
		fmt.Fprintln(stdout, "\ngo generate ./... builds it again (the //go:generate line in config.go).")
		if toolNote != "" {
			fmt.Fprintln(stdout, toolNote)
		}
	}
	return code
}

// starterFiles are a starter project's files by slash path.
func starterFiles(kind string) (map[string][]byte, error) {
	sub, err := fs.Sub(examples.Starters, kind)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".go.txt") {
			p = strings.TrimSuffix(p, ".txt")
		}
		files[path.Clean(p)] = data
		return nil
	})
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no starter project %q", kind)
	}
	return files, err
}

// visibleEntries lists dir's entries whose names do not start with a dot
// (.git and the like do not make a folder a project); none when dir does
// not exist.
func visibleEntries(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names
}

// findGoMod is the go.mod of the module dir is in (dir need not exist).
func findGoMod(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "go.mod")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
		if filepath.Dir(d) == d {
			return "", os.ErrNotExist
		}
	}
}

// packageName makes a Go package name of a folder's name: lower-case
// letters and digits, "design" when nothing usable is left.
func packageName(folder string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(folder) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9' && b.Len() > 0) {
			b.WriteRune(r)
		}
	}
	name := b.String()
	if name == "" || name == "main" || token.IsKeyword(name) {
		return "design"
	}
	return name
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// runScript is `tokengen run build.mjs [args...]`: it runs a build script
// as node would, its StyleDictionary being tokengen's. The arguments after
// the script are its process.argv.
func runScript(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdout, cmdline.Help("run"))
		return 0
	}
	const runUsage = "Usage: tokengen run [--max-memory <size>] <build.mjs|build.js|build.ts> [arguments for the script]\nSee tokengen run --help."
	if len(args) == 0 {
		fmt.Fprintln(stderr, "tokengen: run needs the build script to run\n"+runUsage)
		return 2
	}
	var maxMemory uint64
	if a, v, ok := strings.Cut(args[0], "="); a == "--max-memory" {
		if !ok && len(args) > 1 {
			v, args = args[1], args[1:]
		}
		n, err := cmdline.ParseSize("--max-memory", v)
		if err != nil {
			fmt.Fprintln(stderr, "tokengen:", err)
			return 2
		}
		maxMemory, args = n, args[1:]
		if len(args) == 0 {
			fmt.Fprintln(stderr, "tokengen: run needs the build script to run\n"+runUsage)
			return 2
		}
	}
	ctx, err := withMaxMemory(ctx, maxMemory)
	if err != nil {
		fmt.Fprintln(stderr, "tokengen:", err)
		return 2
	}
	if !jsconfig.IsConfig(args[0]) {
		fmt.Fprintf(stderr, "tokengen: run %s: not a JavaScript or TypeScript script (.mjs, .js, .cjs, .ts)\n", args[0])
		return 2
	}
	if err := jsconfig.Run(ctx, args[0], args[1:], stdout, stderr, newScriptBuilder); err != nil {
		cmdline.PrintErrors(stderr, err, "")
		// process.exit(n) ends the command with status n, as it ends node.
		var x interface{ ExitStatus() int }
		if errors.As(err, &x) && x.ExitStatus() != 0 {
			return x.ExitStatus()
		}
		return 1
	}
	return 0
}

// withMaxMemory is ctx with the memory ceiling of the JavaScript a
// command runs: flag (--max-memory) when given, else
// TOKENGEN_MAX_MEMORY, else jsconfig.DefaultMaxMemory.
func withMaxMemory(ctx context.Context, flag uint64) (context.Context, error) {
	n := flag
	if n == 0 {
		if env := os.Getenv("TOKENGEN_MAX_MEMORY"); env != "" {
			var err error
			if n, err = cmdline.ParseSize("TOKENGEN_MAX_MEMORY", env); err != nil {
				return ctx, err
			}
		}
	}
	if n == 0 {
		n = jsconfig.DefaultMaxMemory
	}
	return jsconfig.WithMaxMemory(ctx, n), nil
}
