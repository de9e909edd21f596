package pipeline

import (
	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/tokenfilter"
	"github.com/tokengen/tokengen/tokenbuild"
)

// File filters: a registered filter, a function, or an object matched
// against each token as the reference matches it.

func (in *Instance) filterTokens(f *tokenbuild.File, opts tokenbuild.Options, all []*tokenbuild.Token) ([]*tokenbuild.Token, error) {
	var keep tokenbuild.FilterFunc
	switch {
	case f.Filter != "":
		keep = in.reg().Filters[f.Filter].Filter
	case f.FilterFunc != nil:
		keep = f.FilterFunc
	case f.FilterMatch != nil:
		keep = func(t *tokenbuild.Token, _ tokenbuild.Options) (bool, error) {
			return tokenfilter.Match(f.FilterMatch, t), nil
		}
	default:
		return all, nil
	}
	out := make([]*tokenbuild.Token, 0, len(all))
	for _, t := range all {
		var ok bool
		var err error
		if perr := diag.Guard(func() { ok, err = keep(t, opts) }); perr != nil {
			return nil, diag.HookError("filter", f.Filter, t, perr)
		}
		if err != nil {
			return nil, diag.HookError("filter", f.Filter, t, err)
		}
		if ok {
			out = append(out, t)
		}
	}
	return out, nil
}
