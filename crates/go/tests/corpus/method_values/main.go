// Checks method values (x.M as a func: the receiver is evaluated and, for a value
// receiver, copied when the method value is made) and method expressions (T.M,
// (*T).M, I.M: the receiver becomes the first argument), through pointers, embedded
// fields, interfaces, go and defer.
package main

import (
	"fmt"
	"strings"
	"sync"
)

type Counter struct {
	name string
	n    int
}

func (c Counter) Get() int            { return c.n }
func (c *Counter) Add(d int) int      { c.n += d; return c.n }
func (c Counter) Label(p string) string { return p + c.name }
func (c *Counter) Sum(xs ...int) (int, int) {
	for _, x := range xs {
		c.n += x
	}
	return c.n, len(xs)
}

type Named struct {
	*Counter
	tag string
}

type Getter interface{ Get() int }

func apply(f func(int) int, xs ...int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	c := Counter{name: "c", n: 1}
	get := c.Get // copies c now
	add := c.Add // &c
	c.n = 10
	fmt.Println(get(), add(5), c.n, get())

	p := &c
	pget := p.Get // copies *p now
	c.n = 20
	fmt.Println(pget(), p.Get())

	fmt.Println(apply(c.Add, 1, 2, 3), c.n)
	sum := c.Sum
	fmt.Println(sum(1, 2, 3))
	fmt.Println(sum())

	byVal := Counter.Get
	byPtr := (*Counter).Add
	valViaPtr := (*Counter).Get
	label := Counter.Label
	fmt.Println(byVal(c), byPtr(&c, 100), valViaPtr(&c), label(c, "name="))
	fmt.Printf("%T | %T | %T\n", byVal, byPtr, label)

	var g Getter = c
	gget := g.Get
	c.n = -1
	fmt.Println(gget(), Getter.Get(g))

	nm := Named{Counter: &Counter{name: "inner", n: 7}, tag: "t"}
	nadd := nm.Add
	nget := nm.Get
	nadd(3)
	fmt.Println(nget(), nm.Get(), nm.n)

	var wg sync.WaitGroup
	shared := &Counter{name: "s"}
	var mu sync.Mutex
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		inc := shared.Add
		go func() {
			defer wg.Done()
			mu.Lock()
			inc(i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(shared.n)

	fields := []func() int{c.Get, shared.Get, nm.Get}
	for i, f := range fields {
		fmt.Println(i, f())
	}
	upper := strings.ToUpper
	_ = upper
	defer fmt.Println("deferred", c.Label("last "))
	c.name = "changed"
}
