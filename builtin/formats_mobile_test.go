package builtin

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Golden tests for the mobile formats. Each folder under testdata/mobile is a
// case: config.json and token files as the reference reads them. With
// -update the reference is run on a copy of the case and writes, per
// file, its output (out/<platform>/<destination>) and a dump of the
// transformed tokens that file sees (dump/<platform>/<index>.json, plus
// all.json for the unfiltered set). The test rebuilds a Dictionary from the
// dumps and checks our format writes the reference's output.

// writeValid stores our output as <destination>.valid where it differs from
// the reference; each such file must then be checked with the consumer
// tools (consumer/check.mjs) and reviewed against the reference's output.
var writeValid = flag.Bool("mobile-write-valid", false, "write differing outputs as .valid files for review")

// mobileReferenceTool is the reference implementation's command:
// $TOKENGEN_REFERENCE (a command name or an absolute path), or
// ../shared/conformance/reference beside the repository root (go test runs
// in builtin/, one level below the root).
func mobileReferenceTool() string {
	if p := os.Getenv("TOKENGEN_REFERENCE"); p != "" {
		return p
	}
	repoRoot, _ := filepath.Abs("..")
	return filepath.Join(repoRoot, "..", "shared", "conformance", "reference")
}

// Where tokengen deliberately writes the valid form instead of the
// reference's output (docs/deviations.md), the expected output is
// <destination>.valid beside the reference's file, and the test compares
// with that instead.

// mobileStampLine is the header line that changes with every build.
var mobileStampLine = regexp.MustCompile(`(?m)^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\r?\n`)

func TestMobileFormatsGolden(t *testing.T) {
	cases, err := filepath.Glob("testdata/mobile/*/config.json")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	formats := map[string]tokenbuild.Format{}
	for _, f := range Formats() {
		formats[f.Name] = f
	}
	for _, cfgPath := range cases {
		dir := filepath.Dir(cfgPath)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			if *update {
				if err := regenerateMobileCase(dir); err != nil {
					t.Fatal(err)
				}
			}
			cfg := mobileReadJSON(t, cfgPath)
			platforms, _ := cfg.Value("platforms").(*tokenbuild.Object)
			for _, pname := range platforms.Keys() {
				pcfg := platforms.Value(pname).(*tokenbuild.Object)
				all := mobileReadJSON(t, filepath.Join(dir, "dump", pname, "all.json"))
				files, _ := pcfg.Value("files").([]any)
				for i, fv := range files {
					fcfg := fv.(*tokenbuild.Object)
					dest := fcfg.Value("destination").(string)
					t.Run(pname+"/"+dest, func(t *testing.T) {
						format, ok := formats[fcfg.Value("format").(string)]
						if !ok {
							t.Fatalf("format %q not found", fcfg.Value("format"))
						}
						filtered := mobileReadJSON(t, filepath.Join(dir, "dump", pname, strconv.Itoa(i)+".json"))
						args := mobileFormatArgs(pname, pcfg, fcfg, filtered, all)
						got, err := format.Format(context.Background(), args)
						if err != nil {
							t.Fatal(err)
						}
						wantPath := filepath.Join(dir, "out", pname, dest)
						if _, err := os.Stat(wantPath + ".valid"); err == nil {
							wantPath += ".valid"
						}
						want, err := os.ReadFile(wantPath)
						if err != nil {
							t.Fatal(err)
						}
						g := mobileStampLine.ReplaceAllString(got, "")
						w := mobileStampLine.ReplaceAllString(string(want), "")
						if g != w && *writeValid && !strings.HasSuffix(wantPath, ".valid") {
							if err := os.WriteFile(wantPath+".valid", []byte(got), 0o644); err != nil {
								t.Fatal(err)
							}
							return
						}
						if g != w {
							t.Errorf("%s differs from %s\n--- want\n%s\n--- got\n%s", dest, wantPath, w, g)
						}
					})
				}
			}
		})
	}
}

// mobileFormatArgs builds what the pipeline would hand a format, from the
// reference's dumps of the same file.
func mobileFormatArgs(pname string, pcfg, fcfg, filtered, all *tokenbuild.Object) *tokenbuild.FormatArgs {
	usesDtcg := false
	allTokens := mobileDumpTokens(all, &usesDtcg)
	byKey := map[string]*tokenbuild.Token{}
	for _, tk := range allTokens {
		byKey[tk.Key] = tk
	}
	// the filtered tokens are the same objects as the unfiltered ones
	var fileTokens []*tokenbuild.Token
	var collect func(o *tokenbuild.Object)
	collect = func(o *tokenbuild.Object) {
		for _, k := range o.Keys() {
			v := o.Value(k).(*tokenbuild.Object)
			if key, ok := v.Value("key").(string); ok && v.Has("path") && v.Has("original") {
				fileTokens = append(fileTokens, byKey[key])
				continue
			}
			collect(v)
		}
	}
	collect(filtered)
	opts := tokenbuild.Options{}
	for _, src := range []*tokenbuild.Object{mobileObj(pcfg.Value("options")), mobileObj(fcfg.Value("options"))} {
		for _, k := range src.Keys() {
			opts[k] = src.Value(k)
		}
	}
	opts["usesDtcg"] = usesDtcg
	p := &tokenbuild.Platform{Name: pname, Options: opts}
	if tg, ok := pcfg.Value("transformGroup").(string); ok {
		p.TransformGroup = tg
	}
	f := &tokenbuild.File{Destination: fcfg.Value("destination").(string), Options: mobileOptions(mobileObj(fcfg.Value("options")))}
	f.Format = fcfg.Value("format").(string)
	return &tokenbuild.FormatArgs{
		Dictionary: &tokenbuild.Dictionary{
			Tokens:              tokenbuild.TreeOf(fileTokens),
			AllTokens:           fileTokens,
			TokenMap:            tokenbuild.IndexTokens(fileTokens),
			UnfilteredTokens:    tokenbuild.TreeOf(allTokens),
			UnfilteredAllTokens: allTokens,
			UnfilteredTokenMap:  tokenbuild.IndexTokens(allTokens),
		},
		Platform: p,
		File:     f,
		Options:  opts,
	}
}

func mobileOptions(o *tokenbuild.Object) tokenbuild.Options {
	opts := tokenbuild.Options{}
	for _, k := range o.Keys() {
		opts[k] = o.Value(k)
	}
	return opts
}

func mobileObj(v any) *tokenbuild.Object {
	o, _ := v.(*tokenbuild.Object)
	return o
}

// mobileDumpTokens turns the reference's `json` format output back into tokens.
func mobileDumpTokens(tree *tokenbuild.Object, usesDtcg *bool) []*tokenbuild.Token {
	var out []*tokenbuild.Token
	var walk func(o *tokenbuild.Object)
	walk = func(o *tokenbuild.Object) {
		for _, k := range o.Keys() {
			v, ok := o.Value(k).(*tokenbuild.Object)
			if !ok {
				continue
			}
			if !(v.Has("key") && v.Has("path") && v.Has("original")) {
				walk(v)
				continue
			}
			dtcg := v.Has("$value")
			if dtcg {
				*usesDtcg = true
			}
			orig := v.Value("original").(*tokenbuild.Object)
			props := tokenbuild.NewObject()
			for _, pk := range v.Keys() {
				switch pk {
				case "key", "original", "name", "attributes", "path":
					continue
				}
				if ov, ok := orig.Get(pk); ok {
					props.Set(pk, ov)
				} else {
					props.Set(pk, v.Value(pk))
				}
			}
			for _, pk := range orig.Keys() {
				if pk != "key" && !props.Has(pk) {
					props.Set(pk, orig.Value(pk))
				}
			}
			tk := &tokenbuild.Token{Key: v.Value("key").(string), Name: v.Value("name").(string), DTCG: dtcg, Props: props}
			if dtcg {
				tk.Value = v.Value("$value")
				tk.Type, _ = v.Value("$type").(string)
			} else {
				tk.Value = v.Value("value")
				tk.Type, _ = v.Value("type").(string)
			}
			tk.Attributes, _ = v.Value("attributes").(*tokenbuild.Object)
			for _, s := range v.Value("path").([]any) {
				tk.Path = append(tk.Path, s.(string))
			}
			tk.FilePath, _ = v.Value("filePath").(string)
			tk.IsSource, _ = v.Value("isSource").(bool)
			out = append(out, tk)
		}
	}
	walk(tree)
	return out
}

func mobileReadJSON(t *testing.T, path string) *tokenbuild.Object {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := mobileDecodeJSON(json.NewDecoder(bytes.NewReader(b)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	o, ok := v.(*tokenbuild.Object)
	if !ok {
		t.Fatalf("%s: not an object", path)
	}
	return o
}

// mobileDecodeJSON reads one JSON value keeping object key order.
func mobileDecodeJSON(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		switch x {
		case '{':
			o := tokenbuild.NewObject()
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := mobileDecodeJSON(d)
				if err != nil {
					return nil, err
				}
				o.Set(kt.(string), v)
			}
			_, err := d.Token()
			return o, err
		case '[':
			arr := []any{}
			for d.More() {
				v, err := mobileDecodeJSON(d)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := d.Token()
			return arr, err
		}
	}
	return tok, nil
}

// regenerateMobileCase runs the reference on a copy of the case with a
// json dump next to every file, and stores outputs and dumps in the case.
func regenerateMobileCase(dir string) error {
	tmp, err := os.MkdirTemp("", "mobile-golden")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := exec.Command("cp", "-r", dir+"/.", tmp).Run(); err != nil {
		return err
	}
	os.RemoveAll(filepath.Join(tmp, "out"))
	os.RemoveAll(filepath.Join(tmp, "dump"))
	raw, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err != nil {
		return err
	}
	var cfg map[string]any
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return err
	}
	platforms := cfg["platforms"].(map[string]any)
	for pname, pv := range platforms {
		p := pv.(map[string]any)
		p["buildPath"] = "out/" + pname + "/"
		files, _ := p["files"].([]any)
		var extra []any
		for i, fv := range files {
			f := fv.(map[string]any)
			dump := map[string]any{"destination": fmt.Sprintf("../../dump/%s/%d.json", pname, i), "format": "json"}
			if flt, ok := f["filter"]; ok {
				dump["filter"] = flt
			}
			extra = append(extra, dump)
		}
		extra = append(extra, map[string]any{"destination": fmt.Sprintf("../../dump/%s/all.json", pname), "format": "json"})
		p["files"] = append(files, extra...)
	}
	aug, _ := json.MarshalIndent(cfg, "", "  ")
	if err := os.WriteFile(filepath.Join(tmp, "augmented.json"), aug, 0o644); err != nil {
		return err
	}
	cmd := exec.Command(mobileReferenceTool(), "build", "--config", "augmented.json")
	cmd.Dir = tmp
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("reference: %v\n%s", err, log.String())
	}
	for _, sub := range []string{"out", "dump"} {
		// keep hand-written .valid files
		if err := mobileRemoveExceptValid(filepath.Join(dir, sub)); err != nil {
			return err
		}
		if err := mobileCopyTree(filepath.Join(tmp, sub), filepath.Join(dir, sub)); err != nil {
			return err
		}
	}
	return nil
}

func mobileRemoveExceptValid(root string) error {
	return filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || strings.HasSuffix(p, ".valid") {
			return nil
		}
		return os.Remove(p)
	})
}

func mobileCopyTree(src, dst string) error {
	return filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		defer out.Close()
		_, err = io.Copy(out, in)
		return err
	})
}
