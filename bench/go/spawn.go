// 100,000 goroutines that each send once on a buffered channel main drains: the cost
// of a go statement, a goroutine's start and its end (issue 25.4's spawn figure).
package main

import "fmt"

func main() {
	c := make(chan int, 100)
	for i := 0; i < 100000; i++ {
		go func() { c <- 1 }()
	}
	n := 0
	for i := 0; i < 100000; i++ {
		n += <-c
	}
	fmt.Println(n)
}
