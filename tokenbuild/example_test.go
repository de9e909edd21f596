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
