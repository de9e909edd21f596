package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/resolver"
)

// runResolver runs "tokengen resolver ...": args follow the word resolver.
func runResolver(args []string, stdout, stderr io.Writer) int {
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "tokengen: resolver: %s\nRun 'tokengen resolver --help' for usage.\n", msg)
		return 2
	}
	if len(args) == 0 {
		return usage("missing subcommand: import")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, cmdline.Help("resolver"))
		return 0
	}
	if args[0] != "import" {
		return usage(fmt.Sprintf("unknown subcommand %q; the subcommand is import", args[0]))
	}
	var in, out string
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			fmt.Fprint(stdout, cmdline.Help("resolver"))
			return 0
		case a == "-o" || a == "--output":
			if i+1 >= len(args) {
				return usage(fmt.Sprintf("option %s needs a value", a))
			}
			i++
			if out = args[i]; out == "" {
				return usage(fmt.Sprintf("option %s needs a path", a))
			}
		case strings.HasPrefix(a, "--output="):
			if out = strings.TrimPrefix(a, "--output="); out == "" {
				return usage("option --output needs a path")
			}
		case strings.HasPrefix(a, "-") && a != "-":
			return usage(fmt.Sprintf("unknown option %s", a))
		case in == "":
			in = a
		default:
			return usage(fmt.Sprintf("import takes one file; %q is one too many", a))
		}
	}
	if in == "" {
		return usage("import needs the file to import")
	}
	if _, err := os.Stat(in); err != nil && shellEmptied(filepath.Base(in)) {
		return usage(fmt.Sprintf("import %s: no such file%s", in, shellHint(filepath.Base(in))))
	}
	base := filepath.Dir(in)
	if out != "" {
		if same(in, out) {
			// the input is what the user wrote: never replace it
			return usage(fmt.Sprintf("-o %s would replace the file being imported", out))
		}
		base = filepath.Dir(out)
	}
	doc, err := resolver.Import(in, base)
	if err != nil {
		cmdline.PrintErrors(stderr, err, "; nothing was written")
		return 1
	}
	data := resolver.Marshal(doc)
	if out == "" {
		stdout.Write(data)
		return 0
	}
	if err := writeAtomically(out, data); err != nil {
		fmt.Fprintf(stderr, "tokengen: resolver import: %v\n", err)
		return 1
	}
	return 0
}

// same says whether two paths name one file (or would, for one not yet there).
func same(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, _ := filepath.Abs(a)
	absB, _ := filepath.Abs(b)
	return absA == absB
}

// writeAtomically writes through a temporary file renamed into place, so
// an interrupted write leaves the old document whole.
func writeAtomically(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(file), ".tokengen-resolver-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, file)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
