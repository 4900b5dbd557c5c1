// sync.Mutex in normal mode: may the unlocker take the lock straight back while a
// woken waiter has not run yet? GOMAXPROCS=1: main holds the lock, W blocks in Lock,
// main unlocks (W is woken into main's runnext) and at once locks again.
package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	var mu sync.Mutex
	var order []string
	done := make(chan bool)
	mu.Lock()
	go func() {
		mu.Lock()
		order = append(order, "W")
		mu.Unlock()
		done <- true
	}()
	runtime.Gosched() // W runs and blocks in Lock
	order = append(order, "main1")
	mu.Unlock()
	mu.Lock() // W was woken but has not run: normal mode lets main have it
	order = append(order, "main2")
	mu.Unlock()
	<-done
	fmt.Println(strings.Join(order, " "))
}
