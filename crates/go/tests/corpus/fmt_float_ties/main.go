// Checks the shortest digits %v prints where a float's exact value lies halfway between
// two shortest candidates (found by the differential test): strconv picks the one
// ending in an even digit, for float64 and float32, in both %e and plain forms.
package main

import "fmt"

func main() {
	v5 := 32758.3125
	a := (v5 - 7.75) * -v5
	b := a * 145343.0
	fmt.Println(a, -a, b, a/1e3, a*4)
	halves := []float64{1 << 53, 1<<53 + 2, 9007199254740993 * 3, 123456789012345678}
	fmt.Println(halves)
	var f32 float32 = 16777217
	var g32 float32 = 33554435
	fmt.Println(f32, g32, float32(a), float32(b))
	fmt.Printf("%v %g %e\n", a, a, a)
}
