package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Built-in formats write new files into staged files as they go. A format
// that fails after handing on part of its text, or a build that fails for
// another platform, must leave no file and no folder behind; a build that
// succeeds must write what the format returns in memory.
func TestStreamedFiles(t *testing.T) {
	tokens := func(last string) string {
		var b strings.Builder
		b.WriteString(`{`)
		for i := 0; i < 4000; i++ { // well over one chunk of es6 text
			fmt.Fprintf(&b, `"color%d": {"value": "#%06x"}, `, i, i)
		}
		fmt.Fprintf(&b, `%q: {"value": "#000000"}}`, last)
		return b.String()
	}
	files := []tokenbuild.File{{Destination: "tokens.js", Format: "javascript/es6"}, {Destination: "tokens.json", Format: "json/nested"}}
	for _, tc := range []struct {
		name, last string
		other      *tokenbuild.Platform // a second platform, formatted too
		fail       bool
	}{
		{"written", "end", nil, false},
		{"format fails after streaming", "1x", nil, true}, // "1X" is no JavaScript name
		{"another platform fails", "end", &tokenbuild.Platform{Name: "bad", TransformGroup: "css", BuildPath: "build/bad/",
			Files: []tokenbuild.File{{Destination: "x.css", Format: "no/such/format"}}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "tokens"), 0o755)
			os.WriteFile(filepath.Join(dir, "tokens", "a.json"), []byte(tokens(tc.last)), 0o644)
			cfg := &tokenbuild.Config{Dir: dir, Source: []string{"tokens/*.json"}, Log: &tokenbuild.LogConfig{Verbosity: "silent"},
				Platforms: []tokenbuild.Platform{{Name: "js", Transforms: []string{"name/camel"}, BuildPath: "build/js/", Files: files}}}
			if tc.other != nil {
				cfg.Platforms = append(cfg.Platforms, *tc.other)
			}
			in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
			if err != nil {
				t.Fatal(err)
			}
			_, err = in.Build(context.Background(), nil)
			if tc.fail {
				if err == nil {
					t.Fatal("the build should fail")
				}
				if _, err := os.Stat(filepath.Join(dir, "build")); !os.IsNotExist(err) {
					entries, _ := filepath.Glob(filepath.Join(dir, "build", "*", "*"))
					t.Fatalf("the failed build left %v", entries)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			outs, _, err := in.FormatAll(context.Background(), []string{"js"})
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range outs["js"] {
				got, _ := os.ReadFile(o.Path)
				if withoutTimestamps(string(got)) != withoutTimestamps(o.Content) || len(got) < 64<<10 { // made in different seconds, maybe
					t.Errorf("%s: %d bytes written, %d formatted", o.Destination, len(got), len(o.Content))
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "build", "js", ".tokengen-*")); len(left) > 0 {
				t.Errorf("staged files left: %v", left)
			}
		})
	}
}

// A file that exists is compared with the text as the format writes it:
// a staged file is made only when the text differs (but for a header time
// of this build, as onlyStampDiffers tells), and it then holds the whole
// new text, however the writes split it.
func TestComparedStream(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	since := time.Now().Add(-time.Minute)
	now := time.Now().UTC().Format(stampLayout)
	const old1, old2 = "Mon, 01 Jan 2024 00:00:00 GMT", "Tue, 02 Jan 2024 00:00:00 GMT"
	header := func(stamp string) string {
		return "/**\n * Do not edit directly, this file was auto-generated.\n * Generated on " + stamp + "\n */\n\n"
	}
	body := strings.Repeat(":root {\n  --a: 1px;\n}\n", 50)
	cases := []struct{ name, old, new string }{
		{"same", body, body},
		{"same with header", header(old1) + body, header(old1) + body},
		{"header time", header(old1) + body, header(now) + body},
		{"header time not of this build", header(old1) + body, header(old2) + body},
		{"header time and body", header(old1) + body, header(now) + body + "x"},
		{"header time and the next byte", header(old1) + body, header(now)[:len(header(now))-3] + "!" + body},
		{"first byte", body, "x" + body[1:]},
		{"last byte", body, body[:len(body)-1] + "x"},
		{"longer", body, body + "more"},
		{"shorter", body, body[:len(body)-5]},
		{"ends in the header time", header(old1), header(now)[:60]},
		{"empty, file empty", "", ""},
		{"empty, file not", body, ""},
		{"file empty", "", body},
	}
	for _, tc := range cases {
		want := tc.old == tc.new && tc.new != "" || onlyStampDiffers([]byte(tc.old), tc.new, since)
		for _, size := range []int{1, 7, 4096, len(tc.new) + 1} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, size), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "out.css")
				os.WriteFile(path, []byte(tc.old), 0o644)
				st := &stage{since: since}
				w := st.stream(path)
				if w == nil || !w.comparing {
					t.Fatal("an existing file is compared")
				}
				text := tc.new
				tail := ""
				if size == 7 { // the format returns the last part (writeOf)
					text, tail = tc.new[:len(tc.new)/2], tc.new[len(tc.new)/2:]
				}
				for i := 0; i < len(text); i += size {
					chunk := []byte(text[i:min(i+size, len(text))])
					if n, err := w.Write(chunk); n != len(chunk) || err != nil {
						t.Fatalf("Write: %d, %v", n, err)
					}
				}
				staged, err := w.finish(tail, nil)
				if err != nil {
					t.Fatal(err)
				}
				if w.unchanged != want || (staged == "") != (want || tc.new == "") {
					t.Fatalf("unchanged %v, staged %q; want unchanged %v", w.unchanged, staged, want)
				}
				if staged != "" {
					got, _ := os.ReadFile(staged)
					if string(got) != tc.new {
						t.Errorf("staged %q, want %q", got, tc.new)
					}
				}
				if got, _ := os.ReadFile(path); string(got) != tc.old {
					t.Errorf("the file was changed in place")
				}
			})
		}
	}
}
