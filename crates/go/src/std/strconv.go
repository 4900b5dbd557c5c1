package strconv

// Package strconv: conversions between strings and integers, booleans and floats, and
// Go-syntax quoting and unquoting of strings and runes. Itoa is a native, and
// so are the decimal float conversions formatFloat and parseFloat; everything else is
// plain Go on top of them.

import (
	"errors"
	"math"
	"unicode"
)

// IntSize is the size in bits of an int or uint value.
const IntSize = 32 << (^uint(0) >> 63)

// Itoa is FormatInt(int64(i), 10).
func Itoa(i int) string

// Atoi is ParseInt(s, 10, 0) converted to type int; its error is a *NumError
// whose Func is "Atoi".
func Atoi(s string) (int, error) {
	i, err := ParseInt(s, 10, 0)
	if ne, ok := err.(*NumError); ok {
		ne.Func = "Atoi"
	}
	return int(i), err
}

// formatFloat is Go's FormatFloat for the formats 'e', 'E', 'f', 'g' and 'G' (native).
func formatFloat(f float64, fmt byte, prec, bitSize int) string

// parseFloat converts [+-]digits[.digits][e[+-]digits], correctly rounded to bitSize
// bits; ok is false for any other syntax (native).
func parseFloat(s string, bitSize int) (f float64, ok bool)

// ErrRange indicates that a value is out of range for the target type.
var ErrRange = errors.New("value out of range")

// ErrSyntax indicates that a value does not have the right syntax for the target type.
var ErrSyntax = errors.New("invalid syntax")

// A NumError records a failed conversion.
type NumError struct {
	Func string // the failing function (ParseBool, ParseInt, ParseUint, ParseFloat, ParseComplex)
	Num  string // the input
	Err  error  // the reason the conversion failed (e.g. ErrRange, ErrSyntax, etc.)
}

func (e *NumError) Error() string {
	return "strconv." + e.Func + ": " + "parsing " + Quote(e.Num) + ": " + e.Err.Error()
}

func (e *NumError) Unwrap() error { return e.Err }

func syntaxError(fn, s string) *NumError { return &NumError{fn, s, ErrSyntax} }

func rangeError(fn, s string) *NumError { return &NumError{fn, s, ErrRange} }

// --- booleans ---

// ParseBool accepts 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False.
func ParseBool(str string) (bool, error) {
	switch str {
	case "1", "t", "T", "TRUE", "true", "True":
		return true, nil
	case "0", "f", "F", "FALSE", "false", "False":
		return false, nil
	}
	return false, syntaxError("ParseBool", str)
}

// FormatBool returns "true" or "false".
func FormatBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// AppendBool appends "true" or "false" to dst.
func AppendBool(dst []byte, b bool) []byte {
	return append(dst, FormatBool(b)...)
}

// --- integers ---

const digitChars = "0123456789abcdefghijklmnopqrstuvwxyz"

// FormatUint returns i in the given base (2 to 36), with lower-case letters for
// digits >= 10.
func FormatUint(i uint64, base int) string {
	if base < 2 || base > 36 {
		panic("strconv: illegal AppendInt/FormatInt base")
	}
	return string(uintDigits(nil, i, base))
}

// FormatInt returns i in the given base (2 to 36), with lower-case letters for
// digits >= 10.
func FormatInt(i int64, base int) string {
	if base < 2 || base > 36 {
		panic("strconv: illegal AppendInt/FormatInt base")
	}
	if i < 0 {
		return string(uintDigits([]byte{'-'}, uint64(-i), base))
	}
	return string(uintDigits(nil, uint64(i), base))
}

// AppendInt appends FormatInt(i, base) to dst.
func AppendInt(dst []byte, i int64, base int) []byte {
	return append(dst, FormatInt(i, base)...)
}

// AppendUint appends FormatUint(i, base) to dst.
func AppendUint(dst []byte, i uint64, base int) []byte {
	return append(dst, FormatUint(i, base)...)
}

// uintDigits appends the digits of u in base b to dst.
func uintDigits(dst []byte, u uint64, b int) []byte {
	var buf [64]byte
	n := len(buf)
	base := uint64(b)
	for {
		n--
		buf[n] = digitChars[u%base]
		u /= base
		if u == 0 {
			break
		}
	}
	return append(dst, buf[n:]...)
}

func lowerByte(c byte) byte { return c | ('x' - 'X') }

// digitValue is the value of c as a digit in bases up to 36, or 99.
func digitValue(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= lowerByte(c) && lowerByte(c) <= 'z':
		return uint64(lowerByte(c)-'a') + 10
	}
	return 99
}

// ParseUint is like ParseInt but for unsigned numbers; a sign prefix is not permitted.
func ParseUint(s string, base int, bitSize int) (uint64, error) {
	const fn = "ParseUint"
	if s == "" {
		return 0, syntaxError(fn, s)
	}
	whole := s
	prefixed := base == 0
	switch {
	case 2 <= base && base <= 36:
	case base == 0:
		base = 10
		if s[0] == '0' {
			if len(s) >= 3 && lowerByte(s[1]) == 'b' {
				base, s = 2, s[2:]
			} else if len(s) >= 3 && lowerByte(s[1]) == 'o' {
				base, s = 8, s[2:]
			} else if len(s) >= 3 && lowerByte(s[1]) == 'x' {
				base, s = 16, s[2:]
			} else {
				base, s = 8, s[1:]
			}
		}
	default:
		return 0, &NumError{fn, whole, errors.New("invalid base " + Itoa(base))}
	}
	if bitSize == 0 {
		bitSize = IntSize
	} else if bitSize < 0 || bitSize > 64 {
		return 0, &NumError{fn, whole, errors.New("invalid bit size " + Itoa(bitSize))}
	}
	var limit uint64 = 1<<uint(bitSize) - 1
	if bitSize == 64 {
		limit = 1<<64 - 1
	}
	b := uint64(base)
	var n uint64
	sawUnderscore := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' && prefixed {
			sawUnderscore = true
			continue
		}
		d := digitValue(c)
		if d >= b {
			return 0, syntaxError(fn, whole)
		}
		// n*b + d must not exceed limit
		if d > limit || n > (limit-d)/b {
			return limit, rangeError(fn, whole)
		}
		n = n*b + d
	}
	if sawUnderscore && !underscoreOK(whole) {
		return 0, syntaxError(fn, whole)
	}
	return n, nil
}

// ParseInt interprets s in the given base (0, 2 to 36) and bit size (0 to 64); see Go's
// documentation for the rules of base 0 and for the errors.
func ParseInt(s string, base int, bitSize int) (i int64, err error) {
	const fn = "ParseInt"
	if s == "" {
		return 0, syntaxError(fn, s)
	}
	whole := s
	neg := false
	if s[0] == '+' {
		s = s[1:]
	} else if s[0] == '-' {
		neg = true
		s = s[1:]
	}
	u, e := ParseUint(s, base, bitSize)
	if e != nil && e.(*NumError).Err != ErrRange {
		ne := e.(*NumError)
		ne.Func = fn
		ne.Num = whole
		return 0, ne
	}
	if bitSize == 0 {
		bitSize = IntSize
	}
	edge := uint64(1) << uint(bitSize-1)
	if !neg && u >= edge {
		return int64(edge - 1), rangeError(fn, whole)
	}
	if neg && u > edge {
		return -int64(edge), rangeError(fn, whole)
	}
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

// underscoreOK reports whether the underscores in s (a number in Go syntax, with an
// optional sign and base prefix) each sit between two digits, or between the base
// prefix and a digit.
func underscoreOK(s string) bool {
	const (
		start = iota
		digit
		under
		other
	)
	last := start
	i := 0
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		i++
	}
	hex := false
	if len(s)-i >= 2 && s[i] == '0' {
		switch lowerByte(s[i+1]) {
		case 'x':
			hex = true
			fallthrough
		case 'b', 'o':
			i += 2
			last = digit // the prefix counts as a digit here
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		isDigit := '0' <= c && c <= '9' || hex && 'a' <= lowerByte(c) && lowerByte(c) <= 'f'
		switch {
		case isDigit:
			last = digit
		case c == '_':
			if last != digit {
				return false
			}
			last = under
		default:
			if last == under {
				return false
			}
			last = other
		}
	}
	return last != under
}

// --- printability ---

// IsPrint reports whether r is printable as Go defines it, as unicode.IsPrint does:
// letters, marks, numbers, punctuation, symbols and the ASCII space.
func IsPrint(r rune) bool {
	if r < 0x80 {
		return 0x20 <= r && r < 0x7f
	}
	return unicode.IsPrint(r)
}

// IsGraphic reports whether r is a graphic character by Unicode (categories L, M, N,
// P, S and Zs), as unicode.IsGraphic does.
func IsGraphic(r rune) bool {
	if r < 0x80 {
		return 0x20 <= r && r < 0x7f
	}
	return unicode.IsGraphic(r)
}

// --- quoting ---

const hexLower = "0123456789abcdef"

const (
	keepPrintable = iota // Quote: printable runes as they are
	keepASCII            // QuoteToASCII: printable ASCII only
	keepGraphic          // QuoteToGraphic: graphic runes as they are
)

func validRune(r rune) bool {
	return 0 <= r && r < 0xd800 || 0xdfff < r && r <= 0x10ffff
}

// appendEscaped appends r, which stands inside a literal quoted with q, in the
// given mode.
func appendEscaped(dst []byte, r rune, q byte, mode int) []byte {
	if r == rune(q) || r == '\\' {
		return append(dst, '\\', byte(r))
	}
	keep := false
	switch mode {
	case keepPrintable:
		keep = IsPrint(r)
	case keepASCII:
		keep = r < 0x80 && IsPrint(r)
	case keepGraphic:
		keep = IsGraphic(r)
	}
	if keep {
		return append(dst, string(r)...)
	}
	switch r {
	case '\a':
		return append(dst, '\\', 'a')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	case '\v':
		return append(dst, '\\', 'v')
	}
	if r < ' ' || r == 0x7f {
		return append(dst, '\\', 'x', hexLower[r>>4], hexLower[r&15])
	}
	if !validRune(r) {
		r = 0xfffd
	}
	if r < 0x10000 {
		dst = append(dst, '\\', 'u')
		for sh := 12; sh >= 0; sh -= 4 {
			dst = append(dst, hexLower[(r>>uint(sh))&15])
		}
		return dst
	}
	dst = append(dst, '\\', 'U')
	for sh := 28; sh >= 0; sh -= 4 {
		dst = append(dst, hexLower[(r>>uint(sh))&15])
	}
	return dst
}

func appendQuoted(dst []byte, s string, q byte, mode int) []byte {
	dst = append(dst, q)
	for _, r := range s {
		dst = appendEscaped(dst, r, q, mode)
	}
	return append(dst, q)
}

func appendQuotedRune(dst []byte, r rune, mode int) []byte {
	if !validRune(r) {
		r = 0xfffd
	}
	dst = append(dst, '\'')
	dst = appendEscaped(dst, r, '\'', mode)
	return append(dst, '\'')
}

// Quote returns s as a double-quoted Go string literal, with Go escapes for control
// and non-printable characters (as IsPrint defines them).
func Quote(s string) string { return string(appendQuoted(nil, s, '"', keepPrintable)) }

// AppendQuote appends Quote(s) to dst.
func AppendQuote(dst []byte, s string) []byte { return appendQuoted(dst, s, '"', keepPrintable) }

// QuoteToASCII is like Quote but escapes every non-ASCII character as well.
func QuoteToASCII(s string) string { return string(appendQuoted(nil, s, '"', keepASCII)) }

// AppendQuoteToASCII appends QuoteToASCII(s) to dst.
func AppendQuoteToASCII(dst []byte, s string) []byte {
	return appendQuoted(dst, s, '"', keepASCII)
}

// QuoteToGraphic is like Quote but keeps every graphic character (IsGraphic) as it is.
func QuoteToGraphic(s string) string { return string(appendQuoted(nil, s, '"', keepGraphic)) }

// AppendQuoteToGraphic appends QuoteToGraphic(s) to dst.
func AppendQuoteToGraphic(dst []byte, s string) []byte {
	return appendQuoted(dst, s, '"', keepGraphic)
}

// QuoteRune returns r as a single-quoted Go character literal; an invalid code point
// stands for U+FFFD.
func QuoteRune(r rune) string { return string(appendQuotedRune(nil, r, keepPrintable)) }

// AppendQuoteRune appends QuoteRune(r) to dst.
func AppendQuoteRune(dst []byte, r rune) []byte { return appendQuotedRune(dst, r, keepPrintable) }

// QuoteRuneToASCII is like QuoteRune but escapes a non-ASCII character as well.
func QuoteRuneToASCII(r rune) string { return string(appendQuotedRune(nil, r, keepASCII)) }

// AppendQuoteRuneToASCII appends QuoteRuneToASCII(r) to dst.
func AppendQuoteRuneToASCII(dst []byte, r rune) []byte {
	return appendQuotedRune(dst, r, keepASCII)
}

// QuoteRuneToGraphic is like QuoteRune but keeps a graphic character as it is.
func QuoteRuneToGraphic(r rune) string { return string(appendQuotedRune(nil, r, keepGraphic)) }

// AppendQuoteRuneToGraphic appends QuoteRuneToGraphic(r) to dst.
func AppendQuoteRuneToGraphic(dst []byte, r rune) []byte {
	return appendQuotedRune(dst, r, keepGraphic)
}

// CanBackquote reports whether s can be written unchanged as a single-line backquoted
// string with no control characters other than tab.
func CanBackquote(s string) bool {
	for _, r := range s {
		if r == '`' || r == 0x7f || r == 0xfeff || r < ' ' && r != '\t' {
			return false
		}
	}
	return true
}

// --- unquoting ---

// firstRune decodes the first rune of the (valid UTF-8) string s and its width.
func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0xfffd, 0
}

// UnquoteChar decodes the first character or byte of the escaped string or character
// literal s: its value, whether it needs a multibyte UTF-8 encoding, the rest of s,
// and ErrSyntax if it is not valid. quote is the kind of literal: for a single quote
// the escape \' is allowed and an unescaped ' is not; for a double quote the same
// holds for \" and ".
func UnquoteChar(s string, quote byte) (value rune, multibyte bool, tail string, err error) {
	if len(s) == 0 {
		return 0, false, "", ErrSyntax
	}
	c := s[0]
	if c == quote && (quote == '\'' || quote == '"') {
		return 0, false, "", ErrSyntax
	}
	if c >= 0x80 {
		r, w := firstRune(s)
		return r, true, s[w:], nil
	}
	if c != '\\' {
		return rune(c), false, s[1:], nil
	}
	if len(s) < 2 {
		return 0, false, "", ErrSyntax
	}
	e := s[1]
	if e >= 0x80 {
		return 0, false, "", ErrSyntax // (and s[2:] would cut a rune in two)
	}
	s = s[2:]
	switch e {
	case 'a':
		value = '\a'
	case 'b':
		value = '\b'
	case 'f':
		value = '\f'
	case 'n':
		value = '\n'
	case 'r':
		value = '\r'
	case 't':
		value = '\t'
	case 'v':
		value = '\v'
	case 'x', 'u', 'U':
		n := 2
		if e == 'u' {
			n = 4
		} else if e == 'U' {
			n = 8
		}
		if len(s) < n {
			return 0, false, "", ErrSyntax
		}
		var v rune
		for i := 0; i < n; i++ {
			d := digitValue(s[i])
			if d >= 16 {
				return 0, false, "", ErrSyntax
			}
			v = v<<4 | rune(d)
		}
		s = s[n:]
		if e == 'x' {
			value = v
			break
		}
		if !validRune(v) {
			return 0, false, "", ErrSyntax
		}
		value = v
		multibyte = true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		if len(s) < 2 {
			return 0, false, "", ErrSyntax
		}
		v := rune(e - '0')
		for i := 0; i < 2; i++ {
			if s[i] < '0' || s[i] > '7' {
				return 0, false, "", ErrSyntax
			}
			v = v*8 + rune(s[i]-'0')
		}
		if v > 255 {
			return 0, false, "", ErrSyntax
		}
		s = s[2:]
		value = v
	case '\\':
		value = '\\'
	case '\'', '"':
		if e != quote {
			return 0, false, "", ErrSyntax
		}
		value = rune(e)
	default:
		return 0, false, "", ErrSyntax
	}
	return value, multibyte, s, nil
}

// validUTF8 reports whether b is valid UTF-8.
func validUTF8(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		var n int
		var min rune
		switch {
		case c&0xe0 == 0xc0:
			n, min = 2, 0x80
		case c&0xf0 == 0xe0:
			n, min = 3, 0x800
		case c&0xf8 == 0xf0:
			n, min = 4, 0x10000
		default:
			return false
		}
		if i+n > len(b) {
			return false
		}
		r := rune(c) & (0x7f >> uint(n))
		for k := 1; k < n; k++ {
			if b[i+k]&0xc0 != 0x80 {
				return false
			}
			r = r<<6 | rune(b[i+k]&0x3f)
		}
		if r < min || !validRune(r) {
			return false
		}
		i += n
	}
	return true
}

// unquotePrefix reads the quoted literal at the start of in. It returns the literal
// itself (raw) or its value (!raw) and the rest of in.
func unquotePrefix(in string, raw bool) (out, rest string, err error) {
	if len(in) < 2 {
		return "", in, ErrSyntax
	}
	q := in[0]
	switch q {
	case '`':
		end := -1
		for i := 1; i < len(in); i++ {
			if in[i] == '`' {
				end = i
				break
			}
		}
		if end < 0 {
			return "", in, ErrSyntax
		}
		if raw {
			return in[:end+1], in[end+1:], nil
		}
		// carriage returns are dropped from raw string literals
		var buf []byte
		for i := 1; i < end; i++ {
			if in[i] != '\r' {
				buf = append(buf, in[i])
			}
		}
		return string(buf), in[end+1:], nil
	case '"', '\'':
		var buf []byte
		s := in[1:]
		count := 0
		for len(s) > 0 && s[0] != q {
			if s[0] == '\n' {
				return "", in, ErrSyntax
			}
			if q == '\'' && count == 1 {
				return "", in, ErrSyntax
			}
			r, multi, t, e := UnquoteChar(s, q)
			if e != nil {
				return "", in, ErrSyntax
			}
			s = t
			count++
			if multi {
				buf = append(buf, string(r)...)
			} else {
				buf = append(buf, byte(r))
			}
		}
		if len(s) == 0 {
			return "", in, ErrSyntax
		}
		s = s[1:]
		if raw {
			return in[:len(in)-len(s)], s, nil
		}
		if !validUTF8(buf) {
			panic("strconv.Unquote: a result that is not valid UTF-8 is not supported by the explorer")
		}
		return string(buf), s, nil
	}
	return "", in, ErrSyntax
}

// Unquote interprets s as a single-quoted, double-quoted or backquoted Go literal and
// returns its value (for a character literal, the one-character string; for an empty character literal, "").
func Unquote(s string) (string, error) {
	out, rest, err := unquotePrefix(s, false)
	if len(rest) > 0 {
		return "", ErrSyntax
	}
	return out, err
}

// QuotedPrefix returns the quoted string (as Unquote understands it) at the start of s.
func QuotedPrefix(s string) (string, error) {
	out, _, err := unquotePrefix(s, true)
	return out, err
}

// --- floats ---

// FormatFloat converts f to a string in the format fmt ('b', 'e', 'E', 'f', 'g', 'G',
// 'x' or 'X') with precision prec (-1: the fewest digits that read back exactly),
// rounding as if f were a float of bitSize bits (32 or 64).
func FormatFloat(f float64, fmt byte, prec, bitSize int) string {
	if bitSize != 32 && bitSize != 64 {
		panic("strconv: illegal FormatFloat bitSize")
	}
	return ftoa(f, fmt, prec, bitSize)
}

// AppendFloat appends FormatFloat(f, fmt, prec, bitSize) to dst.
func AppendFloat(dst []byte, f float64, fmt byte, prec, bitSize int) []byte {
	if bitSize != 32 && bitSize != 64 {
		panic("strconv: illegal AppendFloat bitSize")
	}
	return append(dst, ftoa(f, fmt, prec, bitSize)...)
}

func ftoa(f float64, fmt byte, prec, bitSize int) string {
	if bitSize == 32 {
		f = float64(float32(f))
	}
	if f != f {
		return "NaN"
	}
	if f > math.MaxFloat64 {
		return "+Inf"
	}
	if f < -math.MaxFloat64 {
		return "-Inf"
	}
	switch fmt {
	case 'e', 'E', 'f', 'g', 'G':
		return formatFloat(f, fmt, prec, bitSize)
	case 'b':
		return string(formatBinary(nil, f, bitSize))
	case 'x', 'X':
		return string(formatHex(nil, f, fmt, prec, bitSize))
	}
	if fmt >= 0x80 {
		panic("strconv.FormatFloat: a format byte that is not ASCII is not supported by the explorer")
	}
	return string([]byte{'%', fmt})
}

// floatParts splits finite f, as a float of bitSize bits, into its sign, its integer
// mantissa (implicit bit included) and the binary exponent of the mantissa's last bit.
func floatParts(f float64, bitSize int) (neg bool, mant uint64, exp int) {
	var fracBits uint
	var bias int
	var expField int
	if bitSize == 32 {
		b := math.Float32bits(float32(f))
		neg = b>>31 != 0
		fracBits, bias = 23, 127
		expField = int(b>>23) & 0xff
		mant = uint64(b) & (1<<23 - 1)
	} else {
		b := math.Float64bits(f)
		neg = b>>63 != 0
		fracBits, bias = 52, 1023
		expField = int(b>>52) & 0x7ff
		mant = b & (1<<52 - 1)
	}
	if expField == 0 {
		expField = 1 // subnormal: no implicit bit
	} else {
		mant |= 1 << fracBits
	}
	return neg, mant, expField - bias - int(fracBits)
}

// formatBinary appends the 'b' format of f: -ddddp±ddd.
func formatBinary(dst []byte, f float64, bitSize int) []byte {
	neg, mant, exp := floatParts(f, bitSize)
	if neg {
		dst = append(dst, '-')
	}
	dst = uintDigits(dst, mant, 10)
	dst = append(dst, 'p')
	if exp >= 0 {
		dst = append(dst, '+')
	}
	return append(dst, Itoa(exp)...)
}

// formatHex appends the 'x' or 'X' format of f: -0xh.hhhhp±dd.
func formatHex(dst []byte, f float64, fmt byte, prec, bitSize int) []byte {
	neg, mant, exp := floatParts(f, bitSize)
	// normalise: the leading 1 at bit 60, so 15 hex digits of fraction follow it
	if mant == 0 {
		exp = 0
	} else {
		for mant < 1<<60 {
			mant <<= 1
			exp--
		}
		exp += 60
	}
	if prec >= 0 && prec < 15 {
		drop := uint(60 - 4*prec)
		rest := mant & (1<<drop - 1)
		mant >>= drop
		half := uint64(1) << (drop - 1)
		if rest > half || rest == half && mant&1 == 1 {
			mant++
		}
		mant <<= drop
		if mant >= 1<<61 {
			mant >>= 1
			exp++
		}
	}
	digits := hexLower
	if fmt == 'X' {
		digits = "0123456789ABCDEF"
	}
	if neg {
		dst = append(dst, '-')
	}
	dst = append(dst, '0', fmt, digits[mant>>60])
	frac := mant & (1<<60 - 1)
	if prec < 0 {
		if frac != 0 {
			dst = append(dst, '.')
		}
		for frac != 0 {
			dst = append(dst, digits[frac>>56])
			frac = frac << 4 & (1<<60 - 1)
		}
	} else if prec > 0 {
		dst = append(dst, '.')
		for i := 0; i < prec; i++ {
			dst = append(dst, digits[frac>>56])
			frac = frac << 4 & (1<<60 - 1)
		}
	}
	if fmt == 'X' {
		dst = append(dst, 'P')
	} else {
		dst = append(dst, 'p')
	}
	if exp < 0 {
		dst = append(dst, '-')
		exp = -exp
	} else {
		dst = append(dst, '+')
	}
	if exp < 10 {
		dst = append(dst, '0')
	}
	return append(dst, Itoa(exp)...)
}

// ParseFloat converts s to the nearest float of bitSize bits (32 or 64; the result
// is a float64 either way). It accepts Go's decimal and hexadecimal float syntax
// (underscores between digits included), and "NaN", "Inf" and "Infinity" in any case,
// the last two with an optional sign.
func ParseFloat(s string, bitSize int) (float64, error) {
	const fn = "ParseFloat"
	if v, ok := parseSpecial(s); ok {
		if v != v && bitSize == 32 {
			// a float32 NaN widened to float64
			return math.Float64frombits(0x7ff8000000000000), nil
		}
		return v, nil
	}
	body := s
	neg := false
	if len(body) > 0 && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	for i := 0; i < len(body); i++ {
		if body[i] == '_' {
			if !underscoreOK(s) {
				return 0, syntaxError(fn, s)
			}
			var b []byte
			for k := 0; k < len(body); k++ {
				if body[k] != '_' {
					b = append(b, body[k])
				}
			}
			body = string(b)
			break
		}
	}
	var f float64
	var ok, overflow bool
	if len(body) > 2 && body[0] == '0' && lowerByte(body[1]) == 'x' {
		f, ok, overflow = parseHex(body[2:], bitSize)
	} else {
		f, ok, overflow = parseDecimal(body, bitSize)
	}
	if !ok {
		return 0, syntaxError(fn, s)
	}
	if neg {
		f = -f
	}
	if overflow {
		return f, rangeError(fn, s)
	}
	return f, nil
}

// parseSpecial recognises NaN and the signed infinities, ignoring case.
func parseSpecial(s string) (float64, bool) {
	lower := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower = append(lower, c)
	}
	switch string(lower) {
	case "nan":
		return math.NaN(), true
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), true
	case "-inf", "-infinity":
		return math.Inf(-1), true
	}
	return 0, false
}

// parseDecimal checks that s (unsigned, no underscores) is digits[.digits][e[+-]digits]
// with at least one mantissa digit, and converts it with the native parseFloat.
func parseDecimal(s string, bitSize int) (f float64, ok, overflow bool) {
	i := 0
	digits := 0
	var canon []byte
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	digits += i
	if i == 0 {
		canon = append(canon, '0')
	} else {
		canon = append(canon, s[:i]...)
	}
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		digits += i - j
		if i > j {
			canon = append(canon, '.')
			canon = append(canon, s[j:i]...)
		}
	}
	if digits == 0 {
		return 0, false, false
	}
	if i < len(s) && lowerByte(s[i]) == 'e' {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		j := i
		e := 0
		// beyond this bound the value is surely out of range or zero whatever the
		// digits are, so larger exponents are clamped to it
		bound := digits + 1000
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			if e < bound {
				e = e*10 + int(s[i]-'0')
			}
			i++
		}
		if i == j {
			return 0, false, false
		}
		if e > bound {
			e = bound
		}
		canon = append(canon, 'e')
		if eneg {
			canon = append(canon, '-')
		}
		canon = append(canon, Itoa(e)...)
	}
	if i != len(s) {
		return 0, false, false
	}
	f, ok = parseFloat(string(canon), bitSize)
	if !ok {
		return 0, false, false
	}
	if f > math.MaxFloat64 || f < -math.MaxFloat64 {
		return f, true, true
	}
	return f, true, false
}

// parseHex converts the part after "0x" of a hexadecimal float:
// hexdigits[.hexdigits]p[+-]digits, with at least one mantissa digit, exactly rounded
// to bitSize bits.
func parseHex(s string, bitSize int) (f float64, ok, overflow bool) {
	var mant uint64
	exp := 0 // the value is mant * 2**exp (times the exponent from the 'p' part)
	sticky := false
	digits := 0
	afterPoint := false
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if afterPoint {
				return 0, false, false
			}
			afterPoint = true
			continue
		}
		d := digitValue(c)
		if d >= 16 {
			break
		}
		digits++
		if mant < 1<<58 {
			mant = mant<<4 | d
			if afterPoint {
				exp -= 4
			}
		} else {
			// no room: the digit only matters as a nonzero tail
			if d != 0 {
				sticky = true
			}
			if !afterPoint {
				exp += 4
			}
		}
	}
	if digits == 0 || i == len(s) || lowerByte(s[i]) != 'p' {
		return 0, false, false
	}
	i++
	eneg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		eneg = s[i] == '-'
		i++
	}
	j := i
	e := 0
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		if e < 100000000 {
			e = e*10 + int(s[i]-'0')
		}
	}
	if i == j || i != len(s) {
		return 0, false, false
	}
	if eneg {
		e = -e
	}
	exp += e
	if mant == 0 {
		return 0, true, false
	}
	if exp > 100000000 {
		exp = 100000000
	} else if exp < -100000000 {
		exp = -100000000
	}
	// round mant * 2**exp to prec bits, no finer than 2**minExp
	prec, minExp, maxLen := 53, -1074, 1024
	if bitSize == 32 {
		prec, minExp, maxLen = 24, -149, 128
	}
	length := 0
	for m := mant; m != 0; m >>= 1 {
		length++
	}
	lsb := exp + length - prec
	if lsb < minExp {
		lsb = minExp
	}
	if shift := lsb - exp; shift > length {
		// below half of the smallest step: rounds to zero
		mant = 0
	} else if shift > 0 {
		// shift <= length <= 62: drop shift bits, rounding half to even
		kept := mant >> uint(shift)
		rest := mant & (1<<uint(shift) - 1)
		half := uint64(1) << uint(shift-1)
		if rest > half || rest == half && (sticky || kept&1 == 1) {
			kept++
		}
		mant = kept
		exp = lsb
		if mant == 1<<uint(prec) {
			mant >>= 1
			exp++
		}
	}
	if mant == 0 {
		return 0, true, false
	}
	length = 0
	for m := mant; m != 0; m >>= 1 {
		length++
	}
	if length+exp > maxLen {
		return math.Inf(1), true, true
	}
	return buildFloat(mant, exp), true, false
}

// buildFloat returns mant * 2**exp, a value a float64 represents exactly.
func buildFloat(mant uint64, exp int) float64 {
	for mant < 1<<52 && exp > -1074 {
		mant <<= 1
		exp--
	}
	if mant < 1<<52 {
		// subnormal
		return math.Float64frombits(mant)
	}
	for mant >= 1<<53 {
		mant >>= 1
		exp++
	}
	field := uint64(exp + 52 + 1023)
	return math.Float64frombits(field<<52 | mant&(1<<52-1))
}
