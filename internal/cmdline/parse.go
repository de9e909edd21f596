package cmdline

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/didyoumean"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Options are a parsed command line.
type Options struct {
	Command   string // build, clean, init or version
	InitType  string // init's kind: one of InitKinds
	Dir       string // build's and clean's folder argument; init's target folder
	Config    string // --config
	Platforms []string
	Verbosity tokenbuild.Verbosity // "" unless --verbose or --silent
	Warnings  tokenbuild.WarningsMode
	// Inputs are --input modifier=context: the context chosen for each
	// modifier of the config's resolver document.
	Inputs map[string]string
	// MaxMemory is --max-memory in bytes (0 when not given): the memory
	// ceiling of the JavaScript a build runs (see ParseSize).
	MaxMemory uint64
	// JSON is --json: build and clean print what they did as one JSON
	// object on stdout (WriteJSON) instead of the reference's log.
	JSON bool
	// DryRun is --dry-run: build prints the plan of the build (every file
	// it would write, under its permutation and platform, and what is
	// shared) and writes nothing.
	DryRun bool
}

// InitKinds are the starter projects init writes.
var InitKinds = []string{"basic", "complete", "go"}

// commands are the command words, in the order help lists them.
var commands = []string{"build", "clean", "init"}

// helpTopics are the commands help knows: the command words, and run and
// resolver, which the tokengen command reads before this grammar.
var helpTopics = append(slices.Clone(commands), "run", "resolver", "diff")

// UsageError is a command line that cannot be understood (exit code 2).
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// option is one flag of the grammar.
type option struct {
	short, long string
	value       bool // takes a value
}

var options = []option{
	{"-c", "--config", true}, {"-p", "--platform", true}, {"-v", "--verbose", false},
	{"-i", "--input", true}, {"-s", "--silent", false}, {"-n", "--no-warn", false}, {"-V", "--version", false}, {"-h", "--help", false},
	{"", "--max-memory", true},
	{"", "--json", false},
	{"", "--dry-run", false},
}

// Parse reads a command line (without the program name). help is true when
// help was asked for (-h, --help, or the help command); o.Command then
// says whose help, "" for the whole command line's (see Help).
func Parse(args []string) (o Options, help bool, err error) {
	verbose, silent := false, false
	var positional []string
	args = splitShortOptions(args)
	for i := 0; i < len(args); i++ {
		a := args[i]
		val, hasVal := "", false
		if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "--") {
			a, val, hasVal = k, v, true
		}
		next := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", UsageError{fmt.Sprintf("option %s needs a value", a)}
			}
			i++
			return args[i], nil
		}
		var err error
		switch a {
		case "-h", "--help":
			return o, true, nil
		case "-V", "--version":
			o.Command = "version"
		case "-c", "--config":
			o.Config, err = next()
		case "-p", "--platform":
			// The reference's value is optional: -p alone, or before
			// another option, builds every platform.
			if !hasVal && (i+1 >= len(args) || strings.HasPrefix(args[i+1], "-") && args[i+1] != "-") {
				break
			}
			var p string
			p, err = next()
			o.Platforms = append(o.Platforms, p)
		case "-i", "--input":
			var in string
			if in, err = next(); err == nil {
				err = o.addInput(in)
			}
		case "-v", "--verbose":
			verbose = true
		case "-s", "--silent":
			silent = true
		case "-n", "--no-warn":
			o.Warnings = tokenbuild.WarningsDisabled
		case "--max-memory":
			var v string
			if v, err = next(); err == nil {
				o.MaxMemory, err = ParseSize("--max-memory", v)
			}
		case "--json":
			o.JSON = true
		case "--dry-run":
			o.DryRun = true
		default:
			switch {
			case strings.HasPrefix(a, "-") && a != "-":
				return o, false, unknownOption(a)
			case o.Command == "" && a == "help":
				// help [command], as the reference's commander has it
				if i+1 < len(args) && isIn(args[i+1], helpTopics) {
					o.Command = args[i+1]
				}
				return o, true, nil
			case o.Command == "":
				if !isCommand(a) {
					msg := fmt.Sprintf("Invalid command: %s", a)
					if s := didyoumean.Closest(a, commands); s != "" {
						msg += fmt.Sprintf("\nDid you mean %s?", s)
					}
					return o, false, UsageError{msg + "\nSee --help for a list of available commands."}
				}
				o.Command = a
			default:
				positional = append(positional, a)
			}
		}
		if err != nil {
			return o, false, err
		}
	}
	if o.Command == "" {
		o.Command = "build"
	}
	if err := o.takePositional(positional); err != nil {
		return o, false, err
	}
	if o.DryRun && o.Command != "build" {
		return o, false, UsageError{"--dry-run is an option of build"}
	}
	if o.DryRun && o.JSON {
		return o, false, UsageError{"--dry-run prints the build's plan; it does not go with --json"}
	}
	if silent {
		o.Verbosity = tokenbuild.VerbositySilent
	}
	if verbose {
		o.Verbosity = tokenbuild.VerbosityVerbose
	}
	return o, false, nil
}

// splitShortOptions spells out short options written together, as the
// reference's command line reads them: -vn is -v -n, and a short option
// taking a value takes the rest of its word (-pcss is -p css, -scss is
// -s -c ss). A word that is not made of known short options, or that is a
// long option with one dash missing (-platform), is left as it is, for the
// unknown-option error to name.
func splitShortOptions(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) <= 2 || a[0] != '-' || a[1] == '-' || isLongOption("-"+a) {
			out = append(out, a)
			continue
		}
		var split []string
		for j := 1; j < len(a); j++ {
			op, ok := shortOption(a[j])
			if !ok {
				split = nil
				break
			}
			split = append(split, op.short)
			if op.value {
				if j+1 < len(a) {
					split = append(split, a[j+1:])
				}
				break
			}
		}
		if split == nil {
			split = []string{a}
		}
		out = append(out, split...)
	}
	return out
}

func isLongOption(a string) bool {
	for _, op := range options {
		if op.long == a {
			return true
		}
	}
	return false
}

func shortOption(c byte) (option, bool) {
	for _, op := range options {
		if op.short == "-"+string(c) {
			return op, true
		}
	}
	return option{}, false
}

// addInput reads one --input modifier=context.
func (o *Options) addInput(in string) error {
	mod, ctx, ok := strings.Cut(in, "=")
	if !ok || mod == "" {
		return UsageError{fmt.Sprintf("--input %s: give a modifier and one of its contexts, as in --input theme=dark", in)}
	}
	if prev, dup := o.Inputs[mod]; dup {
		return UsageError{fmt.Sprintf("--input %s: modifier %s is already given (%s=%s); a build chooses one context per modifier", in, mod, mod, prev)}
	}
	if o.Inputs == nil {
		o.Inputs = map[string]string{}
	}
	o.Inputs[mod] = ctx
	return nil
}

// takePositional reads the arguments after the command: build's and
// clean's folder, init's kind and folder.
func (o *Options) takePositional(args []string) error {
	max := 1
	switch o.Command {
	case "init":
		max = 2
		if len(args) == 0 {
			return UsageError{"init needs the kind of project to write: " + kinds() +
				"\nUsage: tokengen init <" + strings.Join(InitKinds, "|") + "> [folder]"}
		}
		o.InitType = args[0]
		if !isIn(o.InitType, InitKinds) {
			msg := fmt.Sprintf("unknown project kind %q; init writes %s", o.InitType, kinds())
			if s := didyoumean.Closest(o.InitType, InitKinds); s != "" {
				msg += fmt.Sprintf(". Did you mean %s?", s)
			}
			return UsageError{msg}
		}
		args = args[1:]
	case "version":
		max = 0
	}
	if len(args) > max || (max == 0 && len(args) > 0) {
		return UsageError{fmt.Sprintf("unexpected argument %s\nSee tokengen %s --help.", args[len(args)-1], o.Command)}
	}
	if len(args) == 1 {
		o.Dir = args[0]
		if o.Config != "" && o.Command != "init" {
			return UsageError{fmt.Sprintf("give the config either as a folder (%s) or with --config, not both", o.Dir)}
		}
	}
	return nil
}

// unknownOption says what an unknown option may have meant.
func unknownOption(a string) error {
	var names []string
	for _, op := range options {
		names = append(names, op.long)
	}
	msg := fmt.Sprintf("unknown option %s", a)
	key := a
	if !strings.HasPrefix(a, "--") {
		key = "-" + a // -platform is --platform with one dash missing
	}
	if s := didyoumean.Closest(key, names); s != "" {
		msg += fmt.Sprintf("\nDid you mean %s?", s)
	}
	return UsageError{msg + "\nSee --help for a list of available options."}
}

func isCommand(a string) bool { return isIn(a, commands) }

func isIn(a string, list []string) bool {
	for _, c := range list {
		if a == c {
			return true
		}
	}
	return false
}

// kinds lists InitKinds in prose: "basic, complete or go".
func kinds() string {
	return strings.Join(InitKinds[:len(InitKinds)-1], ", ") + " or " + InitKinds[len(InitKinds)-1]
}

// ParseAnswering is Parse for a command's main function: what the command
// line answers by itself (help, a usage error, the version) is printed
// here, and answered says so, with the exit code to end with.
func ParseAnswering(args []string, stdout, stderr io.Writer) (o Options, code int, answered bool) {
	o, help, err := Parse(args)
	switch {
	case help:
		fmt.Fprint(stdout, Help(o.Command))
		return o, 0, true
	case err != nil:
		fmt.Fprintln(stderr, "tokengen:", err)
		return o, 2, true
	case o.Command == "version":
		fmt.Fprintln(stdout, VersionLine())
		return o, 0, true
	}
	return o, 0, false
}
