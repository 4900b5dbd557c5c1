// The errors of the file system: os.Open finds no file (a *fs.PathError holding
// syscall.ENOENT), errors.Is/As/AsType and os.IsNotExist see through it, Errno's
// texts and Is, and a closed file's PathError holding ErrClosed.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

func main() {
	_, err := os.Open("missing.txt")
	fmt.Println(err)
	fmt.Println(errors.Is(err, fs.ErrNotExist), os.IsNotExist(err), os.IsExist(err))
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, pe.Path, pe.Err)
	fmt.Printf("%T %T %v %d\n", err, pe.Err, pe.Err == syscall.ENOENT, pe.Err)
	p2, ok := errors.AsType[*os.PathError](err)
	fmt.Println(p2 == pe, ok)
	_, ok = errors.AsType[syscall.Errno](err)
	fmt.Println(ok)
	w := fmt.Errorf("wrapped: %w", err)
	fmt.Println(w, errors.Is(w, os.ErrNotExist), os.IsNotExist(w))
	fmt.Println(syscall.Errno(200), syscall.EAGAIN.Timeout(), syscall.EINTR.Temporary())
	fmt.Println(errors.Is(syscall.EPERM, fs.ErrPermission), errors.Is(syscall.ENOSYS, errors.ErrUnsupported))
	fmt.Printf("%v %q\n", fs.ErrClosed, os.ErrExist)
	fmt.Println(os.Stdin.Close())
	_, err = os.Stdin.Read(make([]byte, 1))
	fmt.Println(err, errors.Is(err, os.ErrClosed))
	fmt.Println(os.Stdin.Close(), errors.Is(os.Stdin.Close(), fs.ErrClosed))
}
