package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/model"
)

// place returns copies of errs with the line and column of each token
// error filled in from its file (copies: errors may be shared by files
// formatted concurrently). Files are read again only here, when something
// is reported, so building tokens carries no positions.
func (in *Instance) place(errs []*model.Error) model.ErrorList {
	files := map[string][]byte{}
	list := make(model.ErrorList, 0, len(errs))
	for _, e := range errs {
		c := *e
		switch {
		case c.Line != 0:
		case c.Token != "":
			in.placeToken(&c, files)
		case c.Path != "" && c.File != "":
			if data := in.readForPlace(c.File, files); len(data) > 0 {
				placeAt(&c, data)
			}
		}
		list = append(list, &c)
	}
	return list
}

// placeToken points e at the token's value in its file (at the reference
// the message is about when e.Near is set), or at the nearest enclosing
// group when the token was made by expansion or a preprocessor. Tokens
// given inline in a JSON config are looked up under its "tokens" key.
func (in *Instance) placeToken(e *model.Error, files map[string][]byte) {
	file, prefix := e.File, []string(nil)
	if file == "" {
		if in.cfg.File == "" {
			return
		}
		file, prefix = in.cfg.File, []string{"tokens"}
	}
	data := in.readForPlace(file, files)
	if len(data) == 0 {
		return
	}
	path := append(prefix, strings.Split(e.Token, ".")...)
	for n := len(path); n > len(prefix); n-- {
		keys := []string{"$value", "value", ""}
		if e.Path != "" {
			keys = []string{e.Path, ""} // a property of the token
		}
		for _, valueKey := range keys {
			at := path[:n:n]
			if valueKey != "" {
				if n < len(path) {
					continue // a group has no value key
				}
				at = append(at, valueKey)
			}
			start, end, ok := json5.Locate(data, at)
			if !ok {
				continue
			}
			if e.Near != "" {
				if i := strings.Index(string(data[start:end]), e.Near); i >= 0 {
					start += i
				}
			}
			e.File = file
			e.Line, e.Col = json5.Position(data, start)
			return
		}
	}
}

// readForPlace reads a token or config file once per report.
func (in *Instance) readForPlace(file string, files map[string][]byte) []byte {
	data, ok := files[file]
	if !ok {
		full := file
		if !filepath.IsAbs(full) && file != in.cfg.File {
			full = filepath.Join(in.cfg.Dir, file)
		}
		data, _ = os.ReadFile(full) // a file that is gone just has no position
		files[file] = data
	}
	return data
}

// asWarnings prints errors as warning lines.
func asWarnings(errs model.ErrorList) string {
	lines := make([]string, len(errs))
	for i, err := range errs {
		w := *err.(*model.Error)
		w.Warning = true
		lines[i] = w.Error()
	}
	return strings.Join(lines, "\n")
}

// placeAll places the errors in err (a *model.Error or a list of them).
func (in *Instance) placeAll(err error) error {
	var errs []*model.Error
	var others model.ErrorList
	for _, e := range (model.ErrorList{err}).Flat() {
		if me, ok := e.(*model.Error); ok {
			errs = append(errs, me)
		} else {
			others = append(others, e)
		}
	}
	return append(in.place(errs), others...).Err()
}

// placeAt points e at its config key path in data.
func placeAt(e *model.Error, data []byte) {
	if start, _, ok := json5.Locate(data, splitKeyPath(e.Path)); ok {
		e.Line, e.Col = json5.Position(data, start)
	}
}

// splitKeyPath splits "platforms.web.files[0].format" into its keys.
func splitKeyPath(path string) []string {
	return strings.Split(strings.NewReplacer("[", ".", "]", "").Replace(path), ".")
}

// noteInput remembers a file tokengen reads, so no output overwrites it.
func (in *Instance) noteInput(file string) {
	if in.inputs == nil {
		in.inputs = map[string]bool{}
		if in.cfg.File != "" {
			if abs, err := filepath.Abs(in.cfg.File); err == nil {
				in.inputs[abs] = true
			}
		}
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(in.cfg.Dir, file)
	}
	in.inputs[filepath.Clean(file)] = true
}

// checkDestination refuses an output path outside the build path, one of
// the build's own inputs or a folder, naming the file's entry in the config.
func (in *Instance) checkDestination(p *model.Platform, f *model.File, target string) error {
	msg := ""
	if !insideBuildPath(in.cfg.Dir, p.BuildPath, target) {
		msg = fmt.Sprintf("is outside the platform's buildPath %q", p.BuildPath)
	} else if in.inputs[filepath.Clean(target)] {
		msg = "is a file tokengen reads (the config or a token file); writing it would destroy it"
	} else if st, err := os.Stat(target); err == nil && st.IsDir() {
		msg = "is a folder"
	}
	if msg == "" {
		return nil
	}
	at := "platforms." + p.Name + ".files"
	for i := range p.Files {
		if &p.Files[i] == f {
			at += "[" + strconv.Itoa(i) + "].destination"
		}
	}
	return in.placeAll(&model.Error{File: in.cfg.File, Path: at, Msg: fmt.Sprintf("platform %q: destination %s %s", p.Name, f.Destination, msg)})
}
