package utf8

// Package utf8 encodes and decodes runes as UTF-8 byte sequences: the
// encoder, the decoders (from the front and from the back), rune counting
// and validity checks. Everything here is plain Go written for the explorer.

const (
	RuneError = '\uFFFD'     // the "error" rune, U+FFFD
	RuneSelf  = 0x80         // runes below RuneSelf are a single byte
	MaxRune   = '\U0010FFFF' // the largest valid Unicode code point
	UTFMax    = 4            // the longest UTF-8 encoding of a rune
)

// Surrogate halves are not valid runes.
const (
	surrogateLo = 0xD800
	surrogateHi = 0xDFFF
)

// seqLen reports the length of the sequence a leading byte announces and the
// valid range of the byte that follows it; 0 means b cannot start a sequence
// of more than one byte.
func seqLen(b byte) (n int, lo, hi byte) {
	switch {
	case b < 0xC2:
		return 0, 0, 0
	case b < 0xE0:
		return 2, 0x80, 0xBF
	case b == 0xE0:
		return 3, 0xA0, 0xBF
	case b == 0xED:
		return 3, 0x80, 0x9F
	case b < 0xF0:
		return 3, 0x80, 0xBF
	case b == 0xF0:
		return 4, 0x90, 0xBF
	case b < 0xF4:
		return 4, 0x80, 0xBF
	case b == 0xF4:
		return 4, 0x80, 0x8F
	}
	return 0, 0, 0
}

// decode is the shared decoder: at(i) gives the i-th byte of an input of
// length n.
func decodeBytes(p []byte) (rune, int) {
	n := len(p)
	if n == 0 {
		return RuneError, 0
	}
	b0 := p[0]
	if b0 < RuneSelf {
		return rune(b0), 1
	}
	want, lo, hi := seqLen(b0)
	if want == 0 || n < 2 || p[1] < lo || p[1] > hi {
		return RuneError, 1
	}
	var r rune
	switch want {
	case 2:
		r = rune(b0&0x1F)<<6 | rune(p[1]&0x3F)
	case 3:
		r = rune(b0&0x0F)<<12 | rune(p[1]&0x3F)<<6
	case 4:
		r = rune(b0&0x07)<<18 | rune(p[1]&0x3F)<<12
	}
	for k := 2; k < want; k++ {
		if k >= n || p[k] < 0x80 || p[k] > 0xBF {
			return RuneError, 1
		}
		r |= rune(p[k]&0x3F) << uint(6*(want-1-k))
	}
	return r, want
}

// DecodeRune returns the first rune of p and its width in bytes. It returns
// (RuneError, 0) for an empty p and (RuneError, 1) for an invalid encoding.
func DecodeRune(p []byte) (r rune, size int) {
	return decodeBytes(p)
}

// DecodeRuneInString is DecodeRune for a string.
func DecodeRuneInString(s string) (r rune, size int) {
	n := len(s)
	if n == 0 {
		return RuneError, 0
	}
	if s[0] < RuneSelf {
		return rune(s[0]), 1
	}
	if n > UTFMax {
		n = UTFMax
	}
	buf := make([]byte, n)
	for i := 0; i < n; i++ {
		buf[i] = s[i]
	}
	return decodeBytes(buf)
}

// lastStart finds where the last rune of an input of length n may begin,
// looking back at most UTFMax bytes for a byte that is not a continuation.
func lastStart(n int, at func(int) byte) int {
	lim := n - UTFMax
	if lim < 0 {
		lim = 0
	}
	start := n - 1
	for start > lim && !RuneStart(at(start)) {
		start--
	}
	return start
}

// DecodeLastRune returns the last rune of p and its width in bytes. It
// returns (RuneError, 0) for an empty p and (RuneError, 1) when the end of p
// is not a valid encoding.
func DecodeLastRune(p []byte) (r rune, size int) {
	n := len(p)
	if n == 0 {
		return RuneError, 0
	}
	if p[n-1] < RuneSelf {
		return rune(p[n-1]), 1
	}
	start := lastStart(n, func(i int) byte { return p[i] })
	r, size = decodeBytes(p[start:])
	if start+size != n {
		return RuneError, 1
	}
	return r, size
}

// DecodeLastRuneInString is DecodeLastRune for a string.
func DecodeLastRuneInString(s string) (r rune, size int) {
	n := len(s)
	if n == 0 {
		return RuneError, 0
	}
	if s[n-1] < RuneSelf {
		return rune(s[n-1]), 1
	}
	start := lastStart(n, func(i int) byte { return s[i] })
	buf := make([]byte, n-start)
	for i := range buf {
		buf[i] = s[start+i]
	}
	r, size = decodeBytes(buf)
	if size != len(buf) {
		return RuneError, 1
	}
	return r, size
}

// RuneLen returns how many bytes the UTF-8 encoding of r takes, or -1 when r
// is not a valid rune.
func RuneLen(r rune) int {
	switch {
	case r < 0:
		return -1
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r >= surrogateLo && r <= surrogateHi:
		return -1
	case r < 0x10000:
		return 3
	case r <= MaxRune:
		return 4
	}
	return -1
}

// EncodeRune writes the UTF-8 encoding of r into p (which must be large
// enough) and returns the number of bytes written. An invalid rune is
// written as RuneError.
func EncodeRune(p []byte, r rune) int {
	if r >= 0 && r < RuneSelf {
		p[0] = byte(r)
		return 1
	}
	if !ValidRune(r) {
		r = RuneError
	}
	switch RuneLen(r) {
	case 2:
		// Touch the last byte first so a short p panics before writing.
		p[1] = 0x80 | byte(r)&0x3F
		p[0] = 0xC0 | byte(r>>6)
		return 2
	case 3:
		p[2] = 0x80 | byte(r)&0x3F
		p[1] = 0x80 | byte(r>>6)&0x3F
		p[0] = 0xE0 | byte(r>>12)
		return 3
	}
	p[3] = 0x80 | byte(r)&0x3F
	p[2] = 0x80 | byte(r>>6)&0x3F
	p[1] = 0x80 | byte(r>>12)&0x3F
	p[0] = 0xF0 | byte(r>>18)
	return 4
}

// AppendRune appends the UTF-8 encoding of r to p and returns the result.
func AppendRune(p []byte, r rune) []byte {
	if r >= 0 && r < RuneSelf {
		return append(p, byte(r))
	}
	var buf [UTFMax]byte
	n := EncodeRune(buf[:], r)
	return append(p, buf[:n]...)
}

// fullPrefix reports whether the bytes p (a prefix of at most UTFMax bytes
// of some input) hold a complete rune or an invalid encoding.
func fullPrefix(p []byte) bool {
	if len(p) == 0 {
		return false
	}
	want, lo, hi := seqLen(p[0])
	if want == 0 || len(p) >= want {
		return true
	}
	// Too short: an invalid second byte already decides (as an error).
	if len(p) >= 2 && (p[1] < lo || p[1] > hi) {
		return true
	}
	if len(p) >= 3 && (p[2] < 0x80 || p[2] > 0xBF) {
		return true
	}
	return false
}

// FullRune reports whether p begins with a complete UTF-8 encoding of a
// rune; an invalid encoding counts as complete, since it decodes to an
// error rune of width 1.
func FullRune(p []byte) bool {
	if len(p) > UTFMax {
		p = p[:UTFMax]
	}
	return fullPrefix(p)
}

// FullRuneInString is FullRune for a string.
func FullRuneInString(s string) bool {
	n := len(s)
	if n > UTFMax {
		n = UTFMax
	}
	buf := make([]byte, n)
	for i := 0; i < n; i++ {
		buf[i] = s[i]
	}
	return fullPrefix(buf)
}

// RuneCount returns the number of runes in p; each invalid byte counts as
// one rune.
func RuneCount(p []byte) int {
	count := 0
	for i := 0; i < len(p); {
		if p[i] < RuneSelf {
			i++
		} else {
			_, size := decodeBytes(p[i:])
			i += size
		}
		count++
	}
	return count
}

// RuneCountInString returns the number of runes in s.
func RuneCountInString(s string) int {
	count := 0
	for range s {
		count++
	}
	return count
}

// RuneStart reports whether b can be the first byte of an encoded rune
// (that is, it is not a continuation byte).
func RuneStart(b byte) bool {
	return b&0xC0 != 0x80
}

// Valid reports whether p is entirely valid UTF-8.
func Valid(p []byte) bool {
	for i := 0; i < len(p); {
		if p[i] < RuneSelf {
			i++
			continue
		}
		r, size := decodeBytes(p[i:])
		if r == RuneError && size == 1 {
			return false
		}
		i += size
	}
	return true
}

// ValidString reports whether s is entirely valid UTF-8.
func ValidString(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < RuneSelf {
			i++
			continue
		}
		r, size := DecodeRuneInString(s[i:])
		if r == RuneError && size == 1 {
			return false
		}
		i += size
	}
	return true
}

// ValidRune reports whether r may be encoded as UTF-8: it must be in range
// and not a surrogate half.
func ValidRune(r rune) bool {
	if r < 0 || r > MaxRune {
		return false
	}
	return r < surrogateLo || r > surrogateHi
}
