// Checks that sync.Cond.Signal wakes waiters in the order they began to wait (FIFO
// tickets, runtime/sema.go: notifyListAdd / notifyListNotifyOne) and that Broadcast
// wakes every waiter (runtime/sema.go: notifyListNotifyAll). Waiter i announces itself
// while holding the lock; main then takes the lock, which is only free once waiter i is
// inside Wait (its ticket already taken), so the waiting order is 0,1,2,3.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	ready := make(chan int)
	woke := make(chan int)

	waiter := func(id int) {
		mu.Lock()
		ready <- id
		cond.Wait()
		mu.Unlock()
		woke <- id
	}

	for i := 0; i < 4; i++ {
		go waiter(i)
		<-ready
		mu.Lock() // waiter i is now parked in Wait
		mu.Unlock()
	}
	fmt.Print("Signal wake order:")
	for i := 0; i < 4; i++ {
		mu.Lock()
		cond.Signal()
		mu.Unlock()
		fmt.Print(" ", <-woke)
	}
	fmt.Println()

	mu.Lock()
	cond.Signal() // no waiters: nothing happens
	mu.Unlock()

	for i := 10; i < 13; i++ {
		go waiter(i)
		<-ready
		mu.Lock()
		mu.Unlock()
	}
	mu.Lock()
	cond.Broadcast()
	mu.Unlock()
	var all []int
	for i := 0; i < 3; i++ {
		all = append(all, <-woke)
	}
	sort.Ints(all)
	fmt.Println("Broadcast woke:", all)
}
