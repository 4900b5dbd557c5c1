package main

import "fmt"

func average(xs []int) int {
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return sum / len(xs)
}

func main() {
	fmt.Println(average([]int{2, 4, 9}))
	fmt.Println(-7/2, -7%2, 7/-2)
	fmt.Println(average(nil))
}
