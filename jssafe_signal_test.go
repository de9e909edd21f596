//go:build unix

package tokengen_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileConfig is a config module whose JavaScript never ends where
// HOSTILE says: its top level, a timer, a promise chain, a transform, a
// format, a parser. It prints "ready" just before, so that the test
// signals the command while it spins.
const hostileConfig = `const mode = process.env.HOSTILE;
const ready = () => console.log('ready');
function spin() { ready(); for (;;) {} }
if (mode === 'toplevel') spin();
const chain = () => Promise.resolve().then(chain);
export default mode === 'timer'
  ? new Promise(() => setTimeout(spin, 10))
  : mode === 'promise'
  ? (ready(), chain().then(() => ({})))
  : {
      source: ['tokens/*'],
      hooks: {
        transforms: { spin: { type: 'value', transform: (t) => (mode === 'transform' ? spin() : t.value) } },
        formats: { spin: () => (mode === 'format' ? spin() : 'ok\n') },
        parsers: { spin: { pattern: /\.tok$/, parser: () => (mode === 'parser' ? spin() : {}) } },
      },
      parsers: ['spin'],
      platforms: { css: { transforms: ['spin'], buildPath: 'build/', files: [{ destination: 'x.css', format: 'spin' }] } },
    };
`

// hostileScript is a build script spinning where HOSTILE says: its top
// level, an interval it waits on, a promise chain it awaits, a built-in
// function.
const hostileScript = `const mode = process.env.HOSTILE;
const ready = () => console.log('ready');
if (mode === 'script') { ready(); for (;;) {} }
if (mode === 'interval') { let n = 0; await new Promise(() => setInterval(() => { if (n++ === 0) ready(); }, 1)); }
if (mode === 'script-promise') { const chain = () => Promise.resolve().then(chain); ready(); await chain(); }
if (mode === 'stuck') { let deep = {}; for (let i = 0; i < 1e5; i++) deep = { deep }; ready(); JSON.stringify(deep); }
`

// TestSignalStopsJavaScript runs the command on JavaScript that never
// ends and sends it SIGINT or SIGTERM once the JavaScript says it is
// running: the command ends with an error that says it was interrupted,
// and writes nothing.
func TestSignalStopsJavaScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	tmp := t.TempDir()
	bin := buildCommand(t, tmp)
	project := filepath.Join(tmp, "project")
	for name, body := range map[string]string{
		"config.mjs":    hostileConfig,
		"build.mjs":     hostileScript,
		"tokens/a.json": `{"color": {"a": {"value": "#fff", "type": "color"}}}`,
		"tokens/b.tok":  "",
	} {
		p := filepath.Join(project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		mode  string
		args  []string
		sig   syscall.Signal
		where string // what the message names
	}{
		{"toplevel", []string{"build"}, syscall.SIGINT, "the config module failed"},
		{"timer", []string{"build"}, syscall.SIGTERM, "the config promise was rejected"},
		{"promise", []string{"build"}, syscall.SIGINT, "config.mjs"},
		{"parser", []string{"build"}, syscall.SIGINT, `parser "spin"`},
		{"transform", []string{"build"}, syscall.SIGTERM, `transform "spin"`},
		{"format", []string{"build"}, syscall.SIGINT, `format "spin"`},
		{"script", []string{"run", "build.mjs"}, syscall.SIGINT, "build.mjs:"},
		{"interval", []string{"run", "build.mjs"}, syscall.SIGTERM, "build.mjs"},
		{"script-promise", []string{"run", "build.mjs"}, syscall.SIGINT, "build.mjs"},
		// goja's JSON.stringify checks for cycles at every level: 100,000
		// levels take minutes in a loop no interrupt stops (unless the
		// signal comes before the call: then the call is interrupted).
		{"stuck", []string{"run", "build.mjs"}, syscall.SIGINT, "interrupted"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			if err := os.RemoveAll(filepath.Join(project, "build")); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, c.args...)
			cmd.Dir = project
			cmd.Env = append(os.Environ(), "HOSTILE="+c.mode)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() {
				// Read up to "ready": the JavaScript is spinning then.
				sc := bufio.NewScanner(stdout)
				for sc.Scan() && sc.Text() != "ready" {
				}
				if err := cmd.Process.Signal(c.sig); err != nil {
					t.Errorf("signal: %v", err)
				}
				for sc.Scan() {
				}
				exited <- cmd.Wait()
			}()
			// A guard against a test that would hang: the command ends
			// far sooner (see the report's timings).
			select {
			case err = <-exited:
			case <-time.After(30 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("the command did not end after %v; stderr:\n%s", c.sig, stderr.String())
			}
			if err == nil {
				t.Fatalf("the command succeeded after %v; stderr:\n%s", c.sig, stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, "interrupted") || !strings.Contains(msg, c.where) {
				t.Errorf("stderr does not say it was interrupted at %s:\n%s", c.where, msg)
			}
			if _, err := os.Stat(filepath.Join(project, "build")); err == nil {
				t.Errorf("an interrupted build wrote build/")
			}
		})
	}
}
