package builtin

import "github.com/tokengen/tokengen/tokenbuild"

// runTransform calls the function of tr's type, as the engine does,
// returning the name, value or attributes it gives.
func runTransform(tr tokenbuild.Transform, t *tokenbuild.Token, p *tokenbuild.Platform, o tokenbuild.Options) (any, error) {
	return runTransformArgs(tr, t, &tokenbuild.TransformArgs{Platform: p, Options: o})
}

func runTransformArgs(tr tokenbuild.Transform, t *tokenbuild.Token, args *tokenbuild.TransformArgs) (any, error) {
	switch tr.Type {
	case tokenbuild.NameTransform:
		return tr.TransformName(t, args)
	case tokenbuild.AttributeTransform:
		attrs, err := tr.TransformAttributes(t, args)
		if attrs == nil {
			return nil, err
		}
		return attrs, err
	}
	return tr.TransformValue(t, args)
}

// keeps reports whether tr's filter lets it run on t (errors count as no).
func keeps(tr tokenbuild.Transform, t *tokenbuild.Token, o tokenbuild.Options) bool {
	if tr.Filter == nil {
		return true
	}
	ok, err := tr.Filter(t, o)
	return ok && err == nil
}
