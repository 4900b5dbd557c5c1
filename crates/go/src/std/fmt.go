package fmt

// Package fmt: formatted printing (Print*, Sprint*, Fprint*, Append*, Errorf; the
// formatting itself is native) and formatted scanning (Scan*, Sscan*, Fscan*, written
// here in Go: see the "Scanning" section of Go's fmt documentation).

import (
	"errors"
	"io"
	"os"
	"strconv"
)

type Stringer interface {
	String() string
}

// GoStringer is what %#v prints by.
type GoStringer interface {
	GoString() string
}

func Println(a ...interface{}) (n int, err error)
func Printf(format string, a ...interface{}) (n int, err error)
func Print(a ...interface{}) (n int, err error)
func Sprintf(format string, a ...interface{}) string
func Sprint(a ...interface{}) string
func Sprintln(a ...interface{}) string

// Fprint, Fprintf and Fprintln format as Print, Printf and Println do and write the
// text to w in one Write call (os.Stdout's is a write(2), as Println's).
func Fprint(w io.Writer, a ...interface{}) (n int, err error) {
	return w.Write([]byte(Sprint(a...)))
}

func Fprintf(w io.Writer, format string, a ...interface{}) (n int, err error) {
	return w.Write([]byte(Sprintf(format, a...)))
}

func Fprintln(w io.Writer, a ...interface{}) (n int, err error) {
	return w.Write([]byte(Sprintln(a...)))
}

// Append, Appendf and Appendln format as Sprint, Sprintf and Sprintln do and append
// the text to b.
func Append(b []byte, a ...interface{}) []byte { return append(b, Sprint(a...)...) }

func Appendf(b []byte, format string, a ...interface{}) []byte {
	return append(b, Sprintf(format, a...)...)
}

func Appendln(b []byte, a ...interface{}) []byte { return append(b, Sprintln(a...)...) }

// Errorf formats as Sprintf does, %w as %v. With one %w operand that is an error the
// result is a *fmt.wrapError whose Unwrap returns it, with several a *fmt.wrapErrors,
// otherwise errors.New's *errors.errorString (fmt/errors.go).
func Errorf(format string, a ...interface{}) error {
	s := errorf(format, a...)
	var errs []error
	argi := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) {
			c := format[i]
			if c == '*' {
				argi++
			} else if !(c == '+' || c == '-' || c == '#' || c == ' ' || c == '.' || (c >= '0' && c <= '9')) {
				break
			}
			i++
		}
		if i >= len(format) || format[i] == '%' {
			continue
		}
		if format[i] == 'w' && argi < len(a) {
			if e, ok := a[argi].(error); ok {
				errs = append(errs, e)
			}
		}
		argi++
	}
	switch len(errs) {
	case 0:
		return errors.New(s)
	case 1:
		return &wrapError{s, errs[0]}
	}
	return &wrapErrors{s, errs}
}

func errorf(format string, a ...interface{}) string

type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }
func (e *wrapError) Unwrap() error { return e.err }

type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string   { return e.msg }
func (e *wrapErrors) Unwrap() []error { return e.errs }

// ---------------------------------------------------------------------------
// Scanning

// ScanState is the view of the input that a Scanner's Scan method gets.
type ScanState interface {
	// ReadRune reads the next rune; at the end of the input, or of the operand's
	// width, it returns io.EOF.
	ReadRune() (r rune, size int, err error)
	// UnreadRune pushes back the rune that the last ReadRune returned.
	UnreadRune() error
	// SkipSpace skips spaces (and newlines where the scan treats them as spaces).
	SkipSpace()
	// Token skips spaces if asked to, then returns the longest run of runes that
	// satisfy f (f == nil means "not a space"). The slice is reused by later calls.
	Token(skipSpace bool, f func(rune) bool) (token []byte, err error)
	// Width returns the operand's width from the format, if there is one.
	Width() (wid int, ok bool)
	// Read is there only to make a ScanState an io.Reader: it always fails.
	Read(buf []byte) (n int, err error)
}

// Scanner is implemented by a value that knows how to scan its own text. verb is
// the format verb of the operand ('v' for Scan, Scanln and their relatives).
type Scanner interface {
	Scan(state ScanState, verb rune) error
}

// Scan reads space-separated values from os.Stdin into the operands, newlines
// counting as spaces. It returns how many operands it filled and, if that is not
// all of them, an error that says why.
func Scan(a ...interface{}) (n int, err error) { return Fscan(os.Stdin, a...) }

// Scanln is Scan, except that a newline ends the input: it may not come before the
// last operand, and only spaces may come between that operand and it.
func Scanln(a ...interface{}) (n int, err error) { return Fscanln(os.Stdin, a...) }

// Scanf reads os.Stdin as the format string directs (see Fscanf).
func Scanf(format string, a ...interface{}) (n int, err error) {
	return Fscanf(os.Stdin, format, a...)
}

// Sscan is Scan reading from str.
func Sscan(str string, a ...interface{}) (n int, err error) {
	return newScanner(newStringRunes(str), true, false).scanAll(a)
}

// Sscanln is Scanln reading from str.
func Sscanln(str string, a ...interface{}) (n int, err error) {
	return newScanner(newStringRunes(str), false, true).scanAll(a)
}

// Sscanf is Fscanf reading from str. It need not use up all of str.
func Sscanf(str string, format string, a ...interface{}) (n int, err error) {
	return newScanner(newStringRunes(str), false, false).scanFormat(format, a)
}

// Fscan is Scan reading from r. When r is an io.RuneScanner (strings.Reader,
// bytes.Buffer, ...) runes are read and pushed back through it, so nothing past the
// scanned text is lost; any other reader is read one byte per Read call, and the one
// rune that the scan looks ahead at is then lost to the next call.
func Fscan(r io.Reader, a ...interface{}) (n int, err error) {
	return newScanner(runeSource(r), true, false).scanAll(a)
}

// Fscanln is Scanln reading from r (see Fscan about how r is read).
func Fscanln(r io.Reader, a ...interface{}) (n int, err error) {
	return newScanner(runeSource(r), false, true).scanAll(a)
}

// Fscanf reads r as the format string directs: a verb scans the next operand, other
// text must match the input, and spaces and newlines follow the rules of Go's fmt
// documentation (a newline in the format must meet a newline, or the end, of the
// input). See Fscan about how r is read.
func Fscanf(r io.Reader, format string, a ...interface{}) (n int, err error) {
	return newScanner(runeSource(r), false, false).scanFormat(format, a)
}

const (
	endOfInput = -1      // what getRune returns when no rune is left
	unlimited  = 1 << 30 // the width (and rune limit) when the format gives none
	intBits    = 32 << (^uint(0) >> 63)

	binDigits = "01"
	octDigits = "01234567"
	decDigits = "0123456789"
	hexDigits = "0123456789aAbBcCdDeEfF"
	signs     = "+-"
	floatOK   = "beEfFgGv"
)

// scanError carries an error of the scan up to the function that returns it.
type scanError struct {
	err error
}

// ss is the ScanState of one call of a scanning function.
type ss struct {
	in        io.RuneScanner
	buf       []byte // the text of the current token
	count     int    // runes read so far
	atEOF     bool   // the input (or, for Scanln, its line) has ended
	nlIsSpace bool   // a newline is a space (Scan, Fscan, Sscan)
	nlIsEnd   bool   // a newline ends the input (the ...ln functions)
	argLimit  int    // count may not grow past this while the operand is scanned
	maxWid    int    // the operand's width, or unlimited
}

func newScanner(in io.RuneScanner, nlIsSpace, nlIsEnd bool) *ss {
	return &ss{in: in, nlIsSpace: nlIsSpace, nlIsEnd: nlIsEnd, argLimit: unlimited, maxWid: unlimited}
}

// runeSource is r itself when it can read and unread runes, otherwise r read one
// byte at a time.
func runeSource(r io.Reader) io.RuneScanner {
	if rs, ok := r.(io.RuneScanner); ok {
		return rs
	}
	return &byteRunes{src: r}
}

func (s *ss) fail(err error)       { panic(scanError{err}) }
func (s *ss) failText(text string) { panic(scanError{errors.New(text)}) }

// catchScanError turns the panics of a failed scan into the error it returns.
func catchScanError(errp *error) {
	e := recover()
	if e == nil {
		return
	}
	if se, ok := e.(scanError); ok {
		*errp = se.err
		return
	}
	if err, ok := e.(error); ok && err == io.EOF {
		*errp = err
		return
	}
	panic(e)
}

// Read is part of ScanState only so that a ScanState is an io.Reader.
func (s *ss) Read(buf []byte) (n int, err error) {
	return 0, errors.New("ScanState's Read should not be called. Use ReadRune")
}

func (s *ss) ReadRune() (r rune, size int, err error) {
	if s.atEOF || s.count >= s.argLimit {
		return 0, 0, io.EOF
	}
	r, size, err = s.in.ReadRune()
	if err == nil {
		s.count++
		if r == '\n' && s.nlIsEnd {
			s.atEOF = true
		}
	} else if err == io.EOF {
		s.atEOF = true
	}
	return r, size, err
}

func (s *ss) UnreadRune() error {
	s.in.UnreadRune()
	s.atEOF = false
	s.count--
	return nil
}

func (s *ss) Width() (wid int, ok bool) {
	if s.maxWid == unlimited {
		return 0, false
	}
	return s.maxWid, true
}

// getRune reads a rune; at the end it returns endOfInput, on a read error it fails.
func (s *ss) getRune() rune {
	r, _, err := s.ReadRune()
	if err == io.EOF {
		return endOfInput
	}
	if err != nil {
		s.fail(err)
	}
	return r
}

// mustGetRune is getRune where the end of the input is io.ErrUnexpectedEOF.
func (s *ss) mustGetRune() rune {
	r := s.getRune()
	if r == endOfInput {
		s.fail(io.ErrUnexpectedEOF)
	}
	return r
}

// notEOF makes the scan end with io.EOF when nothing is left to read.
func (s *ss) notEOF() {
	if s.getRune() == endOfInput {
		panic(io.EOF)
	}
	s.UnreadRune()
}

// oneOf reports whether r is one of the runes of set.
func oneOf(r rune, set string) bool {
	for _, c := range set {
		if c == r {
			return true
		}
	}
	return false
}

// take reads the next rune and keeps it in the token if it is in set; otherwise it
// leaves it in the input.
func (s *ss) take(set string) bool {
	r := s.getRune()
	if r == endOfInput {
		return false
	}
	if oneOf(r, set) {
		s.buf = append(s.buf, string(r)...)
		return true
	}
	s.UnreadRune()
	return false
}

// takeAll takes runes of set as long as there are any.
func (s *ss) takeAll(set string) {
	for s.take(set) {
	}
}

// nextIs reports whether the next rune is in set, leaving it in the input.
func (s *ss) nextIs(set string) bool {
	r := s.getRune()
	if r == endOfInput {
		return false
	}
	s.UnreadRune()
	return oneOf(r, set)
}

// isSpace: Unicode white space (newlines included).
func isSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r == ' ', r == 0x85, r == 0xA0, r == 0x1680:
		return true
	case r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}

func notSpace(r rune) bool { return !isSpace(r) }

// SkipSpace skips white space. A newline (or \r\n) is skipped when newlines count
// as spaces and is an "unexpected newline" error otherwise.
func (s *ss) SkipSpace() {
	for {
		r := s.getRune()
		switch {
		case r == endOfInput:
			return
		case r == '\r' && s.nextIs("\n"):
			// the newline that follows decides
		case r == '\n':
			if !s.nlIsSpace {
				s.failText("unexpected newline")
			}
		case !isSpace(r):
			s.UnreadRune()
			return
		}
	}
}

// token appends to s.buf the runes that satisfy f, up to the first that does not.
func (s *ss) token(skipSpace bool, f func(rune) bool) []byte {
	if skipSpace {
		s.SkipSpace()
	}
	for {
		r := s.getRune()
		if r == endOfInput {
			break
		}
		if !f(r) {
			s.UnreadRune()
			break
		}
		s.buf = append(s.buf, string(r)...)
	}
	return s.buf
}

func (s *ss) Token(skipSpace bool, f func(rune) bool) (tok []byte, err error) {
	defer func() {
		if e := recover(); e != nil {
			se, ok := e.(scanError)
			if !ok {
				panic(e)
			}
			err = se.err
		}
	}()
	if f == nil {
		f = notSpace
	}
	s.buf = s.buf[:0]
	return s.token(skipSpace, f), nil
}

// verbFor fails unless verb is one of the verbs in ok, which suit a kind.
func (s *ss) verbFor(verb rune, ok, kind string) {
	if !oneOf(verb, ok) {
		s.failText("bad verb '%" + string(verb) + "' for " + kind)
	}
}

// scanAll scans the operands with %v, as Scan and Scanln do.
func (s *ss) scanAll(a []interface{}) (n int, err error) {
	defer catchScanError(&err)
	for _, arg := range a {
		s.scanOne('v', arg)
		n++
	}
	if s.nlIsEnd {
		// only spaces may remain before the newline (or the end)
		for {
			r := s.getRune()
			if r == '\n' || r == endOfInput {
				break
			}
			if !isSpace(r) {
				s.failText("expected newline")
			}
		}
	}
	return n, nil
}

// scanFormat does Fscanf's work: it alternates between matching the format's text
// against the input and scanning an operand for a verb.
func (s *ss) scanFormat(format string, a []interface{}) (n int, err error) {
	defer catchScanError(&err)
	f := []rune(format)
	for i := 0; i < len(f); {
		used := s.matchText(f[i:])
		if used > 0 {
			i += used
			continue
		}
		if f[i] != '%' { // used < 0: a rune of the format is not in the input
			s.failText("input does not match format")
		}
		// a verb: %, an optional width, the verb's rune
		var verbAt int
		s.maxWid, verbAt = verbWidth(f, i+1)
		verb := f[verbAt]
		i = verbAt + 1
		if verb != 'c' {
			s.SkipSpace()
		}
		if verb == '%' {
			s.literalPercent()
			continue
		}
		if n == len(a) {
			s.failText("too few operands for format '%" + string(f[verbAt:]) + "'")
		}
		s.argLimit = unlimited
		if s.maxWid != unlimited {
			s.argLimit = s.count + s.maxWid
		}
		s.scanOne(verb, a[n])
		s.argLimit = unlimited
		n++
	}
	if n < len(a) {
		s.failText("too many operands")
	}
	return n, nil
}

// verbWidth reads the decimal width that may follow a % at f[i:] (the format's
// last rune is always the verb, even if it is a digit). It returns the width, or
// unlimited, and where the verb is.
func verbWidth(f []rune, i int) (width, verbAt int) {
	last := len(f) - 1
	width = unlimited
	for ; i < last && f[i] >= '0' && f[i] <= '9'; i++ {
		if width == unlimited {
			width = 0
		} else if width > 1000000 { // absurdly wide: Go gives up on the width
			return unlimited, last
		}
		width = width*10 + int(f[i]-'0')
	}
	return width, i
}

// literalPercent scans the percent sign that %% asks for (after spaces).
func (s *ss) literalPercent() {
	s.SkipSpace()
	s.notEOF()
	if !s.take("%") {
		s.failText("missing literal %")
	}
}

// matchText matches the format's text f, up to its next verb, against the input.
// It returns how many runes of f it used: 0 when f starts with a verb, -1 when the
// input does not match.
func (s *ss) matchText(f []rune) int {
	used := 0
	for used < len(f) {
		c := f[used]
		if isSpace(c) {
			end := used + 1
			for end < len(f) && isSpace(f[end]) {
				end++
			}
			s.matchSpaces(f[used:end])
			used = end
			continue
		}
		if c == '%' {
			if used+1 == len(f) {
				s.failText("missing verb: % at end of format string")
			}
			if f[used+1] != '%' {
				return used
			}
			used++ // %% stands for a percent sign to match
		}
		if r := s.mustGetRune(); r != c {
			s.UnreadRune()
			return -1
		}
		used++
	}
	return used
}

// matchSpaces matches a run of spaces and newlines of the format. Each newline
// takes spaces and then a newline, or the end, of the input. Spaces after the last
// newline take the spaces that follow; spaces in a run with no newline must take at
// least one space, not a newline, unless the input has ended.
func (s *ss) matchSpaces(run []rune) {
	newlines := 0
	for _, c := range run {
		if c == '\n' {
			newlines++
		}
	}
	for k := 0; k < newlines; k++ {
		if r := s.skipBlanks(s.getRune()); r != '\n' && r != endOfInput {
			s.failText("newline in format does not match input")
		}
	}
	if run[len(run)-1] == '\n' {
		return
	}
	r := s.getRune()
	if newlines == 0 {
		if r == '\n' {
			s.failText("newline in input does not match format")
		}
		if r != endOfInput && !isSpace(r) {
			s.failText("expected space in input to match format")
		}
	}
	if s.skipBlanks(r) != endOfInput {
		s.UnreadRune()
	}
}

// skipBlanks reads on from r, a rune just read, past spaces other than newlines,
// and returns the first rune that is not one.
func (s *ss) skipBlanks(r rune) rune {
	for r != '\n' && isSpace(r) {
		r = s.getRune()
	}
	return r
}

// scanOne scans one operand.
func (s *ss) scanOne(verb rune, arg interface{}) {
	s.buf = s.buf[:0]
	if sc, ok := arg.(Scanner); ok {
		if err := sc.Scan(s, verb); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			s.fail(err)
		}
		return
	}
	switch p := arg.(type) {
	case *bool:
		*p = s.scanBool(verb)
	case *int:
		*p = int(s.scanInt(verb, intBits))
	case *int8:
		*p = int8(s.scanInt(verb, 8))
	case *int16:
		*p = int16(s.scanInt(verb, 16))
	case *int32:
		*p = int32(s.scanInt(verb, 32))
	case *int64:
		*p = s.scanInt(verb, 64)
	case *uint:
		*p = uint(s.scanUint(verb, intBits))
	case *uint8:
		*p = uint8(s.scanUint(verb, 8))
	case *uint16:
		*p = uint16(s.scanUint(verb, 16))
	case *uint32:
		*p = uint32(s.scanUint(verb, 32))
	case *uint64:
		*p = s.scanUint(verb, 64)
	case *uintptr:
		*p = uintptr(s.scanUint(verb, 64))
	case *float32:
		*p = float32(s.scanFloat(verb, 32, "float32"))
	case *float64:
		*p = s.scanFloat(verb, 64, "float64")
	case *string:
		b := s.scanText(verb)
		if (verb == 'x' || verb == 'X') && !validUTF8(b) {
			panic("fmt: scanning %x text that is not valid UTF-8 into a string is not supported by the explorer")
		}
		*p = string(b)
	case *[]byte:
		*p = s.scanText(verb)
	default:
		s.otherOperand(arg)
	}
}

// otherOperand handles an operand of a type scanOne does not know. Go scans pointers
// to named types of the basic kinds by reflection, which the explorer does not have:
// those are refused; other types get Go's errors.
func (s *ss) otherOperand(arg interface{}) {
	if arg == nil {
		panic("reflect: call of reflect.Value.Type on zero Value")
	}
	t := Sprintf("%T", arg)
	if t[0] != '*' {
		s.failText("type not a pointer: " + t)
	}
	elem := t[1:]
	maybe := false // whether Go might scan it after all
	if elem == "complex64" || elem == "complex128" {
		maybe = true
	} else if isNamed(elem) {
		if _, ok := arg.(GoStringer); ok {
			maybe = true
		} else if g := Sprintf("%#v", arg); g[0] == '&' {
			// a struct, array, slice or map: only a named []byte could be scanned
			rest := g[len(t):]
			maybe = rest == "(nil)" || rest == "{}" || hasPrefix(rest, "{0x")
		} else {
			maybe = true // a named basic type, or a named pointer, func, chan...
		}
	}
	if maybe {
		panic("fmt: scanning into a " + t + " is not supported by the explorer (only pointers to unnamed basic types, or Scanners, are)")
	}
	s.failText("can't scan type: " + t)
}

// isNamed reports whether the type spelt t is a named (defined) type.
func isNamed(t string) bool {
	for _, p := range []string{"*", "[", "<-", "map[", "struct {", "func(", "chan ", "interface {"} {
		if hasPrefix(t, p) {
			return false
		}
	}
	for k := 0; k < len(t); k++ {
		if t[k] == '.' {
			return true
		}
	}
	return false
}

func hasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && s[:len(prefix)] == prefix
}

func (s *ss) scanBool(verb rune) bool {
	s.SkipSpace()
	s.notEOF()
	s.verbFor(verb, "tv", "boolean")
	// 0, 1, or a prefix of true/false: t and f alone, or the whole word, any case
	var rest []string
	value := false
	switch s.getRune() {
	case '0':
		return false
	case '1':
		return true
	case 't', 'T':
		value, rest = true, []string{"rR", "uU", "eE"}
	case 'f', 'F':
		rest = []string{"aA", "lL", "sS", "eE"}
	default:
		return false
	}
	if s.take(rest[0]) {
		for _, set := range rest[1:] {
			if !s.take(set) {
				s.fail(errBool)
			}
		}
	}
	return value
}

var errBool = errors.New("syntax error scanning boolean")

// scanChar is %c: the next rune, whatever it is, which must fit bits (signed).
func (s *ss) scanChar(bits int) int64 {
	s.notEOF()
	r := s.getRune()
	if bits < 64 && int64(r) >= int64(1)<<uint(bits-1) {
		s.failText("overflow on character value " + string(r))
	}
	return int64(r)
}

// intToken reads an integer's text for verb and returns it with the base to give
// strconv (0 for %v, whose text may carry a base prefix and underscores).
func (s *ss) intToken(verb rune, signed bool) (tok string, base int) {
	s.SkipSpace()
	s.notEOF()
	s.verbFor(verb, "bdoUxXv", "integer")
	base, digits := 10, decDigits
	switch verb {
	case 'b':
		base, digits = 2, binDigits
	case 'o':
		base, digits = 8, octDigits
	case 'x', 'X', 'U':
		base, digits = 16, hexDigits
	}
	started := false // a digit (the 0 of a prefix) is in the token already
	if verb == 'U' {
		if s.getRune() != 'U' || s.getRune() != '+' {
			s.failText("bad unicode format ")
		}
	} else {
		if signed {
			s.take(signs)
		}
		if verb == 'v' {
			base, digits = 0, decDigits+"_"
			if s.nextIs("0") {
				s.take("0")
				started = true
				switch {
				case s.take("bB"):
					digits = binDigits + "_"
				case s.take("oO"):
					digits = octDigits + "_"
				case s.take("xX"):
					digits = hexDigits + "_"
				default: // a leading 0 alone means octal
					digits = octDigits + "_"
				}
			}
		}
	}
	if !started {
		s.notEOF()
		if !s.take(digits) {
			s.failText("expected integer")
		}
	}
	s.takeAll(digits)
	return string(s.buf), base
}

func (s *ss) scanInt(verb rune, bits int) int64 {
	if verb == 'c' {
		return s.scanChar(bits)
	}
	tok, base := s.intToken(verb, true)
	i, err := strconv.ParseInt(tok, base, 64)
	if err != nil {
		s.fail(err)
	}
	if bits < 64 {
		limit := int64(1) << uint(bits-1)
		if i < -limit || i >= limit {
			s.failText("integer overflow on token " + tok)
		}
	}
	return i
}

func (s *ss) scanUint(verb rune, bits int) uint64 {
	if verb == 'c' {
		return uint64(s.scanChar(bits))
	}
	tok, base := s.intToken(verb, false)
	u, err := strconv.ParseUint(tok, base, 64)
	if err != nil {
		s.fail(err)
	}
	if bits < 64 && u>>uint(bits) != 0 {
		s.failText("unsigned integer overflow on token " + tok)
	}
	return u
}

func (s *ss) scanFloat(verb rune, bits int, kind string) float64 {
	s.verbFor(verb, floatOK, kind)
	s.SkipSpace()
	s.notEOF()
	return s.toFloat(s.floatToken(), bits)
}

// takeWord takes the runes of sets, one from each, as long as they come; it
// reports whether all came.
func (s *ss) takeWord(sets ...string) bool {
	for _, set := range sets {
		if !s.take(set) {
			return false
		}
	}
	return true
}

// floatToken reads the text of a float: loosely, leaving its checking to strconv.
func (s *ss) floatToken() string {
	s.buf = s.buf[:0]
	if s.takeWord("nN", "aA", "nN") {
		return string(s.buf)
	}
	s.take(signs)
	if s.takeWord("iI", "nN", "fF") {
		return string(s.buf)
	}
	digits, exp := decDigits+"_", "eEpP"
	if s.takeWord("0", "xX") {
		digits, exp = hexDigits+"_", "pP"
	}
	s.takeAll(digits)
	if s.take(".") {
		s.takeAll(digits)
	}
	if s.take(exp) {
		s.take(signs)
		s.takeAll(decDigits + "_")
	}
	return string(s.buf)
}

// toFloat converts a float's text; a decimal mantissa may have a binary exponent
// (1.5p3 is 12), which strconv does not accept, so that case is done here.
func (s *ss) toFloat(text string, bits int) float64 {
	p, hex := -1, false
	for k := 0; k < len(text); k++ {
		switch text[k] {
		case 'p':
			if p < 0 {
				p = k
			}
		case 'x', 'X':
			hex = true
		}
	}
	if p < 0 || hex {
		f, err := strconv.ParseFloat(text, bits)
		if err != nil {
			s.fail(err)
		}
		return f
	}
	f, err := strconv.ParseFloat(text[:p], bits)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok {
			ne.Num = text
		}
		s.fail(err)
	}
	e, bad := atoiText(text[p+1:])
	if bad != nil {
		s.fail(&strconv.NumError{Func: "Atoi", Num: text, Err: bad})
	}
	return timesPow2(f, e)
}

// atoiText is strconv.Atoi's arithmetic for [+-]digits, with its error kinds.
func atoiText(t string) (int, error) {
	neg := false
	if len(t) > 0 && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	if len(t) == 0 {
		return 0, strconv.ErrSyntax
	}
	var u uint64
	for k := 0; k < len(t); k++ {
		c := t[k]
		if c < '0' || c > '9' {
			return 0, strconv.ErrSyntax
		}
		if u > (1<<63)/10 {
			return 0, strconv.ErrRange
		}
		u = u*10 + uint64(c-'0')
		if u > 1<<63 {
			return 0, strconv.ErrRange
		}
	}
	if neg {
		return int(-int64(u)), nil
	}
	if u == 1<<63 {
		return 0, strconv.ErrRange
	}
	return int(u), nil
}

// timesPow2 is f·2^e correctly rounded (math.Ldexp).
func timesPow2(f float64, e int) float64 {
	if f == 0 || f-f != 0 { // zero, infinite or NaN
		return f
	}
	for ; e > 0; e-- {
		f *= 2
		if f-f != 0 {
			return f
		}
	}
	if e == 0 {
		return f
	}
	// halve exactly while f stays a normal number, then round once
	smallest := 1.0 // 2^-1021: twice the least normal float64
	for k := 0; k < 1021; k++ {
		smallest /= 2
	}
	for e < 0 && (f >= 2*smallest || f <= -2*smallest) {
		f /= 2
		e++
	}
	if e < -1074 {
		return f * 0
	}
	scale := 1.0
	for ; e < 0; e++ {
		scale /= 2
	}
	return f * scale
}

// scanText scans an operand of type string or []byte (a fresh slice).
func (s *ss) scanText(verb rune) []byte {
	s.verbFor(verb, "svqxX", "string")
	s.SkipSpace()
	s.notEOF()
	switch verb {
	case 'q':
		return []byte(s.quoted())
	case 'x', 'X':
		s.hexBytes()
	default:
		s.token(true, notSpace)
	}
	b := make([]byte, len(s.buf))
	copy(b, s.buf)
	return b
}

// quoted scans a Go string literal, "double-quoted" with escapes or `raw`.
func (s *ss) quoted() string {
	s.notEOF()
	switch q := s.getRune(); q {
	case '`':
		for {
			r := s.mustGetRune()
			if r == '`' {
				return string(s.buf)
			}
			s.buf = append(s.buf, string(r)...)
		}
	case '"':
		s.buf = append(s.buf, '"')
		for {
			r := s.mustGetRune()
			s.buf = append(s.buf, string(r)...)
			if r == '"' {
				break
			}
			if r == '\\' {
				// whatever follows a backslash cannot end the literal
				s.buf = append(s.buf, string(s.mustGetRune())...)
			}
		}
		str, err := strconv.Unquote(string(s.buf))
		if err != nil {
			s.fail(err)
		}
		return str
	}
	s.failText("expected quoted string")
	return ""
}

func hexValue(r rune) (byte, bool) {
	switch {
	case r >= '0' && r <= '9':
		return byte(r - '0'), true
	case r >= 'a' && r <= 'f':
		return byte(r-'a') + 10, true
	case r >= 'A' && r <= 'F':
		return byte(r-'A') + 10, true
	}
	return 0, false
}

// hexBytes scans pairs of hex digits into s.buf, up to the first rune that does not
// start a pair.
func (s *ss) hexBytes() {
	s.notEOF()
	for {
		r := s.getRune()
		if r == endOfInput {
			break
		}
		hi, ok := hexValue(r)
		if !ok {
			s.UnreadRune()
			break
		}
		lo, ok := hexValue(s.mustGetRune())
		if !ok {
			s.failText("illegal hex digit")
		}
		s.buf = append(s.buf, hi<<4|lo)
	}
	if len(s.buf) == 0 {
		s.failText("no hex data for %x string")
	}
}

// ---------------------------------------------------------------------------
// Rune sources

// stringRunes reads the runes of a string.
type stringRunes struct {
	runes []rune
	pos   int
}

func newStringRunes(str string) *stringRunes { return &stringRunes{runes: []rune(str)} }

func (r *stringRunes) ReadRune() (rune, int, error) {
	if r.pos >= len(r.runes) {
		return 0, 0, io.EOF
	}
	c := r.runes[r.pos]
	r.pos++
	return c, len(string(c)), nil
}

func (r *stringRunes) UnreadRune() error {
	if r.pos == 0 {
		return errors.New("fmt: scanning called UnreadRune with no rune available")
	}
	r.pos--
	return nil
}

// byteRunes reads runes from a reader one byte per Read call, so that it takes no
// more bytes from the reader than the runes it returns (plus, after ill-formed
// UTF-8, the bytes that followed the bad one, which it keeps for the next rune).
type byteRunes struct {
	src     io.Reader
	kept    []byte // bytes read but not decoded yet
	last    rune
	lastLen int
	pushed  bool // UnreadRune gave last back
	canPush bool // there is a rune for UnreadRune to give back
}

func (b *byteRunes) readByte() (byte, error) {
	if len(b.kept) > 0 {
		c := b.kept[0]
		b.kept = b.kept[1:]
		return c, nil
	}
	var one [1]byte
	for {
		n, err := b.src.Read(one[:])
		if n == 1 {
			return one[0], nil
		}
		if err != nil {
			return 0, err
		}
	}
}

func (b *byteRunes) ReadRune() (rune, int, error) {
	if b.pushed {
		b.pushed, b.canPush = false, true
		return b.last, b.lastLen, nil
	}
	c, err := b.readByte()
	if err != nil {
		return 0, 0, err
	}
	seq := []byte{c}
	for !utf8Complete(seq) {
		c, err = b.readByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, 0, err
		}
		seq = append(seq, c)
	}
	r, size := utf8Decode(seq)
	if size < len(seq) {
		b.kept = append(append([]byte(nil), seq[size:]...), b.kept...)
	}
	b.last, b.lastLen, b.canPush = r, size, true
	return r, size, nil
}

func (b *byteRunes) UnreadRune() error {
	if !b.canPush {
		return errors.New("fmt: scanning called UnreadRune with no rune available")
	}
	b.pushed, b.canPush = true, false
	return nil
}

// utf8Lead describes a sequence's first byte: how many bytes the sequence has (0 if
// c cannot start one) and the range its second byte must be in.
func utf8Lead(c byte) (size int, lo, hi byte) {
	switch {
	case c < 0x80:
		return 1, 0, 0
	case c >= 0xC2 && c <= 0xDF:
		return 2, 0x80, 0xBF
	case c == 0xE0:
		return 3, 0xA0, 0xBF
	case c == 0xED:
		return 3, 0x80, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		return 3, 0x80, 0xBF
	case c == 0xF0:
		return 4, 0x90, 0xBF
	case c >= 0xF1 && c <= 0xF3:
		return 4, 0x80, 0xBF
	case c == 0xF4:
		return 4, 0x80, 0x8F
	}
	return 0, 0, 0
}

// utf8Bad reports whether byte k (k >= 1) of a sequence led by seq[0] is wrong.
func utf8Bad(seq []byte, k int) bool {
	_, lo, hi := utf8Lead(seq[0])
	if k > 1 {
		lo, hi = 0x80, 0xBF
	}
	return seq[k] < lo || seq[k] > hi
}

// utf8Complete reports whether seq is a whole sequence or already known to be bad.
func utf8Complete(seq []byte) bool {
	size, _, _ := utf8Lead(seq[0])
	if size <= 1 || len(seq) >= size {
		return true
	}
	for k := 1; k < len(seq); k++ {
		if utf8Bad(seq, k) {
			return true
		}
	}
	return false
}

// utf8Decode decodes the rune at the start of seq: U+FFFD, size 1 if ill-formed.
func utf8Decode(seq []byte) (rune, int) {
	size, _, _ := utf8Lead(seq[0])
	if size == 1 {
		return rune(seq[0]), 1
	}
	if size == 0 || len(seq) < size {
		return 0xFFFD, 1
	}
	r := rune(seq[0] & (0x7F >> uint(size)))
	for k := 1; k < size; k++ {
		if utf8Bad(seq, k) {
			return 0xFFFD, 1
		}
		r = r<<6 | rune(seq[k]&0x3F)
	}
	return r, size
}

// validUTF8 reports whether b is well-formed UTF-8.
func validUTF8(b []byte) bool {
	for len(b) > 0 {
		_, size := utf8Decode(b)
		if size == 1 && b[0] >= 0x80 {
			return false
		}
		b = b[size:]
	}
	return true
}
