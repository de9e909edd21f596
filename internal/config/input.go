package config

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/tokengen/tokengen/tokenbuild"
)

// maxInputFile is the most bytes a token file or a JSON config may hold.
// The largest token files of real design systems hold a few megabytes and
// the benchmark's 500,000 tokens about 100 MB in all; a file is held in
// memory while it is parsed and its strings live as long as the build, so
// a limit far above any real file keeps a wrong path (a disk image, a log)
// from taking the machine's memory before anything is reported.
const maxInputFile = 256 << 20

// ReadInput reads a token or config file (name as the user wrote it, for
// messages; what says which). Only regular files are read, after following
// symbolic links: a device such as /dev/zero never ends, and a named pipe
// would block the build. The mode is checked before the file is opened,
// since opening a pipe already blocks, and again on the open file.
func ReadInput(full, name, what string) ([]byte, error) {
	st, err := os.Stat(full)
	if err != nil {
		return nil, err
	}
	if err := checkInput(st, full, name, what); err != nil {
		return nil, err
	}
	f, err := os.Open(full)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkInput(st, full, name, what); err != nil {
		return nil, err
	}
	// one read into a buffer of the file's size; one byte more shows a
	// file that grew past the limit while being read
	data := make([]byte, 0, st.Size()+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if len(data) > maxInputFile {
			return nil, inputTooLarge(name, what)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = slices.Grow(data, 64<<10)
		}
	}
}

// checkInput refuses what is not a regular file of at most maxInputFile.
func checkInput(st os.FileInfo, full, name, what string) error {
	if !st.Mode().IsRegular() {
		kind := "a special file"
		switch m := st.Mode(); {
		case m.IsDir():
			kind = "a folder"
		case m&os.ModeDevice != 0:
			kind = "a device"
		case m&os.ModeNamedPipe != 0:
			kind = "a named pipe"
		case m&os.ModeSocket != 0:
			kind = "a socket"
		}
		if target, err := filepath.EvalSymlinks(full); err == nil && target != full {
			kind = fmt.Sprintf("a symbolic link to %s, %s", target, kind)
		}
		return &tokenbuild.Diagnostic{File: name, Msg: fmt.Sprintf("not a regular file (%s); %s must be regular files", kind, what)}
	}
	if st.Size() > maxInputFile {
		return inputTooLarge(name, what)
	}
	return nil
}

func inputTooLarge(name, what string) error {
	return &tokenbuild.Diagnostic{File: name, Msg: fmt.Sprintf("larger than %d MB, the most %s may hold", maxInputFile>>20, what)}
}

// ArrayAsGroup is an array as the reference merges one that a token file
// (or a parser) gives at its top level: an object whose keys are the
// indexes "0", "1", ..., as JavaScript's for...in walks an array.
func ArrayAsGroup(list []any) *tokenbuild.Object {
	obj := tokenbuild.NewObjectCap(len(list))
	for i, v := range list {
		obj.Set(strconv.Itoa(i), v)
	}
	return obj
}
