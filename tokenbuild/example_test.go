package tokenbuild_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen"
	"github.com/tokengen/tokengen/tokenbuild"
)

// A config with a custom name transform and a custom format, built in
// memory. The transform declares itself pure, so platforms could share
// its result; the format streams its text when the file is written.
func Example() {
	shout := tokenbuild.Transform{
		Name: "name/shout",
		Type: tokenbuild.NameTransform,
		Pure: true,
		TransformName: func(t *tokenbuild.Token, _ *tokenbuild.TransformArgs) (string, error) {
			return strings.ToUpper(strings.Join(t.Path, "_")), nil
		},
	}
	list := tokenbuild.Format{
		Name:      "text/list",
		LazyTrees: true, // reads AllTokens only
		Write: func(_ context.Context, args *tokenbuild.FormatArgs, w io.Writer) error {
			for _, t := range args.Dictionary.AllTokens {
				if _, err := fmt.Fprintf(w, "%s = %v\n", t.Name, t.Value); err != nil {
					return err
				}
			}
			return nil
		},
	}
	dir, err := os.MkdirTemp("", "tokengen-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	cfg := tokenbuild.Config{
		Dir: dir,
		Tokens: tokenbuild.ObjectOf("color", tokenbuild.ObjectOf(
			"brand", tokenbuild.ObjectOf("value", "#ff0000", "type", "color"),
			"link", tokenbuild.ObjectOf("value", "{color.brand}", "type", "color"))),
		Hooks: tokenbuild.Hooks{Transforms: []tokenbuild.Transform{shout}, Formats: []tokenbuild.Format{list}},
		Platforms: []tokenbuild.Platform{{
			Name:       "text",
			Transforms: []string{"name/shout", "color/hex"}, // a built-in beside the custom one
			BuildPath:  "build/",
			Files:      []tokenbuild.File{{Destination: "tokens.txt", Format: "text/list"}},
		}},
	}
	ctx := context.Background()
	b, err := tokengen.New(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := b.BuildAllPlatforms(ctx); err != nil {
		log.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(dir, "build", "tokens.txt"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(text))
	// Output:
	// COLOR_BRAND = #ff0000
	// COLOR_LINK = #ff0000
}

// A format that declares what its files are made of: a head naming the
// file, one line per token, nothing between the lines. In a build of
// several themes (a resolver document's permutations), the engine makes
// the first theme's file from this shape and every other theme's from
// it, asking only for the lines of the tokens that theme changes; Write
// makes the file in any other build, with the same text.
func ExampleFileShape() {
	line := func(t *tokenbuild.Token) string { return fmt.Sprintf("%s = %v\n", t.Name, t.Value) }
	list := tokenbuild.Format{
		Name:      "text/list",
		LazyTrees: true,
		Write: func(_ context.Context, args *tokenbuild.FormatArgs, w io.Writer) error {
			if _, err := io.WriteString(w, "# "+args.File.Destination+"\n"); err != nil {
				return err
			}
			for _, t := range args.Dictionary.AllTokens {
				if _, err := io.WriteString(w, line(t)); err != nil {
					return err
				}
			}
			return nil
		},
		Shape: func(_ context.Context, args *tokenbuild.FormatArgs) (*tokenbuild.FileShape, error) {
			tokens := args.Dictionary.AllTokens
			return &tokenbuild.FileShape{
				Head: "# " + args.File.Destination + "\n", // made for each file
				Text: func(t *tokenbuild.Token) (string, error) { return line(t), nil },
				Frame: func() (tokenbuild.Frame, error) {
					// every token, in the dictionary's order, nothing around the lines
					return tokenbuild.Frame{Tokens: tokens, Gaps: make([]string, len(tokens)+1)}, nil
				},
				// the frame reads nothing of the tokens: a theme's changes
				// always leave it as it was
				SameFrame: func(was, now *tokenbuild.Token) bool { return true },
			}, nil
		},
	}
	dir, err := os.MkdirTemp("", "tokengen-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	const resolver = `{"version": "2025.10",
  "sets": {"base": {"sources": [{"color": {
    "brand": {"$type": "color", "$value": "#ff0000"},
    "link": {"$type": "color", "$value": "{color.brand}"},
    "ink": {"$type": "color", "$value": "#000000"}}}]}},
  "modifiers": {"theme": {"default": "light", "contexts": {
    "light": [],
    "dark": [{"color": {"brand": {"$type": "color", "$value": "#222222"}}}]}}},
  "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}`
	if err := os.WriteFile(filepath.Join(dir, "themes.resolver.json"), []byte(resolver), 0o644); err != nil {
		log.Fatal(err)
	}
	cfg := tokenbuild.Config{
		Dir:      dir,
		Resolver: "themes.resolver.json",
		Hooks:    tokenbuild.Hooks{Formats: []tokenbuild.Format{list}},
		Platforms: []tokenbuild.Platform{{
			Name:       "text",
			Transforms: []string{"name/kebab"},
			BuildPath:  "build/",
			Files:      []tokenbuild.File{{Destination: "{theme}.txt", Format: "text/list"}},
		}},
	}
	ctx := context.Background()
	b, err := tokengen.New(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := b.BuildAllPlatforms(ctx); err != nil {
		log.Fatal(err)
	}
	for _, theme := range []string{"light", "dark"} {
		text, err := os.ReadFile(filepath.Join(dir, "build", theme+".txt"))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Print(string(text))
	}
	// Output:
	// # light.txt
	// color-brand = #ff0000
	// color-link = #ff0000
	// color-ink = #000000
	// # dark.txt
	// color-brand = #222222
	// color-link = #222222
	// color-ink = #000000
}
