// Checks runtime.Goexit in a goroutine (runtime/panic.go: Goexit): deferred calls of
// every frame run in LIFO order, recover() inside them returns nil (Goexit is not a
// panic), code after Goexit never runs, and a deferred WaitGroup.Done still happens.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

var after = false

func inner() {
	defer fmt.Println("inner defer")
	runtime.Goexit()
	after = true
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("defer 1 (registered first)")
		defer func() {
			fmt.Println("recover() in defer is nil:", recover() == nil)
		}()
		defer fmt.Println("defer 3 (registered last)")
		inner()
		after = true
		fmt.Println("after inner: unreachable")
	}()
	wg.Wait()
	fmt.Println("WaitGroup released; code after Goexit ran:", after)
	fmt.Println("goroutines:", runtime.NumGoroutine())
}
