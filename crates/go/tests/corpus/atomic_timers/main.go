package main

import (
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	var n atomic.Int64
	var c int32
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 1000; j++ {
				n.Add(1)
				atomic.AddInt32(&c, 2)
			}
		}()
	}
	wg.Wait()
	fmt.Println(n.Load(), atomic.LoadInt32(&c), n.CompareAndSwap(8000, 1), n.Load())
	select {
	case <-time.After(5 * time.Millisecond):
		fmt.Println("timeout")
	}
	t := time.NewTimer(time.Hour)
	fmt.Println(t.Stop())
	r := rand.Intn(10)
	fmt.Println(r >= 0 && r < 10, len(rand.Perm(5)))
}
