// Which goid does the first goroutine main.main starts get? Read from the first line
// of its own stack trace ("goroutine N [running]:"). Also prints how many threads the
// program had made by then (the threadcreate profile).
package main

import (
	"fmt"
	"runtime"
	"runtime/pprof"
	"strings"
)

func goid() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return strings.Fields(string(buf))[1]
}

func main() {
	ch := make(chan string)
	go func() { ch <- goid() }()
	go func() { ch <- goid() }()
	a, b := <-ch, <-ch
	if a > b {
		a, b = b, a
	}
	fmt.Println("main", goid(), "first user goroutines", a, b,
		"threads", pprof.Lookup("threadcreate").Count())
}
