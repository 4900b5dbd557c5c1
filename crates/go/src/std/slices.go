package slices

// Package slices provides Go's slices package: generic functions over slices
// of any element type, their iterators, sorting (with the algorithms Go uses,
// so that equal elements end up where Go leaves them) and binary search.

import (
	"cmp"
	"iter"
)

// All returns an iterator over the index-value pairs of s, in order.
func All[Slice ~[]E, E any](s Slice) iter.Seq2[int, E] {
	return func(yield func(int, E) bool) {
		for i, v := range s {
			if !yield(i, v) {
				return
			}
		}
	}
}

// Backward returns an iterator over the index-value pairs of s, last first.
func Backward[Slice ~[]E, E any](s Slice) iter.Seq2[int, E] {
	return func(yield func(int, E) bool) {
		for i := len(s) - 1; i >= 0; i-- {
			if !yield(i, s[i]) {
				return
			}
		}
	}
}

// Values returns an iterator over the values of s, in order.
func Values[Slice ~[]E, E any](s Slice) iter.Seq[E] {
	return func(yield func(E) bool) {
		for _, v := range s {
			if !yield(v) {
				return
			}
		}
	}
}

// AppendSeq appends the values of seq to s and returns the extended slice.
func AppendSeq[Slice ~[]E, E any](s Slice, seq iter.Seq[E]) Slice {
	for v := range seq {
		s = append(s, v)
	}
	return s
}

// Collect collects the values of seq into a new slice (nil if there are none).
func Collect[E any](seq iter.Seq[E]) []E {
	return AppendSeq([]E(nil), seq)
}

// Sorted collects the values of seq into a new slice and sorts it.
func Sorted[E cmp.Ordered](seq iter.Seq[E]) []E {
	s := Collect(seq)
	Sort(s)
	return s
}

// SortedFunc collects the values of seq into a new slice and sorts it with cmp.
func SortedFunc[E any](seq iter.Seq[E], cmp func(E, E) int) []E {
	s := Collect(seq)
	SortFunc(s, cmp)
	return s
}

// SortedStableFunc collects the values of seq into a new slice and sorts it
// with cmp, keeping equal elements in the order seq gave them.
func SortedStableFunc[E any](seq iter.Seq[E], cmp func(E, E) int) []E {
	s := Collect(seq)
	SortStableFunc(s, cmp)
	return s
}

// Chunk returns an iterator over consecutive sub-slices of up to n elements
// of s (the last may be shorter); n must be at least 1.
func Chunk[Slice ~[]E, E any](s Slice, n int) iter.Seq[Slice] {
	if n < 1 {
		panic("cannot be less than 1")
	}
	return func(yield func(Slice) bool) {
		for i := 0; i < len(s); i += n {
			end := min(n, len(s[i:]))
			if !yield(s[i : i+end : i+end]) {
				return
			}
		}
	}
}

// Equal reports whether two slices have the same length and equal elements
// (NaNs are not equal).
func Equal[S ~[]E, E comparable](s1, s2 S) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := range s1 {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}

// EqualFunc reports whether two slices have the same length and eq holds for
// each pair of elements.
func EqualFunc[S1 ~[]E1, S2 ~[]E2, E1, E2 any](s1 S1, s2 S2, eq func(E1, E2) bool) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i, v1 := range s1 {
		if !eq(v1, s2[i]) {
			return false
		}
	}
	return true
}

// Compare compares the elements of s1 and s2 in order with cmp.Compare; the
// first difference decides, else the shorter slice is the smaller.
func Compare[S ~[]E, E cmp.Ordered](s1, s2 S) int {
	for i, v1 := range s1 {
		if i >= len(s2) {
			return +1
		}
		if c := cmp.Compare(v1, s2[i]); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}

// CompareFunc is Compare with a comparison function of the elements.
func CompareFunc[S1 ~[]E1, S2 ~[]E2, E1, E2 any](s1 S1, s2 S2, cmp func(E1, E2) int) int {
	for i, v1 := range s1 {
		if i >= len(s2) {
			return +1
		}
		if c := cmp(v1, s2[i]); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}

// Index returns the index of the first occurrence of v in s, or -1.
func Index[S ~[]E, E comparable](s S, v E) int {
	for i := range s {
		if v == s[i] {
			return i
		}
	}
	return -1
}

// IndexFunc returns the first index i with f(s[i]), or -1.
func IndexFunc[S ~[]E, E any](s S, f func(E) bool) int {
	for i := range s {
		if f(s[i]) {
			return i
		}
	}
	return -1
}

// Contains reports whether v is in s.
func Contains[S ~[]E, E comparable](s S, v E) bool {
	return Index(s, v) >= 0
}

// ContainsFunc reports whether at least one element e of s has f(e).
func ContainsFunc[S ~[]E, E any](s S, f func(E) bool) bool {
	return IndexFunc(s, f) >= 0
}

// Insert inserts the values v... into s at index i and returns the modified
// slice; it panics if i is out of range.
func Insert[S ~[]E, E any](s S, i int, v ...E) S {
	_ = s[i:] // bounds check

	m := len(v)
	if m == 0 {
		return s
	}
	n := len(s)
	if i == n {
		return append(s, v...)
	}
	if n+m > cap(s) {
		// a new array: the prefix, the values, the rest
		s2 := append(s[:i], make(S, n+m-i)...)
		copy(s2[i:], v)
		copy(s2[i+m:], s[i:])
		return s2
	}
	// v may be part of s: take a copy first, then move the tail
	vals := make([]E, m)
	copy(vals, v)
	s = s[:n+m]
	copy(s[i+m:], s[i:n])
	copy(s[i:], vals)
	return s
}

// Delete removes s[i:j] from s and returns the modified slice, zeroing the
// elements left past its new end; it panics if s[i:j] is not a valid slice.
func Delete[S ~[]E, E any](s S, i, j int) S {
	_ = s[i:j:len(s)] // bounds check

	if i == j {
		return s
	}
	oldlen := len(s)
	s = append(s[:i], s[j:]...)
	clear(s[len(s):oldlen])
	return s
}

// DeleteFunc removes the elements e of s with del(e), zeroing the elements
// left past the new end, and returns the modified slice.
func DeleteFunc[S ~[]E, E any](s S, del func(E) bool) S {
	i := IndexFunc(s, del)
	if i == -1 {
		return s
	}
	for j := i + 1; j < len(s); j++ {
		if v := s[j]; !del(v) {
			s[i] = v
			i++
		}
	}
	clear(s[i:])
	return s[:i]
}

// Replace replaces s[i:j] with the values v... and returns the modified
// slice; it panics if s[i:j] is not a valid slice.
func Replace[S ~[]E, E any](s S, i, j int, v ...E) S {
	_ = s[i:j] // bounds check

	if i == j {
		return Insert(s, i, v...)
	}
	if j == len(s) {
		s2 := append(s[:i], v...)
		if len(s2) < len(s) {
			clear(s[len(s2):])
		}
		return s2
	}
	tot := len(s[:i]) + len(v) + len(s[j:])
	if tot > cap(s) {
		s2 := append(s[:i], make(S, tot-i)...)
		copy(s2[i:], v)
		copy(s2[i+len(v):], s[j:])
		return s2
	}
	r := s[:tot]
	// copy through a new slice: v may be part of s
	tail := Clone(s[j:])
	vals := make([]E, len(v))
	copy(vals, v)
	copy(r[i:], vals)
	copy(r[i+len(vals):], tail)
	if tot < len(s) {
		clear(s[tot:])
	}
	return r
}

// Clone returns a copy of s (nil for nil).
func Clone[S ~[]E, E any](s S) S {
	if s == nil {
		return nil
	}
	return append(S([]E{}), s...)
}

// Compact replaces each run of equal elements by one, zeroing the elements
// left past the new end, and returns the modified slice.
func Compact[S ~[]E, E comparable](s S) S {
	if len(s) < 2 {
		return s
	}
	for k := 1; k < len(s); k++ {
		if s[k] == s[k-1] {
			s2 := s[k:]
			for k2 := 1; k2 < len(s2); k2++ {
				if s2[k2] != s2[k2-1] {
					s[k] = s2[k2]
					k++
				}
			}
			clear(s[k:])
			return s[:k]
		}
	}
	return s
}

// CompactFunc is Compact with eq deciding which neighbours are equal (the
// first of each run is kept).
func CompactFunc[S ~[]E, E any](s S, eq func(E, E) bool) S {
	if len(s) < 2 {
		return s
	}
	for k := 1; k < len(s); k++ {
		if eq(s[k], s[k-1]) {
			s2 := s[k:]
			for k2 := 1; k2 < len(s2); k2++ {
				if !eq(s2[k2], s2[k2-1]) {
					s[k] = s2[k2]
					k++
				}
			}
			clear(s[k:])
			return s[:k]
		}
	}
	return s
}

// Grow increases the capacity of s, if needed, so that n more elements fit
// without another allocation; n must not be negative.
func Grow[S ~[]E, E any](s S, n int) S {
	if n < 0 {
		panic("cannot be negative")
	}
	if n -= cap(s) - len(s); n > 0 {
		s = append(s[:cap(s)], make([]E, n)...)[:len(s)]
	}
	return s
}

// Clip removes the unused capacity of s.
func Clip[S ~[]E, E any](s S) S {
	return s[:len(s):len(s)]
}

// Concat returns a new slice of the elements of every slice given, in order.
func Concat[S ~[]E, E any](slices ...S) S {
	size := 0
	for _, s := range slices {
		size += len(s)
		if size < 0 {
			panic("len out of range")
		}
	}
	newslice := Grow[S](nil, size)
	for _, s := range slices {
		newslice = append(newslice, s...)
	}
	return newslice
}

// Repeat returns a new slice of x repeated count times; count must not be
// negative.
func Repeat[S ~[]E, E any](x S, count int) S {
	if count < 0 {
		panic("cannot be negative")
	}
	const maxInt = ^uint(0) >> 1
	if hi, lo := mulUint(uint(len(x)), uint(count)); hi > 0 || lo > maxInt {
		panic("the result of (len(x) * count) overflows")
	}
	newslice := make(S, int(uint(len(x))*uint(count)))
	n := copy(newslice, x)
	for n < len(newslice) {
		n += copy(newslice[n:], newslice[:n])
	}
	return newslice
}

// mulUint returns the 128-bit product of x and y as (hi, lo).
func mulUint(x, y uint) (hi, lo uint) {
	const mask32 = 1<<32 - 1
	x0 := x & mask32
	x1 := x >> 32
	y0 := y & mask32
	y1 := y >> 32
	w0 := x0 * y0
	t := x1*y0 + w0>>32
	w1 := t & mask32
	w2 := t >> 32
	w1 += x0 * y1
	hi = x1*y1 + w2 + w1>>32
	lo = x * y
	return
}

// Reverse reverses the elements of s in place.
func Reverse[S ~[]E, E any](s S) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// Min returns the smallest value of s (a NaN if there is one); it panics if s
// is empty.
func Min[S ~[]E, E cmp.Ordered](x S) E {
	if len(x) < 1 {
		panic("slices.Min: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		m = min(m, x[i])
	}
	return m
}

// MinFunc returns the first minimal value of s by cmp; it panics if s is empty.
func MinFunc[S ~[]E, E any](x S, cmp func(a, b E) int) E {
	if len(x) < 1 {
		panic("slices.MinFunc: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if cmp(x[i], m) < 0 {
			m = x[i]
		}
	}
	return m
}

// Max returns the largest value of s (a NaN if there is one); it panics if s
// is empty.
func Max[S ~[]E, E cmp.Ordered](x S) E {
	if len(x) < 1 {
		panic("slices.Max: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		m = max(m, x[i])
	}
	return m
}

// MaxFunc returns the first maximal value of s by cmp; it panics if s is empty.
func MaxFunc[S ~[]E, E any](x S, cmp func(a, b E) int) E {
	if len(x) < 1 {
		panic("slices.MaxFunc: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if cmp(x[i], m) > 0 {
			m = x[i]
		}
	}
	return m
}

// BinarySearch searches for target in the sorted slice x: the position where
// it is or would be inserted, and whether it is there.
func BinarySearch[S ~[]E, E cmp.Ordered](x S, target E) (int, bool) {
	n := len(x)
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp.Less(x[h], target) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && (x[i] == target || (x[i] != x[i] && target != target))
}

// BinarySearchFunc is BinarySearch with cmp comparing an element with target.
func BinarySearchFunc[S ~[]E, E, T any](x S, target T, cmp func(E, T) int) (int, bool) {
	n := len(x)
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp(x[h], target) < 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && cmp(x[i], target) == 0
}

// IsSorted reports whether x is in ascending order.
func IsSorted[S ~[]E, E cmp.Ordered](x S) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp.Less(x[i], x[i-1]) {
			return false
		}
	}
	return true
}

// IsSortedFunc reports whether x is in ascending order by cmp.
func IsSortedFunc[S ~[]E, E any](x S, cmp func(a, b E) int) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp(x[i], x[i-1]) < 0 {
			return false
		}
	}
	return true
}

// Sort sorts x in ascending order (NaNs first). Like sort.Sort, it is Go's
// pattern-defeating quicksort, making the same comparisons and swaps.
func Sort[S ~[]E, E cmp.Ordered](x S) {
	n := len(x)
	if n <= 1 {
		return
	}
	pdqRange([]E(x), 0, n, bitLength(n), cmp.Less[E])
}

// SortFunc sorts x in ascending order by cmp; it is not guaranteed to be
// stable (equal elements end up where Go's sort leaves them).
func SortFunc[S ~[]E, E any](x S, cmp func(a, b E) int) {
	n := len(x)
	if n <= 1 {
		return
	}
	pdqRange([]E(x), 0, n, bitLength(n), func(a, b E) bool { return cmp(a, b) < 0 })
}

// SortStableFunc sorts x by cmp, keeping equal elements in their order.
func SortStableFunc[S ~[]E, E any](x S, cmp func(a, b E) int) {
	less := func(a, b E) bool { return cmp(a, b) < 0 }
	data := []E(x)
	n := len(data)
	const block = 20
	for lo := 0; lo < n; lo += block {
		insertionSort(data, lo, min(lo+block, n), less)
	}
	for width := block; width < n; width *= 2 {
		for lo := 0; lo+width < n; lo += 2 * width {
			mergeRuns(data, lo, lo+width, min(lo+2*width, n), less)
		}
	}
}

// bitLength is the number of bits needed to write n (n > 0).
func bitLength(n int) int {
	bits := 0
	for u := uint(n); u != 0; u >>= 1 {
		bits++
	}
	return bits
}

// The sort below is package sort's (pattern-defeating quicksort), written over
// a slice and a less function.

const (
	pdqInsertionMax = 12
	pdqNintherMin   = 50
	pdqNearlyMin    = 50
	pdqNearlySteps  = 5
)

const (
	trendNone = iota
	trendAscending
	trendDescending
)

func pdqRange[E any](data []E, lo, hi, badLeft int, less func(a, b E) bool) {
	balanced := true
	untouched := true
	for {
		size := hi - lo
		if size <= pdqInsertionMax {
			insertionSort(data, lo, hi, less)
			return
		}
		if badLeft == 0 {
			heapSort(data, lo, hi, less)
			return
		}
		if !balanced {
			scramble(data, lo, hi)
			badLeft--
		}
		p, trend := pickPivot(data, lo, hi, less)
		if trend == trendDescending {
			reverseRange(data, lo, hi)
			p = lo + (hi - 1 - p)
			trend = trendAscending
		}
		if trend == trendAscending && balanced && untouched {
			if nearlySorted(data, lo, hi, less) {
				return
			}
		}
		if lo > 0 && !less(data[lo-1], data[p]) {
			lo = splitEqual(data, lo, hi, p, less)
			continue
		}
		m, same := splitAround(data, lo, hi, p, less)
		untouched = same
		left, right := m-lo, hi-m
		enough := size / 8
		if left < right {
			balanced = left >= enough
			pdqRange(data, lo, m, badLeft, less)
			lo = m + 1
		} else {
			balanced = right >= enough
			pdqRange(data, m+1, hi, badLeft, less)
			hi = m
		}
	}
}

func insertionSort[E any](data []E, lo, hi int, less func(a, b E) bool) {
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && less(data[j], data[j-1]); j-- {
			data[j], data[j-1] = data[j-1], data[j]
		}
	}
}

func med3[E any](data []E, x, y, z int, flips *int, less func(a, b E) bool) int {
	if less(data[y], data[x]) {
		x, y = y, x
		*flips++
	}
	if less(data[z], data[y]) {
		y, z = z, y
		*flips++
	}
	if less(data[y], data[x]) {
		x, y = y, x
		*flips++
	}
	return y
}

func pickPivot[E any](data []E, lo, hi int, less func(a, b E) bool) (int, int) {
	q := (hi - lo) / 4
	a, b, c := lo+q, lo+2*q, lo+3*q
	flips := 0
	if hi-lo >= pdqNintherMin {
		a = med3(data, a-1, a, a+1, &flips, less)
		b = med3(data, b-1, b, b+1, &flips, less)
		c = med3(data, c-1, c, c+1, &flips, less)
	}
	b = med3(data, a, b, c, &flips, less)
	switch flips {
	case 0:
		return b, trendAscending
	case 12:
		return b, trendDescending
	}
	return b, trendNone
}

func splitAround[E any](data []E, lo, hi, p int, less func(a, b E) bool) (mid int, same bool) {
	data[lo], data[p] = data[p], data[lo]
	l, r := lo+1, hi-1
	same = true
	for {
		for l <= r && less(data[l], data[lo]) {
			l++
		}
		for l <= r && !less(data[r], data[lo]) {
			r--
		}
		if l > r {
			break
		}
		data[l], data[r] = data[r], data[l]
		l++
		r--
		same = false
	}
	data[r], data[lo] = data[lo], data[r]
	return r, same
}

func splitEqual[E any](data []E, lo, hi, p int, less func(a, b E) bool) int {
	data[lo], data[p] = data[p], data[lo]
	l, r := lo+1, hi-1
	for {
		for l <= r && !less(data[lo], data[l]) {
			l++
		}
		for l <= r && less(data[lo], data[r]) {
			r--
		}
		if l > r {
			return l
		}
		data[l], data[r] = data[r], data[l]
		l++
		r--
	}
}

func nearlySorted[E any](data []E, lo, hi int, less func(a, b E) bool) bool {
	at := lo + 1
	for step := 0; step < pdqNearlySteps; step++ {
		for at < hi && !less(data[at], data[at-1]) {
			at++
		}
		if at == hi {
			return true
		}
		if hi-lo < pdqNearlyMin {
			return false
		}
		data[at], data[at-1] = data[at-1], data[at]
		if at-lo >= 2 {
			for k := at - 1; k > 0 && less(data[k], data[k-1]); k-- {
				data[k], data[k-1] = data[k-1], data[k]
			}
		}
		if hi-at >= 2 {
			for k := at + 1; k < hi && less(data[k], data[k-1]); k++ {
				data[k], data[k-1] = data[k-1], data[k]
			}
		}
	}
	return false
}

func scramble[E any](data []E, lo, hi int) {
	size := hi - lo
	if size < 8 {
		return
	}
	state := uint64(size)
	mask := uint(1)<<uint(bitLength(size)) - 1
	centre := lo + size/4*2
	for at := centre - 1; at <= centre+1; at++ {
		state ^= state << 13
		state ^= state >> 7
		state ^= state << 17
		k := int(uint(state) & mask)
		if k >= size {
			k -= size
		}
		data[at], data[lo+k] = data[lo+k], data[at]
	}
}

func heapSort[E any](data []E, lo, hi int, less func(a, b E) bool) {
	n := hi - lo
	for k := (n - 1) / 2; k >= 0; k-- {
		heapDown(data, lo, k, n, less)
	}
	for last := n - 1; last >= 0; last-- {
		data[lo], data[lo+last] = data[lo+last], data[lo]
		heapDown(data, lo, 0, last, less)
	}
}

func heapDown[E any](data []E, base, k, n int, less func(a, b E) bool) {
	for {
		c := 2*k + 1
		if c >= n {
			return
		}
		if c+1 < n && less(data[base+c], data[base+c+1]) {
			c++
		}
		if !less(data[base+k], data[base+c]) {
			return
		}
		data[base+k], data[base+c] = data[base+c], data[base+k]
		k = c
	}
}

func reverseRange[E any](data []E, lo, hi int) {
	for i, j := lo, hi-1; i < j; i, j = i+1, j-1 {
		data[i], data[j] = data[j], data[i]
	}
}

func rotate[E any](data []E, lo, mid, hi int) {
	if lo == mid || mid == hi {
		return
	}
	reverseRange(data, lo, mid)
	reverseRange(data, mid, hi)
	reverseRange(data, lo, hi)
}

func mergeRuns[E any](data []E, lo, mid, hi int, less func(a, b E) bool) {
	for lo < mid && mid < hi {
		if !less(data[mid], data[mid-1]) {
			return
		}
		if mid-lo == 1 && hi-mid == 1 {
			data[lo], data[mid] = data[mid], data[lo]
			return
		}
		if mid-lo >= hi-mid {
			i := lo + (mid-lo)/2
			s, e := mid, hi
			for s < e {
				m := s + (e-s)/2
				if less(data[m], data[i]) {
					s = m + 1
				} else {
					e = m
				}
			}
			j := s
			rotate(data, i, mid, j)
			p := i + (j - mid)
			mergeRuns(data, lo, i, p, less)
			lo, mid = p+1, j
		} else {
			j := mid + (hi-mid)/2
			s, e := lo, mid
			for s < e {
				m := s + (e-s)/2
				if less(data[j], data[m]) {
					e = m
				} else {
					s = m + 1
				}
			}
			i := s
			rotate(data, i, mid, j+1)
			p := i + (j - mid)
			mergeRuns(data, lo, i, p, less)
			lo, mid = p+1, j+1
		}
	}
}
