package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct{ Name string }

func main() {
	var p atomic.Pointer[Config]
	fmt.Println(p.Load() == nil)
	a := &Config{"a"}
	fmt.Println(p.CompareAndSwap(nil, a), p.Load().Name)
	b := &Config{"b"}
	fmt.Println(p.CompareAndSwap(nil, b), p.Load().Name)
	old := p.Swap(b)
	fmt.Println(old.Name, p.Load().Name)
	var wg sync.WaitGroup
	var hits atomic.Int64
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				cur := p.Load()
				next := &Config{cur.Name + "x"}
				if p.CompareAndSwap(cur, next) {
					hits.Add(1)
					return
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println(hits.Load(), len(p.Load().Name))
	p.Store(nil)
	fmt.Println(p.Load() == nil)
	get := sync.OnceValue(func() int { fmt.Println("computing"); return 42 })
	fmt.Println(get(), get())
}
