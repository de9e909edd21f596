package builtin

import (
	"strings"

	"github.com/tokengen/tokengen/tokenbuild"
)

// brandAliases maps the reference's platform words to the seed's neutral
// ones; tokengen accepts both spellings of every hook name.
var brandAliases = []struct{ brand, neutral string }{
	{"ios-swift", "mobile-b-swift"},
	{"android", "mobile-a"},
	{"compose", "declarative-ui"},
	{"flutter", "cross-ui"},
	{"sketch", "palette-tool"},
	{"ios", "mobile-b"},
}

// NeutralName returns the seed's neutral spelling of a hook name, or "" when
// the name carries no brand word.
func NeutralName(name string) string {
	if name == "sketchPalette" {
		return "palette-tool/palette"
	}
	for _, a := range brandAliases {
		if name == a.brand {
			return a.neutral
		}
		if strings.HasPrefix(name, a.brand+"/") || strings.HasPrefix(name, a.brand+"-") {
			return a.neutral + name[len(a.brand):]
		}
	}
	// transforms carry the brand in a later segment (size/compose/em,
	// color/sketch) or at the end of one (color/hex8android)
	segs := strings.Split(name, "/")
	changed := false
	for i, seg := range segs {
		for _, a := range brandAliases {
			if i > 0 && (seg == a.brand || strings.HasSuffix(seg, a.brand) && strings.HasPrefix(seg, "hex8")) {
				segs[i] = strings.TrimSuffix(seg, a.brand) + a.neutral
				changed = true
				break
			}
		}
	}
	if changed {
		return strings.Join(segs, "/")
	}
	return ""
}

// withAliases appends a neutral-named copy of each format with a brand
// word. The copies are the values themselves under another name, so they
// keep the originals' functions and declared capabilities.
func withAliases(fs []tokenbuild.Format) []tokenbuild.Format {
	out := fs
	for _, f := range fs {
		if n := NeutralName(f.Name); n != "" {
			f.Name = n
			out = append(out, f)
		}
	}
	return out
}
