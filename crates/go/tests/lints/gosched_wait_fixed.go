package main

import (
	"fmt"
	"runtime"
)

func main() {
	done := make(chan int)
	go func() {
		done <- 42
	}()
	for i := 0; i < 3; i++ {
		fmt.Println("main works", i)
		runtime.Gosched()
	}
	fmt.Println(<-done)
}
