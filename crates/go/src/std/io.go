package io

import "errors"

// EOF is the error Read returns when no more input is available.
var EOF = errors.New("EOF")

type Reader interface {
	Read(p []byte) (n int, err error)
}

type Writer interface {
	Write(p []byte) (n int, err error)
}

type Closer interface {
	Close() error
}

type ReadCloser interface {
	Reader
	Closer
}

type ReadWriter interface {
	Reader
	Writer
}

type ReadWriteCloser interface {
	Reader
	Writer
	Closer
}

var (
	// ErrUnexpectedEOF: EOF in the middle of what was to be read.
	ErrUnexpectedEOF = errors.New("unexpected EOF")
	ErrShortWrite    = errors.New("short write")
	ErrShortBuffer   = errors.New("short buffer")
	ErrNoProgress    = errors.New("multiple Read calls return no data or error")
	ErrClosedPipe    = errors.New("io: read/write on closed pipe")
)

// Seek whence values.
const (
	SeekStart   = 0 // relative to the origin of the file
	SeekCurrent = 1 // relative to the current offset
	SeekEnd     = 2 // relative to the end
)

type Seeker interface {
	Seek(offset int64, whence int) (int64, error)
}

type ReadSeeker interface {
	Reader
	Seeker
}

type WriteCloser interface {
	Writer
	Closer
}

type StringWriter interface {
	WriteString(s string) (n int, err error)
}

type ByteReader interface {
	ReadByte() (byte, error)
}

type ByteScanner interface {
	ByteReader
	UnreadByte() error
}

type ByteWriter interface {
	WriteByte(c byte) error
}

type RuneReader interface {
	ReadRune() (r rune, size int, err error)
}

type RuneScanner interface {
	RuneReader
	UnreadRune() error
}

type ReaderFrom interface {
	ReadFrom(r Reader) (n int64, err error)
}

type WriterTo interface {
	WriteTo(w Writer) (n int64, err error)
}

// WriteString writes s to w, by its WriteString method if it has one.
func WriteString(w Writer, s string) (n int, err error) {
	if sw, ok := w.(StringWriter); ok {
		return sw.WriteString(s)
	}
	return w.Write([]byte(s))
}

type discard struct{}

func (discard) Write(p []byte) (int, error)            { return len(p), nil }
func (discard) WriteString(s string) (int, error)      { return len(s), nil }
func (discard) ReadFrom(r Reader) (n int64, err error) { return readAllInto(r, nil) }

// Discard is a Writer on which every write succeeds and nothing is kept.
var Discard Writer = discard{}

// readAllInto reads r to its end, keeping what it read in keep (if not nil).
func readAllInto(r Reader, keep *[]byte) (n int64, err error) {
	buf := make([]byte, 512)
	for {
		m, e := r.Read(buf)
		if m > 0 {
			n += int64(m)
			if keep != nil {
				*keep = append(*keep, buf[:m]...)
			}
		}
		if e == EOF {
			return n, nil
		}
		if e != nil {
			return n, e
		}
	}
}

// ReadAll reads r until EOF (not an error here) or another error.
func ReadAll(r Reader) ([]byte, error) {
	b := make([]byte, 0, 512)
	_, err := readAllInto(r, &b)
	return b, err
}

// ReadAtLeast reads into buf until it holds at least min bytes.
func ReadAtLeast(r Reader, buf []byte, min int) (n int, err error) {
	if len(buf) < min {
		return 0, ErrShortBuffer
	}
	for n < min && err == nil {
		var m int
		m, err = r.Read(buf[n:])
		n += m
	}
	if n >= min {
		err = nil
	} else if n > 0 && err == EOF {
		err = ErrUnexpectedEOF
	}
	return n, err
}

// ReadFull reads exactly len(buf) bytes.
func ReadFull(r Reader, buf []byte) (n int, err error) {
	return ReadAtLeast(r, buf, len(buf))
}

// Copy copies from src to dst until EOF, by src's WriteTo or dst's ReadFrom when
// they have one.
func Copy(dst Writer, src Reader) (written int64, err error) {
	if wt, ok := src.(WriterTo); ok {
		return wt.WriteTo(dst)
	}
	if rf, ok := dst.(ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	buf := make([]byte, 32*1024)
	for {
		nr, er := src.Read(buf)
		if nr > 0 {
			nw, ew := dst.Write(buf[:nr])
			if nw < 0 || nr < nw {
				nw = 0
				if ew == nil {
					ew = errors.New("invalid write result")
				}
			}
			written += int64(nw)
			if ew != nil {
				return written, ew
			}
			if nr != nw {
				return written, ErrShortWrite
			}
		}
		if er == EOF {
			return written, nil
		}
		if er != nil {
			return written, er
		}
	}
}

type multiWriter struct{ ws []Writer }

func (t *multiWriter) Write(p []byte) (n int, err error) {
	for _, w := range t.ws {
		n, err = w.Write(p)
		if err != nil {
			return n, err
		}
		if n != len(p) {
			return n, ErrShortWrite
		}
	}
	return len(p), nil
}

// MultiWriter writes each write to every one of ws, in order.
func MultiWriter(ws ...Writer) Writer {
	all := make([]Writer, 0, len(ws))
	for _, w := range ws {
		if mw, ok := w.(*multiWriter); ok {
			all = append(all, mw.ws...)
		} else {
			all = append(all, w)
		}
	}
	return &multiWriter{all}
}

type nopCloser struct{ Reader }

func (nopCloser) Close() error { return nil }

// NopCloser gives r a Close that does nothing.
func NopCloser(r Reader) ReadCloser { return nopCloser{r} }

// LimitedReader reads at most N more bytes from R.
type LimitedReader struct {
	R Reader
	N int64
}

func LimitReader(r Reader, n int64) Reader { return &LimitedReader{r, n} }

func (l *LimitedReader) Read(p []byte) (n int, err error) {
	if l.N <= 0 {
		return 0, EOF
	}
	if int64(len(p)) > l.N {
		p = p[0:l.N]
	}
	n, err = l.R.Read(p)
	l.N -= int64(n)
	return
}
