// The goroutine dump after "all goroutines are asleep": main waits on a WaitGroup
// that its worker never reaches, because the worker blocks sending on a channel
// nobody receives from.
package main

import (
	"fmt"
	"sync"
)

func worker(ch chan int, wg *sync.WaitGroup) {
	defer wg.Done()
	ch <- 1
}

func main() {
	fmt.Println("start") // fmt imports os, whose init starts the finalizer goroutine
	var wg sync.WaitGroup
	ch := make(chan int)
	wg.Add(1)
	go worker(ch, &wg)
	wg.Wait()
}
