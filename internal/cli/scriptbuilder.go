package cli

import (
	"context"
	"io"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/internal/jsconfig"
	"github.com/tokengen/tokengen/tokenbuild"
)

// scriptBuilder is the driver's Builder as a StyleDictionary instance of
// a build script or a config module uses it (jsconfig.Builder): the
// JavaScript layer is given the driver here rather than linking it, and
// with it the engine.
type scriptBuilder struct{ *tokengen.Builder }

// newScriptBuilder is jsconfig.NewBuilder: the driver's Builder of cfg,
// printing its diagnostics to stdout and stderr.
func newScriptBuilder(ctx context.Context, cfg tokenbuild.Config, stdout, stderr io.Writer) (jsconfig.Builder, error) {
	b, err := tokengen.New(ctx, cfg, tokengen.WithOutput(stdout, stderr))
	if err != nil {
		return nil, err
	}
	return scriptBuilder{b}, nil
}

func (b scriptBuilder) FormatFiles(ctx context.Context, platforms ...string) (map[string][]jsconfig.FormattedFile, error) {
	files, _, err := b.Builder.FormatFiles(ctx, platforms...)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]jsconfig.FormattedFile, len(files))
	for platform, outputs := range files {
		list := make([]jsconfig.FormattedFile, len(outputs))
		for i, o := range outputs {
			list[i] = jsconfig.FormattedFile{Destination: o.Destination, Content: o.Content, Skipped: o.Skipped}
		}
		out[platform] = list
	}
	return out, nil
}

func (b scriptBuilder) BuildAllPlatforms(ctx context.Context) error {
	_, err := b.Builder.BuildAllPlatforms(ctx)
	return err
}

func (b scriptBuilder) BuildPlatform(ctx context.Context, platform string) error {
	_, err := b.Builder.BuildPlatform(ctx, platform)
	return err
}

func (b scriptBuilder) CleanAllPlatforms(ctx context.Context) error {
	_, err := b.Builder.CleanAllPlatforms(ctx)
	return err
}

func (b scriptBuilder) CleanPlatform(ctx context.Context, platform string) error {
	_, err := b.Builder.CleanPlatform(ctx, platform)
	return err
}
