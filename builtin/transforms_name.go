package builtin

import (
	"github.com/tokengen/tokengen/internal/casing"
	"github.com/tokengen/tokengen/internal/model"
)

// nameTransforms: attribute/cti and the name/* transforms.
func nameTransforms() []model.Transform {
	return []model.Transform{
		{Name: "attribute/cti", Type: model.AttributeTransform, Transform: attributeCTI},
		{Name: "name/human", Type: model.NameTransform, Transform: func(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
			// [item, subitem].join(' '): a missing attribute prints as nothing
			return joinElementString(t.Attributes.Value("item")) + " " + joinElementString(t.Attributes.Value("subitem")), nil
		}},
		casedName("name/camel", casing.CamelStyle),
		casedName("name/kebab", casing.KebabStyle),
		casedName("name/snake", casing.SnakeStyle),
		casedName("name/constant", casing.ConstantStyle),
		casedName("name/pascal", casing.PascalStyle),
	}
}

// ctiAttributeNames are the attributes attribute/cti derives from the path.
var ctiAttributeNames = [...]string{"category", "type", "item", "subitem", "state"}

// attributeCTI returns category/type/item/subitem/state from the first path
// segments; attributes the token already has win.
func attributeCTI(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	n := min(len(t.Path), len(ctiAttributeNames))
	attrs := model.StringsObject(ctiAttributeNames[:n], t.Path[:n])
	t.Attributes.Range(func(k string, v any) bool {
		attrs.Set(k, v)
		return true
	})
	return attrs, nil
}

// casedName builds a name transform that cases the platform prefix followed
// by the token path, as the reference's [prefix, ...path].join(' ') does
// (without a platform there is no prefix; an empty one adds no words).
func casedName(name string, style casing.Style) model.Transform {
	return model.Transform{
		Name: name,
		Type: model.NameTransform,
		Transform: func(t *model.Token, p *model.Platform, _ model.Options) (any, error) {
			prefix := ""
			if p != nil {
				prefix = p.Prefix
			}
			return casing.Path(style, prefix, t.Path), nil
		},
	}
}
