// Checks the recovered panic values of channel misuse: close of a closed channel,
// send on a closed channel and close of a nil channel, each a runtime.Error, and that
// the program carries on afterwards (a closed channel still drains and reports !ok).
package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		re, ok := r.(runtime.Error)
		fmt.Println(name+":", r)
		if ok {
			fmt.Println("  runtime.Error:", ok, re.Error())
		} else {
			fmt.Println("  runtime.Error:", ok)
		}
	}()
	f()
}

func main() {
	ch := make(chan int, 2)
	ch <- 1
	close(ch)
	try("close closed", func() { close(ch) })
	try("send closed", func() { ch <- 2 })
	var nilch chan string
	try("close nil", func() { close(nilch) })
	unbuf := make(chan bool)
	close(unbuf)
	try("send closed unbuffered", func() { unbuf <- true })

	v, ok := <-ch
	fmt.Println("drain:", v, ok)
	v, ok = <-ch
	fmt.Println("drain:", v, ok)
	b, ok := <-unbuf
	fmt.Println("unbuffered:", b, ok)

	done := make(chan string)
	go func() {
		defer func() { done <- fmt.Sprint("goroutine recovered: ", recover()) }()
		close(ch)
	}()
	fmt.Println(<-done)
	fmt.Println("done")
}
