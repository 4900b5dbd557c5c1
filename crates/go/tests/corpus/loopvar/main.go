package main

import (
	"fmt"
	"sync"
)

func main() {
	var prints []func()
	for i := 0; i < 3; i++ {
		prints = append(prints, func() { fmt.Println("i =", i) })
	}
	for _, p := range prints {
		p()
	}
	var ptrs []*int
	for i := range 3 {
		ptrs = append(ptrs, &i)
	}
	fmt.Println(*ptrs[0], *ptrs[1], *ptrs[2], ptrs[0] != ptrs[1])
	words := []string{"a", "b", "c"}
	results := make([]string, len(words))
	var wg sync.WaitGroup
	for i, w := range words {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = w + w
		}()
	}
	wg.Wait()
	fmt.Println(results)
	shared := 0
	var incs []func()
	for j := 0; j < 3; j++ {
		incs = append(incs, func() { shared += j })
	}
	for _, f := range incs {
		f()
	}
	fmt.Println("shared", shared)
}
