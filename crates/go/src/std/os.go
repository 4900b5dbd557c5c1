package os

import (
	"errors"
	"io"
)

func Exit(code int)

var Args []string

var (
	ErrInvalid = errors.New("invalid argument")
	ErrClosed  = errors.New("file already closed")
)

// File is an open file. The explorer has no file system of its own: the files a
// program reads come from the outside world (gmp/explorer.SlowFile), and each holds
// one byte that its first Read waits for.
type File struct {
	name   string
	delay  int64 // how long the first Read blocks in read(2) until its data arrives (ns)
	done   bool  // the byte has been read: later reads are at end of file
	closed bool
}

// Open: the explorer has no file system, so no name exists (openat(2) fails with
// ENOENT).
func Open(name string) (*File, error) {
	return nil, errors.New("open " + name + ": no such file or directory")
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
		return 0, errors.New("read " + f.name + ": file already closed")
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

func (f *File) Close() error {
	if f == nil {
		return ErrInvalid
	}
	if f.closed {
		return errors.New("close " + f.name + ": file already closed")
	}
	f.closed = true
	return nil
}

// read is the read(2) system call, blocking the M for ns nanoseconds.
func read(ns int64)
