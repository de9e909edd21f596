package config

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/didyoumean"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The keys each level of a config may hold: style-dictionary 5.5.5's
// Config, PlatformConfig and File types, with tokengen's own (resolver,
// a file's contexts and colorScheme). Any other key is allowed, as in the
// reference (projects keep their own data and functions in a config, and
// formats and transforms read it), so an unknown key is no error: one
// that looks like a known one is most likely a typo that silently builds
// something else ("destinaton" writes no file), and gets a warning.
var (
	configKeys   = []string{"log", "usesDtcg", "source", "include", "tokens", "hooks", "expand", "platforms", "parsers", "preprocessors", "resolver"}
	platformKeys = []string{"log", "transformGroup", "transforms", "expand", "preprocessors", "prefix", "buildPath",
		"emitEmptyFiles", "files", "actions", "options", "basePxFontSize"}
	fileKeys = []string{"destination", "format", "filter", "emitEmptyFiles", "options", "contexts", "colorScheme"}
)

// ConfigKeys checks the keys of cfg at the top level, in each platform
// and in each file entry (not options, which are the formats' own). It
// returns warnings about the keys that look like a known key of their
// level, with the key meant, and notes about the other unknown keys (for
// --verbose), each placed in the config file when it can be found there.
func ConfigKeys(cfg *tokenbuild.Config) (typos, others []tokenbuild.Diagnostic) {
	var typoList, otherList []*tokenbuild.Diagnostic
	check := func(at string, extra tokenbuild.Options, known []string, where string) {
		keys := make([]string, 0, len(extra))
		for k := range extra {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			path := k
			if at != "" {
				path = at + "." + k
			}
			d := &tokenbuild.Diagnostic{File: cfg.File, Kind: tokenbuild.KindConfig, Path: path}
			prefix := ""
			if at != "" {
				prefix = at + ": "
			}
			if hook, ok := legacyHooks[k]; ok && at == "" && isObject(extra[k]) {
				d.Severity = tokenbuild.SeverityWarning
				d.Msg = fmt.Sprintf("%q registers hooks as style-dictionary 3 did; since version 4 they are read from hooks.%s, and this key is ignored", k, hook)
				typoList = append(typoList, d)
				continue
			}
			if lvl, ok := otherLevel(k, known); ok {
				d.Severity = tokenbuild.SeverityWarning
				d.Msg = fmt.Sprintf("%s%q is a key of %s, not of %s; style-dictionary does not read it here", prefix, k, lvl, where)
				typoList = append(typoList, d)
				continue
			}
			if s := closestKey(k, known); s != "" {
				d.Severity = tokenbuild.SeverityWarning
				d.Msg = fmt.Sprintf("%sunknown key %q; did you mean %q?", prefix, k, s)
				typoList = append(typoList, d)
				continue
			}
			d.Severity = tokenbuild.SeverityInfo
			d.Msg = fmt.Sprintf("%skey %q is none of %s's: it is passed on to formats and hooks as it is", prefix, k, where)
			otherList = append(otherList, d)
		}
	}
	check("", cfg.Extra, configKeys, "the config")
	for _, p := range cfg.Platforms {
		at := "platforms." + p.Name
		check(at, p.Extra, platformKeys, "a platform")
		for i, f := range p.Files {
			check(at+".files["+strconv.Itoa(i)+"]", f.Extra, fileKeys, "a file entry")
		}
	}
	placeConfigKeys(cfg.File, typoList)
	placeConfigKeys(cfg.File, otherList)
	byPlace := func(a, b *tokenbuild.Diagnostic) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	}
	slices.SortStableFunc(typoList, byPlace)
	slices.SortStableFunc(otherList, byPlace)
	for _, d := range typoList {
		typos = append(typos, *d)
	}
	for _, d := range otherList {
		others = append(others, *d)
	}
	return typos, others
}

// legacyHooks are the top-level keys style-dictionary 3 registered hooks
// under, with the key of hooks that holds them since version 4.
var legacyHooks = map[string]string{"transform": "transforms", "transformGroup": "transformGroups", "format": "formats",
	"action": "actions", "fileHeader": "fileHeaders", "filter": "filters", "parser": "parsers", "preprocessor": "preprocessors"}

// isObject reports whether v is an object, as a map of hooks is (a
// function-valued member of a config module is null in the data).
func isObject(v any) bool {
	switch v.(type) {
	case *tokenbuild.Object, tokenbuild.Options, map[string]any:
		return true
	}
	return false
}

// otherLevel names the level a key belongs to when it is not known at its
// own (known): "transformGroup" at the top level, "destination" in a
// platform.
func otherLevel(key string, known []string) (string, bool) {
	levels := []struct {
		name string
		keys []string
	}{{"a platform", platformKeys}, {"a file entry", fileKeys}, {"the config", configKeys}}
	for _, l := range levels {
		if slices.Equal(l.keys, known) {
			continue
		}
		if slices.Contains(l.keys, key) && !slices.Contains(known, key) {
			return l.name, true
		}
	}
	return "", false
}

// closestKey is the known key that key was likely meant to be: a
// different case ("transformgroup"), a plural ("platform") or a typo.
func closestKey(key string, known []string) string {
	for _, k := range known {
		if strings.EqualFold(k, key) {
			return k
		}
	}
	return didyoumean.Closest(key, known)
}

// ConfigProblems are the mistakes that leave a build with nothing to do
// or a file with nowhere to go, which the reference passes over in
// silence (it prints "✔︎ " for a file without a destination and writes
// nothing): a config without platforms, and a file entry without a
// destination. An empty config ({}) builds nothing by design and is
// left alone, as in the reference.
// Only the platforms named in only are looked at, when it names any.
func ConfigProblems(cfg *tokenbuild.Config, only []string) error {
	var errs []*tokenbuild.Diagnostic
	if len(cfg.Platforms) == 0 && !emptyConfig(cfg) {
		msg := "the config has no platforms, so it builds nothing; a config lists what to build under \"platforms\""
		if _, ok := cfg.Extra["platform"]; ok {
			msg = "the config has no \"platforms\" (it has \"platform\"), so it builds nothing"
		}
		// (Path: a Go config's is named by the file declaring Config)
		errs = append(errs, &tokenbuild.Diagnostic{File: cfg.File, Kind: tokenbuild.KindConfig, Path: "platforms", Msg: msg})
	}
	for _, p := range cfg.Platforms {
		if len(only) > 0 && !slices.Contains(only, p.Name) {
			continue
		}
		for i, f := range p.Files {
			if f.Destination != "" {
				continue
			}
			at := fmt.Sprintf("platforms.%s.files[%d]", p.Name, i)
			msg := at + ": the file has no destination, so it cannot be written"
			for k := range f.Extra {
				if closestKey(k, fileKeys) == "destination" {
					msg += fmt.Sprintf(" (%q is no key of a file entry; did you mean \"destination\"?)", k)
				}
			}
			errs = append(errs, &tokenbuild.Diagnostic{File: cfg.File, Kind: tokenbuild.KindConfig, Path: at, Msg: msg})
		}
	}
	placeConfigKeys(cfg.File, errs)
	list := make(tokenbuild.ErrorList, len(errs))
	for i, e := range errs {
		list[i] = e
	}
	return list.Err()
}

// NoTokenFiles is the error for a config with platforms that names no
// token file at all: no source, include, inline tokens, resolver or
// config it extends. Its build would load nothing and write empty files
// over the outputs of the last one (the reference does so in silence);
// most often a key is mistyped ("sourc"), and the one it likely is is
// named. A config without platforms ({}) is left to ConfigProblems.
func NoTokenFiles(cfg *tokenbuild.Config) error {
	if len(cfg.Platforms) == 0 || len(cfg.Source) > 0 || len(cfg.Include) > 0 || cfg.Tokens != nil ||
		cfg.Resolver != "" || cfg.Extends != "" {
		return nil
	}
	var likely []string
	keys := make([]string, 0, len(cfg.Extra))
	for k := range cfg.Extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		switch s := closestKey(k, configKeys); s {
		case "source", "include", "tokens", "resolver":
			likely = append(likely, fmt.Sprintf("%q is likely %q", k, s))
		}
	}
	why := `no "source", "include", "tokens" or "resolver"`
	if len(likely) > 0 {
		why += "; " + strings.Join(likely, ", ")
	}
	d := &tokenbuild.Diagnostic{File: cfg.File, Kind: tokenbuild.KindConfig, Path: "source",
		Msg: "the config names no token files (" + why + "), so a build would write empty files"}
	placeConfigKeys(cfg.File, []*tokenbuild.Diagnostic{d})
	return tokenbuild.ErrorList{d}.Err()
}

// IsNoTokenFiles says whether err is the refusal of a load whose source
// and include patterns select no token file at all (the engine's
// unmatchedGlobs, fatal): the reference builds empty outputs then,
// tokengen stops before writing any, and a build script may catch the
// refusal and go on, as it is no fault of a file.
func IsNoTokenFiles(err error) bool {
	if err == nil {
		return false
	}
	list := tokenbuild.ErrorList{err}.Flat()
	if len(list) != 1 {
		return false
	}
	d, ok := list[0].(*tokenbuild.Diagnostic)
	if !ok || d.Kind != tokenbuild.KindConfig || d.Severity == tokenbuild.SeverityWarning {
		return false
	}
	return (strings.HasPrefix(d.Path, "source[") || strings.HasPrefix(d.Path, "include[")) &&
		(strings.HasPrefix(d.Msg, d.Path+": no token file matches ") || strings.HasPrefix(d.Msg, "no token file matches any pattern of source and include"))
}

// emptyConfig reports whether cfg says nothing at all (hooks aside: the
// command line adds parsers of its own).
func emptyConfig(cfg *tokenbuild.Config) bool {
	return len(cfg.Platforms) == 0 && len(cfg.Source) == 0 && len(cfg.Include) == 0 &&
		(cfg.Tokens == nil || cfg.Tokens.Len() == 0) && cfg.Resolver == "" && cfg.Extends == "" &&
		len(cfg.Extra) == 0 && cfg.Log == nil && cfg.Expand == nil && len(cfg.Parsers) == 0 &&
		len(cfg.Preprocessors) == 0 && cfg.UsesDtcg == nil
}

// placeConfigKeys puts line and column on diagnostics about config keys:
// at the value of the key path in a JSON config, or, in a JavaScript or
// TypeScript config module, at the key's name when it is written there
// once (a typo usually is).
func placeConfigKeys(file string, ds []*tokenbuild.Diagnostic) {
	if file == "" || len(ds) == 0 {
		return
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return
	}
	for _, d := range ds {
		if d.Path == "" || d.Line != 0 {
			continue
		}
		if start, _, ok := json5.Locate(data, diag.SplitKeyPath(d.Path)); ok {
			d.Line, d.Col = json5.Position(data, start)
			continue
		}
		keys := diag.SplitKeyPath(d.Path)
		key := keys[len(keys)-1]
		if _, err := strconv.Atoi(key); err == nil {
			continue // a file entry: no name to find
		}
		re := regexp.MustCompile(`(?:^|[\s{,])(["']?)` + regexp.QuoteMeta(key) + `(["']?)\s*:`)
		if m := re.FindAllSubmatchIndex(data, 2); len(m) == 1 {
			d.Line, d.Col = json5.Position(data, m[0][2])
		}
	}
}
