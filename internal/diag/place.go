package diag

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tokengen/tokengen/internal/json5"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Placer puts diagnostics at their file:line:col. Building tokens carries
// no positions: a problem names its token (by path) or its config key,
// and its file is read again only here, when something is reported.
type Placer struct {
	ConfigFile string // the config file ("" for a config given as values): inline tokens and config keys are placed in it
	Dir        string // the config's folder, which token file names are relative to
	// TreesAt, for a resolver's token files, holds the key paths inside
	// each file of the token trees merged from it, the last merged first.
	TreesAt map[string][][]string
}

// Place returns copies of errs with the line and column of each token or
// config error filled in from its file (copies: errors may be shared by
// files formatted concurrently). Files are read again only here, when
// something is reported, so building tokens carries no positions; a file
// with many errors is indexed in one scan instead of searched per error.
func (pl *Placer) Place(errs []*tokenbuild.Diagnostic) tokenbuild.ErrorList {
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
			file = pl.ConfigFile // inline tokens of a JSON config
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
		pl.placeInFile(file, byFile[file], list)
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

func (pl *Placer) placeInFile(file string, which []int, list []*tokenbuild.Diagnostic) {
	data := pl.ReadFile(file)
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
			} else if trees, ok := pl.TreesAt[file]; ok {
				prefixes = trees
			}
			at, ok = tokenOffset(e, prefixes, data, find)
		} else {
			at, ok = find(SplitKeyPath(e.Path))
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

// ReadFile reads a token or the config file for placing errors; a file that
// is gone just gives no positions.
func (pl *Placer) ReadFile(file string) []byte {
	full := file
	if !filepath.IsAbs(full) && file != pl.ConfigFile {
		full = filepath.Join(pl.Dir, file)
	}
	data, _ := os.ReadFile(full)
	return data
}

// PlaceAll places the errors in err (a *tokenbuild.Diagnostic or a list of them).
func (pl *Placer) PlaceAll(err error) error {
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
	return append(pl.Place(errs), others...).Err()
}

// PlaceAt points e at its config key path in data.
func PlaceAt(e *tokenbuild.Diagnostic, data []byte) {
	if start, _, ok := json5.Locate(data, SplitKeyPath(e.Path)); ok {
		e.Line, e.Col = json5.Position(data, start)
	}
}

// SplitKeyPath splits "platforms.web.files[0].format" into its keys.
func SplitKeyPath(path string) []string {
	return strings.Split(strings.NewReplacer("[", ".", "]", "").Replace(path), ".")
}
