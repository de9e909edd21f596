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
		casedName("name/camel", casing.Camel),
		casedName("name/kebab", casing.Kebab),
		casedName("name/snake", casing.Snake),
		casedName("name/constant", casing.Constant),
		casedName("name/pascal", casing.Pascal),
	}
}

// ctiAttributeNames are the attributes attribute/cti derives from the path.
var ctiAttributeNames = [...]string{"category", "type", "item", "subitem", "state"}

// attributeCTI returns category/type/item/subitem/state from the first path
// segments; attributes the token already has win.
func attributeCTI(t *model.Token, _ *model.Platform, _ model.Options) (any, error) {
	attrs := model.NewObjectCap(len(ctiAttributeNames) + t.Attributes.Len())
	for i := 0; i < len(t.Path) && i < len(ctiAttributeNames); i++ {
		attrs.Set(ctiAttributeNames[i], t.Path[i])
	}
	t.Attributes.Range(func(k string, v any) bool {
		attrs.Set(k, v)
		return true
	})
	return attrs, nil
}

// casedName builds a name transform that cases the platform prefix followed
// by the token path, as the reference's [prefix, ...path].join(' ') does.
func casedName(name string, cased func(parts ...string) string) model.Transform {
	return model.Transform{
		Name: name,
		Type: model.NameTransform,
		Transform: func(t *model.Token, p *model.Platform, _ model.Options) (any, error) {
			parts := make([]string, 0, len(t.Path)+1)
			if p != nil {
				parts = append(parts, p.Prefix)
			}
			parts = append(parts, t.Path...)
			return cased(parts...), nil
		},
	}
}
