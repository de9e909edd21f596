package builtin

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/tokengen/tokengen/tokenbuild"
)

// nameSeeds are (path, prefix) pairs: the path splits at "/" into at most
// four segments.
var nameSeeds = [][2]string{
	{"color/background/primary", ""},
	{"color/background/primary", "sd"},
	{"size/font/2xl/lineHeight", "my-App"},
	{"XMLHttpRequest/fooBar/ABCdef", "ID"},
	{"", ""},
	{"///", " "},
	{"_-. /{}$", "__"},
	{"Ꭰıİς-É/19\tZꭰİ", "ß"},
	{"Σ,ǆΣ0__/axÉꭰ0😀ᾼ", "ŉ"},
	{" é-\u0301\u0345Σ /\u00a0x\u2028y", "\uFEFF"},
	{"\xff\xfe/\xc3\x28/\xed\xa0\x80", "\xe2\x82"},
	{"٣٤/١٢ab/𝐀𝐁c", "ǅungla"},
	{strings.Repeat("aB", 500) + "/" + strings.Repeat("é ", 300), strings.Repeat("x", 200)},
}

// FuzzNameTransforms calls every built-in name transform on a token with a
// fuzzed path and platform prefix. Every result must be valid UTF-8, and
// the cased names must have the shape change-case 5.4.4 gives them; each
// property was checked against change-case in node on 200,000 random
// strings of letters, marks, digits, separators and special-cased
// characters (ß, İ, ŉ, ǅ, Σ, U+0345, ...):
//   - kebab has no letter that lower-casing changes and only "-" between
//     words (no ASCII punctuation or space, never two in a row, none at
//     the ends); snake is kebab with "_"; constant has the same words with
//     no letter that upper-casing changes;
//   - camel and pascal have no ASCII punctuation or space; camel starts
//     with a character lower-casing keeps, pascal with one upper-casing
//     keeps, and pascal is camel after its first character;
//   - every style is empty exactly when the input has no letter or digit;
//   - for ASCII input kebab and snake are idempotent (camel, pascal and
//     constant are not: camel("A B C") is "aBC", camel("aBC") "aBc");
//   - name/human is "item subitem" of attribute/cti.
func FuzzNameTransforms(f *testing.F) {
	for _, s := range nameSeeds {
		f.Add(s[0], s[1])
	}
	transforms := map[string]tokenbuild.Transform{}
	for _, tr := range Transforms() {
		if tr.Type == tokenbuild.NameTransform || tr.Name == "attribute/cti" {
			transforms[tr.Name] = tr
		}
	}
	for _, name := range []string{"attribute/cti", "name/human", "name/camel", "name/kebab", "name/snake", "name/constant", "name/pascal"} {
		if _, ok := transforms[name]; !ok {
			f.Fatalf("no built-in transform %s", name)
		}
	}
	f.Fuzz(func(t *testing.T, path, prefix string) {
		segments := strings.SplitN(path, "/", 4)
		var platform *tokenbuild.Platform
		if prefix != "" {
			platform = &tokenbuild.Platform{Name: "fuzz", Prefix: prefix}
		}
		out := map[string]string{}
		for name, tr := range transforms {
			if tr.Type != tokenbuild.NameTransform {
				continue
			}
			tok := &tokenbuild.Token{Path: segments, Name: segments[len(segments)-1]}
			if name == "name/human" {
				// token paths come out of the JSON5 parser, which repairs
				// invalid UTF-8, and name/human passes them through as they are
				tok.Path = validSegments(segments)
				attrs, err := runTransform(transforms["attribute/cti"], tok, platform, nil)
				if err != nil {
					t.Fatalf("attribute/cti: %v", err)
				}
				tok.Attributes = attrs.(*tokenbuild.Object)
			}
			v, err := runTransform(tr, tok, platform, nil)
			if err != nil {
				t.Fatalf("%s(%q, prefix %q): %v", name, segments, prefix, err)
			}
			s, ok := v.(string)
			if !ok {
				t.Fatalf("%s(%q, prefix %q) = %#v, not a string", name, segments, prefix, v)
			}
			if !utf8.ValidString(s) {
				t.Fatalf("%s(%q, prefix %q) = %q, not valid UTF-8", name, segments, prefix, s)
			}
			out[name] = s
		}
		checkHuman(t, validSegments(segments), out["name/human"])
		checkCasedNames(t, append([]string{prefix}, segments...), out, transforms)
	})
}

func validSegments(segments []string) []string {
	valid := make([]string, len(segments))
	for i, s := range segments {
		valid[i] = strings.ToValidUTF8(s, "\uFFFD")
	}
	return valid
}

func checkHuman(t *testing.T, path []string, human string) {
	t.Helper()
	item, subitem := "", ""
	if len(path) > 2 {
		item = path[2]
	}
	if len(path) > 3 {
		subitem = path[3]
	}
	if want := item + " " + subitem; human != want {
		t.Fatalf("name/human(%q) = %q, want %q", path, human, want)
	}
}

func checkCasedNames(t *testing.T, parts []string, out map[string]string, transforms map[string]tokenbuild.Transform) {
	t.Helper()
	kebab, snake, constant := out["name/kebab"], out["name/snake"], out["name/constant"]
	camel, pascal := out["name/camel"], out["name/pascal"]
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("parts %q: "+format, append([]any{parts}, args...)...)
	}
	checkSeparated(t, parts, "name/kebab", kebab, '-')
	checkSeparated(t, parts, "name/snake", snake, '_')
	checkSeparated(t, parts, "name/constant", constant, '_')
	if strings.ReplaceAll(snake, "_", "-") != kebab {
		fail("snake %q is not kebab %q with underscores", snake, kebab)
	}
	if strings.Count(constant, "_") != strings.Count(kebab, "-") {
		fail("constant %q and kebab %q have different word counts", constant, kebab)
	}
	for _, r := range kebab {
		if unicode.ToLower(r) != r {
			fail("kebab %q has %q, which lower-casing changes", kebab, r)
		}
	}
	for _, r := range constant {
		if unicode.ToUpper(r) != r {
			fail("constant %q has %q, which upper-casing changes", constant, r)
		}
	}
	for name, s := range map[string]string{"camel": camel, "pascal": pascal} {
		if i := strings.IndexFunc(s, isASCIIPunctOrSpace); i >= 0 {
			fail("%s %q has a separator at byte %d", name, s, i)
		}
	}
	if r, size := utf8.DecodeRuneInString(camel); camel != "" {
		// JavaScript cases charAt(0), half of a pair for astral characters
		if r <= 0xFFFF && unicode.ToLower(r) != r {
			fail("camel %q starts with %q, which lower-casing changes", camel, r)
		}
		if r > 0xFFFF && pascal != camel {
			fail("pascal %q is not camel %q, whose first character is astral", pascal, camel)
		}
		if !strings.HasSuffix(pascal, camel[size:]) {
			fail("pascal %q does not end in camel %q after its first character", pascal, camel)
		}
	}
	if r, _ := utf8.DecodeRuneInString(pascal); pascal != "" && r <= 0xFFFF && unicode.ToUpper(r) != r {
		fail("pascal %q starts with %q, which upper-casing changes", pascal, r)
	}
	hasWord := strings.IndexFunc(strings.Join(parts, " "), func(r rune) bool {
		return unicode.IsLetter(r) || r >= '0' && r <= '9' || r == 0x345
	}) >= 0
	for name, s := range out {
		if name != "name/human" && (s != "") != hasWord {
			fail("%s = %q, but the input has a letter or digit: %v", name, s, hasWord)
		}
	}
	if isASCIIString(strings.Join(parts, "")) {
		for _, pair := range [][2]string{{"name/kebab", kebab}, {"name/snake", snake}} {
			again, _ := runTransform(transforms[pair[0]], &tokenbuild.Token{Path: []string{pair[1]}}, nil, nil)
			if again != pair[1] {
				fail("%s is not idempotent on ASCII: %q gives %q", pair[0], pair[1], again)
			}
		}
	}
}

// checkSeparated checks that s is words without ASCII punctuation or space
// joined by single sep characters.
func checkSeparated(t *testing.T, parts []string, name, s string, sep byte) {
	t.Helper()
	if s == "" {
		return
	}
	for i, w := range strings.Split(s, string(sep)) {
		if w == "" {
			t.Fatalf("parts %q: %s = %q has an empty word %d", parts, name, s, i)
		}
		if j := strings.IndexFunc(w, isASCIIPunctOrSpace); j >= 0 {
			t.Fatalf("parts %q: %s = %q has a separator other than %q", parts, name, s, sep)
		}
	}
}

func isASCIIPunctOrSpace(r rune) bool {
	return r < utf8.RuneSelf && !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
