package jsconfig

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/projectfolder"
)

// confinement keeps node:fs in a build script or config module to the
// project folder (root) and below. tokengen runs scripts people share,
// and a build has no business elsewhere. A path is checked where the
// operating system would take it: through the symbolic links that exist
// on the way. What a script writes never goes through a symbolic link,
// whatever it points at: a link whose target does not exist yet would
// otherwise create a file wherever it leads.
//
// Imports are not confined: esbuild resolves them as node does (a
// config may import a shared module from a parent folder or a package).
type confinement struct {
	root     string // as given, for messages
	realRoot string // root with its symbolic links resolved
}

// newConfinement confines to the project folder of a script or config
// module in dir run from the working folder wd (projectfolder.Higher).
func newConfinement(dir, wd string) *confinement {
	root := projectfolder.Higher(dir, wd)
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = root
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		real = abs
	}
	return &confinement{root: root, realRoot: real}
}

// errOutside is the refusal of a path outside the project folder.
func (c *confinement) errOutside(name string) error {
	return &refusal{path: name, why: fmt.Sprintf("a build script may only use files in its project folder (%s)", c.root)}
}

// refusal is an operation the confinement refuses. A script sees it as
// node's error for a file it may not use: code EACCES (permission
// denied), with the path as given and why (fserrors.go).
type refusal struct {
	path, why string
}

func (r *refusal) Error() string { return r.path + ": " + r.why }

// absolute is name (a path or a file: URL) made absolute, lexically.
func absolute(name string) (string, error) {
	if u, ok := fileURLPath(name); ok { // fs takes file: URLs too
		name = u
	}
	if strings.ContainsRune(name, 0) {
		return "", fmt.Errorf("%q: a path may not contain a NUL character", name)
	}
	return filepath.Abs(name)
}

// reading checks a path the operation follows to its end (reading,
// stat, listing a folder, the source of a copy): where it really leads
// must be in the project folder.
func (c *confinement) reading(name string) (string, error) {
	abs, err := absolute(name)
	if err != nil {
		return "", err
	}
	real, err := c.realPlace(abs)
	if err != nil {
		// A link to nothing leads nowhere to read.
		return "", fmt.Errorf("ENOENT: no such file or directory, '%s': %w", name, fs.ErrNotExist)
	}
	if !c.inside(real) {
		return "", c.errOutside(name)
	}
	return abs, nil
}

// entry checks a path whose last part the operation acts on itself,
// link or not (removing, renaming, lstat, making a folder): the folder
// it is in must really be in the project folder.
func (c *confinement) entry(name string) (string, error) {
	abs, err := absolute(name)
	if err != nil {
		return "", err
	}
	parent, err := c.realPlace(filepath.Dir(abs))
	if err != nil || !c.inside(filepath.Join(parent, filepath.Base(abs))) {
		return "", c.errOutside(name)
	}
	return abs, nil
}

// writing checks a path written to (written, appended to, the
// destination of a copy, a stream's file): as entry, and it may not be a
// symbolic link, a folder or a special file (a FIFO would block the
// build for ever).
func (c *confinement) writing(name string) (string, error) {
	abs, err := c.entry(name)
	if err != nil {
		return "", err
	}
	st, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return abs, nil
	case err != nil:
		return "", err
	case st.Mode()&fs.ModeSymlink != 0:
		return "", &refusal{path: name, why: "a build script may not write through a symbolic link"}
	case !st.Mode().IsRegular():
		return "", fmt.Errorf("%s: not a regular file", name)
	}
	return abs, nil
}

// inside reports whether the real path p is the project folder or below.
func (c *confinement) inside(p string) bool {
	rel, err := filepath.Rel(c.realRoot, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// realPlace is where abs really is: its deepest part that exists with
// its symbolic links resolved, and the rest (which does not exist, so
// holds no link) after it. A link on the way whose target does not
// exist has no real place: it is an error.
func (c *confinement) realPlace(abs string) (string, error) {
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil {
			real, err := filepath.EvalSymlinks(p)
			if err != nil {
				return "", err // a dangling link (or one in a loop)
			}
			rest, _ := filepath.Rel(p, abs)
			return filepath.Join(real, rest), nil
		}
		if filepath.Dir(p) == p {
			return abs, nil
		}
	}
}

// regularForReading refuses to read what is not a regular file: a FIFO
// or a device in the project folder would block or never end.
func regularForReading(name, abs string) error {
	st, err := os.Stat(abs)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		if st.IsDir() {
			return fmt.Errorf("EISDIR: illegal operation on a directory, read '%s'", name)
		}
		return fmt.Errorf("%s: not a regular file", name)
	}
	return nil
}
