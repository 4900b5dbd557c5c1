package main

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

func main() {
	var ready int32
	result := 0
	go func() {
		result = 42
		atomic.StoreInt32(&ready, 1)
	}()
	for atomic.LoadInt32(&ready) == 0 {
		runtime.Gosched()
	}
	fmt.Println(result)
}
