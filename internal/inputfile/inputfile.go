// Package inputfile reads the files a user gives tokengen (configs, token
// files, resolver documents) as the reference reads them, refusing what
// is no regular file or too large, and places their parse errors.
package inputfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/tokengen/tokengen/tokenbuild"
)

// maxSize is the most bytes a token file or a JSON config may hold.
// The largest token files of real design systems hold a few megabytes and
// the benchmark's 500,000 tokens about 100 MB in all; a file is held in
// memory while it is parsed and its strings live as long as the build, so
// a limit far above any real file keeps a wrong path (a disk image, a log)
// from taking the machine's memory before anything is reported.
const maxSize = 256 << 20

// Read reads a token or config file (name as the user wrote it, for
// messages; what says which). Only regular files are read, after following
// symbolic links: a device such as /dev/zero never ends, and a named pipe
// would block the build. The mode is checked before the file is opened,
// since opening a pipe already blocks, and again on the open file.
func Read(full, name, what string) ([]byte, error) {
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
		if len(data) > maxSize {
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

// checkInput refuses what is not a regular file of at most maxSize.
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
	if st.Size() > maxSize {
		return inputTooLarge(name, what)
	}
	return nil
}

func inputTooLarge(name, what string) error {
	return &tokenbuild.Diagnostic{File: name, Msg: fmt.Sprintf("larger than %d MB, the most %s may hold", maxSize>>20, what)}
}

// ParseError puts the file name on a parse error of data. The parser counts
// positions as node's json5 does, where the newline that ends an
// unterminated string sits at column 0 of the next line; a person looks for
// it at the end of the line it ends.
func ParseError(err error, file string, data []byte) error {
	e, ok := err.(*tokenbuild.Diagnostic)
	if !ok {
		return fmt.Errorf("%s: %w", file, err)
	}
	c := *e
	if c.File == "" {
		c.File = file
	}
	if c.Col == 0 && c.Line > 1 {
		lines := bytes.SplitAfterN(data, []byte("\n"), c.Line)
		prev := bytes.TrimRight(lines[c.Line-2], "\r\n")
		c.Line, c.Col = c.Line-1, utf16Len(prev)+1
	}
	return &c
}

// utf16Len counts UTF-16 code units, the columns editors use for JSON.
func utf16Len(b []byte) int {
	n := 0
	for _, r := range string(b) {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
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
