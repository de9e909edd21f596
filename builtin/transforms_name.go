package builtin

import (
	"reflect"

	"github.com/tokengen/tokengen/internal/casing"
	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/tokenbuild"
)

// AttributeCTI is attribute/cti: the category, type, item, subitem and
// state attributes from the first five path segments; attributes the token
// already has win.
//
// It does not declare IgnoresAttributes: it reads the token's attributes
// so that they win. The engine merges a returned object over the token's
// attributes, so returning only its own keys would let them overwrite the
// token's (the reference does Object.assign(generated, token.attributes)).
var AttributeCTI = tokenbuild.Transform{
	Name:                "attribute/cti",
	Type:                tokenbuild.AttributeTransform,
	Pure:                true,
	TransformAttributes: attributeCTI,
}

// NameHuman is name/human: the item and subitem attributes joined with a
// space. It reads attributes (those attribute/cti sets).
var NameHuman = tokenbuild.Transform{
	Name: "name/human",
	Type: tokenbuild.NameTransform,
	Pure: true,
	TransformName: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
		// [item, subitem].join(' '): a missing attribute prints as nothing
		return js.Join([]any{t.Attributes.Value("item"), t.Attributes.Value("subitem")}, " "), nil
	},
}

// NameCamel is name/camel: the platform prefix and the path in camelCase.
var NameCamel = casedName("name/camel", casing.CamelStyle)

// NameKebab is name/kebab: the platform prefix and the path in kebab-case.
var NameKebab = casedName("name/kebab", casing.KebabStyle)

// NameSnake is name/snake: the platform prefix and the path in snake_case.
var NameSnake = casedName("name/snake", casing.SnakeStyle)

// NameConstant is name/constant: the platform prefix and the path in
// CONSTANT_CASE.
var NameConstant = casedName("name/constant", casing.ConstantStyle)

// NamePascal is name/pascal: the platform prefix and the path in
// PascalCase.
var NamePascal = casedName("name/pascal", casing.PascalStyle)

// nameTransforms: attribute/cti and the name/* transforms.
func nameTransforms() []tokenbuild.Transform {
	return []tokenbuild.Transform{AttributeCTI, NameHuman, NameCamel, NameKebab, NameSnake, NameConstant, NamePascal}
}

// ctiAttributeNames are the attributes attribute/cti derives from the path.
var ctiAttributeNames = [...]string{"category", "type", "item", "subitem", "state"}

// attributeCTI returns category/type/item/subitem/state from the first path
// segments followed by the token's own attributes, which win: the object
// the reference's Object.assign(generated, token.attributes) gives. For
// the usual token (no attributes of its own) that is two allocations: the
// object, and the path segments boxed as its values (see boxedStrings).
func attributeCTI(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (*tokenbuild.Object, error) {
	n := min(len(t.Path), len(ctiAttributeNames))
	attrs := tokenbuild.NewObjectCap(n + t.Attributes.Len())
	if n > 0 {
		boxed := boxedStrings(t.Path[:n])
		for i, k := range ctiAttributeNames[:n] {
			// the names are distinct and none is an array index
			attrs.AppendNew(k, boxed.Index(i).Interface())
		}
	}
	t.Attributes.Range(func(k string, v any) bool {
		attrs.Set(k, v)
		return true
	})
	return attrs, nil
}

// boxedStrings holds up to five strings in one allocation, from which
// Index(i).Interface() gives each as an interface value without another:
// an element of an array that is not addressable is handed out in place
// rather than copied. Boxing each string on its own would cost an
// allocation per attribute, for every token.
func boxedStrings(s []string) reflect.Value {
	switch len(s) {
	case 1, 2, 3:
		var a [3]string
		copy(a[:], s)
		return reflect.ValueOf(a)
	case 4:
		var a [4]string
		copy(a[:], s)
		return reflect.ValueOf(a)
	}
	var a [5]string
	copy(a[:], s)
	return reflect.ValueOf(a)
}

// casedName builds a name transform that cases the platform prefix followed
// by the token path, as the reference's [prefix, ...path].join(' ') does
// (without a platform there is no prefix; an empty one adds no words). A
// DTCG 2025.10 root token is named after its group: a trailing "$root"
// segment is left out (namePath).
func casedName(name string, style casing.Style) tokenbuild.Transform {
	return tokenbuild.Transform{
		Name:              name,
		Type:              tokenbuild.NameTransform,
		Pure:              true,
		IgnoresAttributes: true,
		NameFromPath:      true,
		TransformName: func(t *tokenbuild.Token, args *tokenbuild.TransformArgs) (string, error) {
			return casing.Path(style, platformOf(args).Prefix, namePath(t.Path)), nil
		},
	}
}

// rootTokenName is the reserved name of a group's default token (DTCG
// 2025.10 Format module): {color.accent.$root} is the token the group color.accent
// stands for.
const rootTokenName = "$root"

// namePath is the path a name transform names a token by: its path
// without a trailing "$root", so that color.accent.$root is named like
// the group (--color-accent), as style-dictionary's next release and
// Terrazzo name it. 5.5.5 cases the segment as "root" (color-accent-root).
// Only the last segment counts: "$root" names a token, never a group, and
// attribute/cti and the token's path keep it.
func namePath(path []string) []string {
	if n := len(path); n > 0 && path[n-1] == rootTokenName {
		return path[:n-1]
	}
	return path
}

// noPlatform stands in for a missing platform: no prefix, the default
// base font size.
var noPlatform tokenbuild.Platform

// platformOf is the platform a transform runs for, or an empty one when
// it is called without (a test, a config's own code).
func platformOf(args *tokenbuild.TransformArgs) *tokenbuild.Platform {
	if args == nil || args.Platform == nil {
		return &noPlatform
	}
	return args.Platform
}
