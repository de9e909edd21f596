package cli

import (
	"go/format"
	"strings"
	"testing"
)

// The Go starter is kept as text (the module does not compile it): it
// must stay gofmt'd, and hold the package clause init renames.
func TestGoStarterIsFormatted(t *testing.T) {
	files, err := starterFiles("go")
	if err != nil {
		t.Fatal(err)
	}
	src, ok := files["config.go"]
	if !ok {
		t.Fatalf("no config.go among %v", sortedKeys(files))
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	if string(formatted) != string(src) {
		t.Error("examples/go/config.go.txt is not gofmt'd")
	}
	if !strings.Contains(string(src), "\npackage design\n") {
		t.Error("examples/go/config.go.txt has no line package design, which init renames")
	}
}

func TestPackageName(t *testing.T) {
	for folder, want := range map[string]string{"design": "design", "my-tokens": "mytokens", "Tokens2": "tokens2",
		"2fa": "fa", "type": "design", "main": "design", "---": "design"} {
		if got := packageName(folder); got != want {
			t.Errorf("packageName(%q) = %q, want %q", folder, got, want)
		}
	}
}
