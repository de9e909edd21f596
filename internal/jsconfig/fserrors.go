package jsconfig

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"github.com/tokengen/tokengen/internal/goja"
)

// libuvErrors are node's codes and messages (libuv's) for the errors a
// file function meets.
var libuvErrors = map[syscall.Errno][2]string{
	syscall.ENOENT:    {"ENOENT", "no such file or directory"},
	syscall.EEXIST:    {"EEXIST", "file already exists"},
	syscall.ENOTDIR:   {"ENOTDIR", "not a directory"},
	syscall.EISDIR:    {"EISDIR", "illegal operation on a directory"},
	syscall.EACCES:    {"EACCES", "permission denied"},
	syscall.EPERM:     {"EPERM", "operation not permitted"},
	syscall.ENOTEMPTY: {"ENOTEMPTY", "directory not empty"},
	syscall.ELOOP:     {"ELOOP", "too many symbolic links encountered"},
}

// nodeSyscalls are the calls node's errors name, by the fs function
// that failed, where Go's name another (os.ReadDir fails in open).
var nodeSyscalls = map[string]string{"readdir": "scandir", "readFile": "open", "open": "open", "writeFile": "open", "appendFile": "open", "copyFile": "copyfile", "rm": "rm", "unlink": "unlink", "access": "access"}

// nodeFileError gives the error a file function threw (a Go error) what
// node's has: code (ENOENT...), errno, syscall, path, and node's message
// naming the path as the script gave it; the arguments are the error,
// the path given and the name of the function. Other errors are left as they
// are.
func nodeFileError(call goja.FunctionCall) goja.Value {
	thrown := call.Argument(0)
	o, ok := thrown.(*goja.Object)
	if !ok {
		return thrown
	}
	value := o.Get("value") // a JavaScript Error has none
	if value == nil {
		return thrown
	}
	goErr, ok := value.Export().(error)
	if !ok {
		return thrown
	}
	var pe *fs.PathError
	var le *os.LinkError
	var errno syscall.Errno
	var refused *refusal
	op := ""
	if errors.As(goErr, &refused) {
		// Not an error of the system's, but one a script handles as it
		// would a file it may not touch.
		op = call.Argument(2).String()
		if n, ok := nodeSyscalls[op]; ok {
			op = n
		}
		_ = o.Set("name", "Error")
		_ = o.Set("code", "EACCES")
		_ = o.Set("errno", -int(syscall.EACCES))
		_ = o.Set("syscall", op)
		_ = o.Set("path", refused.path)
		_ = o.Set("message", "EACCES: permission denied, "+op+" '"+refused.path+"': "+refused.why)
		return o
	}
	switch {
	case errors.As(goErr, &pe):
		op = pe.Op
	case errors.As(goErr, &le):
		op = le.Op
	}
	if op == "" || !errors.As(goErr, &errno) {
		return thrown
	}
	known, ok := libuvErrors[errno]
	if !ok {
		known = [2]string{"E" + errno.Error(), errno.Error()}
	}
	if n, ok := nodeSyscalls[call.Argument(2).String()]; ok {
		op = n
	}
	given := call.Argument(1).String()
	_ = o.Set("name", "Error")
	_ = o.Set("code", known[0])
	_ = o.Set("errno", -int(errno))
	_ = o.Set("syscall", op)
	_ = o.Set("path", given)
	_ = o.Set("message", known[0]+": "+known[1]+", "+op+" '"+given+"'")
	return o
}
