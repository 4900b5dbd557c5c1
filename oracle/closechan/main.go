// In which order do receivers parked on a channel resume after close(ch)?
// GOMAXPROCS=1: main starts R1..R4 one at a time and yields after each, so they
// park on ch in that order; then it closes ch and waits.
package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	ch := make(chan int)
	woke := make(chan string, 4)
	var wg sync.WaitGroup
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		name := fmt.Sprintf("R%d", i)
		go func() {
			<-ch
			woke <- name
			wg.Done()
		}()
		runtime.Gosched() // let it park before the next one starts
	}
	close(ch)
	wg.Wait()
	order := make([]string, 0, 4)
	for i := 0; i < 4; i++ {
		order = append(order, <-woke)
	}
	fmt.Println(strings.Join(order, " "))
}
