package config

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Prepare is cfg as a build takes it, the config's own step before any
// token file is read: a config without a folder is the working
// directory's, the config it extends is read and merged under it, option
// values a Go config gave as Go values are made JSON-like, and a config
// that names its tokens both with a resolver document and otherwise is
// refused. cfg is not changed.
func Prepare(cfg *tokenbuild.Config) (*tokenbuild.Config, error) {
	if cfg.Dir == "" {
		c := *cfg
		c.Dir, _ = os.Getwd()
		cfg = &c
	}
	if cfg.Extends != "" {
		path := cfg.Extends
		if !filepath.IsAbs(path) {
			path = filepath.Join(cfg.Dir, path)
		}
		base, err := LoadConfigFile(path)
		if err != nil {
			return nil, err
		}
		over := *cfg
		over.Extends, over.Dir = "", base.Dir
		merged := MergeConfig(*base, over)
		cfg = &merged
	}
	cfg = withJSONLikeOptions(cfg) // options from a Go config may be Go values
	if err := resolverWithOthers(cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}

// resolverWithOthers refuses a config that names a resolver document and
// also source, include or inline tokens: which would win is not obvious,
// as the resolver's merge order is the whole story of the tokens, or none
// of it.
func resolverWithOthers(cfg *tokenbuild.Config) error {
	if cfg.Resolver == "" {
		return nil
	}
	var others []string
	if len(cfg.Source) > 0 {
		others = append(others, "source")
	}
	if len(cfg.Include) > 0 {
		others = append(others, "include")
	}
	if cfg.Tokens != nil && cfg.Tokens.Len() > 0 {
		others = append(others, "tokens")
	}
	if len(others) == 0 {
		return nil
	}
	d := &tokenbuild.Diagnostic{File: cfg.File, Path: "resolver", Kind: tokenbuild.KindConfig,
		Msg: fmt.Sprintf("resolver: a config names its tokens with a resolver document or with %s, not both", diag.ListOr(others))}
	if cfg.File != "" {
		if data, err := os.ReadFile(cfg.File); err == nil {
			diag.PlaceAt(d, data)
		}
	}
	return tokenbuild.ErrorList{d}.Err()
}
