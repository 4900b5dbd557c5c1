// Shifts as Go 1.13+ has them: the count may be signed; a negative count panics; a
// count at or past the width shifts everything out (a signed right shift keeps the
// sign), also for a uint64 count of 2^63 or more; results wrap to the operand's width.
package main

import "fmt"

func shift(x int64, n int) (l, r int64) { return x << n, x >> n }

func main() {
	for _, n := range []int{0, 1, 7, 63, 64, 100} {
		l, r := shift(-5, n)
		fmt.Println(n, l, r)
	}
	var big uint64 = 1 << 63
	var u uint64 = 0xF0
	var neg int64 = -16
	fmt.Println(u<<big, u>>big, neg>>big, neg<<big)
	var b uint8 = 0x81
	var w int32 = 1
	k := uint(31)
	fmt.Println(b<<1, b>>1, w<<k, w<<(k+1), int8(-128)>>7)
	const c = 1 << 10
	fmt.Println(c>>3, uint32(c)<<21)
	defer func() { fmt.Println("recovered:", recover()) }()
	m := -1
	fmt.Println(u << m)
}
