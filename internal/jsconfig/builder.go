package jsconfig

import (
	"context"
	"io"

	"github.com/tokengen/tokengen/tokenbuild"
)

// Builder is what a StyleDictionary instance of a build script or a
// config module loads and builds with: the driver's tokengen.Builder,
// which the caller of Run or LoadModule makes (NewBuilder), so that the
// JavaScript layer links no engine of its own and goes through the
// driver as a Go program does.
type Builder interface {
	Tokens() *tokenbuild.Object
	AllTokens() []*tokenbuild.Token
	UsesDtcg() bool
	Register(tokenbuild.Hooks) error
	GetPlatformTokens(ctx context.Context, platform string) (*tokenbuild.Dictionary, error)
	// FormatFiles is the files of the platforms named (all of them when
	// none is) by platform, as a build would write them, without writing.
	FormatFiles(ctx context.Context, platforms ...string) (map[string][]FormattedFile, error)
	BuildAllPlatforms(ctx context.Context) error
	BuildPlatform(ctx context.Context, platform string) error
	CleanAllPlatforms(ctx context.Context) error
	CleanPlatform(ctx context.Context, platform string) error
}

// FormattedFile is one file FormatFiles made.
type FormattedFile struct {
	Destination string // buildPath joined with the destination ("" when none)
	Content     string
	// Skipped says a build would not write the file: a filter left it no
	// tokens, or its format returned nothing.
	Skipped bool
}

// NewBuilder makes the Builder of a config, printing the diagnostics of
// its loads and builds to stdout and stderr.
type NewBuilder func(ctx context.Context, cfg tokenbuild.Config, stdout, stderr io.Writer) (Builder, error)
