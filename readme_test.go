package tokengen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestReadmeQuickStarts runs the README's quick starts as a newcomer
// would: each section's shell blocks, in order, with bash in an empty
// folder and a tokengen built from this checkout on PATH, and the library
// quick start's Go program in a module that points at this checkout. A
// quick start that stops working fails here, not in a newcomer's hands.
func TestReadmeQuickStarts(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the quick starts are POSIX shell")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not on PATH")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Dir(buildCommand(t, t.TempDir()))
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GOFLAGS=-mod=mod")

	run := func(t *testing.T, section, script string, want ...string) string {
		t.Helper()
		dir := t.TempDir()
		cmd := exec.Command(bash, "-euo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the %q quick start failed: %v\n--- script\n%s\n--- output\n%s", section, err, script, out)
		}
		for _, f := range want {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("the %q quick start did not write %s:\n%s", section, f, out)
			}
		}
		return dir
	}

	t.Run("json", func(t *testing.T) {
		script := shellBlocks(t, readme, "### A JSON config")
		dir := run(t, "A JSON config", script, "config.json", "build/css/variables.css")
		css, _ := os.ReadFile(filepath.Join(dir, "build/css/variables.css"))
		if !strings.Contains(string(css), ":root {") {
			t.Errorf("build/css/variables.css holds no :root block:\n%s", css)
		}
	})
	t.Run("javascript", func(t *testing.T) {
		script := shellBlocks(t, readme, "### A JavaScript config or build script")
		dir := run(t, "A JavaScript config or build script", script,
			"build/variables.css", "build/list.txt", "build/light/variables.css", "build/dark/variables.css")
		list, _ := os.ReadFile(filepath.Join(dir, "build/list.txt"))
		if string(list) != "color-brand = #0969da\ncolor-text = #0969da\n" {
			t.Errorf("build/list.txt:\n%s", list)
		}
	})
	t.Run("themes", func(t *testing.T) {
		script := shellBlocks(t, readme, "### Themes with a resolver document")
		dir := run(t, "Themes with a resolver document", script, "build/colors-light.css", "build/colors-dark.css")
		dark, _ := os.ReadFile(filepath.Join(dir, "build/colors-dark.css"))
		if !strings.Contains(string(dark), "--surface: #1f2328;") {
			t.Errorf("build/colors-dark.css does not hold the dark surface:\n%s", dark)
		}
	})
	t.Run("go-config", func(t *testing.T) {
		if testing.Short() {
			t.Skip("compiles a Go config (-short)")
		}
		if _, err := exec.LookPath("go"); err != nil {
			t.Skip("go is not on PATH")
		}
		// The checkout's variant: the published one needs a released
		// version. Its TOKENGEN line names this checkout, and `go tool`
		// and `go generate` find the tool through the replace.
		blocks := shellBlockList(t, readme, "### A Go config under `go generate`")
		if len(blocks) != 2 {
			t.Fatalf("want the published and the checkout blocks, found %d", len(blocks))
		}
		published, checkout := blocks[0], blocks[1]
		var script []string
		for _, line := range strings.Split(published, "\n") {
			if strings.HasPrefix(line, "go get -tool ") {
				script = append(script, regexp.MustCompile(`(?m)^TOKENGEN=\S+`).ReplaceAllString(checkout, "TOKENGEN="+shellQuote(root)))
				continue
			}
			script = append(script, line)
		}
		dir := run(t, "A Go config under go generate", strings.Join(script, "\n"), "design/config.go", "design/build/variables.css")
		if err := os.Remove(filepath.Join(dir, "design/build/variables.css")); err != nil {
			t.Fatal(err)
		}
		run2 := exec.Command("go", "generate", "./...")
		run2.Dir = dir
		run2.Env = env
		if out, err := run2.CombinedOutput(); err != nil {
			t.Fatalf("go generate: %v\n%s", err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "design/build/variables.css")); err != nil {
			t.Errorf("go generate did not build design/build/variables.css again")
		}
	})
	t.Run("library", func(t *testing.T) {
		if testing.Short() {
			t.Skip("compiles a Go program (-short)")
		}
		if _, err := exec.LookPath("go"); err != nil {
			t.Skip("go is not on PATH")
		}
		program := codeBlocks(t, readme, "### The Go library", "go")
		if len(program) != 1 {
			t.Fatalf("want one Go block, found %d", len(program))
		}
		tokens := shellBlocks(t, readme, "### A JavaScript config or build script")
		tokens = tokens[:strings.Index(tokens, "cat > config.mjs")] // the token file only
		script := tokens + "\ngo mod init example.com/app\n" +
			"go mod edit -require=github.com/tokengen/tokengen@v0.0.0 -replace=github.com/tokengen/tokengen=" + shellQuote(root) + "\n" +
			"cat > main.go <<'EOF'\n" + program[0] + "EOF\ngo mod tidy\ngo run . > out.txt\n"
		dir := run(t, "The Go library", script, "out.txt")
		out, _ := os.ReadFile(filepath.Join(dir, "out.txt"))
		if !strings.HasPrefix(string(out), "build/variables.css:\n") || !strings.Contains(string(out), "--color-text: #0969da;") {
			t.Errorf("the library quick start printed:\n%s", out)
		}
	})
}

// shellBlocks is the section's sh blocks joined, in order.
func shellBlocks(t *testing.T, readme []byte, heading string) string {
	return strings.Join(shellBlockList(t, readme, heading), "\n")
}

func shellBlockList(t *testing.T, readme []byte, heading string) []string {
	return codeBlocks(t, readme, heading, "sh")
}

// codeBlocks are the fenced blocks of the given language in the README
// section under heading (up to the next heading of any level).
func codeBlocks(t *testing.T, readme []byte, heading, lang string) []string {
	t.Helper()
	text := string(readme)
	start := strings.Index(text, "\n"+heading+"\n")
	if start < 0 {
		t.Fatalf("README.md has no section %q", heading)
	}
	section := text[start+len(heading)+2:]
	if end := regexp.MustCompile(`(?m)^#{1,6} `).FindStringIndex(section); end != nil {
		section = section[:end[0]]
	}
	var blocks []string
	fence := "```" + lang + "\n"
	for {
		i := strings.Index(section, fence)
		if i < 0 {
			break
		}
		section = section[i+len(fence):]
		j := strings.Index(section, "```\n")
		if j < 0 {
			t.Fatalf("section %q: unterminated code block", heading)
		}
		blocks = append(blocks, section[:j])
		section = section[j+4:]
	}
	if len(blocks) == 0 {
		t.Fatalf("section %q has no %s block", heading, lang)
	}
	return blocks
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
