package oserror

// Package oserror holds the errors of the file system that package syscall's
// Errno.Is and package io/fs both name (as Go's internal/oserror does, so
// neither imports the other). A program cannot import it.

import "errors"

var (
	ErrInvalid    = errors.New("invalid argument")
	ErrPermission = errors.New("permission denied")
	ErrExist      = errors.New("file already exists")
	ErrNotExist   = errors.New("file does not exist")
	ErrClosed     = errors.New("file already closed")
)
