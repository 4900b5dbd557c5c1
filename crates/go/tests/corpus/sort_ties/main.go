// Command ties checks that the unstable sorts of package sort (Sort, Slice,
// Ints, Float64s, Strings, the Sort methods of IntSlice, Float64Slice and
// StringSlice, Sort of Reverse) leave equal elements in exactly the order
// Go 1.27.3 leaves them, and call Less and Swap exactly as often; Stable and
// SliceStable are checked too. Its output from real Go is expected.txt.
//
// Coverage: 1 seed x every length 0..200 (records with keys in a small
// range, so with many ties, or in a range as wide as the length, or
// patterned: ascending, descending, organ pipe, sawtooth, nearly sorted),
// plus 2 long slices (lengths 1000 and 3000); floats include NaNs, -0 and +0;
// one sort.Slice per case uses an inconsistent less (float < with NaNs) and
// one sort.Sort a less that is no ordering (this reaches the heap sort
// fallback, which consistent inputs practically never do).
// Each line gives checksums of the id orders, and a few lines the full order.
package main

import (
	"fmt"
	"sort"
	"strconv"
)

// rng is a small xorshift generator, so that the program needs no
// math/rand and gives the same numbers everywhere.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s ^= r.s << 13
	r.s ^= r.s >> 7
	r.s ^= r.s << 17
	return r.s
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

type rec struct{ key, id int }

// byKey sorts records by key and counts its Less and Swap calls.
type byKey struct {
	a           []rec
	less, swaps int
}

func (b *byKey) Len() int           { return len(b.a) }
func (b *byKey) Less(i, j int) bool { b.less++; return b.a[i].key < b.a[j].key }
func (b *byKey) Swap(i, j int)      { b.swaps++; b.a[i], b.a[j] = b.a[j], b.a[i] }

// wobbly has a Less that is no ordering at all; what Sort then does with
// the data depends on every single decision it takes, and such inputs are
// the ones that drive it into its heap sort fallback.
type wobbly struct{ byKey }

func (w *wobbly) Less(i, j int) bool {
	w.less++
	return (w.a[i].key*7+w.a[j].key*3)%5 < 2
}

type checksum uint64

func (c *checksum) add(v int) { *c = (*c ^ checksum(v+1)) * 1099511628211 }

func sumIDs(a []rec) checksum {
	c := checksum(14695981039346656037)
	for _, r := range a {
		c.add(r.id)
	}
	return c
}

func makeRecs(r *rng, n, kind int) []rec {
	a := make([]rec, n)
	span := 1 + r.intn(6)
	if kind == 1 {
		span = 1 + r.intn(n+1)
	}
	for i := range a {
		k := 0
		switch kind {
		case 0, 1:
			k = r.intn(span)
		case 2:
			k = i / (1 + span)
		case 3:
			k = (n - i) / (1 + span)
		case 4:
			k = min(i, n-i) / span
		case 5:
			k = i % (2 + span)
		case 6:
			k = i / 3
			if r.intn(25) == 0 {
				k = r.intn(n)
			}
		case 7:
			k = (n - i) / 2
			if r.intn(25) == 0 {
				k = r.intn(n)
			}
		}
		a[i] = rec{k, i}
	}
	return a
}

var zero = 0.0

// floatCode names a float so that -0, +0 and NaN are told apart.
func floatCode(f float64) string {
	if f != f {
		return "N"
	}
	if f == 0 {
		if 1/f < 0 {
			return "-0"
		}
		return "+0"
	}
	return strconv.Itoa(int(f))
}

func floatSum(a []float64) checksum {
	c := checksum(14695981039346656037)
	for _, f := range a {
		for _, b := range []byte(floatCode(f)) {
			c.add(int(b))
		}
		c.add(-1)
	}
	return c
}

func makeFloats(r *rng, n int) []float64 {
	a := make([]float64, n)
	nan := zero / zero
	for i := range a {
		switch r.intn(6) {
		case 0:
			a[i] = nan
		case 1:
			a[i] = -zero
		case 2:
			a[i] = zero
		default:
			a[i] = float64(r.intn(9) - 4)
		}
	}
	return a
}

func full(a []rec) string {
	s := ""
	for i, r := range a {
		if i > 0 {
			s += " "
		}
		s += strconv.Itoa(r.key) + ":" + strconv.Itoa(r.id)
	}
	return s
}

// one runs every sort on inputs of length n and prints a line of checksums.
func one(r *rng, label string, n int, show bool) {
	kind := r.intn(8)
	base := makeRecs(r, n, kind)

	a := append([]rec(nil), base...)
	bk := &byKey{a: a}
	sort.Sort(bk)
	sSort := sumIDs(a)

	b := append([]rec(nil), base...)
	calls := 0
	sort.Slice(b, func(i, j int) bool { calls++; return b[i].key < b[j].key })
	sSlice := sumIDs(b)

	c := append([]rec(nil), base...)
	rk := &byKey{a: c}
	sort.Sort(sort.Reverse(rk))
	sRev := sumIDs(c)

	w := &wobbly{byKey{a: append([]rec(nil), base...)}}
	sort.Sort(w)
	sWob := sumIDs(w.a)

	d := append([]rec(nil), base...)
	sort.SliceStable(d, func(i, j int) bool { return d[i].key < d[j].key })
	sStable := sumIDs(d)

	e := append([]rec(nil), base...)
	sort.Stable(&byKey{a: e})
	sStable2 := sumIDs(e)

	fs := makeFloats(r, n)
	f1 := append([]float64(nil), fs...)
	sort.Float64s(f1)
	f2 := append([]float64(nil), fs...)
	sort.Float64Slice(f2).Sort()
	f3 := append([]float64(nil), fs...)
	sort.Sort(sort.Reverse(sort.Float64Slice(f3)))
	// An inconsistent less: NaN compares false with everything.
	f4 := append([]float64(nil), fs...)
	sort.Slice(f4, func(i, j int) bool { return f4[i] < f4[j] })

	ints := make([]int, n)
	strs := make([]string, n)
	for i, x := range base {
		ints[i] = x.key
		strs[i] = strconv.Itoa(x.key * 7 % 10)
	}
	sort.Ints(ints)
	is := checksum(0)
	for _, v := range ints {
		is.add(v)
	}
	sort.Strings(strs)
	ss := checksum(0)
	for _, v := range strs {
		ss.add(len(v))
		ss.add(int(v[0]))
	}
	ok := sort.IsSorted(bk) && sort.IntsAreSorted(ints) && sort.StringsAreSorted(strs) &&
		sort.Float64sAreSorted(f1) && sort.SliceIsSorted(d, func(i, j int) bool { return d[i].key < d[j].key })

	fmt.Printf("%s n=%d k=%d sort=%x/%d/%d slice=%x/%d rev=%x/%d/%d wob=%x/%d/%d stable=%x/%x floats=%x/%x/%x/%x ints=%x strs=%x %v\n",
		label, n, kind, uint64(sSort), bk.less, bk.swaps, uint64(sSlice), calls,
		uint64(sRev), rk.less, rk.swaps, uint64(sWob), w.less, w.swaps, uint64(sStable), uint64(sStable2),
		uint64(floatSum(f1)), uint64(floatSum(f2)), uint64(floatSum(f3)), uint64(floatSum(f4)),
		uint64(is), uint64(ss), ok)
	if show {
		fmt.Println("  sort:", full(a))
		fmt.Println("  slice:", full(b))
		fmt.Println("  rev:", full(c))
		line := ""
		for _, f := range f1 {
			line += " " + floatCode(f)
		}
		fmt.Println("  floats:" + line)
		line = ""
		for _, f := range f4 {
			line += " " + floatCode(f)
		}
		fmt.Println("  floats<:" + line)
	}
}

func main() {
	for seed := 1; seed <= 1; seed++ {
		r := &rng{uint64(seed) * 0x9E3779B97F4A7C15}
		for n := 0; n <= 200; n++ {
			one(r, "s"+strconv.Itoa(seed), n, seed == 1 && (n == 20 || n == 57 || n == 150))
		}
	}
	r := &rng{12345}
	for _, n := range []int{1000, 3000} {
		one(r, "long", n, false)
	}
}
