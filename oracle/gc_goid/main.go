// Which goids do the goroutines started around a runtime.GC() get? The first GC cycle
// starts one mark worker goroutine per P (mgc.go: gcBgMarkStartWorkers), and they take
// goids from the batch of the P that runs the GC's caller. Also: NumGoroutine does not
// count the workers (they are system goroutines).
package main

import (
	"fmt"
	"runtime"
	"strings"
)

func goid() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return strings.Split(string(buf), " ")[1]
}

func main() {
	ch := make(chan string)
	go func() { ch <- goid() }()
	before := <-ch
	n0 := runtime.NumGoroutine()
	runtime.GC()
	go func() { ch <- goid() }()
	after := <-ch
	runtime.GC()
	go func() { ch <- goid() }()
	again := <-ch
	fmt.Println("before GC", before, "after GC", after, "after 2nd GC", again,
		"NumGoroutine", n0, runtime.NumGoroutine())
}
