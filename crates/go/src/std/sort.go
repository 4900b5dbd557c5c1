package sort

// Package sort provides Go's sort package: sorting and searching of any
// sort.Interface (Sort, Stable, IsSorted, Reverse), of slices through a
// less function (Slice, SliceStable, SliceIsSorted), binary search (Search,
// Find) and the helpers for []int, []float64 and []string.

// Interface is what Sort, Stable and IsSorted need of a collection.
type Interface interface {
	// Len is the number of elements.
	Len() int
	// Less reports whether element i must sort before element j.
	Less(i, j int) bool
	// Swap exchanges elements i and j.
	Swap(i, j int)
}

// Sort sorts data in ascending order as given by data.Less. It is not
// guaranteed to be stable. The algorithm is the one Go uses
// (pattern-defeating quicksort), carried out with the very same sequence of
// Less and Swap calls, so that equal elements end up in the same order as
// under Go.
func Sort(data Interface) {
	n := data.Len()
	if n <= 1 {
		return
	}
	pdqRange(data, 0, n, bitLength(n))
}

// bitLength is the number of bits needed to write n (n > 0).
func bitLength(n int) int {
	bits := 0
	for u := uint(n); u != 0; u >>= 1 {
		bits++
	}
	return bits
}

// Tuning constants of the unstable sort.
const (
	pdqInsertionMax = 12 // ranges this short are sorted by insertion
	pdqNintherMin   = 50 // from this length on the pivot is a median of medians
	pdqNearlyMin    = 50 // shorter ranges are never repaired by nearlySorted
	pdqNearlySteps  = 5  // misplaced pairs nearlySorted is allowed to repair
)

// What the pivot sample says about the range.
const (
	trendNone       = iota // mixed
	trendAscending         // all samples were in order
	trendDescending        // all samples were in reverse order
)

// pdqRange sorts data[lo:hi]. badLeft is how many badly unbalanced
// partitions are still tolerated before the range is heap sorted instead.
func pdqRange(data Interface, lo, hi, badLeft int) {
	balanced := true  // the previous split was not lopsided
	untouched := true // the previous split moved nothing
	for {
		size := hi - lo
		if size <= pdqInsertionMax {
			insertionSort(data, lo, hi)
			return
		}
		if badLeft == 0 {
			heapSort(data, lo, hi)
			return
		}
		if !balanced {
			// A lopsided split hints at an adversarial pattern: shuffle a
			// few elements and spend one unit of the budget.
			scramble(data, lo, hi)
			badLeft--
		}

		p, trend := pickPivot(data, lo, hi)
		if trend == trendDescending {
			// Every sample was reversed: turn the range around and follow
			// the pivot to its mirrored position.
			reverseRange(data, lo, hi)
			p = lo + (hi - 1 - p)
			trend = trendAscending
		}
		if trend == trendAscending && balanced && untouched {
			if nearlySorted(data, lo, hi) {
				return
			}
		}

		// The element just before the range is a pivot already placed, and
		// no element of the range is smaller. If the new pivot is not
		// bigger than it either, the pivot is the smallest value here:
		// gather its copies at the front and carry on with the rest.
		if lo > 0 && !data.Less(lo-1, p) {
			lo = splitEqual(data, lo, hi, p)
			continue
		}

		m, same := splitAround(data, lo, hi, p)
		untouched = same
		// Recurse into the shorter side, iterate over the longer one; the
		// pivot is counted with the right side.
		left, right := m-lo, hi-m
		enough := size / 8
		if left < right {
			balanced = left >= enough
			pdqRange(data, lo, m, badLeft)
			lo = m + 1
		} else {
			balanced = right >= enough
			pdqRange(data, m+1, hi, badLeft)
			hi = m
		}
	}
}

// insertionSort sorts data[lo:hi] by insertion; it is stable.
func insertionSort(data Interface, lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && data.Less(j, j-1); j-- {
			data.Swap(j, j-1)
		}
	}
}

// med3 sorts the three positions x, y, z by their values (only the names
// move, not the data) and returns the one holding the middle value. Each
// exchange made adds one to *flips.
func med3(data Interface, x, y, z int, flips *int) int {
	if data.Less(y, x) {
		x, y = y, x
		*flips++
	}
	if data.Less(z, y) {
		y, z = z, y
		*flips++
	}
	if data.Less(y, x) {
		x, y = y, x
		*flips++
	}
	return y
}

// pickPivot chooses the pivot position for data[lo:hi] (more than 12
// elements): the median of the elements at the quarter points, each of
// them first replaced by the median of itself and its two neighbours when
// the range is long. The trend tells whether the samples were all in order
// or all reversed.
func pickPivot(data Interface, lo, hi int) (int, int) {
	q := (hi - lo) / 4
	a, b, c := lo+q, lo+2*q, lo+3*q
	flips := 0
	if hi-lo >= pdqNintherMin {
		a = med3(data, a-1, a, a+1, &flips)
		b = med3(data, b-1, b, b+1, &flips)
		c = med3(data, c-1, c, c+1, &flips)
	}
	b = med3(data, a, b, c, &flips)
	switch flips {
	case 0:
		return b, trendAscending
	case 12: // four medians of three, all three exchanges in each
		return b, trendDescending
	}
	return b, trendNone
}

// splitAround partitions data[lo:hi] around the value at p: smaller
// elements go to the left of the returned position, the others to the
// right, and the pivot value itself lands on the returned position. same
// reports that no element had to move (besides the pivot).
func splitAround(data Interface, lo, hi, p int) (mid int, same bool) {
	data.Swap(lo, p) // park the pivot at lo
	l, r := lo+1, hi-1
	same = true
	for {
		for l <= r && data.Less(l, lo) {
			l++
		}
		for l <= r && !data.Less(r, lo) {
			r--
		}
		if l > r {
			break
		}
		data.Swap(l, r)
		l++
		r--
		same = false
	}
	data.Swap(r, lo)
	return r, same
}

// splitEqual moves the elements of data[lo:hi] equal to the value at p
// (none is smaller) to the front and returns where the bigger ones start.
func splitEqual(data Interface, lo, hi, p int) int {
	data.Swap(lo, p)
	l, r := lo+1, hi-1
	for {
		for l <= r && !data.Less(lo, l) {
			l++
		}
		for l <= r && data.Less(lo, r) {
			r--
		}
		if l > r {
			return l
		}
		data.Swap(l, r)
		l++
		r--
	}
}

// nearlySorted checks whether data[lo:hi] is sorted, and for longer ranges
// repairs up to a few misplaced neighbours on the way. It reports whether
// the range ended up sorted.
func nearlySorted(data Interface, lo, hi int) bool {
	at := lo + 1
	for step := 0; step < pdqNearlySteps; step++ {
		for at < hi && !data.Less(at, at-1) {
			at++
		}
		if at == hi {
			return true
		}
		if hi-lo < pdqNearlyMin {
			return false
		}
		data.Swap(at, at-1)
		// The smaller of the pair sinks leftwards as far as it must...
		if at-lo >= 2 {
			for k := at - 1; k > 0 && data.Less(k, k-1); k-- {
				data.Swap(k, k-1)
			}
		}
		// ...and the bigger one rises rightwards.
		if hi-at >= 2 {
			for k := at + 1; k < hi && data.Less(k, k-1); k++ {
				data.Swap(k, k-1)
			}
		}
	}
	return false
}

// scramble swaps the three elements around the middle of data[lo:hi] with
// pseudo-random partners. The generator is xorshift (shifts 13, 7, 17)
// seeded with the length, so the result is the same on every run.
func scramble(data Interface, lo, hi int) {
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
		data.Swap(at, lo+k)
	}
}

// heapSort sorts data[lo:hi] with a max-heap rooted at lo.
func heapSort(data Interface, lo, hi int) {
	n := hi - lo
	for k := (n - 1) / 2; k >= 0; k-- {
		heapDown(data, lo, k, n)
	}
	for last := n - 1; last >= 0; last-- {
		data.Swap(lo, lo+last)
		heapDown(data, lo, 0, last)
	}
}

// heapDown restores the max-heap property of data[base:base+n] from node k.
func heapDown(data Interface, base, k, n int) {
	for {
		c := 2*k + 1
		if c >= n {
			return
		}
		if c+1 < n && data.Less(base+c, base+c+1) {
			c++
		}
		if !data.Less(base+k, base+c) {
			return
		}
		data.Swap(base+k, base+c)
		k = c
	}
}

// Stable sorts data in ascending order as given by data.Less, keeping equal
// elements in their original order.
func Stable(data Interface) {
	n := data.Len()
	const block = 20
	for lo := 0; lo < n; lo += block {
		insertionSort(data, lo, min(lo+block, n))
	}
	for width := block; width < n; width *= 2 {
		for lo := 0; lo+width < n; lo += 2 * width {
			mergeRuns(data, lo, lo+width, min(lo+2*width, n))
		}
	}
}

// reverseRange reverses data[lo:hi].
func reverseRange(data Interface, lo, hi int) {
	for i, j := lo, hi-1; i < j; i, j = i+1, j-1 {
		data.Swap(i, j)
	}
}

// rotate turns data[lo:mid] + data[mid:hi] into data[mid:hi] + data[lo:mid].
func rotate(data Interface, lo, mid, hi int) {
	if lo == mid || mid == hi {
		return
	}
	reverseRange(data, lo, mid)
	reverseRange(data, mid, hi)
	reverseRange(data, lo, hi)
}

// mergeRuns merges the sorted runs data[lo:mid] and data[mid:hi] in place,
// stably (elements of the first run come first among equals).
func mergeRuns(data Interface, lo, mid, hi int) {
	for lo < mid && mid < hi {
		if !data.Less(mid, mid-1) {
			return // already in order
		}
		if mid-lo == 1 && hi-mid == 1 {
			data.Swap(lo, mid)
			return
		}
		if mid-lo >= hi-mid {
			// Split the left run at its middle element a; find where a
			// goes in the right run (after every element less than a).
			i := lo + (mid-lo)/2
			s, e := mid, hi
			for s < e {
				m := s + (e-s)/2
				if data.Less(m, i) {
					s = m + 1
				} else {
					e = m
				}
			}
			j := s
			rotate(data, i, mid, j)
			p := i + (j - mid)
			// Smaller part by recursion, the other by looping.
			mergeRuns(data, lo, i, p)
			lo, mid = p+1, j
		} else {
			// Split the right run at its middle element b; find where b
			// goes in the left run (after every element not greater).
			j := mid + (hi-mid)/2
			s, e := lo, mid
			for s < e {
				m := s + (e-s)/2
				if data.Less(j, m) {
					e = m
				} else {
					s = m + 1
				}
			}
			i := s
			rotate(data, i, mid, j+1)
			p := i + (j - mid)
			mergeRuns(data, lo, i, p)
			lo, mid = p+1, j+1
		}
	}
}

// IsSorted reports whether data is in ascending order.
func IsSorted(data Interface) bool {
	for i := data.Len() - 1; i > 0; i-- {
		if data.Less(i, i-1) {
			return false
		}
	}
	return true
}

// reverse flips the order of an Interface.
type reverse struct {
	Interface
}

// Less reports the embedded Less with its arguments exchanged.
func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

// Reverse returns data with its order reversed.
func Reverse(data Interface) Interface { return &reverse{data} }

// Search returns the smallest i in [0, n) for which f(i) is true, or n when
// there is none; f must be false and then true over [0, n).
func Search(n int, f func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if f(m) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// Find returns the smallest i in [0, n) with cmp(i) <= 0 (n if none), and
// whether cmp(i) == 0 there.
func Find(n int, cmp func(int) int) (i int, found bool) {
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if cmp(m) > 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < n && cmp(lo) == 0
}

// SearchInts returns the index of x in the sorted a, or where it would go.
func SearchInts(a []int, x int) int {
	return Search(len(a), func(i int) bool { return a[i] >= x })
}

// SearchFloat64s returns the index of x in the sorted a, or where it would go.
func SearchFloat64s(a []float64, x float64) int {
	return Search(len(a), func(i int) bool { return a[i] >= x })
}

// SearchStrings returns the index of x in the sorted a, or where it would go.
func SearchStrings(a []string, x string) int {
	return Search(len(a), func(i int) bool { return a[i] >= x })
}

// IntSlice attaches Interface's methods to []int (increasing order).
type IntSlice []int

func (x IntSlice) Len() int           { return len(x) }
func (x IntSlice) Less(i, j int) bool { return x[i] < x[j] }
func (x IntSlice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Sort sorts x in increasing order.
func (x IntSlice) Sort() { Sort(x) }

// Search returns SearchInts(x, v).
func (x IntSlice) Search(v int) int { return SearchInts(x, v) }

// Float64Slice attaches Interface's methods to []float64 (increasing order,
// NaNs before every other value).
type Float64Slice []float64

func (x Float64Slice) Len() int { return len(x) }

// Less orders NaNs first, then the other values increasingly.
func (x Float64Slice) Less(i, j int) bool {
	a, b := x[i], x[j]
	return a < b || (a != a && b == b)
}
func (x Float64Slice) Swap(i, j int) { x[i], x[j] = x[j], x[i] }

// Sort sorts x in increasing order, NaNs first.
func (x Float64Slice) Sort() { Sort(x) }

// Search returns SearchFloat64s(x, v).
func (x Float64Slice) Search(v float64) int { return SearchFloat64s(x, v) }

// StringSlice attaches Interface's methods to []string (increasing order).
type StringSlice []string

func (x StringSlice) Len() int           { return len(x) }
func (x StringSlice) Less(i, j int) bool { return x[i] < x[j] }
func (x StringSlice) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// Sort sorts x in increasing order.
func (x StringSlice) Sort() { Sort(x) }

// Search returns SearchStrings(x, v).
func (x StringSlice) Search(v string) int { return SearchStrings(x, v) }

// Ints sorts x in increasing order.
func Ints(x []int) { Sort(IntSlice(x)) }

// Float64s sorts x in increasing order, NaNs first.
func Float64s(x []float64) { Sort(Float64Slice(x)) }

// Strings sorts x in increasing order.
func Strings(x []string) { Sort(StringSlice(x)) }

// IntsAreSorted reports whether x is in increasing order.
func IntsAreSorted(x []int) bool { return IsSorted(IntSlice(x)) }

// Float64sAreSorted reports whether x is in increasing order, NaNs first.
func Float64sAreSorted(x []float64) bool { return IsSorted(Float64Slice(x)) }

// StringsAreSorted reports whether x is in increasing order.
func StringsAreSorted(x []string) bool { return IsSorted(StringSlice(x)) }

// sliceLen returns the length of the slice in x (a native; it panics as Go
// does when x is not a slice).
func sliceLen(x interface{}) int

// sliceSwap swaps elements i and j of the slice in x (a native).
func sliceSwap(x interface{}, i, j int)

// lessSwap adapts a slice and a less function to Interface.
type lessSwap struct {
	x    any
	n    int
	less func(i, j int) bool
}

func (s *lessSwap) Len() int           { return s.n }
func (s *lessSwap) Less(i, j int) bool { return s.less(i, j) }
func (s *lessSwap) Swap(i, j int)      { sliceSwap(s.x, i, j) }

// swapLen returns the length of the slice in x; when x is not a slice it
// panics with the message Go's Slice and SliceStable give (the one about
// Swapper).
func swapLen(x any) int {
	n := -1
	func() {
		defer func() { recover() }()
		n = sliceLen(x)
	}()
	if n < 0 {
		sliceSwap(x, 0, 0) // not a slice: this panics
	}
	return n
}

// Slice sorts the slice x with less; it is not guaranteed to be stable.
func Slice(x any, less func(i, j int) bool) {
	Sort(&lessSwap{x, swapLen(x), less})
}

// SliceStable sorts the slice x with less, keeping equal elements in their
// original order.
func SliceStable(x any, less func(i, j int) bool) {
	Stable(&lessSwap{x, swapLen(x), less})
}

// SliceIsSorted reports whether the slice x is sorted according to less.
func SliceIsSorted(x any, less func(i, j int) bool) bool {
	for i := sliceLen(x) - 1; i > 0; i-- {
		if less(i, i-1) {
			return false
		}
	}
	return true
}
