// Mistakes a learner makes when first editing a goroutine program: each is one error,
// and go build prints all of them with -gcflags=-e.
package main

import (
	"fmt"
	"os"
	"sync"
)

func work(n int) int {
	if n > 0 {
		return n
	}
}

func main() {
	var wg sync.WaitGroup
	unused := 1
	for i := 0; i < 3; i++ {
		wg.Add()
		go func() {
			defer wg.Done()
			fmt.Println(i + "x")
		}()
	}
	wg.Wait(1)
	count = 2
	a, b := work(1)
	var s string = work(2)
	ch := make(chan int)
	ch <- "hello"
	close(ch, ch)
	work(1)()
	fmt.Println(a, b, s)
}
