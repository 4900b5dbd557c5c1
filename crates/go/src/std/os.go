package os

import (
	"io"
	"io/fs"
	"syscall"
)

func Exit(code int)

var Args []string

// The portable errors of the file system (io/fs's).
var (
	ErrInvalid    = fs.ErrInvalid
	ErrPermission = fs.ErrPermission
	ErrExist      = fs.ErrExist
	ErrNotExist   = fs.ErrNotExist
	ErrClosed     = fs.ErrClosed
)

// PathError records an error and the operation and file path that caused it.
type PathError = fs.PathError

// underlyingError is the error a PathError (or another wrapper os makes) holds.
func underlyingError(err error) error {
	if e, ok := err.(*PathError); ok {
		return e.Err
	}
	return err
}

// underlyingErrorIs reports whether err, unwrapped once from a PathError, is
// target or an Errno whose Is names it (os/error.go's IsExist family does not
// follow a longer chain).
func underlyingErrorIs(err, target error) bool {
	err = underlyingError(err)
	if err == target {
		return true
	}
	e, ok := err.(syscall.Errno)
	return ok && e.Is(target)
}

// IsNotExist reports whether err says that a file or directory does not exist.
func IsNotExist(err error) bool { return underlyingErrorIs(err, ErrNotExist) }

// IsExist reports whether err says that a file or directory already exists.
func IsExist(err error) bool { return underlyingErrorIs(err, ErrExist) }

// IsPermission reports whether err says that permission is denied.
func IsPermission(err error) bool { return underlyingErrorIs(err, ErrPermission) }

// File is an open file. The explorer has no file system of its own: the files a
// program reads come from the outside world (gmp/explorer.SlowFile), and each holds
// one byte that its first Read waits for.
type File struct {
	name   string
	delay  int64 // how long the first Read blocks in read(2) until its data arrives (ns)
	done   bool  // the byte has been read: later reads are at end of file
	closed bool
	fd     int // its descriptor: 0, 1 and 2 are the standard files, 3 a slow file
}

// Stdin, Stdout and Stderr are the standard files. A write to Stdout or Stderr is
// write(2), a system call as fmt.Println's is; the explorer's Stdin holds nothing
// (a read is at end of file at once).
var (
	Stdin  = &File{name: "/dev/stdin", done: true, fd: 0}
	Stdout = &File{name: "/dev/stdout", fd: 1}
	Stderr = &File{name: "/dev/stderr", fd: 2}
)

// Open: the explorer has no file system, so no name exists (openat(2) fails with
// ENOENT).
func Open(name string) (*File, error) {
	return nil, &PathError{Op: "open", Path: name, Err: syscall.ENOENT}
}

func (f *File) Name() string { return f.name }

// Read is read(2), a blocking system call (syscall.Read: entersyscall ...
// exitsyscall): the M blocks in the kernel with its G. While it blocks, sysmon's
// retake takes the P from a syscall older than 20 µs and hands it to another M
// (handoffp); when the read returns, exitsyscall looks for a P again. A read of a
// regular file never parks on the netpoller (epoll cannot poll regular files).
func (f *File) Read(b []byte) (n int, err error) {
	if f == nil {
		return 0, ErrInvalid
	}
	if f.closed {
		return 0, &PathError{Op: "read", Path: f.name, Err: ErrClosed}
	}
	if len(b) == 0 {
		return 0, nil
	}
	if f.done {
		read(0)
		return 0, io.EOF
	}
	read(f.delay)
	f.done = true
	b[0] = 1
	return 1, nil
}

// Write is write(2) of b (poll.FD.Write: a write even of nothing).
func (f *File) Write(b []byte) (n int, err error) {
	if f == nil {
		return 0, ErrInvalid
	}
	if f.closed {
		return 0, &PathError{Op: "write", Path: f.name, Err: ErrClosed}
	}
	if f.fd != 1 && f.fd != 2 {
		return 0, &PathError{Op: "write", Path: f.name, Err: syscall.EBADF}
	}
	write(f.fd, b)
	return len(b), nil
}

func (f *File) WriteString(s string) (n int, err error) { return f.Write([]byte(s)) }

// Fd is the file's descriptor.
func (f *File) Fd() uintptr {
	if f == nil {
		return ^uintptr(0)
	}
	return uintptr(f.fd)
}

func (f *File) Close() error {
	if f == nil {
		return ErrInvalid
	}
	if f.closed {
		return &PathError{Op: "close", Path: f.name, Err: ErrClosed}
	}
	f.closed = true
	return nil
}

// read is the read(2) system call, blocking the M for ns nanoseconds.
func read(ns int64)

// write is the write(2) system call of b to descriptor fd (1 or 2).
func write(fd int, b []byte)
