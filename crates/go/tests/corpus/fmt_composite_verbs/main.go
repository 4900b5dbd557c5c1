// Checks verbs other than %v on slices, arrays, maps and structs (each element is
// formatted with the verb, its flags and width), []byte under %s %q %x, and %v with a
// precision on floats (found by trying programs beside real Go).
package main

import (
	"fmt"
	"time"
)

type point struct {
	X, Y int
}

func main() {
	fmt.Printf("%s|%q|%x|%X\n", []string{"a", "b"}, []string{"a", "b"}, []int{10, 255}, []string{"hi"})
	fmt.Printf("%d|%+d|%05d|%-3d|\n", []int{1, -2}, []int{1, -2}, [2]int{3, 4}, []int{5})
	fmt.Printf("%s|%x|% x|%q\n", []byte("go"), []byte("go"), []byte("go"), []byte("go"))
	fmt.Printf("%d|%+d|%x\n", point{1, 2}, point{3, -4}, point{255, 16})
	fmt.Printf("%d|%s\n", map[string]int{"b": 2, "a": 1}, map[string]string{"k": "v"})
	fmt.Printf("%.2f|%6.1f|%e\n", []float64{1, 2.345}, []float64{3.14159}, []float64{1e6})
	fmt.Printf("%6.2v|%.3v|%.1v|%5.2v|\n", 2.5, 3.14159, 1234.5, float32(0.125))
	fmt.Printf("%s|%d\n", []time.Duration{time.Second, 5}, []time.Duration{time.Second})
	fmt.Printf("%d|%s\n", [][]int{{1, 2}, {3}}, [][]string{{"x"}, {"y", "z"}})
	fmt.Printf("%x|%d\n", []any{1, "a"}, []any{2, 3})
}
