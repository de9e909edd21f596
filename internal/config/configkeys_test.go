package config

import (
	"strings"
	"testing"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// TestConfigKeys checks that a key like a known one of its level gets the
// key meant, a key of another level says where it belongs, and the
// project's own keys are only listed.
func TestConfigKeys(t *testing.T) {
	src := `{
  "Source": [], "platfrom": {}, "buildPath": "x", "brand": {"name": "acme"}, "usesDTCG": true,
  "platforms": {"web": {
    "transformgroup": "css", "transform": [], "prefx": "p", "destination": "d", "myData": 1, "basePxFontsize": 10,
    "files": [{"destinaton": "a", "fromat": "f", "filters": "x", "buildPath": "b", "className": "C", "optoins": {}}]
  }}
}`
	v, err := json5.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := DecodeConfig(v.(*tokenbuild.Object), "")
	if err != nil {
		t.Fatal(err)
	}
	typos, others := ConfigKeys(cfg)
	var got []string
	for _, d := range typos {
		got = append(got, d.Msg)
	}
	want := []string{
		`unknown key "Source"; did you mean "source"?`,
		`"buildPath" is a key of a platform, not of the config; style-dictionary does not read it here`,
		`unknown key "platfrom"; did you mean "platforms"?`,
		`unknown key "usesDTCG"; did you mean "usesDtcg"?`,
		`platforms.web: unknown key "basePxFontsize"; did you mean "basePxFontSize"?`,
		`platforms.web: "destination" is a key of a file entry, not of a platform; style-dictionary does not read it here`,
		`platforms.web: unknown key "prefx"; did you mean "prefix"?`,
		`platforms.web: unknown key "transform"; did you mean "transforms"?`,
		`platforms.web: unknown key "transformgroup"; did you mean "transformGroup"?`,
		`platforms.web.files[0]: "buildPath" is a key of a platform, not of a file entry; style-dictionary does not read it here`,
		`platforms.web.files[0]: unknown key "destinaton"; did you mean "destination"?`,
		`platforms.web.files[0]: unknown key "filters"; did you mean "filter"?`,
		`platforms.web.files[0]: unknown key "fromat"; did you mean "format"?`,
		`platforms.web.files[0]: unknown key "optoins"; did you mean "options"?`,
	}
	// without a file there are no places: the order is by key within a level
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var own []string
	for _, d := range others {
		own = append(own, d.Path)
	}
	if strings.Join(own, " ") != "brand platforms.web.myData platforms.web.files[0].className" {
		t.Errorf("own keys: %v", own)
	}
	if err := ConfigProblems(cfg, nil); err == nil || !strings.Contains(err.Error(), "platforms.web.files[0]: the file has no destination") {
		t.Errorf("ConfigProblems: %v", err)
	}
}

// TestNoTokenFiles checks that a config with platforms must name its token
// files one way or another (a Go config has no file to check them in, so
// the rule is checked on the Config itself), and that a config without
// platforms is left alone.
func TestNoTokenFiles(t *testing.T) {
	platforms := []tokenbuild.Platform{{Name: "css", TransformGroup: "css"}}
	tokens := tokenbuild.NewObject()
	for _, tc := range []struct {
		name string
		cfg  tokenbuild.Config
		want string
	}{
		{"nothing", tokenbuild.Config{Platforms: platforms},
			`the config names no token files (no "source", "include", "tokens" or "resolver"), so a build would write empty files`},
		{"typos", tokenbuild.Config{Platforms: platforms, Extra: tokenbuild.Options{"resolvr": "r.json", "Include": []any{"a"}, "brand": 1}},
			`the config names no token files (no "source", "include", "tokens" or "resolver"; "Include" is likely "include", "resolvr" is likely "resolver"), so a build would write empty files`},
		{"source", tokenbuild.Config{Platforms: platforms, Source: []string{"t/*.json"}}, ""},
		{"include", tokenbuild.Config{Platforms: platforms, Include: []string{"t/*.json"}}, ""},
		{"tokens", tokenbuild.Config{Platforms: platforms, Tokens: tokens}, ""},
		{"resolver", tokenbuild.Config{Platforms: platforms, Resolver: "r.json"}, ""},
		{"extends", tokenbuild.Config{Platforms: platforms, Extends: "base.json"}, ""},
		{"no platforms", tokenbuild.Config{Extra: tokenbuild.Options{"sourc": []any{"a"}}}, ""},
	} {
		err := NoTokenFiles(&tc.cfg)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
