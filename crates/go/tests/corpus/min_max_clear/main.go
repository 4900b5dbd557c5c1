// Checks the Go 1.21 builtins min, max and clear: constant and run-time operands,
// every ordered kind (integers, floats with NaN and signed zeros, strings), mixed
// untyped constants, and clear of a map and of a slice (its length, not its capacity).
package main

import "fmt"

type Celsius float64

func main() {
	const c = min(3, 1.5, 2)
	fmt.Println(c, max(1, 2, 3), min("b", "a", "c"), max(-1, -1))
	a, b, d := 7, -2, 5
	fmt.Println(min(a, b, d), max(a, b, d), min(a), max(b, 10))
	var u8 uint8 = 200
	fmt.Println(min(u8, 100), max(u8, 255))
	x, y := 2.5, -0.0
	zero := 0.0
	nan := zero / zero
	fmt.Println(min(x, y), max(x, y), min(x, nan), max(nan, x), min(zero, y), max(y, zero))
	nz := -zero
	fmt.Println(1/min(zero, nz), 1/max(nz, zero), 1/min(nz, zero), 1/max(zero, nz))
	s1, s2 := "gopher", "go"
	fmt.Println(min(s1, s2), max(s1, s2, "zz"), min(s1, "") == "")
	var t Celsius = 21.5
	fmt.Printf("%v %T\n", max(t, 30), max(t, 30))
	fmt.Printf("%T %T\n", min(1, 2), min(1, 2.0))

	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	m["c"] = 3
	fmt.Println(len(m), m)
	sl := []int{1, 2, 3, 4}
	head := sl[:2]
	clear(head)
	fmt.Println(sl, len(head), cap(head))
	var nilm map[int]bool
	clear(nilm)
	fmt.Println(len(nilm))
}
