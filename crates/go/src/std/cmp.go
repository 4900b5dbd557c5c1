package cmp

// Package cmp provides Go's cmp package: the Ordered constraint and the
// comparisons that order NaN before every other value.

// Ordered is the constraint of the types < orders: integers, floats and strings.
type Ordered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 |
		~string
}

// Less reports whether x is less than y; a NaN is less than any other value.
func Less[T Ordered](x, y T) bool {
	return (isNaN(x) && !isNaN(y)) || x < y
}

// Compare returns -1, 0 or +1 as x is less than, equal to or greater than y;
// a NaN is less than any other value and equal to another NaN.
func Compare[T Ordered](x, y T) int {
	xNaN := isNaN(x)
	yNaN := isNaN(y)
	if xNaN {
		if yNaN {
			return 0
		}
		return -1
	}
	if yNaN {
		return +1
	}
	if x < y {
		return -1
	}
	if x > y {
		return +1
	}
	return 0
}

// isNaN reports whether x is a NaN (only a float can be).
func isNaN[T Ordered](x T) bool {
	return x != x
}

// Or returns the first of its arguments that is not the zero value, or the
// zero value.
func Or[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}
