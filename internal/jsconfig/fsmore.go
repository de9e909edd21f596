package jsconfig

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tokengen/tokengen/internal/goja"
)

// openFlags are node's fs.open flags as os.OpenFile's, and whether the
// file is written (checked as a write is, fsconfine.go).
var openFlags = map[string]struct {
	flag   int
	writes bool
}{
	"r":   {os.O_RDONLY, false},
	"r+":  {os.O_RDWR, true},
	"w":   {os.O_WRONLY | os.O_CREATE | os.O_TRUNC, true},
	"wx":  {os.O_WRONLY | os.O_CREATE | os.O_EXCL, true},
	"w+":  {os.O_RDWR | os.O_CREATE | os.O_TRUNC, true},
	"wx+": {os.O_RDWR | os.O_CREATE | os.O_EXCL, true},
	"a":   {os.O_WRONLY | os.O_CREATE | os.O_APPEND, true},
	"ax":  {os.O_WRONLY | os.O_CREATE | os.O_APPEND | os.O_EXCL, true},
	"a+":  {os.O_RDWR | os.O_CREATE | os.O_APPEND, true},
}

// installFileDescriptors adds openSync, writeSync and closeSync (over
// which createWriteStream is written, js/node.js) and cpSync to fs. The
// files a script opens are its own numbers, kept here until it closes
// them; a path is checked as readFileSync's or writeFileSync's is.
func (n *nodeFS) installFileDescriptors(fs *goja.Object) {
	rt, conf, fail := n.rt, n.conf, n.fail
	open := map[int]*os.File{}
	next := 3 // as in a process, 0 to 2 are the standard streams
	_ = fs.Set("openSync", func(call goja.FunctionCall) goja.Value {
		name := call.Argument(0).String()
		flags := "r"
		if v := call.Argument(1); !goja.IsUndefined(v) && !goja.IsNull(v) {
			flags = v.String()
		}
		how, ok := openFlags[flags]
		if !ok {
			panic(rt.NewTypeError("The value \"%s\" is invalid for option \"flags\"", flags))
		}
		check := conf.reading
		if how.writes {
			check = conf.writing
		}
		abs, err := check(name)
		if err == nil && !how.writes {
			err = regularForReading(name, abs)
		}
		var f *os.File
		if err == nil {
			f, err = os.OpenFile(abs, how.flag, 0o644)
		}
		if err != nil {
			fail(err)
		}
		fd := next
		next++
		open[fd] = f
		return rt.ToValue(fd)
	})
	file := func(v goja.Value) (int, *os.File) {
		fd := int(v.ToInteger())
		f, ok := open[fd]
		if !ok {
			fail(&os.PathError{Op: "write", Path: fmt.Sprint(fd), Err: errBadFD})
		}
		return fd, f
	}
	_ = fs.Set("writeSync", func(call goja.FunctionCall) goja.Value {
		_, f := file(call.Argument(0))
		n, err := io.WriteString(f, call.Argument(1).String())
		if err != nil {
			fail(err)
		}
		return rt.ToValue(n)
	})
	_ = fs.Set("closeSync", func(call goja.FunctionCall) goja.Value {
		fd, f := file(call.Argument(0))
		delete(open, fd)
		if err := f.Close(); err != nil {
			fail(err)
		}
		return goja.Undefined()
	})
	_ = fs.Set("cpSync", func(call goja.FunctionCall) goja.Value {
		from, to := call.Argument(0).String(), call.Argument(1).String()
		recursive := false
		if o, ok := call.Argument(2).(*goja.Object); ok {
			if v := get(o, "recursive"); v != nil {
				recursive = v.ToBoolean()
			}
		}
		err := copyTree(conf, from, to, recursive)
		var isDir *folderWithoutRecursive
		if errors.As(err, &isDir) {
			o := rt.NewGoError(err)
			_ = o.Set("name", "SystemError")
			_ = o.Set("code", "ERR_FS_EISDIR")
			panic(o)
		}
		if err != nil {
			fail(err)
		}
		return goja.Undefined()
	})
}

// errBadFD is node's EBADF: a number no open file has.
var errBadFD = errors.New("bad file descriptor")

// copyTree is fs.cpSync: a file copied as copyFileSync does, a folder
// (with recursive) with everything in it; each path read and written is
// checked, so a link inside leading out is refused, not followed.
func copyTree(conf *confinement, from, to string, recursive bool) error {
	src, err := conf.reading(from)
	if err != nil {
		return err
	}
	st, err := os.Stat(src)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		dst, err := conf.writing(to)
		if err == nil {
			err = regularForReading(from, src)
		}
		if err != nil {
			return err
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	}
	if !recursive {
		return &folderWithoutRecursive{from}
	}
	dst, err := conf.entry(to)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, d := range ents {
		if err := copyTree(conf, filepath.Join(from, d.Name()), filepath.Join(to, d.Name()), true); err != nil {
			return err
		}
	}
	return nil
}

// folderWithoutRecursive is cpSync of a folder without recursive;
// its message is node 20's.
type folderWithoutRecursive struct{ path string }

func (f *folderWithoutRecursive) Error() string {
	return "Path is a directory: cp returned EISDIR (" + f.path + " is a directory (not copied)) " + f.path
}
