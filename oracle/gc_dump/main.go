// The goroutine dump after a deadlock, once GC cycles have started the mark workers:
// they are runtime goroutines (isSystemGoroutine), so GOTRACEBACK=single leaves them
// out, as it does forcegchelper and bgsweep.
package main

import (
	"fmt"
	"runtime"
)

func main() {
	runtime.GC()
	ch := make(chan int)
	go func() { ch <- 1 }()
	<-ch
	fmt.Println("goroutines:", runtime.NumGoroutine())
	<-ch
}
