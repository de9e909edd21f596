package pipeline

import (
	"context"
	"slices"
	"testing"

	"github.com/tokengen/tokengen/builtin"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Platforms start heaviest first (transforms plus two a file), the ones
// repeating an earlier platform's transforms last, ties in config order.
func TestLaunchOrder(t *testing.T) {
	file := tokenbuild.File{Destination: "x", Format: "css/variables"}
	cfg := &tokenbuild.Config{Dir: t.TempDir(), Log: &tokenbuild.LogConfig{Verbosity: "silent"}, Platforms: []tokenbuild.Platform{
		{Name: "js", TransformGroup: "js", Files: []tokenbuild.File{file}},                      // 4 + 2
		{Name: "scss", TransformGroup: "css", Files: []tokenbuild.File{file}},                   // the first with the css transforms: 14 + 2
		{Name: "css", TransformGroup: "css", Files: []tokenbuild.File{file, file}},              // repeats scss's transforms: 4
		{Name: "swift", TransformGroup: "ios-swift", Files: []tokenbuild.File{file}},            // 7 + 2
		{Name: "android", TransformGroup: "android", Files: []tokenbuild.File{file}},            // 5 + 2
		{Name: "less", TransformGroup: "js", Files: []tokenbuild.File{file, file, file, file}},  // repeats js: 8
		{Name: "web", Transforms: []string{"name/kebab"}, Files: []tokenbuild.File{file, file}}, // 1 + 4
	}}
	in, err := New(context.Background(), cfg, Settings{Hooks: builtin.Hooks()})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, i := range launchOrder(in, in.PlatformNames()) {
		got = append(got, cfg.Platforms[i].Name)
	}
	want := []string{"scss", "swift", "android", "js", "web", "less", "css"}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}
