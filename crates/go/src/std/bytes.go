package bytes

// Package bytes for the explorer: functions on byte slices (searching, splitting,
// trimming, case mapping, ...), the growable Buffer and the read-only Reader.
// The functions work on arbitrary bytes, valid UTF-8 or not, and never build a
// string from bytes that are not known to be valid UTF-8. The small UTF-8 coding
// they need lives in this file (it does not import unicode/utf8).

import (
	"errors"
	"io"
	"iter"
	"unicode"
)

// ---- UTF-8 helpers (private) ----

const (
	runeErr  = '\uFFFD'
	runeSelf = 0x80
	maxRune  = '\U0010FFFF'
)

// decodeRune decodes the first UTF-8 sequence of p. An empty p gives
// (runeErr, 0); an invalid or truncated sequence gives (runeErr, 1).
func decodeRune(p []byte) (rune, int) {
	n := len(p)
	if n == 0 {
		return runeErr, 0
	}
	c := p[0]
	if c < runeSelf {
		return rune(c), 1
	}
	// need: number of bytes; lo, hi: bounds for the second byte.
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 2
	case c == 0xE0:
		need, lo = 3, 0xA0
	case c == 0xED:
		need, hi = 3, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 3
	case c == 0xF0:
		need, lo = 4, 0x90
	case c == 0xF4:
		need, hi = 4, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 4
	default:
		return runeErr, 1
	}
	if n < need || p[1] < lo || p[1] > hi {
		return runeErr, 1
	}
	for k := 2; k < need; k++ {
		if p[k] < 0x80 || p[k] > 0xBF {
			return runeErr, 1
		}
	}
	switch need {
	case 2:
		return rune(c&0x1F)<<6 | rune(p[1]&0x3F), 2
	case 3:
		return rune(c&0x0F)<<12 | rune(p[1]&0x3F)<<6 | rune(p[2]&0x3F), 3
	}
	return rune(c&0x07)<<18 | rune(p[1]&0x3F)<<12 | rune(p[2]&0x3F)<<6 | rune(p[3]&0x3F), 4
}

// decodeLastRune decodes the last UTF-8 sequence of p, with the same results
// as decodeRune for empty or invalid input.
func decodeLastRune(p []byte) (rune, int) {
	end := len(p)
	if end == 0 {
		return runeErr, 0
	}
	if p[end-1] < runeSelf {
		return rune(p[end-1]), 1
	}
	// Walk back over at most three continuation bytes to a possible start.
	start := end - 1
	for start > 0 && end-start < 4 && p[start]&0xC0 == 0x80 {
		start--
	}
	r, size := decodeRune(p[start:end])
	if start+size != end {
		return runeErr, 1
	}
	return r, size
}

// runeLen is the number of bytes the encoding of r takes (invalid runes are
// encoded as U+FFFD, three bytes).
func runeLen(r rune) int {
	switch {
	case r < 0:
		return 3
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r >= 0xD800 && r <= 0xDFFF:
		return 3
	case r < 0x10000:
		return 3
	case r <= maxRune:
		return 4
	}
	return 3
}

// validRune reports whether r is a Unicode scalar value (encodable).
func validRune(r rune) bool {
	return r >= 0 && r <= maxRune && !(r >= 0xD800 && r <= 0xDFFF)
}

// appendRune appends the UTF-8 encoding of r (U+FFFD if r is not valid) to p.
func appendRune(p []byte, r rune) []byte {
	if !validRune(r) {
		r = runeErr
	}
	switch {
	case r < 0x80:
		return append(p, byte(r))
	case r < 0x800:
		return append(p, byte(0xC0|r>>6), byte(0x80|r&0x3F))
	case r < 0x10000:
		return append(p, byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
	}
	return append(p, byte(0xF0|r>>18), byte(0x80|(r>>12)&0x3F), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
}

// runeCount is the number of runes in p, each invalid byte counting as one.
func runeCount(p []byte) int {
	n := 0
	for i := 0; i < len(p); {
		if p[i] < runeSelf {
			i++
		} else {
			_, w := decodeRune(p[i:])
			i += w
		}
		n++
	}
	return n
}

// stringHasRune reports whether the string set contains the rune r.
func stringHasRune(set string, r rune) bool {
	for _, c := range set {
		if c == r {
			return true
		}
	}
	return false
}

// isASCIISpace: the ASCII white space characters of unicode.IsSpace.
func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// ---- comparing ----

// Equal reports whether a and b hold the same bytes (nil equals empty).
func Equal(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Compare compares a and b lexicographically: -1, 0 or +1.
func Compare(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// foldEqualRunes reports whether runes a and b are equal under simple Unicode
// case folding.
func foldEqualRunes(a, b rune) bool {
	if a == b {
		return true
	}
	if a > b {
		a, b = b, a
	}
	if b < runeSelf {
		return 'A' <= a && a <= 'Z' && b == a+'a'-'A'
	}
	// Walk a's orbit of case-equivalent runes.
	for r := unicode.SimpleFold(a); r != a; r = unicode.SimpleFold(r) {
		if r == b {
			return true
		}
	}
	return false
}

// EqualFold reports whether s and t, read as UTF-8, are equal under simple
// Unicode case folding.
func EqualFold(s, t []byte) bool {
	for len(s) > 0 && len(t) > 0 {
		r1, n1 := decodeRune(s)
		r2, n2 := decodeRune(t)
		if !foldEqualRunes(r1, r2) {
			return false
		}
		s, t = s[n1:], t[n2:]
	}
	return len(s) == len(t)
}

// HasPrefix reports whether s begins with prefix.
func HasPrefix(s, prefix []byte) bool {
	return len(s) >= len(prefix) && Equal(s[:len(prefix)], prefix)
}

// HasSuffix reports whether s ends with suffix.
func HasSuffix(s, suffix []byte) bool {
	return len(s) >= len(suffix) && Equal(s[len(s)-len(suffix):], suffix)
}

// ---- searching ----

// IndexByte returns the index of the first c in b, or -1.
func IndexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// LastIndexByte returns the index of the last c in s, or -1.
func LastIndexByte(s []byte, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// Index returns the index of the first occurrence of sep in s, or -1.
func Index(s, sep []byte) int {
	n := len(sep)
	if n == 0 {
		return 0
	}
	first := sep[0]
	for i := 0; i+n <= len(s); i++ {
		if s[i] != first {
			continue
		}
		j := 1
		for j < n && s[i+j] == sep[j] {
			j++
		}
		if j == n {
			return i
		}
	}
	return -1
}

// LastIndex returns the index of the last occurrence of sep in s, or -1.
func LastIndex(s, sep []byte) int {
	n := len(sep)
	if n == 0 {
		return len(s)
	}
	for i := len(s) - n; i >= 0; i-- {
		j := 0
		for j < n && s[i+j] == sep[j] {
			j++
		}
		if j == n {
			return i
		}
	}
	return -1
}

// IndexRune returns the byte index of the first rune r in s (UTF-8), or -1.
// For r == U+FFFD it finds the first invalid sequence or encoded U+FFFD.
func IndexRune(s []byte, r rune) int {
	if r >= 0 && r < runeSelf {
		return IndexByte(s, byte(r))
	}
	if r == runeErr {
		for i := 0; i < len(s); {
			c, w := decodeRune(s[i:])
			if c == runeErr {
				return i
			}
			i += w
		}
		return -1
	}
	if !validRune(r) {
		return -1
	}
	return Index(s, appendRune(nil, r))
}

// IndexAny returns the byte index of the first rune of s that is in chars, or -1.
func IndexAny(s []byte, chars string) int {
	if chars == "" {
		return -1
	}
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		if stringHasRune(chars, r) {
			return i
		}
		i += w
	}
	return -1
}

// LastIndexAny returns the byte index of the last rune of s that is in chars, or -1.
func LastIndexAny(s []byte, chars string) int {
	if chars == "" {
		return -1
	}
	for end := len(s); end > 0; {
		r, w := decodeLastRune(s[:end])
		end -= w
		if stringHasRune(chars, r) {
			return end
		}
	}
	return -1
}

// IndexFunc returns the byte index of the first rune of s satisfying f, or -1.
func IndexFunc(s []byte, f func(r rune) bool) int {
	return firstWhere(s, f, true)
}

// LastIndexFunc returns the byte index of the last rune of s satisfying f, or -1.
func LastIndexFunc(s []byte, f func(r rune) bool) int {
	return lastWhere(s, f, true)
}

// firstWhere: index of the first rune r of s with f(r) == want, or -1.
func firstWhere(s []byte, f func(r rune) bool, want bool) int {
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		if f(r) == want {
			return i
		}
		i += w
	}
	return -1
}

// lastWhere: index of the last rune r of s with f(r) == want, or -1.
func lastWhere(s []byte, f func(r rune) bool, want bool) int {
	for end := len(s); end > 0; {
		r, w := decodeLastRune(s[:end])
		end -= w
		if f(r) == want {
			return end
		}
	}
	return -1
}

// Contains reports whether subslice is within b.
func Contains(b, subslice []byte) bool { return Index(b, subslice) >= 0 }

// ContainsAny reports whether any rune of chars is within b.
func ContainsAny(b []byte, chars string) bool { return IndexAny(b, chars) >= 0 }

// ContainsRune reports whether the rune r is within b.
func ContainsRune(b []byte, r rune) bool { return IndexRune(b, r) >= 0 }

// ContainsFunc reports whether some rune of b satisfies f.
func ContainsFunc(b []byte, f func(rune) bool) bool { return IndexFunc(b, f) >= 0 }

// Count counts the non-overlapping occurrences of sep in s; an empty sep
// counts 1 + the number of runes of s.
func Count(s, sep []byte) int {
	if len(sep) == 0 {
		return runeCount(s) + 1
	}
	n := 0
	for {
		i := Index(s, sep)
		if i < 0 {
			return n
		}
		n++
		s = s[i+len(sep):]
	}
}

// Cut slices s around the first sep: before, after, found. Without sep it
// returns s, nil, false.
func Cut(s, sep []byte) (before, after []byte, found bool) {
	i := Index(s, sep)
	if i < 0 {
		return s, nil, false
	}
	return s[:i], s[i+len(sep):], true
}

// CutLast slices s around the last sep: before, after, found. Without sep it
// returns s, nil, false.
func CutLast(s, sep []byte) (before, after []byte, found bool) {
	i := LastIndex(s, sep)
	if i < 0 {
		return s, nil, false
	}
	return s[:i], s[i+len(sep):], true
}

// CutPrefix returns s without prefix and whether s had it.
func CutPrefix(s, prefix []byte) (after []byte, found bool) {
	if !HasPrefix(s, prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// CutSuffix returns s without suffix and whether s had it.
func CutSuffix(s, suffix []byte) (before []byte, found bool) {
	if !HasSuffix(s, suffix) {
		return s, false
	}
	return s[:len(s)-len(suffix)], true
}

// ---- splitting and joining ----

// splitRunes cuts s into at most n pieces of one UTF-8 sequence each (an
// invalid byte is a piece of its own); the last piece holds the rest.
func splitRunes(s []byte, n int) [][]byte {
	total := runeCount(s)
	if n <= 0 || n > total {
		n = total
	}
	out := make([][]byte, 0, n)
	for len(out) < n-1 && len(s) > 0 {
		_, w := decodeRune(s)
		out = append(out, s[0:w:w])
		s = s[w:]
	}
	if n > 0 {
		out = append(out, s)
	}
	return out
}

// splitGeneric cuts s at each sep, keeping keep bytes of sep at the end of
// each piece (0 or len(sep)), into at most n pieces (n < 0: all).
func splitGeneric(s, sep []byte, keep, n int) [][]byte {
	if n == 0 {
		return nil
	}
	if len(sep) == 0 {
		return splitRunes(s, n)
	}
	if n < 0 {
		n = Count(s, sep) + 1
	}
	if n > len(s)+1 {
		n = len(s) + 1
	}
	out := make([][]byte, 0, n)
	for len(out) < n-1 {
		i := Index(s, sep)
		if i < 0 {
			break
		}
		end := i + keep
		out = append(out, s[:end:end])
		s = s[i+len(sep):]
	}
	return append(out, s)
}

// Split cuts s into all the subslices separated by sep.
func Split(s, sep []byte) [][]byte { return splitGeneric(s, sep, 0, -1) }

// SplitN cuts s at sep into at most n subslices (n < 0: all; n == 0: nil).
func SplitN(s, sep []byte, n int) [][]byte { return splitGeneric(s, sep, 0, n) }

// SplitAfter cuts s after each sep.
func SplitAfter(s, sep []byte) [][]byte { return splitGeneric(s, sep, len(sep), -1) }

// SplitAfterN cuts s after each sep into at most n subslices.
func SplitAfterN(s, sep []byte, n int) [][]byte {
	return splitGeneric(s, sep, len(sep), n)
}

// Fields splits s around runs of Unicode white space.
func Fields(s []byte) [][]byte {
	return FieldsFunc(s, isSpaceRune)
}

func isSpaceRune(r rune) bool {
	if r < runeSelf {
		return isASCIISpace(byte(r))
	}
	return unicode.IsSpace(r)
}

// FieldsFunc splits s around runs of runes satisfying f.
func FieldsFunc(s []byte, f func(rune) bool) [][]byte {
	var out [][]byte
	start := -1 // start of the current field, -1 outside a field
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		if f(r) {
			if start >= 0 {
				out = append(out, s[start:i:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += w
	}
	if start >= 0 {
		out = append(out, s[start:len(s):len(s)])
	}
	if out == nil {
		out = [][]byte{}
	}
	return out
}

// Join concatenates the elements of s with sep between them, into a new slice.
func Join(s [][]byte, sep []byte) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	if len(s) == 1 {
		return append([]byte(nil), s[0]...)
	}
	size := len(sep) * (len(s) - 1)
	for _, e := range s {
		size += len(e)
	}
	out := make([]byte, 0, size)
	for i, e := range s {
		if i > 0 {
			out = append(out, sep...)
		}
		out = append(out, e...)
	}
	return out
}

// ---- building new slices ----

// Clone returns a copy of b (nil for nil).
func Clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// Repeat returns count copies of b.
func Repeat(b []byte, count int) []byte {
	if count == 0 {
		return []byte{}
	}
	if count < 0 {
		panic("bytes: negative Repeat count")
	}
	if len(b) > 0 && len(b)*count/count != len(b) {
		panic("bytes: Repeat output length overflow")
	}
	out := make([]byte, 0, len(b)*count)
	for k := 0; k < count; k++ {
		out = append(out, b...)
	}
	return out
}

// Map returns a copy of s with each rune replaced by mapping(r); runes for
// which mapping returns a negative value are dropped. Invalid bytes are seen
// as U+FFFD.
func Map(mapping func(r rune) rune, s []byte) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		i += w
		if m := mapping(r); m >= 0 {
			out = appendRune(out, m)
		}
	}
	return out
}

// Runes returns the runes of s (invalid bytes become U+FFFD).
func Runes(s []byte) []rune {
	out := make([]rune, 0, runeCount(s))
	for i := 0; i < len(s); {
		r, w := decodeRune(s[i:])
		out = append(out, r)
		i += w
	}
	return out
}

// Replace returns a copy of s with the first n (n < 0: all) non-overlapping
// occurrences of old replaced by new. An empty old matches at the start and
// after each rune.
func Replace(s, old, new []byte, n int) []byte {
	m := 0
	if n != 0 {
		m = Count(s, old)
	}
	if m == 0 {
		return append([]byte(nil), s...)
	}
	if n < 0 || m < n {
		n = m
	}
	out := make([]byte, 0, len(s)+n*(len(new)-len(old)))
	done := 0 // bytes of s already copied
	for k := 0; k < n; k++ {
		at := done
		if len(old) == 0 {
			if k > 0 {
				_, w := decodeRune(s[done:])
				at += w
			}
		} else {
			at += Index(s[done:], old)
		}
		out = append(out, s[done:at]...)
		out = append(out, new...)
		done = at + len(old)
	}
	return append(out, s[done:]...)
}

// ReplaceAll returns a copy of s with every non-overlapping old replaced by new.
func ReplaceAll(s, old, new []byte) []byte { return Replace(s, old, new, -1) }

// ---- case mapping ----

func isASCII(s []byte) bool {
	for _, c := range s {
		if c >= runeSelf {
			return false
		}
	}
	return true
}

// ToUpper returns a copy of s with all runes mapped to upper case.
func ToUpper(s []byte) []byte {
	if !isASCII(s) {
		return Map(func(r rune) rune { return unicode.ToUpper(r) }, s)
	}
	out := make([]byte, len(s))
	for i, c := range s {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// ToLower returns a copy of s with all runes mapped to lower case.
func ToLower(s []byte) []byte {
	if !isASCII(s) {
		return Map(func(r rune) rune { return unicode.ToLower(r) }, s)
	}
	out := make([]byte, len(s))
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// ToTitle returns a copy of s with all runes mapped to title case.
func ToTitle(s []byte) []byte {
	return Map(func(r rune) rune { return unicode.ToTitle(r) }, s)
}

// ToValidUTF8 returns a copy of s with each run of invalid UTF-8 replaced by
// replacement.
func ToValidUTF8(s, replacement []byte) []byte {
	out := make([]byte, 0, len(s)+len(replacement))
	inBad := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < runeSelf {
			out = append(out, c)
			i++
			inBad = false
			continue
		}
		_, w := decodeRune(s[i:])
		if w == 1 {
			if !inBad {
				out = append(out, replacement...)
				inBad = true
			}
		} else {
			out = append(out, s[i:i+w]...)
			inBad = false
		}
		i += w
	}
	return out
}

// wordBoundary reports whether r separates words for Title.
func wordBoundary(r rune) bool {
	if r < runeSelf {
		c := byte(r)
		isWordChar := ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c == '_'
		return !isWordChar
	}
	// Beyond ASCII only white space separates (letters and digits are never
	// white space, so no separate test for them is needed).
	return unicode.IsSpace(r)
}

// Title returns a copy of s with the first letter of each word in title case.
// (Deprecated in Go: it does not handle Unicode punctuation properly.)
func Title(s []byte) []byte {
	prev := ' '
	return Map(func(r rune) rune {
		wasBoundary := wordBoundary(prev)
		prev = r
		if wasBoundary {
			return unicode.ToTitle(r)
		}
		return r
	}, s)
}

// ---- trimming ----

// TrimLeftFunc drops the leading runes of s that satisfy f (nil if all do).
func TrimLeftFunc(s []byte, f func(r rune) bool) []byte {
	i := firstWhere(s, f, false)
	if i < 0 {
		return nil
	}
	return s[i:]
}

// TrimRightFunc drops the trailing runes of s that satisfy f.
func TrimRightFunc(s []byte, f func(r rune) bool) []byte {
	i := lastWhere(s, f, false)
	if i < 0 {
		return s[:0]
	}
	_, w := decodeRune(s[i:])
	return s[:i+w]
}

// TrimFunc drops the leading and trailing runes of s that satisfy f.
func TrimFunc(s []byte, f func(r rune) bool) []byte {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// Trim drops the leading and trailing runes of s that are in cutset.
func Trim(s []byte, cutset string) []byte {
	if len(s) == 0 {
		return nil
	}
	if cutset == "" {
		return s
	}
	return TrimRight(TrimLeft(s, cutset), cutset)
}

// TrimLeft drops the leading runes of s that are in cutset (nil if all are).
func TrimLeft(s []byte, cutset string) []byte {
	if len(s) == 0 {
		return nil
	}
	if cutset == "" {
		return s
	}
	for len(s) > 0 {
		r, w := decodeRune(s)
		if !stringHasRune(cutset, r) {
			return s
		}
		s = s[w:]
	}
	return nil
}

// TrimRight drops the trailing runes of s that are in cutset.
func TrimRight(s []byte, cutset string) []byte {
	if len(s) == 0 || cutset == "" {
		return s
	}
	for len(s) > 0 {
		r, w := decodeLastRune(s)
		if !stringHasRune(cutset, r) {
			break
		}
		s = s[:len(s)-w]
	}
	return s
}

// TrimSpace drops leading and trailing Unicode white space (nil if s is all
// space).
func TrimSpace(s []byte) []byte {
	start := firstWhere(s, isSpaceRune, false)
	if start < 0 {
		return nil
	}
	return TrimRightFunc(s[start:], isSpaceRune)
}

// TrimPrefix returns s without the leading prefix (s itself if absent).
func TrimPrefix(s, prefix []byte) []byte {
	if HasPrefix(s, prefix) {
		return s[len(prefix):]
	}
	return s
}

// TrimSuffix returns s without the trailing suffix (s itself if absent).
func TrimSuffix(s, suffix []byte) []byte {
	if HasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

// ---- Buffer ----

// MinRead is the smallest slice ReadFrom passes to a Read call.
const MinRead = 512

// smallBufferSize is the capacity of a buffer's first allocation.
const smallBufferSize = 64

// ErrTooLarge is the panic value when a Buffer cannot grow.
var ErrTooLarge = errors.New("bytes.Buffer: too large")

var errNegativeRead = errors.New("bytes.Buffer: reader returned negative count from Read")

var errUnreadByte = errors.New("bytes.Buffer: UnreadByte: previous operation was not a successful read")

// What the last operation on a Buffer was, for UnreadByte / UnreadRune.
const (
	lastOther = 0  // not a read: no unread possible
	lastRead  = -1 // a read of bytes: UnreadByte possible
	// 1..4: a ReadRune of that many bytes: UnreadRune and UnreadByte possible
)

// A Buffer is a growable byte buffer with Read and Write methods. The zero
// value is an empty buffer ready to use.
type Buffer struct {
	buf  []byte // data is buf[off:len(buf)]
	off  int    // read position
	last int    // lastOther, lastRead or the size of the last ReadRune
}

// NewBuffer returns a Buffer whose initial contents are buf (the Buffer owns it).
func NewBuffer(buf []byte) *Buffer { return &Buffer{buf: buf} }

// NewBufferString returns a Buffer whose initial contents are the bytes of s.
func NewBufferString(s string) *Buffer { return &Buffer{buf: []byte(s)} }

// Bytes returns the unread portion of the buffer (aliasing it).
func (b *Buffer) Bytes() []byte { return b.buf[b.off:] }

// AvailableBuffer returns an empty slice with the buffer's free capacity,
// meant to be appended to and passed to the next Write.
func (b *Buffer) AvailableBuffer() []byte { return b.buf[len(b.buf):] }

// String returns the unread portion as a string ("<nil>" for a nil *Buffer).
func (b *Buffer) String() string {
	if b == nil {
		return "<nil>"
	}
	return string(b.buf[b.off:])
}

// Peek returns the next n bytes without consuming them; fewer than n come
// with io.EOF.
func (b *Buffer) Peek(n int) ([]byte, error) {
	if b.Len() < n {
		return b.buf[b.off:], io.EOF
	}
	return b.buf[b.off : b.off+n], nil
}

// Len is the number of unread bytes.
func (b *Buffer) Len() int { return len(b.buf) - b.off }

// Cap is the capacity of the buffer's storage.
func (b *Buffer) Cap() int { return cap(b.buf) }

// Available is the number of bytes that can be written without growing.
func (b *Buffer) Available() int { return cap(b.buf) - len(b.buf) }

// Truncate keeps only the first n unread bytes.
func (b *Buffer) Truncate(n int) {
	if n == 0 {
		b.Reset()
		return
	}
	b.last = lastOther
	if n < 0 || n > b.Len() {
		panic("bytes.Buffer: truncation out of range")
	}
	b.buf = b.buf[:b.off+n]
}

// Reset empties the buffer, keeping its storage.
func (b *Buffer) Reset() {
	b.buf = b.buf[:0]
	b.off = 0
	b.last = lastOther
}

// makeRoom makes space for n more bytes and extends buf by n; it returns the
// index where they go.
func (b *Buffer) makeRoom(n int) int {
	used := b.Len()
	if used == 0 && b.off != 0 {
		b.Reset()
	}
	end := len(b.buf)
	if n <= cap(b.buf)-end {
		b.buf = b.buf[:end+n]
		return end
	}
	if b.buf == nil && n <= smallBufferSize {
		b.buf = make([]byte, n, smallBufferSize)
		return 0
	}
	c := cap(b.buf)
	if used+n <= c/2 {
		// Plenty of room once the consumed bytes are dropped: move the data down.
		copy(b.buf, b.buf[b.off:])
	} else {
		if c > int(^uint(0)>>1)-c-n {
			panic(ErrTooLarge)
		}
		fresh := make([]byte, used, 2*c+n)
		copy(fresh, b.buf[b.off:])
		b.buf = fresh
	}
	b.off = 0
	b.buf = b.buf[:used+n]
	return used
}

// Grow makes sure at least n more bytes can be written without another
// allocation.
func (b *Buffer) Grow(n int) {
	if n < 0 {
		panic("bytes.Buffer.Grow: negative count")
	}
	at := b.makeRoom(n)
	b.buf = b.buf[:at]
}

// Write appends p to the buffer; err is always nil.
func (b *Buffer) Write(p []byte) (n int, err error) {
	b.last = lastOther
	at := b.makeRoom(len(p))
	return copy(b.buf[at:], p), nil
}

// WriteString appends the bytes of s to the buffer; err is always nil.
func (b *Buffer) WriteString(s string) (n int, err error) {
	b.last = lastOther
	at := b.makeRoom(len(s))
	return copy(b.buf[at:], s), nil
}

// WriteByte appends c to the buffer; it always returns nil.
func (b *Buffer) WriteByte(c byte) error {
	b.last = lastOther
	at := b.makeRoom(1)
	b.buf[at] = c
	return nil
}

// WriteRune appends the UTF-8 encoding of r and returns its length.
func (b *Buffer) WriteRune(r rune) (n int, err error) {
	b.last = lastOther
	enc := appendRune(nil, r)
	at := b.makeRoom(len(enc))
	return copy(b.buf[at:], enc), nil
}

// ReadFrom reads from r until io.EOF, appending to the buffer; it returns the
// number of bytes read and the first error other than io.EOF.
func (b *Buffer) ReadFrom(r io.Reader) (n int64, err error) {
	b.last = lastOther
	for {
		at := b.makeRoom(MinRead)
		b.buf = b.buf[:at]
		m, e := r.Read(b.buf[at:cap(b.buf)])
		if m < 0 {
			panic(errNegativeRead)
		}
		b.buf = b.buf[:at+m]
		n += int64(m)
		if e == io.EOF {
			return n, nil
		}
		if e != nil {
			return n, e
		}
	}
}

// WriteTo writes the unread data to w until the buffer is drained or w fails.
func (b *Buffer) WriteTo(w io.Writer) (n int64, err error) {
	b.last = lastOther
	if have := b.Len(); have > 0 {
		m, e := w.Write(b.buf[b.off:])
		if m > have {
			panic("bytes.Buffer.WriteTo: invalid Write count")
		}
		b.off += m
		n = int64(m)
		if e != nil {
			return n, e
		}
		if m != have {
			return n, io.ErrShortWrite
		}
	}
	b.Reset()
	return n, nil
}

// Read takes up to len(p) bytes from the buffer; at the end it returns io.EOF
// (unless len(p) == 0).
func (b *Buffer) Read(p []byte) (n int, err error) {
	b.last = lastOther
	if b.Len() == 0 {
		b.Reset()
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n = copy(p, b.buf[b.off:])
	b.off += n
	if n > 0 {
		b.last = lastRead
	}
	return n, nil
}

// Next takes the next n bytes (fewer at the end) and returns them, aliasing
// the buffer.
func (b *Buffer) Next(n int) []byte {
	b.last = lastOther
	if have := b.Len(); n > have {
		n = have
	}
	out := b.buf[b.off : b.off+n]
	b.off += n
	if n > 0 {
		b.last = lastRead
	}
	return out
}

// ReadByte takes the next byte, or returns io.EOF.
func (b *Buffer) ReadByte() (byte, error) {
	if b.Len() == 0 {
		b.Reset()
		return 0, io.EOF
	}
	c := b.buf[b.off]
	b.off++
	b.last = lastRead
	return c, nil
}

// ReadRune takes the next UTF-8 encoded rune (U+FFFD, size 1 for an invalid
// byte), or returns io.EOF.
func (b *Buffer) ReadRune() (r rune, size int, err error) {
	if b.Len() == 0 {
		b.Reset()
		return 0, 0, io.EOF
	}
	r, size = decodeRune(b.buf[b.off:])
	b.off += size
	b.last = size
	return r, size, nil
}

// UnreadRune puts back the rune of the last ReadRune.
func (b *Buffer) UnreadRune() error {
	if b.last <= lastOther {
		return errors.New("bytes.Buffer: UnreadRune: previous operation was not a successful ReadRune")
	}
	if b.off >= b.last {
		b.off -= b.last
	}
	b.last = lastOther
	return nil
}

// UnreadByte puts back the last byte of the last successful read.
func (b *Buffer) UnreadByte() error {
	if b.last == lastOther {
		return errUnreadByte
	}
	b.last = lastOther
	if b.off > 0 {
		b.off--
	}
	return nil
}

// takeThrough consumes through the first delim (or to the end, with io.EOF)
// and returns the consumed bytes, aliasing the buffer.
func (b *Buffer) takeThrough(delim byte) ([]byte, error) {
	var err error
	end := len(b.buf)
	if i := IndexByte(b.buf[b.off:], delim); i >= 0 {
		end = b.off + i + 1
	} else {
		err = io.EOF
	}
	out := b.buf[b.off:end]
	b.off = end
	b.last = lastRead
	return out, err
}

// ReadBytes reads through the first delim and returns a copy of the bytes
// including it; without delim it returns the rest and io.EOF.
func (b *Buffer) ReadBytes(delim byte) (line []byte, err error) {
	part, err := b.takeThrough(delim)
	return append([]byte(nil), part...), err
}

// ReadString is ReadBytes returning a string.
func (b *Buffer) ReadString(delim byte) (line string, err error) {
	part, err := b.takeThrough(delim)
	return string(part), err
}

// ---- Reader ----

// A Reader reads from a byte slice (io.Reader, io.ReaderAt, io.Seeker,
// io.WriterTo, io.ByteScanner, io.RuneScanner). The zero value reads an empty
// slice.
type Reader struct {
	s        []byte
	i        int64 // read position
	prevRune int   // start of the last ReadRune, or -1
}

// NewReader returns a Reader reading from b.
func NewReader(b []byte) *Reader { return &Reader{b, 0, -1} }

// Len is the number of unread bytes.
func (r *Reader) Len() int {
	if r.i >= int64(len(r.s)) {
		return 0
	}
	return int(int64(len(r.s)) - r.i)
}

// Size is the length of the underlying slice.
func (r *Reader) Size() int64 { return int64(len(r.s)) }

// Reset makes r read from b from the start.
func (r *Reader) Reset(b []byte) { *r = Reader{b, 0, -1} }

// Read implements io.Reader.
func (r *Reader) Read(b []byte) (n int, err error) {
	if r.i >= int64(len(r.s)) {
		return 0, io.EOF
	}
	r.prevRune = -1
	n = copy(b, r.s[r.i:])
	r.i += int64(n)
	return n, nil
}

// ReadAt implements io.ReaderAt.
func (r *Reader) ReadAt(b []byte, off int64) (n int, err error) {
	if off < 0 {
		return 0, errors.New("bytes.Reader.ReadAt: negative offset")
	}
	if off >= int64(len(r.s)) {
		return 0, io.EOF
	}
	n = copy(b, r.s[off:])
	if n < len(b) {
		err = io.EOF
	}
	return n, err
}

// ReadByte implements io.ByteReader.
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
		return errors.New("bytes.Reader.UnreadByte: at beginning of slice")
	}
	r.prevRune = -1
	r.i--
	return nil
}

// ReadRune implements io.RuneReader.
func (r *Reader) ReadRune() (ch rune, size int, err error) {
	if r.i >= int64(len(r.s)) {
		r.prevRune = -1
		return 0, 0, io.EOF
	}
	r.prevRune = int(r.i)
	ch, size = decodeRune(r.s[r.i:])
	r.i += int64(size)
	return ch, size, nil
}

// UnreadRune steps back over the rune of the last ReadRune.
func (r *Reader) UnreadRune() error {
	if r.i <= 0 {
		return errors.New("bytes.Reader.UnreadRune: at beginning of slice")
	}
	if r.prevRune < 0 {
		return errors.New("bytes.Reader.UnreadRune: previous operation was not ReadRune")
	}
	r.i = int64(r.prevRune)
	r.prevRune = -1
	return nil
}

// Seek implements io.Seeker.
func (r *Reader) Seek(offset int64, whence int) (int64, error) {
	r.prevRune = -1
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		pos = r.i + offset
	case io.SeekEnd:
		pos = int64(len(r.s)) + offset
	default:
		return 0, errors.New("bytes.Reader.Seek: invalid whence")
	}
	if pos < 0 {
		return 0, errors.New("bytes.Reader.Seek: negative position")
	}
	r.i = pos
	return pos, nil
}

// WriteTo implements io.WriterTo.
func (r *Reader) WriteTo(w io.Writer) (n int64, err error) {
	r.prevRune = -1
	if r.i >= int64(len(r.s)) {
		return 0, nil
	}
	rest := r.s[r.i:]
	m, err := w.Write(rest)
	if m > len(rest) {
		panic("bytes.Reader.WriteTo: invalid Write count")
	}
	r.i += int64(m)
	n = int64(m)
	if m != len(rest) && err == nil {
		err = io.ErrShortWrite
	}
	return n, err
}

// Lines returns an iterator over the newline-terminated lines of s (each with
// its capacity clipped to its length); the last has no newline if s does not
// end with one.
func Lines(s []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for len(s) > 0 {
			var line []byte
			if i := IndexByte(s, '\n'); i >= 0 {
				line, s = s[:i+1:i+1], s[i+1:]
			} else {
				line, s = s, nil
			}
			if !yield(line[:len(line):len(line)]) {
				return
			}
		}
	}
}

// SplitSeq returns an iterator over the subslices of s separated by sep, as
// Split gives them.
func SplitSeq(s, sep []byte) iter.Seq[[]byte] {
	return splitSeq(s, sep, 0)
}

// SplitAfterSeq returns an iterator over the subslices of s after each sep, as
// SplitAfter gives them.
func SplitAfterSeq(s, sep []byte) iter.Seq[[]byte] {
	return splitSeq(s, sep, len(sep))
}

func splitSeq(s, sep []byte, sepSave int) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		if len(sep) == 0 {
			for len(s) > 0 {
				_, size := decodeRune(s)
				if !yield(s[:size:size]) {
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
			if !yield(frag[:len(frag):len(frag)]) {
				return
			}
			s = s[i+len(sep):]
		}
		yield(s[:len(s):len(s)])
	}
}

// FieldsSeq returns an iterator over the subslices of s around runs of white
// space, as Fields gives them.
func FieldsSeq(s []byte) iter.Seq[[]byte] {
	return FieldsFuncSeq(s, isSpaceRune)
}

// FieldsFuncSeq returns an iterator over the subslices of s around runs of
// runes c with f(c), as FieldsFunc gives them.
func FieldsFuncSeq(s []byte, f func(rune) bool) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		start := -1
		for i := 0; i < len(s); {
			r, size := decodeRune(s[i:])
			if f(r) {
				if start >= 0 {
					if !yield(s[start:i:i]) {
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
			yield(s[start:len(s):len(s)])
		}
	}
}

// ToUpperSpecial maps each rune of s to upper case by c, giving priority to its
// special mappings.
func ToUpperSpecial(c unicode.SpecialCase, s []byte) []byte { return Map(c.ToUpper, s) }

// ToLowerSpecial maps each rune of s to lower case by c.
func ToLowerSpecial(c unicode.SpecialCase, s []byte) []byte { return Map(c.ToLower, s) }

// ToTitleSpecial maps each rune of s to title case by c.
func ToTitleSpecial(c unicode.SpecialCase, s []byte) []byte { return Map(c.ToTitle, s) }
