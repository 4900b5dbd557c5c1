// && and || in loops: the value of a short-circuited condition is the left operand's
// when the right one is not evaluated, on every iteration, in if, for and assignments.
package main

import "fmt"

func main() {
	xs := []int{5, 1, 5, 1, 9}
	for _, x := range xs {
		if x > 2 && x < 9 {
			fmt.Println(x, "in")
		} else {
			fmt.Println(x, "out")
		}
		if x < 2 || x > 8 {
			fmt.Println(x, "edge")
		}
		both := x > 2 && x < 6
		either := x < 2 || x > 6
		fmt.Println(x, both, either)
	}
	// Runs of consecutive numbers: the inner loop stops at the slice's end.
	ys := []int{2, 0, 1, 7, 8, 9}
	for i := 0; i < len(ys); {
		j := i
		for j+1 < len(ys) && ys[j+1] == ys[j]+1 {
			j++
		}
		fmt.Println(ys[i], "to", ys[j])
		i = j + 1
	}
}
