package fmt

import "errors"

type Stringer interface {
	String() string
}

func Println(a ...interface{}) (n int, err error)
func Printf(format string, a ...interface{}) (n int, err error)
func Print(a ...interface{}) (n int, err error)
func Sprintf(format string, a ...interface{}) string
func Sprint(a ...interface{}) string
func Sprintln(a ...interface{}) string

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
