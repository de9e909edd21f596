package config

import "github.com/tokengen/tokengen/tokenbuild"

// MergeConfig deep-merges over into base, as the reference's extend does:
// set fields of over win, platforms merge by name, options key by key, and
// hooks add up (later names win).
func MergeConfig(base, over tokenbuild.Config) tokenbuild.Config {
	out := base
	if over.Log != nil {
		out.Log = over.Log
	}
	if over.Source != nil {
		out.Source = over.Source
	}
	if over.Include != nil {
		out.Include = over.Include
	}
	if over.Resolver != "" {
		out.Resolver = over.Resolver
	}
	if over.Tokens != nil {
		if base.Tokens != nil {
			out.Tokens = mergeObjects(base.Tokens.Clone(), over.Tokens)
		} else {
			out.Tokens = over.Tokens
		}
	}
	if over.Expand != nil {
		out.Expand = over.Expand
	}
	if over.Parsers != nil {
		out.Parsers = over.Parsers
	}
	if over.Preprocessors != nil {
		out.Preprocessors = over.Preprocessors
	}
	if over.UsesDtcg != nil {
		out.UsesDtcg = over.UsesDtcg
	}
	if over.Dir != "" {
		out.Dir = over.Dir
	}
	out.Extends = over.Extends
	out.Extra = mergeOptions(base.Extra, over.Extra)
	out.Hooks = base.Hooks.Merge(over.Hooks)
	out.Platforms = append([]tokenbuild.Platform(nil), base.Platforms...)
	for _, p := range over.Platforms {
		found := false
		for i := range out.Platforms {
			if out.Platforms[i].Name == p.Name {
				out.Platforms[i] = mergePlatform(out.Platforms[i], p)
				found = true
				break
			}
		}
		if !found {
			out.Platforms = append(out.Platforms, p)
		}
	}
	return out
}

func mergePlatform(a, b tokenbuild.Platform) tokenbuild.Platform {
	out := a
	if b.TransformGroup != "" {
		out.TransformGroup = b.TransformGroup
	}
	if b.Transforms != nil {
		out.Transforms = b.Transforms
	}
	if b.BuildPath != "" {
		out.BuildPath = b.BuildPath
	}
	if b.Expand != nil {
		out.Expand = b.Expand
	}
	if b.Preprocessors != nil {
		out.Preprocessors = b.Preprocessors
	}
	if b.Prefix != "" {
		out.Prefix = b.Prefix
	}
	if b.BasePxFontSize != 0 {
		out.BasePxFontSize = b.BasePxFontSize
	}
	if b.Files != nil {
		out.Files = b.Files
	}
	if b.Actions != nil {
		out.Actions = b.Actions
	}
	if b.Log != nil {
		out.Log = b.Log
	}
	out.EmitEmptyFiles = a.EmitEmptyFiles || b.EmitEmptyFiles
	out.Options = mergeOptions(a.Options, b.Options)
	out.Extra = mergeOptions(a.Extra, b.Extra)
	return out
}

func mergeOptions(a, b tokenbuild.Options) tokenbuild.Options {
	if a == nil && b == nil {
		return nil
	}
	out := tokenbuild.Options{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		if ao, ok := out[k].(*tokenbuild.Object); ok {
			if bo, ok := v.(*tokenbuild.Object); ok {
				out[k] = mergeObjects(ao.Clone(), bo)
				continue
			}
		}
		out[k] = v
	}
	return out
}

func mergeObjects(dst, src *tokenbuild.Object) *tokenbuild.Object {
	src.Range(func(k string, v any) bool {
		if so, ok := v.(*tokenbuild.Object); ok {
			if do, ok := dst.Value(k).(*tokenbuild.Object); ok {
				dst.Set(k, mergeObjects(do, so))
				return true
			}
		}
		dst.Set(k, tokenbuild.CloneValue(v))
		return true
	})
	return dst
}
