package cmdline

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/diagprint"
	"github.com/tokengen/tokengen/tokenbuild"
)

// JSONReport is what `build --json` and `clean --json` print on stdout,
// one object whatever happened: programs that run tokengen (the npm
// package's build() and clean()) read it instead of the reference's log.
type JSONReport struct {
	OK      bool   `json:"ok"`
	Command string `json:"command"` // build or clean
	// Dir is the config's folder, absolute: file paths are relative to it.
	Dir         string           `json:"dir,omitempty"`
	Files       []JSONFile       `json:"files"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
}

// JSONFile is a file a build wrote or left as it was, or one clean removed.
type JSONFile struct {
	Platform string `json:"platform,omitempty"`
	// Path is as the log prints it: the platform's buildPath joined with
	// the destination, relative to Dir.
	Path   string `json:"path"`
	Status string `json:"status"` // "written", "unchanged" (it held the build's text already) or "removed"
}

// JSONDiagnostic is an error, warning or note (what an action reported).
type JSONDiagnostic struct {
	Severity string `json:"severity"` // error, warning or info
	Kind     string `json:"kind,omitempty"`
	Platform string `json:"platform,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Token    string `json:"token,omitempty"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
	// Summary is the line the log sums the warning up under, with the
	// others of its platform and kind.
	Summary string `json:"summary,omitempty"`
	// Text is the diagnostic as the log prints it on its own line
	// ("file:line:col: warning: token a.b: message").
	Text string `json:"text"`
}

// NewJSONReport makes the report of a command: ds are its diagnostics in
// order (loading's, then the build's), err its error (nil on success);
// dir is the config's folder.
func NewJSONReport(command, dir string, ds []tokenbuild.Diagnostic, err error) JSONReport {
	r := JSONReport{OK: err == nil, Command: command, Files: []JSONFile{}, Diagnostics: []JSONDiagnostic{}}
	if dir != "" {
		r.Dir, _ = filepath.Abs(dir)
	}
	platform := "" // progress notes follow their platform's note
	for _, d := range ds {
		switch d.Kind {
		case tokenbuild.KindPlatform:
			platform = d.Platform
			if platform == "" {
				platform = d.Msg
			}
			continue
		case tokenbuild.KindFileWritten, tokenbuild.KindFileUnchanged:
			if d.Severity == tokenbuild.SeverityInfo {
				path := strings.TrimPrefix(strings.TrimPrefix(d.Msg, "✔︎ "), "⚠️ ")
				if path != "" { // a file without destination
					status := "written"
					if d.Kind == tokenbuild.KindFileUnchanged {
						status = "unchanged"
					}
					r.Files = append(r.Files, JSONFile{Platform: platform, Path: path, Status: status})
				}
				continue
			}
		case tokenbuild.KindFileRemoved:
			if path, ok := strings.CutPrefix(d.Msg, "- "); ok {
				r.Files = append(r.Files, JSONFile{Platform: platform, Path: path, Status: "removed"})
			}
			continue // "! path, does not exist" is nothing done
		}
		j := jsonDiagnostic(&d)
		if j.Platform == "" && d.Severity != tokenbuild.SeverityError {
			j.Platform = platform
		}
		r.Diagnostics = append(r.Diagnostics, j)
	}
	if err == nil {
		return r
	}
	var partial *tokenbuild.PartialBuildError
	if errors.As(err, &partial) {
		for _, f := range partial.Written {
			r.Files = append(r.Files, JSONFile{Path: f, Status: "written"})
		}
		err = partial.Err
	}
	if errors.Is(err, context.Canceled) {
		r.Diagnostics = append(r.Diagnostics, JSONDiagnostic{Severity: "error", Message: "interrupted", Text: "tokengen: interrupted"})
		return r
	}
	for _, e := range (tokenbuild.ErrorList{err}).Flat() {
		var d *tokenbuild.Diagnostic
		if errors.As(e, &d) {
			j := jsonDiagnostic(d)
			j.Severity = "error" // a warning made an error by log.warnings "error" fails the build
			if d.File == "" {
				j.Text = "error: " + j.Text
			}
			r.Diagnostics = append(r.Diagnostics, j)
			continue
		}
		msg := strings.TrimSpace(e.Error())
		r.Diagnostics = append(r.Diagnostics, JSONDiagnostic{Severity: "error", Message: msg, Text: "error: " + msg})
	}
	return r
}

func jsonDiagnostic(d *tokenbuild.Diagnostic) JSONDiagnostic {
	return JSONDiagnostic{Severity: d.Severity.String(), Kind: string(d.Kind), Platform: d.Platform, File: d.File,
		Line: d.Line, Column: d.Col, Token: d.Token, Message: d.Msg, Hint: d.Hint, Summary: d.Summary,
		Text: strings.TrimSpace(diagprint.Line(*d))}
}

// WriteJSON prints the report, indented, on one object's lines.
func WriteJSON(w io.Writer, r JSONReport) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(r) // a write error has nowhere to be reported
}
