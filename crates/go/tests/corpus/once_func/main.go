// Checks sync.OnceFunc (sync/oncefunc.go: OnceFunc): f runs exactly once across repeated
// and concurrent calls, and if f panics, every call of the returned function panics
// with the same value (f itself still runs only once).
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type myErr struct{ code int }

func main() {
	var calls atomic.Int32
	once := sync.OnceFunc(func() { calls.Add(1) })
	once()
	once()
	once()
	fmt.Println("calls after 3 sequential calls:", calls.Load())

	var calls2 atomic.Int32
	once2 := sync.OnceFunc(func() { calls2.Add(1) })
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once2()
		}()
	}
	wg.Wait()
	fmt.Println("calls after 8 concurrent calls:", calls2.Load())

	var calls3 int
	boom := sync.OnceFunc(func() {
		calls3++
		panic(myErr{42})
	})
	for i := 0; i < 3; i++ {
		func() {
			defer func() {
				r := recover()
				fmt.Printf("call %d recovered %T %v\n", i, r, r)
			}()
			boom()
		}()
	}
	fmt.Println("panicking f ran:", calls3)

	var calls4 int
	strPanic := sync.OnceFunc(func() {
		calls4++
		panic("boom")
	})
	for i := 0; i < 2; i++ {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			strPanic()
		}()
	}
	fmt.Println("string-panicking f ran:", calls4)
}
