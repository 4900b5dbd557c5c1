package main

import (
	"fmt"
	"runtime"
	"time"
)

func spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}

func main() {
	runtime.GOMAXPROCS(1)
	go func() {
		x := 0
		for {
			x++
		}
	}()
	time.Sleep(time.Millisecond)
	fmt.Println(spin(3000000) > 0)
}
