package main

import (
	"fmt"
	"runtime"
	"time"
)

//go:noinline
func add(s, i int) int {
	return s + i
}

func spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s = add(s, i)
	}
	return s
}

func main() {
	runtime.GOMAXPROCS(1)
	done := make(chan bool)
	go func() {
		x := 0
		for i := 0; i < 1000; i++ {
			x++
		}
		done <- x > 0
	}()
	<-done
	time.Sleep(time.Millisecond)
	fmt.Println(spin(3000000) > 0)
}
