package pipeline

import (
	"slices"

	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The engine's side of the DTCG phase (internal/dtcg): what the phase
// needs of this instance, and where its findings go.

// noteStructure remembers that file holds $ref or $extends.
func (in *loaded) noteStructure(file string) {
	in.structMu.Lock()
	defer in.structMu.Unlock()
	in.structFiles = append(in.structFiles, file)
}

// resolveStructure applies the tree's $extends and $ref, in place.
func (in *loaded) resolveStructure(root *tokenbuild.Object) error {
	in.structMu.Lock()
	src := dtcg.Sources{Files: slices.Clone(in.structFiles), TreesAt: in.treesAt, ReadFile: in.placer().ReadFile}
	in.structMu.Unlock()
	if in.cfg.File != "" && in.cfg.Tokens != nil && in.cfg.Tokens.Len() > 0 {
		src.ConfigFile = in.cfg.File
	}
	if errs := dtcg.ResolveStructure(root, src); len(errs) > 0 {
		return in.place(errs)
	}
	return nil
}

// lintSpec reports the tokens' spec violations: warnings, or the build's
// errors with log.warnings "error". A build from a resolver document
// (which declares 2025.10) fails on the structural ones, and warns about
// values in forms the Format module does not define (em and vw
// dimensions, 3-digit hex fallbacks, ...): the DTCG exports of the
// design systems in wide use write such values, style-dictionary builds
// them, and their themes must keep building.
func (in *Instance) lintSpec() error {
	// A whole-value reference's target comes from the shared reference
	// index, which the build makes anyway (the lookups are done once);
	// the few references inside composites are looked up by key.
	refs, keys := in.refIndex(), in.keyIndex()
	target := func(i int, ref string, whole bool) *tokenbuild.Token {
		if whole && i < len(refs.Scanned) && refs.Scanned[i] == ref {
			if ts := refs.Of(i); len(ts) == 1 {
				if ts[0] < 0 {
					return nil
				}
				return in.tokens[ts[0]]
			}
		}
		t, _ := keys.Get(ref)
		return t
	}
	// A permutation's token that loads as its base's, and whose references
	// reach only such tokens, checks as it did there (a check reads the
	// token and the tokens its references name): when the base's tokens
	// passed, it need not be checked again.
	var skip []bool
	if pb := in.permBase; pb != nil && pb.base.specTokensClean {
		skip = in.sameAsBase()
	}
	found, ofValue, clean := dtcg.SpecViolations(in.tokens, in.tree, in.dottedKeys, target, skip)
	in.specTokensClean = clean && skip == nil
	if len(found) == 0 {
		return nil
	}
	strict := in.log.Warnings == tokenbuild.WarningsError
	var errs, warns []*tokenbuild.Diagnostic
	for i, d := range found {
		if strict || (in.cfg.Resolver != "" && !ofValue[i]) {
			d.Severity, d.Summary = tokenbuild.SeverityError, ""
			errs = append(errs, d)
		} else {
			warns = append(warns, d)
		}
	}
	if len(errs) > 0 {
		return in.place(errs)
	}
	in.log.Notice(in.place(warns))
	return nil
}
