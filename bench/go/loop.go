package main

import "fmt"

func main() {
	sum := 0
	for i := 0; i < 100000000; i++ {
		sum += i & 7
	}
	fmt.Println(sum)
}
