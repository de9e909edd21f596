package pipeline

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tokengen/tokengen/internal/config"
	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/internal/realpath"
	"github.com/tokengen/tokengen/tokenbuild"
)

// place returns copies of errs with the line and column of each token or
// config error filled in from its file (copies: errors may be shared by
// files formatted concurrently). Files are read again only here, when
// something is reported, so building tokens carries no positions; a file
// with many errors is indexed in one scan instead of searched per error.
func (in *Instance) place(errs []*tokenbuild.Diagnostic) tokenbuild.ErrorList {
	list := make([]*tokenbuild.Diagnostic, len(errs))
	byFile := map[string][]int{}
	var order []string
	for i, e := range errs {
		c := *e
		list[i] = &c
		if c.Line != 0 || (c.Token == "" && c.Path == "") {
			continue
		}
		file := c.File
		if file == "" && c.Token != "" {
			file = in.cfg.File // inline tokens of a JSON config
		}
		if file == "" {
			continue
		}
		if _, seen := byFile[file]; !seen {
			order = append(order, file)
		}
		byFile[file] = append(byFile[file], i)
	}
	for _, file := range order {
		in.placeInFile(file, byFile[file], list)
	}
	out := make(tokenbuild.ErrorList, len(list))
	for i, e := range list {
		out[i] = e
	}
	return out
}

// manyErrors is the count above which a file is indexed once rather than
// scanned per error.
const manyErrors = 8

func (in *Instance) placeInFile(file string, which []int, list []*tokenbuild.Diagnostic) {
	data := in.readFile(file)
	if len(data) == 0 {
		return
	}
	var index map[string]int
	if len(which) > manyErrors {
		index = json5.Offsets(data)
	}
	find := func(path []string) (int, bool) {
		if index != nil {
			off, ok := index[strings.Join(path, ".")]
			return off, ok
		}
		start, _, ok := json5.Locate(data, path)
		return start, ok
	}
	var offsets, placed []int
	for _, i := range which {
		e := list[i]
		var at int
		var ok bool
		if e.Token != "" {
			prefixes := [][]string{nil}
			if file != e.File {
				prefixes = [][]string{{"tokens"}} // inline tokens of a JSON config
			} else if trees, ok := in.treesAt[file]; ok {
				prefixes = trees
			}
			at, ok = tokenOffset(e, prefixes, data, find)
		} else {
			at, ok = find(config.SplitKeyPath(e.Path))
		}
		if ok {
			offsets, placed = append(offsets, at), append(placed, i)
		}
	}
	lines, cols := json5.Positions(data, offsets)
	for k, i := range placed {
		list[i].File, list[i].Line, list[i].Col = file, lines[k], cols[k]
	}
}

// tokenOffset finds a token's value (the reference inside it that e.Near
// names, or the property e.Path names), or else the nearest enclosing group
// that is written in the file: tokens made by expansion or preprocessors
// have paths of their own. The token tree sits at one of prefixes in the
// file (inline tokens under the config's "tokens"; a resolver's sources
// where the document or a JSON Pointer puts them), the likeliest first: a
// token written under one is preferred to a group under the first.
func tokenOffset(e *tokenbuild.Diagnostic, prefixes [][]string, data []byte, find func([]string) (int, bool)) (int, bool) {
	tok := strings.Split(e.Token, ".")
	keys := []string{"$value", "value", ""}
	if e.Path != "" {
		keys = []string{e.Path, ""}
	}
	for n := len(tok); n > 0; n-- {
		for _, prefix := range prefixes {
			for _, key := range keys {
				at := append(slices.Clip(prefix), tok[:n]...)
				if key != "" {
					if n < len(tok) {
						continue // a group has no value key
					}
					at = append(at, key)
				}
				start, ok := find(at)
				if !ok {
					continue
				}
				if e.Near != "" {
					if end, ok := json5.ValueEnd(data, start); ok {
						if i := strings.Index(string(data[start:end]), e.Near); i >= 0 {
							start += i
						}
					}
				}
				return start, true
			}
		}
	}
	return 0, false
}

// readFile reads a token or the config file for placing errors; a file that
// is gone just gives no positions.
func (in *Instance) readFile(file string) []byte {
	full := file
	if !filepath.IsAbs(full) && file != in.cfg.File {
		full = filepath.Join(in.cfg.Dir, file)
	}
	data, _ := os.ReadFile(full)
	return data
}

// placeAll places the errors in err (a *tokenbuild.Diagnostic or a list of them).
func (in *Instance) placeAll(err error) error {
	if err == nil {
		return nil
	}
	var errs []*tokenbuild.Diagnostic
	var others tokenbuild.ErrorList
	for _, e := range (tokenbuild.ErrorList{err}).Flat() {
		if me, ok := e.(*tokenbuild.Diagnostic); ok {
			errs = append(errs, me)
		} else {
			others = append(others, e)
		}
	}
	return append(in.place(errs), others...).Err()
}

// noteInput remembers a file tokengen reads, so no output overwrites it.
// Inputs are kept by real path (links resolved), so that a buildPath or a
// destination that is a link to a token file is seen to be one.
func (in *Instance) noteInput(file string) {
	if in.inputs == nil {
		in.inputs = map[string]bool{}
		if in.cfg.File != "" {
			in.inputs[realpath.Of(in.cfg.File)] = true
		}
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(in.cfg.Dir, file)
	}
	// Token files share a few folders: each folder's links are resolved
	// once, and the file is looked at itself only to see if it is a link.
	file = absPath(file)
	dir, base := filepath.Split(file)
	if fi, err := os.Lstat(file); err != nil || fi.Mode()&fs.ModeSymlink != 0 {
		in.inputs[realpath.Of(file)] = true
		return
	}
	if in.inputDirs == nil {
		in.inputDirs = map[string]string{}
	}
	real, ok := in.inputDirs[dir]
	if !ok {
		real = realpath.Of(dir)
		in.inputDirs[dir] = real
	}
	in.inputs[filepath.Join(real, base)] = true
}

// checkDestination refuses an output path the build may not write
// (writeProblem), naming the file's entry in the config. st, when set, is
// the build's stage.
func (in *Instance) checkDestination(p *tokenbuild.Platform, f *tokenbuild.File, target string, st *stage) error {
	msg := in.writeProblem(p, target, st)
	if msg == "" {
		return nil
	}
	return in.placeAll(&tokenbuild.Diagnostic{File: in.cfg.File, Path: in.fileKeyPath(p, f), Msg: fmt.Sprintf("platform %q: destination %s %s", p.Name, printable(f.Destination), msg)})
}

// fileKeyPath is the config key path of a file's destination: in the
// config as written, also for a resolver permutation's instance, whose
// platforms hold only some of the files (fileIndex).
func (in *Instance) fileKeyPath(p *tokenbuild.Platform, f *tokenbuild.File) string {
	at := "platforms." + p.Name + ".files"
	for i := range p.Files {
		if &p.Files[i] == f {
			if idx := in.fileIndex[p.Name]; i < len(idx) {
				i = idx[i]
			}
			at += "[" + strconv.Itoa(i) + "].destination"
		}
	}
	return at
}

func buildDir(dir, buildPath string) string {
	if filepath.IsAbs(buildPath) {
		return buildPath
	}
	return filepath.Join(dir, buildPath)
}
