package errors

// Package errors provides Go's errors package: New, Is, As, AsType, Unwrap,
// Join and ErrUnsupported.

type errorString struct{ s string }

func (e *errorString) Error() string { return e.s }

// New returns an error whose Error method returns text; each call gives a
// distinct error.
func New(text string) error { return &errorString{text} }

// ErrUnsupported tells that an operation cannot be done because it is not
// supported.
var ErrUnsupported = New("unsupported operation")

// Unwrap returns the result of err's Unwrap() error method, or nil when err
// has no such method. It does not unwrap Unwrap() []error.
func Unwrap(err error) error {
	w, ok := err.(interface{ Unwrap() error })
	if !ok {
		return nil
	}
	return w.Unwrap()
}

// assignTo validates target as As does and, when err's dynamic type can be
// assigned to *target, stores err in *target and reports true (a native).
func assignTo(err error, target interface{}) bool

// comparable reports whether the dynamic type of x is comparable (a native).
func comparable(x interface{}) bool

// Is reports whether err or any error in its tree (followed through
// Unwrap() error and Unwrap() []error, depth first) equals target or has an
// Is(error) bool method reporting true for target.
func Is(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return isIn(err, target, comparable(target))
}

// isIn searches the tree rooted at err for target.
func isIn(err, target error, canCompare bool) bool {
	return walk(err, func(e error) bool {
		if canCompare && e == target {
			return true
		}
		m, ok := e.(interface{ Is(error) bool })
		return ok && m.Is(target)
	})
}

// walk visits the tree rooted at err depth first, through Unwrap() error and
// Unwrap() []error (nil entries skipped), and reports whether match reported
// true for an error in it (it stops there).
func walk(err error, match func(error) bool) bool {
	for {
		if match(err) {
			return true
		}
		switch w := err.(type) {
		case interface{ Unwrap() error }:
			err = w.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, e := range w.Unwrap() {
				if e != nil && walk(e, match) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// As finds the first error in err's tree (depth first, through Unwrap()
// error and Unwrap() []error) that is assignable to the value target points
// to, or whose As(any) bool method reports true, sets *target and reports
// true. target must be a non-nil pointer to an interface type or to a type
// that implements error; otherwise As panics.
func As(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	return asIn(err, target)
}

// asIn searches the tree rooted at err for an error matching target.
func asIn(err error, target any) bool {
	return walk(err, func(e error) bool {
		if assignTo(e, target) {
			return true
		}
		m, ok := e.(interface{ As(any) bool })
		return ok && m.As(target)
	})
}

// AsType finds the first error in err's tree (depth first, as As) that is of
// type E, or whose As(any) bool method reports true for a *E, and returns it
// with true; otherwise E's zero value and false.
func AsType[E error](err error) (E, bool) {
	var found E
	if err == nil {
		return found, false
	}
	var pe *E // made the first time an As method needs it
	ok := walk(err, func(e error) bool {
		if x, ok := e.(E); ok {
			found = x
			return true
		}
		if m, ok := e.(interface{ As(any) bool }); ok {
			if pe == nil {
				pe = new(E)
			}
			if m.As(pe) {
				found = *pe
				return true
			}
		}
		return false
	})
	return found, ok
}

// joinError is the error returned by Join.
type joinError struct {
	errs []error
}

// Error joins the texts of the wrapped errors with newlines.
func (e *joinError) Error() string {
	s := ""
	for k, err := range e.errs {
		if k > 0 {
			s += "\n"
		}
		s += err.Error()
	}
	return s
}

// Unwrap returns the wrapped errors.
func (e *joinError) Unwrap() []error { return e.errs }

// Join returns an error wrapping the non-nil errs (nil if there are none);
// its text is theirs joined by newlines.
func Join(errs ...error) error {
	var kept []error
	for _, err := range errs {
		if err != nil {
			kept = append(kept, err)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return &joinError{errs: kept}
}
