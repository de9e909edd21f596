package builtin

// attributeFreeFormats are the built-in formats whose text never depends
// on token attributes: they read names, values (current and as written),
// comments, types, paths and references, never Token.Attributes (nor
// ToObject, which shows them). A build need not run attribute/cti for a
// platform whose files all use them and nothing else that could read the
// attributes (the pipeline decides, see IgnoresAttributes). A format added
// here must be checked against that; TestAttributeFreeFormats compares
// each one's output with and without attribute/cti.
var attributeFreeFormats = func() map[string]bool {
	names := []string{
		"css/variables", "scss/variables", "less/variables",
		"javascript/es6", "json/nested", "json/flat",
		"android/colors", "android/dimens", "android/fontDimens", "android/integers", "android/strings",
		"ios-swift/class.swift", "ios-swift/enum.swift", "ios-swift/any.swift",
	}
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
		if alias := NeutralName(n); alias != "" {
			m[alias] = true
		}
	}
	return m
}()

// IgnoresAttributes reports whether the built-in format of this name
// never reads token attributes.
func IgnoresAttributes(format string) bool { return attributeFreeFormats[format] }

// attributeReadingTransforms are the built-in transforms (other than the
// attribute transforms, which set attributes) whose result depends on
// token attributes. TestTransformsIgnoringAttributes runs every other
// built-in transform on tokens with and without attributes.
var attributeReadingTransforms = map[string]bool{"name/human": true}

// TransformReadsAttributes reports whether the built-in transform of this
// name reads token attributes (other than to merge its own, as attribute
// transforms do).
func TransformReadsAttributes(name string) bool { return attributeReadingTransforms[name] }
