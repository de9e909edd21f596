// Package benchgen writes the synthetic token set of ../shared/bench
// (gen-tokens.cjs) so that Go benchmarks measure the same work: N DTCG
// tokens in files of 1000, one third colors, one third dimensions, one third
// references to earlier tokens, every seventh with a description, and a
// config with five platforms and seven files.
package benchgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Write creates dir/tokens/f*.json and dir/config.json for n tokens.
func Write(dir string, n int) error {
	if err := os.MkdirAll(filepath.Join(dir, "tokens"), 0o755); err != nil {
		return err
	}
	files := max(1, n/1000)
	per := n / files
	made := 0
	for f := 0; f < files; f++ {
		// groups in first-seen order, each with its tokens
		type tok struct{ name, body string }
		groups := map[string][]tok{}
		var order []string
		for i := 0; i < per; i++ {
			k := made
			made++
			g := "g" + strconv.Itoa(k%50)
			if _, ok := groups[g]; !ok {
				order = append(order, g)
			}
			var typ, val string
			switch k % 3 {
			case 0:
				h := strconv.FormatUint(uint64(uint32(k*2654435761))>>8, 16)
				h = strings.Repeat("0", max(0, 6-len(h))) + h
				typ, val = "color", "#"+h[:6]
			case 1:
				typ, val = "dimension", strconv.FormatFloat(float64(k%64)/4, 'f', -1, 64)+"rem"
			default:
				r := k - 2
				typ = "dimension"
				if r%3 == 0 {
					typ = "color"
				}
				val = fmt.Sprintf("{file%d.g%d.t%d}", r/per, r%50, r)
			}
			body := fmt.Sprintf("{\n      \"$type\": %q,\n      \"$value\": %q", typ, val)
			if k%7 == 0 {
				body += fmt.Sprintf(",\n      \"$description\": \"token %d\"", k)
			}
			groups[g] = append(groups[g], tok{"t" + strconv.Itoa(k), body + "\n    }"})
		}
		var b strings.Builder
		fmt.Fprintf(&b, "{\n  \"file%d\": {\n", f)
		for gi, g := range order {
			fmt.Fprintf(&b, "    %q: {\n", g)
			for ti, t := range groups[g] {
				fmt.Fprintf(&b, "    %q: %s", t.name, t.body)
				if ti < len(groups[g])-1 {
					b.WriteString(",")
				}
				b.WriteString("\n")
			}
			b.WriteString("    }")
			if gi < len(order)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("  }\n}")
		if err := os.WriteFile(filepath.Join(dir, "tokens", fmt.Sprintf("f%d.json", f)), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "config.json"), []byte(config), 0o644)
}

const config = `{
  "source": ["tokens/**/*.json"],
  "platforms": {
    "css": {"transformGroup": "css", "buildPath": "build/css/", "files": [
      {"destination": "vars.css", "format": "css/variables"},
      {"destination": "refs.css", "format": "css/variables", "options": {"outputReferences": true}}]},
    "scss": {"transformGroup": "scss", "buildPath": "build/scss/", "files": [{"destination": "_vars.scss", "format": "scss/variables"}]},
    "js": {"transformGroup": "js", "buildPath": "build/js/", "files": [
      {"destination": "tokens.js", "format": "javascript/es6"},
      {"destination": "tokens.json", "format": "json/nested"}]},
    "android": {"transformGroup": "android", "buildPath": "build/android/", "files": [{"destination": "colors.xml", "format": "android/colors"}]},
    "swift": {"transformGroup": "ios-swift", "buildPath": "build/ios/", "files": [{"destination": "Tokens.swift", "format": "ios-swift/class.swift", "options": {"className": "Tokens"}}]}
  }
}`
