// Slices of every scalar element type, each kind's edges: values that wrap or carry
// a sign, growth by append, copies that overlap, pointers to elements, conversions
// to and from strings, and slices of one array seen through several headers.
package main

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type celsius float32

func main() {
	i8 := make([]int8, 3)
	i8[0], i8[1], i8[2] = -128, 127, -1
	i8[1]++
	fmt.Println(i8, len(i8), cap(i8))

	u16 := make([]uint16, 2, 5)
	u16[0] = 65535
	u16[0]++
	u16[1] = 40000
	fmt.Println(u16, u16[:5])

	i16 := []int16{-32768, 5}
	i16 = append(i16, -7)
	fmt.Println(i16, cap(i16))

	u32 := make([]uint32, 1)
	u32[0] = 1<<32 - 1
	i32 := make([]int32, 2)
	i32[0] = -1 << 31
	i32[1] = int32(u32[0] >> 1)
	fmt.Println(u32, i32)

	var u64 []uint64
	for i := 0; i < 10; i++ {
		u64 = append(u64, 1<<63+uint64(i))
	}
	fmt.Println(u64[9], len(u64), cap(u64))

	f64 := make([]float64, 4)
	f64[1] = 0.1
	f64[2] = -2.5e300
	f64[3] = f64[1] + 0.2
	fmt.Println(f64)

	f32 := make([]float32, 3)
	f32[0] = 0.1
	f32[1] = f32[0] * 3
	f32[2] = 16777217
	fmt.Println(f32, float64(f32[0]))

	cs := make([]celsius, 2)
	cs[1] = 36.6
	fmt.Printf("%v %.2f\n", cs, cs[1])

	bs := make([]bool, 3)
	bs[1] = true
	fmt.Println(bs, !bs[0])

	// Pointers to elements write through to the array.
	b := make([]byte, 8)
	p := &b[3]
	*p = 'x'
	*p += 1
	q := &i8[0]
	*q--
	fmt.Println(b, i8[0], *p)

	// Two headers on one array; append in place while capacity lasts.
	s := make([]int, 3, 10)
	t := s[1:2]
	t = append(t, 9)
	t[0] = 4
	fmt.Println(s, t, s[:4])

	// copy: overlapping, a string source, returning the count.
	c := []byte("abcdefgh")
	n := copy(c[2:], c)
	fmt.Println(string(c), n)
	n = copy(c, "XYZ")
	fmt.Println(string(c), n)
	w := make([]int64, 5)
	for i := range w {
		w[i] = int64(i * i)
	}
	copy(w, w[2:])
	fmt.Println(w)

	// Conversions, append of a string's bytes, runes.
	r := []rune("héllo, 世界")
	r[1] = 'e'
	fmt.Println(len(r), string(r), r[7])
	bb := append([]byte("go "), "pher"...)
	bb = append(bb, bb[:2]...)
	fmt.Printf("%s %q %x % x\n", bb, bb, bb[:3], bb[:3])

	// The library on them.
	xs := []int{5, 2, 8, 1}
	ys := make([]int, len(xs))
	copy(ys, xs)
	sort.Ints(ys)
	zs := slices.Clone(xs)
	slices.Sort(zs)
	slices.Reverse(zs)
	fmt.Println(xs, ys, zs, slices.Index(zs, 2), slices.Max(xs))
	fl := []float64{2.5, -1, 3}
	sort.Float64s(fl)
	fmt.Println(fl)
	var buf bytes.Buffer
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&buf, "%d;", i)
	}
	buf.WriteString("end")
	fmt.Println(buf.String(), buf.Len(), bytes.ToUpper(buf.Bytes()[6:]))
	fmt.Println(strings.Repeat("ab", 3), bytes.Equal([]byte("a"), []byte{'a'}))

	// clear, and a big one made and read at its end.
	clear(xs)
	big := make([]uint8, 1<<20)
	big[len(big)-1] = 200
	sum := 0
	for _, v := range big[len(big)-4:] {
		sum += int(v)
	}
	fmt.Println(xs, sum, len(big))
}
