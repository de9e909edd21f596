package pipeline

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/realpath"
	"github.com/tokengen/tokengen/internal/write"
	"github.com/tokengen/tokengen/tokenbuild"
)

// placer places the diagnostics of this instance's files: the config's
// and its token files' (internal/diag).
func (in *loaded) placer() *diag.Placer {
	return &diag.Placer{ConfigFile: in.cfg.File, Dir: in.cfg.Dir, TreesAt: in.treesAt}
}

// place returns copies of errs with their file:line:col filled in
// (diag.Placer.Place).
func (in *loaded) place(errs []*tokenbuild.Diagnostic) tokenbuild.ErrorList {
	return in.placer().Place(errs)
}

// placeAll places the errors in err (a *tokenbuild.Diagnostic or a list of
// them), leaving other errors as they are.
func (in *loaded) placeAll(err error) error { return in.placer().PlaceAll(err) }

// noteInput remembers a file tokengen reads, so no output overwrites it.
// Inputs are kept by real path (links resolved), so that a buildPath or a
// destination that is a link to a token file is seen to be one.
func (in *loaded) noteInput(file string) {
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
	file = write.AbsPath(file)
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
func (in *loaded) checkDestination(p *tokenbuild.Platform, f *tokenbuild.File, target string, st *write.Stage) error {
	msg := in.site().WriteProblem(p.BuildPath, target, st)
	if msg == "" {
		return nil
	}
	return in.placeAll(&tokenbuild.Diagnostic{File: in.cfg.File, Path: in.fileKeyPath(p, f), Msg: fmt.Sprintf("platform %q: destination %s %s", p.Name, write.Printable(f.Destination), msg)})
}

// fileKeyPath is the config key path of a file's destination: in the
// config as written, also for a resolver permutation's instance, whose
// platforms hold only some of the files (fileIndex).
func (in *loaded) fileKeyPath(p *tokenbuild.Platform, f *tokenbuild.File) string {
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

// site is what the writer's checks know of this build's project
// (internal/write).
func (in *loaded) site() *write.Site {
	return &write.Site{Dir: in.cfg.Dir, ConfigFile: in.cfg.File, Inputs: in.inputs,
		Place: func(d *tokenbuild.Diagnostic) error { return in.placeAll(d) }}
}
