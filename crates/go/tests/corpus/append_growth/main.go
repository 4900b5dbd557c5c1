// Checks the capacity growth of append (growslice: doubling below 256 elements, then
// a smoother factor, rounded up to malloc size classes, so the sequence depends on the
// element size): the caps seen while appending one element at a time up to 2000
// elements, and appending a whole slice to an empty one. The slices are package-level
// so that every backing array is a heap allocation (a non-escaping local slice may
// start in a 32-byte stack buffer instead).
package main

import "fmt"

type triple struct{ a, b, c int64 }

var (
	is  []int
	bs  []byte
	i32 []int32
	ss  []string
	ts  []triple

	ints  []int
	bytes []byte
	trips []triple
)

func main() {
	var ic, bc, i32c, sc, tc []int
	for i := 0; i < 2000; i++ {
		old := cap(is)
		if is = append(is, i); cap(is) != old {
			ic = append(ic, cap(is))
		}
		old = cap(bs)
		if bs = append(bs, byte(i)); cap(bs) != old {
			bc = append(bc, cap(bs))
		}
		old = cap(i32)
		if i32 = append(i32, int32(i)); cap(i32) != old {
			i32c = append(i32c, cap(i32))
		}
		old = cap(ss)
		if ss = append(ss, "s"); cap(ss) != old {
			sc = append(sc, cap(ss))
		}
		old = cap(ts)
		if ts = append(ts, triple{a: int64(i)}); cap(ts) != old {
			tc = append(tc, cap(ts))
		}
	}
	fmt.Println("[]int", ic)
	fmt.Println("[]byte", bc)
	fmt.Println("[]int32", i32c)
	fmt.Println("[]string", sc)
	fmt.Println("[]triple", tc)
	fmt.Println(len(is), is[1999], bs[1999], i32[1999], ss[1999], ts[1999].a)

	five := []int{1, 2, 3, 4, 5}
	thousand := make([]int, 1000)
	ints = append(ints, five...)
	fmt.Println("append 5 ints to nil:", len(ints), cap(ints))
	ints = nil
	ints = append(ints, thousand...)
	fmt.Println("append 1000 ints to nil:", len(ints), cap(ints))
	bytes = append(bytes, "hello"...)
	fmt.Println("append 5 bytes to nil:", len(bytes), cap(bytes))
	bytes = nil
	bytes = append(bytes, make([]byte, 1000)...)
	fmt.Println("append 1000 bytes to nil:", len(bytes), cap(bytes))
	trips = append(trips, make([]triple, 5)...)
	fmt.Println("append 5 triples to nil:", len(trips), cap(trips))
	ints = make([]int, 3, 4)
	ints = append(ints, five...)
	fmt.Println("append 5 to len 3 cap 4:", len(ints), cap(ints))
	ints = append(ints, thousand...)
	fmt.Println("then append 1000:", len(ints), cap(ints))
}
