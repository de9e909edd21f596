package consumertest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestContextMapsMeanPermutations checks the context maps of scss/variables
// and less/variables by meaning: sass and less compile a probe that reads
// every token the way the README tells a user to (the context's map entry
// when it has one, else the variable), and the values they print must be
// those the one-permutation build (--input) of that context gives its
// variables, compiled the same way.
func TestContextMapsMeanPermutations(t *testing.T) {
	repo := repoRoot(t)
	consumerDir := filepath.Join(repo, "consumer")
	node := requireTools(t, consumerDir)
	tokengen := buildTokengen(t, repo)

	project := filepath.Join(t.TempDir(), "maps")
	copyDir(t, filepath.Join(repo, "testdata", "contexts", "added-light"), project)
	contexts := map[string][]string{"theme": {"light", "dark", "dim"}, "density": {"regular", "compact"}}
	config := `{"resolver": "design.resolver.json", "platforms": {
  "scss": {"transformGroup": "scss", "buildPath": "%[1]s/", "files": [
    {"destination": "vars.scss", "format": "scss/variables", "options": {"outputReferences": true}%[2]s},
    {"destination": "plain.scss", "format": "scss/variables"%[2]s}]},
  "less": {"transformGroup": "less", "buildPath": "%[1]s/", "files": [
    {"destination": "vars.less", "format": "less/variables", "options": {"outputReferences": true}%[2]s}]}}}`
	withContexts := `, "contexts": {"theme": {"light": [], "dark": [], "dim": []}, "density": {"regular": [], "compact": []}}`
	writeFile(t, filepath.Join(project, "multi.json"), fmt.Sprintf(config, "multi", withContexts))
	writeFile(t, filepath.Join(project, "one.json"), fmt.Sprintf(config, "one", ""))
	if out, err := runCommand(project, tokengen, "build", "--config", "multi.json"); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var probes []string // files for the node script: name, then source
	for _, mod := range []string{"theme", "density"} {
		for _, ctx := range contexts[mod] {
			dir := filepath.Join(project, mod+"-"+ctx)
			if out, err := runCommand(project, tokengen, "build", "--config", "one.json", "--input", mod+"="+ctx); err != nil {
				t.Fatalf("build %s=%s: %v\n%s", mod, ctx, err, out)
			}
			if err := os.Rename(filepath.Join(project, "one"), dir); err != nil {
				t.Fatal(err)
			}
			for _, file := range []string{"vars.scss", "plain.scss", "vars.less"} {
				multi := readFile(t, filepath.Join(project, "multi", file))
				one := readFile(t, filepath.Join(dir, file))
				sigil := file[len(file)-4:] == "less"
				mapName := "context-" + mod + "-" + ctx
				// every token of the permutation: a token the file's own
				// permutation lacks is only in the map
				names := variableNames(multi, sigil)
				for _, n := range variableNames(one, sigil) {
					if !slices.Contains(names, n) {
						names = append(names, n)
					}
				}
				got := probe(file, multi, mapName, names, variableNames(multi, sigil), true)
				want := probe(file, one, "", variableNames(one, sigil), nil, false)
				probes = append(probes, filepath.Join(dir, "got-"+file), got, filepath.Join(dir, "want-"+file), want)
			}
		}
	}
	script := filepath.Join(project, "probe.mjs")
	writeFile(t, script, `import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(`+"`${process.argv[2]}/`"+`);
const sass = require('sass'), less = require('less');
const files = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
for (let i = 0; i < files.length; i += 2) {
  const [file, source] = [files[i], files[i + 1]];
  if (file.endsWith('.scss')) {
    fs.writeFileSync(file + '.css', sass.compileString(source, { syntax: 'scss', silenceDeprecations: ['import', 'global-builtin'] }).css);
  } else {
    less.render(source, { syncImport: true }, (e, out) => { if (e) { console.error(file, e.message); process.exit(1); } fs.writeFileSync(file + '.css', out.css); });
  }
}
`)
	list := filepath.Join(project, "probes.json")
	writeFile(t, list, jsonStrings(probes))
	if out, err := runCommand(project, node, script, consumerDir, list); err != nil {
		t.Fatalf("sass/less rejected a probe: %v\n%s", err, out)
	}
	checked := 0
	for i := 0; i < len(probes); i += 4 {
		got, want := declarations(t, readFile(t, probes[i]+".css")), declarations(t, readFile(t, probes[i+2]+".css"))
		less := strings.HasSuffix(probes[i], ".less")
		for name, w := range want {
			if got[name] != w {
				t.Errorf("%s: %s is %q, the permutation's build gives %q", probes[i], name, got[name], w)
			}
		}
		for name, g := range got {
			if _, ok := want[name]; !ok && !less {
				// Less has no null: its maps leave out what a context lacks
				t.Errorf("%s: %s is %q, the permutation's build has no such token", probes[i], name, g)
			}
		}
		checked += len(want)
	}
	if checked < 50 {
		t.Fatalf("only %d values checked", checked)
	}
	t.Logf("%d values checked", checked)
}

var (
	sassVariable = regexp.MustCompile(`(?m)^\$([A-Za-z0-9_-]+):`)
	lessVariable = regexp.MustCompile(`(?m)^@([A-Za-z0-9_-]+):`)
)

// variableNames lists the token variables a file declares (not the maps).
func variableNames(text string, less bool) []string {
	re := sassVariable
	if less {
		re = lessVariable
	}
	var out []string
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		if !strings.HasPrefix(m[1], "context-") {
			out = append(out, m[1])
		}
	}
	return out
}

// probe is a stylesheet that declares each name with its value: from the
// map (when set) with the variable as fallback, or the variable.
func probe(file, source, mapName string, names, declared []string, useMap bool) string {
	var b strings.Builder
	less := strings.HasSuffix(file, ".less")
	if !less {
		b.WriteString("@use \"sass:map\";\n")
	}
	b.WriteString(source)
	b.WriteString("\n.probe {\n")
	mapBody := ""
	if less && useMap {
		// the names the Less map holds (Less has no has-key)
		start := strings.Index(source, "@"+mapName+": {")
		mapBody = source[start : start+strings.Index(source[start:], "}")]
	}
	for _, n := range names {
		switch {
		case !useMap && less:
			fmt.Fprintf(&b, "  %s: @%s;\n", n, n)
		case !useMap:
			fmt.Fprintf(&b, "  %s: $%s;\n", n, n)
		case less && strings.Contains(mapBody, "\n  "+n+":"):
			fmt.Fprintf(&b, "  %s: @%s[%s];\n", n, mapName, n)
		case less && slices.Contains(declared, n):
			fmt.Fprintf(&b, "  %s: @%s;\n", n, n)
		case less:
		case !slices.Contains(declared, n):
			fmt.Fprintf(&b, "  %s: map.get($%s, %q);\n", n, mapName, n)
		default:
			fmt.Fprintf(&b, "  %s: if(map.has-key($%s, %q), map.get($%s, %q), $%s);\n", n, mapName, n, mapName, n, n)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

var declaration = regexp.MustCompile(`(?m)^\s*([A-Za-z0-9_-]+):\s*(.*?);?\s*$`)

func declarations(t *testing.T, css string) map[string]string {
	t.Helper()
	start := strings.Index(css, ".probe {")
	if start < 0 {
		t.Fatalf("no .probe block in\n%s", css)
	}
	out := map[string]string{}
	for _, m := range declaration.FindAllStringSubmatch(css[start:], -1) {
		out[m[1]] = m[2]
	}
	return out
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func jsonStrings(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(quoted, ",") + "]"
}
