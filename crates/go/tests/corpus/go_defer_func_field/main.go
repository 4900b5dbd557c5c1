// go and defer of a func-valued struct field (`go a.f()`, `defer b.g(x)`): the
// field's value and the arguments are evaluated at the statement (spec: Go
// statements, Defer statements), through a value and through a pointer.
package main

import (
	"fmt"
	"sync"
)

type job struct {
	name string
	run  func(string)
}

type holder struct {
	done func(int)
}

func main() {
	var wg sync.WaitGroup
	out := make(chan string, 2)
	a := job{name: "value", run: func(s string) { out <- "ran " + s; wg.Done() }}
	p := &job{name: "pointer", run: func(s string) { out <- "ran " + s; wg.Done() }}
	wg.Add(1)
	go a.run(a.name)
	wg.Wait()
	wg.Add(1)
	go p.run(p.name)
	// Changing the field after the go statement does not change what runs.
	p.run = func(string) { out <- "replaced" }
	wg.Wait()
	fmt.Println(<-out)
	fmt.Println(<-out)

	h := holder{done: func(n int) { fmt.Println("deferred with", n) }}
	func() {
		n := 1
		defer h.done(n)
		n = 2
		h.done = func(int) { fmt.Println("not this one") }
		fmt.Println("body sets n to", n)
	}()
}
