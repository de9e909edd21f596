package cli

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/internal/cmdline"
	"github.com/tokengen/tokengen/internal/jsconfig"
	"github.com/tokengen/tokengen/internal/jsprint"
	"github.com/tokengen/tokengen/internal/resolver"
	"github.com/tokengen/tokengen/internal/tokendiff"
	"github.com/tokengen/tokengen/tokenbuild"
)

// diffOptions are tokengen diff's command line.
type diffOptions struct {
	config   string
	format   string // text, json, markdown
	failOn   tokendiff.Level
	rules    tokendiff.Options
	old, new string // a folder or a git revision; "" for the defaults
}

// runDiff runs "tokengen diff ...": args follow the word diff.
func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "tokengen: diff: %s\nRun 'tokengen diff --help' for usage.\n", msg)
		return 2
	}
	o := diffOptions{format: "text"}
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "--") {
			name, value, hasValue = a, "", false
		}
		takeValue := func() (string, bool) {
			if hasValue {
				return value, value != ""
			}
			if i+1 >= len(args) {
				return "", false
			}
			i++
			return args[i], args[i] != ""
		}
		switch name {
		case "-h", "--help":
			fmt.Fprint(stdout, cmdline.Help("diff"))
			return 0
		case "-c", "--config":
			v, ok := takeValue()
			if !ok {
				return usage("option " + name + " needs a path")
			}
			o.config = v
		case "--format":
			v, ok := takeValue()
			if !ok || (v != "text" && v != "json" && v != "markdown") {
				return usage("option --format takes text, json or markdown")
			}
			o.format = v
		case "--minor-values":
			v, ok := takeValue()
			if !ok {
				return usage("option --minor-values needs token types, as in color,dimension")
			}
			o.rules.MinorValueTypes = append(o.rules.MinorValueTypes, strings.Split(v, ",")...)
		case "--fail-on":
			v, _ := takeValue()
			l, ok := tokendiff.ParseLevel(v)
			if !ok || l == tokendiff.None {
				return usage("option --fail-on takes major, minor or patch")
			}
			o.failOn = l
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				return usage(fmt.Sprintf("unknown option %s", a))
			}
			positional = append(positional, a)
		}
	}
	switch len(positional) {
	case 2:
		o.new = positional[1]
		fallthrough
	case 1:
		o.old = positional[0]
	case 0:
		o.old = "HEAD"
	default:
		return usage(fmt.Sprintf("diff compares two sides; %q is one too many", positional[2]))
	}

	config := o.config
	if config == "" {
		if config = findDefaultConfig("."); config == "" {
			missingConfig(stderr, ".")
			return 1
		}
	}
	if isGoConfig(config) {
		return usage(config + ": diff reads JSON, JSONC, JSON5 and JavaScript configs, not Go configs")
	}
	if _, err := os.Stat(config); err != nil {
		cmdline.PrintErrors(stderr, noSuchConfig(config), "")
		return 1
	}

	tmp, err := os.MkdirTemp("", "tokengen-diff-")
	if err != nil {
		fmt.Fprintln(stderr, "tokengen: diff:", err)
		return 1
	}
	defer os.RemoveAll(tmp)

	var paths, shown [2]string
	labels := [2]string{"old", "new"}
	for i, spec := range []string{o.old, o.new} {
		var err error
		paths[i], shown[i], err = checkoutSide(spec, config, filepath.Join(tmp, labels[i]))
		if err != nil {
			var ue cmdline.UsageError
			if errors.As(err, &ue) {
				return usage(labels[i] + ": " + ue.Msg)
			}
			fmt.Fprintf(stderr, "tokengen: diff: %s: %v\n", labels[i], err)
			return 1
		}
	}
	// Both sides are built, one after the other (at once they only
	// compete for memory), so that the errors of both are told.
	var sides [2][]tokendiff.Permutation
	var errs [2]error
	for i := range sides {
		sides[i], errs[i] = buildSide(ctx, paths[i])
	}
	for i, err := range errs {
		if err == nil {
			continue
		}
		// Each line names its side, and the revision its files came from.
		var b bytes.Buffer
		cmdline.PrintErrors(&b, err, "")
		text := strings.ReplaceAll(b.String(), filepath.Join(tmp, labels[i])+string(filepath.Separator), "")
		for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			fmt.Fprintf(stderr, "%s (%s): %s\n", labels[i], shown[i], line)
		}
	}
	if errs[0] != nil || errs[1] != nil {
		return 1
	}
	report := tokendiff.ComparePermutations(sides[0], sides[1], o.rules)
	switch o.format {
	case "json":
		writeDiffJSON(stdout, report)
	case "markdown":
		writeDiffMarkdown(stdout, report)
	default:
		writeDiffText(stdout, report)
	}
	if o.failOn != tokendiff.None && report.Verdict >= o.failOn {
		return 1
	}
	return 0
}

// checkoutSide returns the config of one side: the working tree's
// (spec ""), the one in a folder, or the one of a git revision, which it
// extracts under dir from the repository holding config without touching
// the working tree. shown names the side for a person.
func checkoutSide(spec, config, dir string) (path, shown string, err error) {
	if spec == "" {
		return config, "working tree", nil
	}
	if st, err := os.Stat(spec); err == nil && st.IsDir() {
		if path := filepath.Join(spec, filepath.Base(config)); fileExists(path) {
			return path, "folder " + spec, nil
		}
		if path := findDefaultConfig(spec); path != "" {
			return path, "folder " + spec, nil
		}
		return "", "", fmt.Errorf("no config in folder %s (looked for %s, then the default names)", spec, filepath.Base(config))
	}
	abs, err := filepath.Abs(config)
	if err != nil {
		return "", "", err
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil {
		return "", "", err
	}
	top, err := git(filepath.Dir(abs), nil, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", cmdline.UsageError{Msg: fmt.Sprintf("%s is not a folder, and %s is not in a git repository", spec, config)}
	}
	topDir := strings.TrimSpace(string(top))
	if _, err := git(topDir, nil, "rev-parse", "--verify", "--quiet", spec+"^{commit}"); err != nil {
		return "", "", cmdline.UsageError{Msg: fmt.Sprintf("%s is neither a folder nor a revision of the repository %s", spec, topDir)}
	}
	rel, err := filepath.Rel(topDir, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", "", fmt.Errorf("%s is outside its repository %s", config, topDir)
	}
	var archive bytes.Buffer
	if _, err := git(topDir, &archive, "archive", "--format=tar", spec); err != nil {
		return "", "", err
	}
	if err := untar(&archive, dir); err != nil {
		return "", "", fmt.Errorf("reading %s: %w", spec, err)
	}
	path = filepath.Join(dir, rel)
	if !fileExists(path) {
		return "", "", fmt.Errorf("%s has no %s", spec, filepath.ToSlash(rel))
	}
	return path, spec, nil
}

// git runs git in dir; its standard output goes to out when given, and
// is returned otherwise.
func git(dir string, out io.Writer, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var buf, errBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &errBuf
	if out != nil {
		cmd.Stdout = out
	}
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(errBuf.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[0], msg)
		}
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	return buf.Bytes(), nil
}

// untar writes a tar archive's files and folders under dir; names that
// would leave it, and links, are refused.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.FromSlash(h.Name)
		if !filepath.IsLocal(name) {
			return fmt.Errorf("the archive names %q, outside its folder", h.Name)
		}
		target := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
		// Symbolic links and the rest are left out: a revision's tokens
		// are read from its own files only.
	}
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// buildSide loads a config and builds it in memory, nothing written: its
// default permutation, and with a resolver document each other context of
// each modifier, the other modifiers at their defaults.
func buildSide(ctx context.Context, config string) ([]tokendiff.Permutation, error) {
	var cfg *tokenbuild.Config
	var err error
	if jsconfig.IsConfig(config) {
		cfg, _, err = jsconfig.LoadModule(ctx, config, newScriptBuilder)
	} else {
		cfg, err = tokengen.LoadConfig(config)
		if err == nil {
			cfg.Hooks.Parsers = append(cfg.Hooks.Parsers, jsconfig.TokenFileParserContext(ctx))
		}
	}
	if err != nil {
		return nil, err
	}
	side, err := buildPermutation(ctx, *cfg, nil)
	if err != nil {
		return nil, err
	}
	out := []tokendiff.Permutation{{Side: side}}
	if cfg.Resolver == "" {
		return out, nil
	}
	doc, problems, err := resolver.Read(resolver.Source{Config: cfg.File, Dir: cfg.Dir, Path: cfg.Resolver, Host: unplacedHost{}})
	if err != nil || len(problems) > 0 {
		return out, nil // the default build has reported nothing wrong: no other permutations to build
	}
	defaults, problems := doc.Choose(nil)
	if len(problems) > 0 {
		return out, nil // a modifier without default: only the build's own permutation
	}
	out[0].Label, out[0].Contexts = doc.Label(defaults), defaults
	for _, m := range doc.Modifiers() {
		contexts, _ := doc.Contexts(m)
		for _, c := range contexts {
			if c == defaults[m] {
				continue
			}
			chosen := maps.Clone(defaults)
			chosen[m] = c
			side, err := buildPermutation(ctx, *cfg, map[string]string{m: c})
			if err != nil {
				return nil, fmt.Errorf("permutation %s: %w", doc.Label(chosen), err)
			}
			// Files are compared once, in the build's own permutation, which
			// writes the files of every permutation its destinations name.
			side.Files = out[0].Side.Files
			out = append(out, tokendiff.Permutation{Label: doc.Label(chosen), Contexts: chosen, Side: side})
		}
	}
	return out, nil
}

// unplacedHost leaves a resolver problem where the document reader puts
// it: buildSide reads the document only to list its permutations, and the
// build itself reports problems at their places.
type unplacedHost struct{}

func (unplacedHost) PlaceConfig(d *tokenbuild.Diagnostic) *tokenbuild.Diagnostic { return d }

// buildPermutation builds every platform of cfg, in the permutation the
// resolver inputs choose (nil: the default), in memory: the tokens, what
// each platform names and makes of them, and the files a build would
// write.
func buildPermutation(ctx context.Context, cfg tokenbuild.Config, inputs map[string]string) (tokendiff.Side, error) {
	var side tokendiff.Side
	var opts []tokengen.Option
	if inputs != nil {
		opts = append(opts, tokengen.WithInputs(inputs))
	}
	b, err := tokengen.New(ctx, cfg, opts...)
	if err != nil {
		return side, err
	}
	side.Platforms = b.PlatformNames()
	if inputs == nil {
		// Formatting every file finds the errors a build would stop at, and
		// the files it would write. The build's own permutation formats
		// the files of every permutation its destinations name, so other
		// permutations are not formatted again.
		outputs, _, err := b.FormatAllPlatforms(ctx)
		if err != nil {
			return side, err
		}
		side.Files = map[string][]string{}
		for _, p := range side.Platforms {
			for _, o := range outputs[p] {
				if o.Destination != "" {
					side.Files[p] = append(side.Files[p], filepath.ToSlash(o.Destination))
				}
			}
		}
	}
	byPath := map[string]int{}
	for _, t := range b.AllTokens() {
		path := t.PathString()
		byPath[path] = len(side.Tokens)
		reason, deprecated := (&tokenbuild.Dictionary{}).Deprecated(t)
		side.Tokens = append(side.Tokens, tokendiff.Token{Path: path, Type: t.Type, Value: valueText(t.Value),
			Deprecated: deprecated, Reason: reason, Names: map[string]string{}, Values: map[string]string{}})
	}
	for _, p := range side.Platforms {
		dict, err := b.GetPlatformTokens(ctx, p)
		if err != nil {
			return side, err
		}
		for _, t := range dict.AllTokens {
			i, ok := byPath[t.PathString()]
			if !ok {
				continue // a token a preprocessor of the platform made
			}
			tok := &side.Tokens[i]
			tok.Names[p], tok.Values[p] = t.Name, valueText(t.Value)
			// A group's $deprecated is known to the platform's dictionary.
			if reason, ok := dict.Deprecated(t); ok && !tok.Deprecated {
				tok.Deprecated, tok.Reason = true, reason
			}
		}
	}
	return side, nil
}

// valueText is a value as compared and shown: a string as it is, other
// values as JSON.
func valueText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return jsprint.Stringify(v, "")
}

// changeGroup is the changes of one kind classed by one rule.
type changeGroup struct {
	kind    tokendiff.Kind
	rule    tokendiff.Rule
	changes []tokendiff.Change
}

// groupChanges groups changes by kind (in tokendiff.KindOrder) and, within
// a kind, by rule (value changes of some types may be classed apart).
func groupChanges(cs []tokendiff.Change) []changeGroup {
	var out []changeGroup
	for _, k := range tokendiff.KindOrder {
		first := len(out)
		for _, c := range cs {
			if c.Kind != k {
				continue
			}
			i := slices.IndexFunc(out[first:], func(g changeGroup) bool { return g.rule == c.Rule })
			if i < 0 {
				out = append(out, changeGroup{kind: k, rule: c.Rule})
				i = len(out) - 1 - first
			}
			out[first+i].changes = append(out[first+i].changes, c)
		}
	}
	return out
}

// writeDiffText prints the report for a person: the verdict, then the
// changes grouped by kind, each group with its rule.
func writeDiffText(w io.Writer, r tokendiff.Report) {
	fmt.Fprintf(w, "verdict: %s (%s)\n", r.Verdict, countChanges(r.Changes))
	for _, g := range groupChanges(r.Changes) {
		fmt.Fprintf(w, "\n%s (%s)\n", g.kind, g.rule.Text)
		for _, c := range g.changes {
			fmt.Fprintln(w, "  "+changeLine(c, func(s string) string { return s }))
		}
	}
}

// changeLine is a change in one line: the token, what it was and is, the
// platforms; quote marks up its names and values (for markdown).
func changeLine(c tokendiff.Change, quote func(string) string) string {
	var parts []string
	if c.Token != "" && c.Token != c.From { // a rename's from is its token
		parts = append(parts, quote(c.Token)+":")
	}
	switch {
	case c.From != "" && c.To != "":
		parts = append(parts, quote(c.From), "->", quote(c.To))
	case c.From != "":
		parts = append(parts, "was", quote(c.From))
	case c.To != "":
		parts = append(parts, quote(c.To))
	}
	line := strings.TrimSuffix(strings.Join(parts, " "), ":")
	platformChange := c.Kind == tokendiff.PlatformAdded || c.Kind == tokendiff.PlatformRemoved
	if len(c.Platforms) > 0 && !platformChange {
		line += " [" + strings.Join(c.Platforms, ", ") + "]"
	}
	if c.Permutation != "" {
		line += " (" + c.Permutation + " only)"
	}
	return line
}

// writeDiffMarkdown prints the report as a pull-request comment: the
// verdict and a table of counts on top, then one collapsible section per
// kind, open for major changes.
func writeDiffMarkdown(w io.Writer, r tokendiff.Report) {
	fmt.Fprintf(w, "## Token changes: **%s**\n\n", r.Verdict)
	if len(r.Changes) == 0 {
		fmt.Fprintln(w, "No changes.")
		return
	}
	fmt.Fprintf(w, "%s.\n\n| change | level | count |\n|---|---|---|\n", countChanges(r.Changes))
	groups := groupChanges(r.Changes)
	for _, g := range groups {
		fmt.Fprintf(w, "| %s | %s | %d |\n", g.kind, g.rule.Level, len(g.changes))
	}
	code := func(s string) string { return "`" + strings.ReplaceAll(s, "`", "'") + "`" }
	for _, g := range groups {
		open := ""
		if g.rule.Level == tokendiff.Major {
			open = " open"
		}
		fmt.Fprintf(w, "\n<details%s>\n<summary>%s (%d): %s</summary>\n\n", open, g.kind, len(g.changes), g.rule.Text)
		for _, c := range g.changes {
			fmt.Fprintln(w, "- "+changeLine(c, code))
		}
		fmt.Fprintln(w, "\n</details>")
	}
}

func countChanges(cs []tokendiff.Change) string {
	if len(cs) == 0 {
		return "no changes"
	}
	var n [4]int
	for _, c := range cs {
		n[c.Rule.Level]++
	}
	var parts []string
	for l := tokendiff.Major; l >= tokendiff.Patch; l-- {
		if n[l] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[l], l))
		}
	}
	s := "changes"
	if len(cs) == 1 {
		s = "change"
	}
	return fmt.Sprintf("%d %s: %s", len(cs), s, strings.Join(parts, ", "))
}

// diffJSON is the --format json schema, documented in docs/diff.md.
type diffJSON struct {
	Verdict string           `json:"verdict"`
	Changes []diffJSONChange `json:"changes"`
}

type diffJSONChange struct {
	Kind        string            `json:"kind"`
	Token       *string           `json:"token"`
	From        *string           `json:"from"`
	To          *string           `json:"to"`
	Permutation map[string]string `json:"permutation,omitempty"`
	Platforms   []string          `json:"platforms"`
	Level       string            `json:"level"`
	Rule        string            `json:"rule"`
}

func writeDiffJSON(w io.Writer, r tokendiff.Report) {
	out := diffJSON{Verdict: r.Verdict.String(), Changes: []diffJSONChange{}}
	orNull := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	for _, c := range r.Changes {
		ps := c.Platforms
		if ps == nil {
			ps = []string{}
		}
		out.Changes = append(out.Changes, diffJSONChange{Kind: string(c.Kind), Token: orNull(c.Token),
			From: orNull(c.From), To: orNull(c.To), Permutation: c.Contexts, Platforms: ps, Level: c.Rule.Level.String(), Rule: c.Rule.Text})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(out)
}
