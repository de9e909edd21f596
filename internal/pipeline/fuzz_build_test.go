package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// fuzzPlatforms formats one token file for several kinds of platform.
const fuzzPlatforms = `{"source": ["tokens/*.json"], "log": {"warnings": "error"}, "platforms": {
 "css": {"transformGroup": "css", "buildPath": "b/", "files": [{"destination": "v.css", "format": "css/variables", "options": {"outputReferences": true}}]},
 "scss": {"transformGroup": "scss", "buildPath": "b/", "files": [{"destination": "m.scss", "format": "scss/map-deep"}]},
 "js": {"transformGroup": "js", "buildPath": "b/", "files": [{"destination": "t.js", "format": "javascript/es6"}, {"destination": "t.d.ts", "format": "typescript/module-declarations"}, {"destination": "n.json", "format": "json/nested"}]},
 "android": {"transformGroup": "android", "buildPath": "b/", "files": [{"destination": "r.xml", "format": "android/resources"}]},
 "ios": {"transformGroup": "ios-swift", "buildPath": "b/", "files": [{"destination": "T.swift", "format": "ios-swift/enum.swift", "className": "T"}]},
 "compose": {"transformGroup": "compose", "buildPath": "b/", "files": [{"destination": "T.kt", "format": "compose/object", "className": "T", "packageName": "p"}]},
 "flutter": {"transformGroup": "flutter", "buildPath": "b/", "files": [{"destination": "t.dart", "format": "flutter/class.dart", "className": "T"}]}
}}`

// FuzzBuild feeds any bytes as a token file through the whole pipeline and
// every kind of format: it must never panic, and a failure must be a list
// of errors, each naming a place that exists (a file and, when given, a
// line and column inside it) — never a bare Go error.
func FuzzBuild(f *testing.F) {
	for _, s := range []string{
		`{"color": {"red": {"value": "#ff0000", "type": "color"}, "ref": {"value": "{color.red}"}}}`,
		`{"size": {"$type": "dimension", "s": {"$value": {"value": 4, "unit": "px"}}, "m": {"$value": "{size.s}"}}}`,
		`{"a": {"value": "{b} {c}"}, "b": {"value": "{a}"}, "c": {"value": 1}}`,
		`{"font": {"value": {"fontFamily": "Inter", "fontSize": "16px", "lineHeight": 1.5}, "type": "typography"}}`,
		`{"x": {"value": [1, "{y}", {"k": "{y}"}]}, "y": {"value": null}}`,
		`{"1": {"value": 1}, "1.5": {"value": "a\"b'c<d>&"}, "ünï": {"value": "😀\u2028"}}`,
		`{"c": {"value": "rgb(300, -1, 50%)", "type": "color"}, "d": {"value": "abc", "type": "dimension"}}`,
		"\ufeff{\r\n\"a\": {value: 'x', // c\r\n}}",
		`[1]`, ``, `{`, `{"a": {"value": 1,,}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(fuzzBuildOnce)
}

// fuzzBuildOnce builds one input; see FuzzBuild.
func fuzzBuildOnce(t *testing.T, data []byte) {
	// A hang is a failure too: dump every goroutine and crash, so the
	// fuzzer keeps the input.
	watchdog := time.AfterFunc(20*time.Second, func() {
		buf := make([]byte, 1<<20)
		panic(fmt.Sprintf("no result after 20s:\n%s", buf[:runtime.Stack(buf, true)]))
	})
	defer watchdog.Stop()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "tokens"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tokens", "a.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.DecodeConfig(mustParse(t, fuzzPlatforms), "config.json")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dir = dir
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err == nil {
		_, _, err = in.FormatAll(context.Background(), nil)
	}
	if err == nil {
		return
	}
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, e := range (tokenbuild.ErrorList{err}).Flat() {
		var me *tokenbuild.Diagnostic
		if !errors.As(e, &me) {
			if strings.Contains(e.Error(), "Cannot format platform") {
				continue
			}
			t.Fatalf("error without a place: %v", e)
		}
		if me.File != "" && me.File != "tokens/a.json" && me.File != "config.json" {
			t.Fatalf("error names an unknown file: %v", me)
		}
		if me.File == "tokens/a.json" && (me.Line > lines || me.Line < 0 || (me.Line > 0 && me.Col < 1)) {
			t.Fatalf("error outside the file (%d lines): %v", lines, me)
		}
		if !utf8.ValidString(me.Error()) {
			t.Fatalf("message is not UTF-8: %q", me.Error())
		}
	}
}

func mustParse(t *testing.T, s string) *tokenbuild.Object {
	t.Helper()
	v, err := json5.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.(*tokenbuild.Object)
}
