// Checks the Built-in functions section: len/cap of arrays, pointers to arrays, slices,
// strings, maps and buffered channels with queued items; make with len and cap; new;
// append (growth keeps old contents, appending a slice to itself, string... onto []byte,
// aliasing within capacity); copy (overlapping ranges, from a string, returned count);
// delete (missing key, nil map); min/max over ints, floats and strings; clear on maps and
// slices; panic/recover with error, string, int and struct values, and recover outside panic.
package main

import (
	"errors"
	"fmt"
)

type custom struct {
	code int
	msg  string
}

// Package-level so every backing array is on the heap (a non-escaping local may start
// in a 32-byte stack buffer, which changes the first capacities).
var grow []int

func catch(v interface{}) (r interface{}) {
	defer func() { r = recover() }()
	panic(v)
}

func main() {
	arr := [5]int{1, 2, 3}
	pa := &arr
	fmt.Println("array:", len(arr), cap(arr), len(pa), cap(pa), len(arr[1:3]), cap(arr[1:3]), cap(arr[1:2:4]))
	s := make([]int, 2, 10)
	fmt.Println("make:", s, len(s), cap(s), len(make([]string, 3)), make([]bool, 2))
	fmt.Println("string:", len("héllo"), len(""), len("世界"[3:]))
	m := make(map[string]int, 100)
	m["a"] = 1
	var nm map[int]bool
	fmt.Println("map:", len(m), len(nm), nm[3])
	ch := make(chan string, 4)
	ch <- "x"
	ch <- "y"
	var nilch chan int
	fmt.Println("chan:", len(ch), cap(ch), len(nilch), cap(nilch), <-ch, len(ch))
	ip := new(int)
	*ip += 5
	sp := new([]int)
	cp := new(custom)
	fmt.Println("new:", *ip, *sp == nil, *cp, cp.code)

	lastCap := -1
	for i := 0; i < 20; i++ {
		grow = append(grow, i)
		if cap(grow) != lastCap {
			lastCap = cap(grow)
			fmt.Print(len(grow), "/", cap(grow), " ")
		}
	}
	fmt.Println("<- caps; contents ok:", grow[0], grow[19], len(grow))
	self := []int{1, 2, 3}
	self = append(self, self...)
	self = append(self[:2], self[4:]...)
	fmt.Println("self append:", self, len(self))
	bs := append([]byte("ab"), "cdé"...)
	fmt.Println("string...:", bs, string(bs), len(bs))
	base := make([]int, 3, 5)
	a1 := append(base, 1)
	a2 := append(base, 2)
	fmt.Println("shared backing:", a1, a2, base[:4])
	a3 := append(base[:3:3], 9)
	a3[0] = 100
	fmt.Println("full slice expr forces copy:", base, a3)
	fmt.Println("append nothing:", append([]int(nil), []int{}...) == nil, len(append([]int{}, []int(nil)...)))

	buf := []int{0, 1, 2, 3, 4, 5, 6, 7}
	n := copy(buf[2:], buf)
	fmt.Println("copy overlap right:", n, buf)
	buf = []int{0, 1, 2, 3, 4, 5, 6, 7}
	n = copy(buf, buf[3:])
	fmt.Println("copy overlap left:", n, buf)
	dst := make([]byte, 4)
	n = copy(dst, "héllo")
	fmt.Println("copy from string:", n, dst, string(dst[:3]))
	fmt.Println("copy short dst:", copy(make([]int, 2), []int{1, 2, 3}), copy([]int{}, []int{1}))

	delete(m, "missing")
	delete(nm, 7)
	m["b"] = 2
	delete(m, "a")
	_, okA := m["a"]
	fmt.Println("delete:", len(m), okA, m)

	fmt.Println("min/max:", min(3, 1, 2), max(3, 1, 2), min(2.5, -1.0), max(1, 2.5), min("b", "a", "c"), max("b", "ab"))
	x, y := 7, -3
	fmt.Println("min/max vars:", min(x, y), max(x, y, 0), min(x), max(int8(5), -1))
	cm := map[string]int{"a": 1, "b": 2}
	alias := cm
	clear(cm)
	cs := []int{1, 2, 3, 4}
	sub := cs[1:3]
	clear(sub)
	var nilsl []int
	clear(nilsl)
	fmt.Println("clear:", len(cm), len(alias), cs, len(sub))

	fmt.Println("recover error:", catch(errors.New("bad thing")))
	fmt.Println("recover string:", catch("oops"))
	fmt.Println("recover int:", catch(42))
	r := catch(custom{7, "seven"})
	c, ok := r.(custom)
	fmt.Println("recover struct:", r, ok, c.code, c.msg)
	e, isErr := catch(fmt.Errorf("wrapped %d", 3)).(error)
	fmt.Println("recover as error:", isErr, e.Error())
	fmt.Println("recover not panicking:", recover())
	func() {
		defer func() {
			fmt.Println("recovered in closure:", recover(), recover())
		}()
		panic([]int{1, 2})
	}()
	fmt.Println("done")
}
