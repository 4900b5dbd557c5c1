// Calibration: each kernel times itself with time.Since, which reads the real clock
// under Go and the virtual clock in the explorer, and prints ns per operation.
// scripts/calibrate-go.sh runs it both ways; docs/GO-FRONT-END.md keeps the table.
package main

import (
	"fmt"
	"strconv"
	"time"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

type point struct{ x, y int }

func (p *point) move(dx int) { p.x += dx }

func main() {
	const loops = 20000000
	t := time.Now()
	sum := 0
	for i := 0; i < loops; i++ {
		sum += i & 7
	}
	report("int loop iteration", t, loops, sum)

	t = time.Now()
	f := fib(27)
	report("fib call", t, 317810, f)

	t = time.Now()
	xs := make([]int, 0)
	for i := 0; i < 1000000; i++ {
		xs = append(xs, i)
	}
	report("append", t, 1000000, len(xs))

	t = time.Now()
	m := map[int]int{}
	for i := 0; i < 200000; i++ {
		m[i] = i
	}
	report("map insert", t, 200000, len(m))

	t = time.Now()
	p := &point{}
	for i := 0; i < 1000000; i++ {
		p.move(1)
	}
	report("method call via pointer", t, 1000000, p.x)

	t = time.Now()
	s := ""
	for i := 0; i < 100000; i++ {
		s = strconv.Itoa(i)
	}
	report("strconv.Itoa", t, 100000, len(s))

	t = time.Now()
	for i := 0; i < 100000; i++ {
		s = fmt.Sprintf("%d-%s", i, "x")
	}
	report("fmt.Sprintf", t, 100000, len(s))

	t = time.Now()
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v
		}
	}()
	for i := 0; i < 100000; i++ {
		ping <- i
		<-pong
	}
	report("unbuffered ping-pong round trip", t, 100000, 0)

	t = time.Now()
	done := make(chan bool)
	for i := 0; i < 100000; i++ {
		go func() { done <- true }()
		<-done
	}
	report("go + channel handshake", t, 100000, 0)
}

func report(what string, t time.Time, n int, sink int) {
	ns := float64(time.Since(t).Nanoseconds()) / float64(n)
	fmt.Printf("%-32s %8.2f ns/op  (%d)\n", what, ns, sink%10)
}
