package fs

// Package fs: the explorer's part of Go's io/fs, the errors a file system
// reports (the explorer has none of its own: os.Open finds no file).

import "internal/oserror"

// The generic file system errors; errors.Is tells them in an error's tree
// (a syscall.Errno's Is method names them too).
var (
	ErrInvalid    = oserror.ErrInvalid    // "invalid argument"
	ErrPermission = oserror.ErrPermission // "permission denied"
	ErrExist      = oserror.ErrExist      // "file already exists"
	ErrNotExist   = oserror.ErrNotExist   // "file does not exist"
	ErrClosed     = oserror.ErrClosed     // "file already closed"
)

// PathError records an error and the operation and file path that caused it.
type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

func (e *PathError) Unwrap() error { return e.Err }

// Timeout reports whether this error represents a timeout.
func (e *PathError) Timeout() bool {
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}
