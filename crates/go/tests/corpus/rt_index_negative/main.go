// Checks that indexing a slice with a negative variable index is an unrecovered
// run-time panic ("index out of range [-1]", without a length) after the earlier
// output has been printed.
package main

import "fmt"

func at(xs []int, i int) int {
	return xs[i]
}

func main() {
	xs := []int{5, 6, 7}
	for i := 2; i >= -1; i-- {
		fmt.Println("xs[", i, "] =", at(xs, i))
	}
	fmt.Println("unreachable")
}
