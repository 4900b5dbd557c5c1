package main

import "fmt"

func window(xs []int, from, to int) []int {
	return xs[from:to]
}

func main() {
	xs := []int{10, 20, 30, 40, 50}
	fmt.Println(window(xs, 1, 3), len(xs[1:3]), cap(xs[1:3]))
	fmt.Println(window(xs, 0, 5))
	fmt.Println(window(xs, 2, 8))
}
