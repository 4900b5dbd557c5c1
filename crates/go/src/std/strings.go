package strings

// Package strings works on UTF-8 encoded strings: searching, splitting,
// trimming, case mapping and replacing, plus the Builder, Reader and
// Replacer types. Repeat, Join, Contains, HasPrefix, HasSuffix, ToUpper,
// ToLower, Split, TrimSpace and Index are natives of the explorer; the rest
// is plain Go, the iterator functions (Lines, SplitSeq, FieldsSeq, ...) and the
// SpecialCase mappings (ToUpperSpecial, ...) too.

import (
	"errors"
	"io"
	"iter"
	"unicode"
	"unicode/utf8"
)

func Repeat(s string, count int) string
func Join(elems []string, sep string) string
func Contains(s, substr string) bool
func HasPrefix(s, prefix string) bool
func HasSuffix(s, suffix string) bool
func ToUpper(s string) string
func ToLower(s string) string
func Split(s, sep string) []string
func TrimSpace(s string) string
func Index(s, substr string) int

// Strings in the explorer are always valid UTF-8, so the code below never
// slices a string except at rune boundaries; byte-level work goes through
// explicit byte comparisons or []byte copies.

// Clone returns a fresh copy of s.
func Clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	return string([]byte(s))
}

// Compare returns -1, 0 or +1 as a sorts before, equal to or after b.
func Compare(a, b string) int {
	if a == b {
		return 0
	}
	if a < b {
		return -1
	}
	return 1
}

// matchAt reports whether substr occurs in s at byte offset i.
func matchAt(s string, i int, substr string) bool {
	if i < 0 || i+len(substr) > len(s) {
		return false
	}
	for k := 0; k < len(substr); k++ {
		if s[i+k] != substr[k] {
			return false
		}
	}
	return true
}

// Count returns the number of non-overlapping occurrences of substr in s;
// an empty substr is counted once per rune, plus one.
func Count(s, substr string) int {
	if len(substr) == 0 {
		return utf8.RuneCountInString(s) + 1
	}
	n := 0
	for {
		i := Index(s, substr)
		if i < 0 {
			return n
		}
		n++
		s = s[i+len(substr):]
	}
}

// IndexByte returns the index of the first byte c in s, or -1.
func IndexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// LastIndexByte returns the index of the last byte c in s, or -1.
func LastIndexByte(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// IndexRune returns the byte index of the first rune r in s, or -1. An
// invalid rune is never found.
func IndexRune(s string, r rune) int {
	if r >= 0 && r < utf8.RuneSelf {
		return IndexByte(s, byte(r))
	}
	if !utf8.ValidRune(r) {
		return -1
	}
	for i, c := range s {
		if c == r {
			return i
		}
	}
	return -1
}

// ContainsRune reports whether r occurs in s.
func ContainsRune(s string, r rune) bool {
	return IndexRune(s, r) >= 0
}

// IndexAny returns the byte index of the first rune of s that is also in
// chars, or -1.
func IndexAny(s, chars string) int {
	if chars == "" {
		return -1
	}
	for i, c := range s {
		if IndexRune(chars, c) >= 0 {
			return i
		}
	}
	return -1
}

// ContainsAny reports whether any rune of chars occurs in s.
func ContainsAny(s, chars string) bool {
	return IndexAny(s, chars) >= 0
}

// LastIndex returns the index of the last occurrence of substr in s, or -1.
func LastIndex(s, substr string) int {
	if len(substr) == 0 {
		return len(s)
	}
	for i := len(s) - len(substr); i >= 0; i-- {
		if matchAt(s, i, substr) {
			return i
		}
	}
	return -1
}

// LastIndexAny returns the byte index of the last rune of s that is also in
// chars, or -1.
func LastIndexAny(s, chars string) int {
	if chars == "" {
		return -1
	}
	for end := len(s); end > 0; {
		c, size := utf8.DecodeLastRuneInString(s[:end])
		end -= size
		if IndexRune(chars, c) >= 0 {
			return end
		}
	}
	return -1
}

// indexFunc returns the index of the first rune c of s with f(c) == want.
func indexFunc(s string, f func(rune) bool, want bool) int {
	for i, c := range s {
		if f(c) == want {
			return i
		}
	}
	return -1
}

// lastIndexFunc returns the index of the last rune c of s with f(c) == want.
func lastIndexFunc(s string, f func(rune) bool, want bool) int {
	for end := len(s); end > 0; {
		c, size := utf8.DecodeLastRuneInString(s[:end])
		end -= size
		if f(c) == want {
			return end
		}
	}
	return -1
}

// IndexFunc returns the byte index of the first rune c with f(c), or -1.
func IndexFunc(s string, f func(rune) bool) int {
	return indexFunc(s, f, true)
}

// LastIndexFunc returns the byte index of the last rune c with f(c), or -1.
func LastIndexFunc(s string, f func(rune) bool) int {
	return lastIndexFunc(s, f, true)
}

// ContainsFunc reports whether some rune c of s has f(c).
func ContainsFunc(s string, f func(rune) bool) bool {
	return indexFunc(s, f, true) >= 0
}

// Cut splits s around the first sep: before, after and whether sep was
// found (if not, before is s and after is "").
func Cut(s, sep string) (before, after string, found bool) {
	i := Index(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// CutLast splits s around the last sep: before, after and whether sep was
// found (if not, before is s and after is "").
func CutLast(s, sep string) (before, after string, found bool) {
	i := LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// CutPrefix returns s without prefix and true, or s and false when s does
// not begin with prefix.
func CutPrefix(s, prefix string) (after string, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// CutSuffix returns s without suffix and true, or s and false when s does
// not end with suffix.
func CutSuffix(s, suffix string) (before string, found bool) {
	if !HasSuffix(s, suffix) {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

// TrimPrefix returns s without a leading prefix (s itself if there is none).
func TrimPrefix(s, prefix string) string {
	if HasPrefix(s, prefix) {
		return s[len(prefix):]
	}
	return s
}

// TrimSuffix returns s without a trailing suffix (s itself if there is none).
func TrimSuffix(s, suffix string) string {
	if HasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

// foldEqual reports whether runes a and b are equal under simple Unicode
// case folding: b lies on the SimpleFold orbit of a.
func foldEqual(a, b rune) bool {
	if a == b {
		return true
	}
	if a < utf8.RuneSelf && b < utf8.RuneSelf {
		if 'A' <= a && a <= 'Z' {
			a += 'a' - 'A'
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		return a == b
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// EqualFold reports whether s and t are equal under simple Unicode case
// folding.
func EqualFold(s, t string) bool {
	rs := []rune(s)
	rt := []rune(t)
	if len(rs) != len(rt) {
		return false
	}
	for i := range rs {
		if !foldEqual(rs[i], rt[i]) {
			return false
		}
	}
	return true
}

// Fields splits s around runs of white space (unicode.IsSpace); an all-space
// s gives an empty slice.
func Fields(s string) []string {
	return FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) })
}

// FieldsFunc splits s around runs of runes c with f(c) and returns the
// non-empty pieces.
func FieldsFunc(s string, f func(rune) bool) []string {
	fields := []string{}
	start := -1
	for i, c := range s {
		if f(c) {
			if start >= 0 {
				fields = append(fields, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		fields = append(fields, s[start:])
	}
	return fields
}

// explode splits s into single runes, at most n pieces (the last holds the
// rest); n < 0 means no limit.
func explode(s string, n int) []string {
	count := utf8.RuneCountInString(s)
	if n < 0 || n > count {
		n = count
	}
	parts := make([]string, n)
	for i := 0; i < n-1; i++ {
		_, size := utf8.DecodeRuneInString(s)
		parts[i] = s[:size]
		s = s[size:]
	}
	if n > 0 {
		parts[n-1] = s
	}
	return parts
}

// splitKeep splits s at sep, keeping keep bytes of each sep at the end of
// its piece, into at most n pieces (n < 0: all).
func splitKeep(s, sep string, keep, n int) []string {
	if n == 0 {
		return nil
	}
	if sep == "" {
		return explode(s, n)
	}
	if n < 0 {
		n = Count(s, sep) + 1
	}
	parts := []string{}
	for len(parts) < n-1 {
		i := Index(s, sep)
		if i < 0 {
			break
		}
		parts = append(parts, s[:i+keep])
		s = s[i+len(sep):]
	}
	return append(parts, s)
}

// SplitN splits s at each sep into at most n pieces: n > 0 at most n (the
// last is the unsplit rest), n == 0 nil, n < 0 all of them.
func SplitN(s, sep string, n int) []string {
	return splitKeep(s, sep, 0, n)
}

// SplitAfter splits s after each sep, keeping sep at the end of the pieces.
func SplitAfter(s, sep string) []string {
	return splitKeep(s, sep, len(sep), -1)
}

// SplitAfterN is SplitAfter with a limit n on the pieces, as in SplitN.
func SplitAfterN(s, sep string, n int) []string {
	return splitKeep(s, sep, len(sep), n)
}

// Map returns s with every rune c replaced by mapping(c); runes mapped to a
// negative value are dropped.
func Map(mapping func(rune) rune, s string) string {
	out := make([]byte, 0, len(s))
	for _, c := range s {
		m := mapping(c)
		if m >= 0 {
			out = utf8.AppendRune(out, m)
		}
	}
	return string(out)
}

// ToTitle maps every rune of s to its title case.
func ToTitle(s string) string {
	return Map(func(r rune) rune { return unicode.ToTitle(r) }, s)
}

// separates reports whether r ends a word for Title.
func separates(r rune) bool {
	if r < utf8.RuneSelf {
		switch {
		case '0' <= r && r <= '9', 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', r == '_':
			return false
		}
		return true
	}
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return false
	}
	return unicode.IsSpace(r)
}

// Title maps the first letter of each word of s to title case.
//
// Deprecated: in Go it does not handle Unicode punctuation properly.
func Title(s string) string {
	prev := ' '
	return Map(func(r rune) rune {
		starts := separates(prev)
		prev = r
		if starts {
			return unicode.ToTitle(r)
		}
		return r
	}, s)
}

// Replace returns s with the first n non-overlapping old replaced by new
// (all of them if n < 0). An empty old matches before every rune and at
// the end.
func Replace(s, old, new string, n int) string {
	if old == new || n == 0 {
		return s
	}
	if m := Count(s, old); m == 0 {
		return s
	} else if n < 0 || m < n {
		n = m
	}
	var b Builder
	for done := 0; done < n; done++ {
		if old == "" {
			b.WriteString(new)
			if s == "" {
				break
			}
			_, size := utf8.DecodeRuneInString(s)
			b.WriteString(s[:size])
			s = s[size:]
			continue
		}
		i := Index(s, old)
		b.WriteString(s[:i])
		b.WriteString(new)
		s = s[i+len(old):]
	}
	b.WriteString(s)
	return b.String()
}

// ReplaceAll returns s with every non-overlapping old replaced by new.
func ReplaceAll(s, old, new string) string {
	return Replace(s, old, new, -1)
}

// inCutset builds the predicate "r is one of the runes of cutset".
func inCutset(cutset string) func(rune) bool {
	return func(r rune) bool { return IndexRune(cutset, r) >= 0 }
}

// TrimLeftFunc drops the leading runes c of s with f(c).
func TrimLeftFunc(s string, f func(rune) bool) string {
	i := indexFunc(s, f, false)
	if i < 0 {
		return ""
	}
	return s[i:]
}

// TrimRightFunc drops the trailing runes c of s with f(c).
func TrimRightFunc(s string, f func(rune) bool) string {
	i := lastIndexFunc(s, f, false)
	if i < 0 {
		return ""
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return s[:i+size]
}

// TrimFunc drops the leading and trailing runes c of s with f(c).
func TrimFunc(s string, f func(rune) bool) string {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// Trim drops the leading and trailing runes of s that are in cutset.
func Trim(s, cutset string) string {
	if s == "" || cutset == "" {
		return s
	}
	return TrimFunc(s, inCutset(cutset))
}

// TrimLeft drops the leading runes of s that are in cutset.
func TrimLeft(s, cutset string) string {
	if s == "" || cutset == "" {
		return s
	}
	return TrimLeftFunc(s, inCutset(cutset))
}

// TrimRight drops the trailing runes of s that are in cutset.
func TrimRight(s, cutset string) string {
	if s == "" || cutset == "" {
		return s
	}
	return TrimRightFunc(s, inCutset(cutset))
}

// ToValidUTF8 returns s with each run of invalid UTF-8 bytes replaced by
// replacement. (Strings in the explorer are always valid, so this returns
// a copy of s, but the general case is handled.)
func ToValidUTF8(s, replacement string) string {
	in := []byte(s)
	out := make([]byte, 0, len(in))
	bad := false
	for i := 0; i < len(in); {
		c := in[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			bad = false
			i++
			continue
		}
		r, size := utf8.DecodeRune(in[i:])
		if r == utf8.RuneError && size == 1 {
			if !bad {
				out = append(out, replacement...)
				bad = true
			}
			i++
			continue
		}
		out = append(out, in[i:i+size]...)
		bad = false
		i += size
	}
	return string(out)
}

// A Builder builds a string piece by piece with few copies. Its zero value
// is ready to use; a non-zero Builder must not be copied.
type Builder struct {
	addr *Builder // the Builder itself, to catch copies
	buf  []byte
}

func (b *Builder) copyCheck() {
	if b.addr == nil {
		b.addr = b
	} else if b.addr != b {
		panic("strings: illegal use of non-zero Builder copied by value")
	}
}

// String returns what has been built so far.
func (b *Builder) String() string {
	return string(b.buf)
}

// Len returns the number of bytes built so far.
func (b *Builder) Len() int { return len(b.buf) }

// Cap returns the capacity of the Builder's buffer.
func (b *Builder) Cap() int { return cap(b.buf) }

// Reset empties the Builder.
func (b *Builder) Reset() {
	b.addr = nil
	b.buf = nil
}

// Grow makes room for at least n more bytes without another allocation.
func (b *Builder) Grow(n int) {
	b.copyCheck()
	if n < 0 {
		panic("strings.Builder.Grow: negative count")
	}
	if cap(b.buf)-len(b.buf) < n {
		bigger := make([]byte, len(b.buf), 2*cap(b.buf)+n)
		copy(bigger, b.buf)
		b.buf = bigger
	}
}

// Write appends p; it always returns len(p), nil.
func (b *Builder) Write(p []byte) (int, error) {
	b.copyCheck()
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// WriteByte appends the byte c; it always returns nil.
func (b *Builder) WriteByte(c byte) error {
	b.copyCheck()
	b.buf = append(b.buf, c)
	return nil
}

// WriteRune appends the UTF-8 encoding of r and returns its length.
func (b *Builder) WriteRune(r rune) (int, error) {
	b.copyCheck()
	n := len(b.buf)
	b.buf = utf8.AppendRune(b.buf, r)
	return len(b.buf) - n, nil
}

// WriteString appends s; it always returns len(s), nil.
func (b *Builder) WriteString(s string) (int, error) {
	b.copyCheck()
	b.buf = append(b.buf, s...)
	return len(s), nil
}

// A Reader reads from a string (io.Reader, io.ReaderAt, io.ByteScanner,
// io.RuneScanner, io.Seeker, io.WriterTo).
type Reader struct {
	s        string
	i        int64 // the read position
	prevRune int   // where the last ReadRune started, or -1
}

// NewReader returns a Reader that reads s.
func NewReader(s string) *Reader { return &Reader{s, 0, -1} }

// Len returns the number of bytes not yet read.
func (r *Reader) Len() int {
	if r.i >= int64(len(r.s)) {
		return 0
	}
	return int(int64(len(r.s)) - r.i)
}

// Size returns the length of the whole string.
func (r *Reader) Size() int64 { return int64(len(r.s)) }

// copyFrom copies bytes of r.s from offset off into p and returns how many.
func (r *Reader) copyFrom(p []byte, off int64) int {
	n := 0
	for n < len(p) && off+int64(n) < int64(len(r.s)) {
		p[n] = r.s[off+int64(n)]
		n++
	}
	return n
}

// Read reads up to len(b) bytes; at the end it returns 0, io.EOF.
func (r *Reader) Read(b []byte) (n int, err error) {
	if r.i >= int64(len(r.s)) {
		return 0, io.EOF
	}
	r.prevRune = -1
	n = r.copyFrom(b, r.i)
	r.i += int64(n)
	return n, nil
}

// ReadAt reads len(b) bytes from offset off without moving the Reader; it
// returns io.EOF when fewer are left.
func (r *Reader) ReadAt(b []byte, off int64) (n int, err error) {
	if off < 0 {
		return 0, errors.New("strings.Reader.ReadAt: negative offset")
	}
	if off >= int64(len(r.s)) {
		return 0, io.EOF
	}
	n = r.copyFrom(b, off)
	if n < len(b) {
		err = io.EOF
	}
	return n, err
}

// ReadByte reads one byte.
func (r *Reader) ReadByte() (byte, error) {
	r.prevRune = -1
	if r.i >= int64(len(r.s)) {
		return 0, io.EOF
	}
	c := r.s[r.i]
	r.i++
	return c, nil
}

// UnreadByte steps back one byte.
func (r *Reader) UnreadByte() error {
	if r.i <= 0 {
		return errors.New("strings.Reader.UnreadByte: at beginning of string")
	}
	r.prevRune = -1
	r.i--
	return nil
}

// ReadRune reads one UTF-8 encoded rune and returns it with its size.
func (r *Reader) ReadRune() (ch rune, size int, err error) {
	if r.i >= int64(len(r.s)) {
		r.prevRune = -1
		return 0, 0, io.EOF
	}
	r.prevRune = int(r.i)
	if c := r.s[r.i]; c < utf8.RuneSelf {
		r.i++
		return rune(c), 1, nil
	}
	var buf [utf8.UTFMax]byte
	n := r.copyFrom(buf[:], r.i)
	ch, size = utf8.DecodeRune(buf[:n])
	r.i += int64(size)
	return ch, size, nil
}

// UnreadRune steps back over the rune the previous ReadRune returned.
func (r *Reader) UnreadRune() error {
	if r.i <= 0 {
		return errors.New("strings.Reader.UnreadRune: at beginning of string")
	}
	if r.prevRune < 0 {
		return errors.New("strings.Reader.UnreadRune: previous operation was not ReadRune")
	}
	r.i = int64(r.prevRune)
	r.prevRune = -1
	return nil
}

// Seek sets the read position to offset from the start (io.SeekStart), the
// current position (io.SeekCurrent) or the end (io.SeekEnd), and returns the new
// position.
func (r *Reader) Seek(offset int64, whence int) (int64, error) {
	r.prevRune = -1
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = offset
	case io.SeekCurrent:
		abs = r.i + offset
	case io.SeekEnd:
		abs = int64(len(r.s)) + offset
	default:
		return 0, errors.New("strings.Reader.Seek: invalid whence")
	}
	if abs < 0 {
		return 0, errors.New("strings.Reader.Seek: negative position")
	}
	r.i = abs
	return abs, nil
}

// WriteTo writes the unread rest of the string to w.
func (r *Reader) WriteTo(w io.Writer) (n int64, err error) {
	r.prevRune = -1
	if r.i >= int64(len(r.s)) {
		return 0, nil
	}
	rest := make([]byte, int64(len(r.s))-r.i)
	r.copyFrom(rest, r.i)
	m, err := w.Write(rest)
	if m > len(rest) {
		panic("strings.Reader.WriteTo: invalid WriteString count")
	}
	r.i += int64(m)
	n = int64(m)
	if m != len(rest) && err == nil {
		err = io.ErrShortWrite
	}
	return n, err
}

// Reset makes r read s from its beginning.
func (r *Reader) Reset(s string) { *r = Reader{s, 0, -1} }

// A Replacer replaces a list of strings with replacements; it is safe for
// concurrent use.
type Replacer struct {
	oldnew   []string
	hasEmpty bool // some old string is ""
}

// NewReplacer returns a Replacer for the pairs old1, new1, old2, new2, ...
// Replacements happen in the order of the target text without overlaps;
// where several old strings match at one place the earliest pair wins.
func NewReplacer(oldnew ...string) *Replacer {
	if len(oldnew)%2 == 1 {
		panic("strings.NewReplacer: odd argument count")
	}
	r := &Replacer{oldnew: append([]string(nil), oldnew...)}
	for i := 0; i < len(oldnew); i += 2 {
		if oldnew[i] == "" {
			r.hasEmpty = true
		}
	}
	return r
}

// match finds the pair that applies at byte offset i of s: the index of its
// old string in oldnew, or -1. The empty old string is skipped if noEmpty.
func (r *Replacer) match(s string, i int, noEmpty bool) int {
	for k := 0; k < len(r.oldnew); k += 2 {
		old := r.oldnew[k]
		if old == "" && noEmpty {
			continue
		}
		if matchAt(s, i, old) {
			return k
		}
	}
	return -1
}

// Replace returns s with all replacements made.
func (r *Replacer) Replace(s string) string {
	var b Builder
	last := 0
	prevEmpty := false
	for i := 0; i <= len(s); {
		k := r.match(s, i, prevEmpty)
		prevEmpty = k >= 0 && r.oldnew[k] == ""
		if k >= 0 {
			b.WriteString(s[last:i])
			b.WriteString(r.oldnew[k+1])
			i += len(r.oldnew[k])
			last = i
			continue
		}
		if i < len(s) && s[i] >= utf8.RuneSelf && r.hasEmpty {
			// Go would insert the replacement of "" between the bytes
			// of this rune, which makes a string that is not UTF-8.
			panic("strings.Replacer.Replace with an empty old string on non-ASCII text is not supported by the explorer")
		}
		if i < len(s) {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		} else {
			i++
		}
	}
	if last < len(s) {
		b.WriteString(s[last:])
	}
	return b.String()
}

// WriteString writes s with all replacements made to w.
func (r *Replacer) WriteString(w io.Writer, s string) (n int, err error) {
	return w.Write([]byte(r.Replace(s)))
}

// Lines returns an iterator over the newline-terminated lines of s; the last
// line has no newline if s does not end with one.
func Lines(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(s) > 0 {
			var line string
			if i := IndexByte(s, '\n'); i >= 0 {
				line, s = s[:i+1], s[i+1:]
			} else {
				line, s = s, ""
			}
			if !yield(line) {
				return
			}
		}
	}
}

// SplitSeq returns an iterator over the substrings of s separated by sep, as
// Split gives them (an empty sep splits into UTF-8 sequences).
func SplitSeq(s, sep string) iter.Seq[string] {
	return splitSeq(s, sep, 0)
}

// SplitAfterSeq returns an iterator over the substrings of s after each sep,
// as SplitAfter gives them.
func SplitAfterSeq(s, sep string) iter.Seq[string] {
	return splitSeq(s, sep, len(sep))
}

func splitSeq(s, sep string, sepSave int) iter.Seq[string] {
	return func(yield func(string) bool) {
		if len(sep) == 0 {
			for len(s) > 0 {
				_, size := utf8.DecodeRuneInString(s)
				if !yield(s[:size]) {
					return
				}
				s = s[size:]
			}
			return
		}
		for {
			i := Index(s, sep)
			if i < 0 {
				break
			}
			frag := s[:i+sepSave]
			if !yield(frag) {
				return
			}
			s = s[i+len(sep):]
		}
		yield(s)
	}
}

// FieldsSeq returns an iterator over the substrings of s around runs of white
// space, as Fields gives them.
func FieldsSeq(s string) iter.Seq[string] {
	return FieldsFuncSeq(s, unicode.IsSpace)
}

// FieldsFuncSeq returns an iterator over the substrings of s around runs of
// runes c with f(c), as FieldsFunc gives them.
func FieldsFuncSeq(s string, f func(rune) bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(s); {
			size := 1
			r := rune(s[i])
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(s[i:])
			}
			if f(r) {
				if start >= 0 {
					if !yield(s[start:i]) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start = i
			}
			i += size
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// ToUpperSpecial maps each rune of s to upper case by c, giving priority to its
// special mappings.
func ToUpperSpecial(c unicode.SpecialCase, s string) string { return Map(c.ToUpper, s) }

// ToLowerSpecial maps each rune of s to lower case by c.
func ToLowerSpecial(c unicode.SpecialCase, s string) string { return Map(c.ToLower, s) }

// ToTitleSpecial maps each rune of s to title case by c.
func ToTitleSpecial(c unicode.SpecialCase, s string) string { return Map(c.ToTitle, s) }
