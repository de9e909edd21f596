package gosource

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// The value the config holds, as testdata/design/config.go's Config
// returns it (written out again: this test does not compile the config).
func testConfig() *tokenbuild.Config {
	page := func(name, format string) tokenbuild.Platform {
		return tokenbuild.Platform{Name: name, Files: []tokenbuild.File{{Destination: name + ".css", Format: format}}}
	}
	return &tokenbuild.Config{
		Source: []string{"tokens.json"},
		Platforms: []tokenbuild.Platform{
			{Name: "css", TransformGroup: "css", Transforms: []string{"name/kebab", "app/nope"}, BuildPath: "build/",
				Files: []tokenbuild.File{{Destination: "vars.css", Format: "css/variabls"}, {Destination: "summary.md", Format: "app/sumary"}}},
			{Name: "scss", BuildPath: "build/",
				Files: []tokenbuild.File{{Destination: "vars.scss", Format: "css/variabls", Options: tokenbuild.Options{"fileHeader": "app/hdr"}}}},
			page("web", "css/variabls"),
			page("app", "css/variabls"),
			{Name: "android", Files: []tokenbuild.File{{Destination: "a.xml", Format: "android/typo"}}},
			page("ios", "android/typo"),
		},
	}
}

// Each key path the engine reports is found where the value was written,
// positions counted in testdata/design/config.go (a tab is one column); a value written
// in a helper that two platforms share is not placed, as no single line
// is the mistake's.
func TestLocate(t *testing.T) {
	s, err := Parse(filepath.Join("testdata", "design"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.ConfigFile(), filepath.Join("testdata", "design", "config.go"); got != want {
		t.Errorf("ConfigFile() = %q, want %q", got, want)
	}
	cfg := testConfig()
	for _, tc := range []struct{ path, want string }{
		{"platforms.css.files[0].format", "config.go:17:40"}, // the same value in scss: told apart by Name
		{"platforms.scss.files[0].format", "config.go:25:41"},
		{"platforms.css.transforms[1]", "config.go:14:44"},
		{"platforms.css.transformGroup", "config.go:13:21"},
		{"platforms.css.files[1].format", "config.go:5:23"}, // a constant, found once
		{"platforms.scss.files[0].options.fileHeader", "config.go:25:99"},
		{"platforms.css.files[0]", "config.go:17:6"}, // the file's literal
		{"platforms.web.files[0].format", ""},        // written once for two platforms
		{"platforms.ios.files[0].format", ""},        // not android's, though the same text
		{"platforms.nope.files[0].format", ""},       // no such platform
		{"platforms.css.files[7].format", ""},        // no such file
	} {
		pos, ok := s.Locate(cfg, tc.path)
		got := ""
		if ok {
			got = fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column)
		}
		if got != tc.want {
			t.Errorf("%s: at %q, want %q", tc.path, got, tc.want)
		}
	}
}
