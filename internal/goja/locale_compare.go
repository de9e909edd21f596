package goja

import (
	"bytes"
	"strings"
	"unicode"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// localeCollator compares strings for one combination of locale and options
// of String.prototype.localeCompare (a tokengen patch, see README.md), with
// its own cache of sort keys, as the default collator has (collationKey).
type localeCollator struct {
	// collators make the keys compared first, in turn; then, if caseLevel,
	// the letters' case (caseLevelKey); then, if final is set, its key.
	collators []*collate.Collator
	caseLevel bool
	// upperFirst is caseFirst: 'upper' (or Danish's default), which the
	// collation package does not implement: strings equal up to accents are
	// ordered by their letters' case, upper first, before the full key.
	upperFirst bool
	final      *collate.Collator
	keys       map[string][][]byte
	buf        collate.Buffer
}

// maxCachedLocaleCollators bounds the collators kept per runtime, one per
// combination of locale and options met; past it, the cache starts over.
const maxCachedLocaleCollators = 64

// compare orders a and b by their keys, level after level.
func (c *localeCollator) compare(a, b string) int {
	ka, kb := c.key(a), c.key(b)
	caseLevel := -1
	if c.caseLevel {
		caseLevel = len(c.collators)
	}
	for i := range ka {
		n := 0
		if i == caseLevel {
			n = compareCaseLevels(ka[i], kb[i], c.lowerCase())
		} else {
			n = bytes.Compare(ka[i], kb[i])
		}
		if n != 0 {
			return n
		}
	}
	return 0
}

func (c *localeCollator) key(s string) [][]byte {
	if key, ok := c.keys[s]; ok {
		return key
	}
	if c.keys == nil || len(c.keys) >= maxCachedCollationKeys {
		c.keys = make(map[string][][]byte)
	}
	text := norm.NFD.String(s)
	var key [][]byte
	for _, collator := range c.collators {
		c.buf.Reset()
		key = append(key, bytes.Clone(collator.KeyFromString(&c.buf, text)))
	}
	if c.caseLevel {
		key = append(key, caseLevelKey(text, c.upperFirst))
	}
	if c.final != nil {
		c.buf.Reset()
		key = append(key, bytes.Clone(c.final.KeyFromString(&c.buf, text)))
	}
	c.keys[s] = key
	return key
}

// caseLevelKey is ICU's case level, which the collation package's does not
// give (it keeps accents apart): the case of each letter in turn, lower case
// (or uncased) before upper unless upperFirst.
func caseLevelKey(s string, upperFirst bool) []byte {
	upper, lower := byte(2), byte(1)
	if upperFirst {
		upper, lower = 1, 2
	}
	var key []byte
	for _, r := range s {
		switch {
		case unicode.IsUpper(r) || unicode.IsTitle(r):
			key = append(key, upper)
		case unicode.IsLetter(r):
			key = append(key, lower)
		}
	}
	return key
}

func (c *localeCollator) lowerCase() byte {
	if c.upperFirst {
		return 2
	}
	return 1
}

// compareCaseLevels compares two case levels, the shorter one padded with
// lower case: a letter such as 'ß' is one letter here but two ('ss') in the
// collation, and its case level must stay equal to that of 'ss'.
func compareCaseLevels(a, b []byte, lower byte) int {
	for i := 0; i < len(a) || i < len(b); i++ {
		x, y := lower, lower
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// localeCompareCollator returns the collator for localeCompare's locales and
// options arguments, or nil when both are undefined (the default collator).
// The options are read as ECMA-402's Intl.Collator reads them, with node's
// errors for values out of range.
func (r *Runtime) localeCompareCollator(locales, options Value) *localeCollator {
	if locales == _undefined && options == _undefined {
		return nil
	}
	tag := r.collatorLocale(locales)
	numeric := tag.TypeForKey("kn") == "true"
	caseFirst := tag.TypeForKey("kf")
	sensitivity := "variant"
	ignorePunctuation := false
	if options != _undefined {
		opts := r.toObject(options)
		getString := func(name string, allowed ...string) (string, bool) {
			v := opts.self.getStr(asciiString(name).string(), nil)
			if v == nil || v == _undefined {
				return "", false
			}
			s := v.toString().String()
			for _, a := range allowed {
				if s == a {
					return s, true
				}
			}
			panic(rangeError("Value " + s + " out of range for String.prototype.localeCompare options property " + name))
		}
		getBool := func(name string) (bool, bool) {
			v := opts.self.getStr(asciiString(name).string(), nil)
			if v == nil || v == _undefined {
				return false, false
			}
			return v.ToBoolean(), true
		}
		getString("usage", "sort", "search")
		getString("localeMatcher", "lookup", "best fit")
		if b, ok := getBool("numeric"); ok {
			numeric = b
		}
		if s, ok := getString("caseFirst", "upper", "lower", "false"); ok {
			caseFirst = s
		}
		if s, ok := getString("sensitivity", "base", "accent", "case", "variant"); ok {
			sensitivity = s
		}
		if b, ok := getBool("ignorePunctuation"); ok {
			ignorePunctuation = b
		}
	}

	// Danish sorts upper case first in ICU (its tailoring sets caseFirst),
	// which the collation package's Danish table does not.
	base, _ := language.Raw.Compose(tag.Raw())
	if caseFirst == "" && base == language.Danish {
		caseFirst = "upper"
	}
	upperFirst := caseFirst == "upper"

	// The collation settings are given to the collation package as the
	// locale's Unicode extension keys, replacing any the locale had.
	settings := []string{}
	if ignorePunctuation {
		settings = append(settings, "ka-shifted")
	}
	if numeric {
		settings = append(settings, "kn-true")
	}
	spec := func(strength string) string {
		all := settings
		if strength != "" {
			all = append(append([]string{}, settings...), "ks-"+strength)
		}
		if len(all) == 0 {
			return base.String()
		}
		return base.String() + "-u-" + strings.Join(all, "-")
	}
	// Each level list: the specs of the collators, in order, then whether
	// the case level and a final full key follow.
	var specs []string
	caseLevel, final := false, ""
	switch sensitivity {
	case "base":
		specs = []string{spec("level1")}
	case "accent":
		specs = []string{spec("level2")}
	case "case":
		specs, caseLevel = []string{spec("level1")}, true
	default:
		if upperFirst {
			specs, caseLevel, final = []string{spec("level2")}, true, spec("")
		} else {
			specs = []string{spec("")}
		}
	}
	cacheKey := strings.Join(specs, " ") + " " + final
	if caseLevel {
		cacheKey += " case"
		if upperFirst {
			cacheKey += " upper"
		}
	}
	if c, ok := r.localeCollators[cacheKey]; ok {
		return c
	}
	if r.localeCollators == nil || len(r.localeCollators) >= maxCachedLocaleCollators {
		r.localeCollators = make(map[string]*localeCollator)
	}
	c := &localeCollator{caseLevel: caseLevel, upperFirst: upperFirst}
	for _, s := range specs {
		c.collators = append(c.collators, collate.New(language.Make(s)))
	}
	if final != "" {
		c.final = collate.New(language.Make(final))
	}
	r.localeCollators[cacheKey] = c
	return c
}

// collatorLocale is the first of localeCompare's locales (a string or a list
// of strings), or language.Und (the default) if none is given; a malformed
// one throws node's RangeError.
func (r *Runtime) collatorLocale(locales Value) language.Tag {
	var first Value
	switch l := locales.(type) {
	case String:
		first = l
	case *Object:
		if n := toLength(l.self.getStr("length", nil)); n > 0 {
			first = nilSafe(l.self.getIdx(valueInt(0), nil))
			if _, ok := first.(String); !ok {
				if _, ok := first.(*Object); !ok {
					panic(r.NewTypeError("Language ID should be string or object."))
				}
			}
		}
	default:
		if locales != _undefined {
			r.toObject(locales)
		}
	}
	if first == nil {
		return language.Und
	}
	tag, err := language.Parse(first.toString().String())
	if err != nil {
		panic(rangeError("Incorrect locale information provided"))
	}
	return tag
}
