// Checks Run-time panics: each case panics inside try(), whose deferred func prints the
// recovered value with fmt.Println and whether it implements runtime.Error. Covers index
// out of range on slices, arrays and strings; every slice-bounds form (high > len/cap,
// low > high, 3-index forms, strings); nil map writes; nil pointer field reads; integer
// division and remainder by zero; failed type assertions (concrete, interface, nil,
// named); close of nil and closed channels; send on a closed channel; make with a
// negative or too-large length; and a panic raised inside a deferred call during panicking.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

type node struct {
	val  int
	next *node
}

type shape interface{ Area() int }
type square struct{ s int }

func (q square) Area() int { return q.s * q.s }

type myInt int

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		_, isErr := r.(error)
		fmt.Println(name+":", r)
		fmt.Println("   runtime.Error:", isRT, "error:", isErr)
	}()
	f()
}

func main() {
	s := []int{1, 2, 3}
	a := [4]int{}
	str := "hey"
	i, j, k := 5, 1, -1
	try("slice index", func() { _ = s[i] })
	try("slice index neg", func() { _ = s[k] })
	try("array index", func() { a[i%8] = 1 })
	try("string index", func() { _ = str[len(str)] })
	try("slice high>cap", func() { _ = s[:i] })
	try("slice low>high", func() { _ = s[2:j] })
	try("slice low>len", func() { _ = s[i:] })
	try("3-index max>cap", func() { _ = s[0:1:i] })
	try("3-index high>max", func() { _ = s[0 : 3 : j+1] })
	try("3-index low>high", func() { _ = s[2:j:3] })
	try("string slice", func() { _ = str[1:i] })
	try("string low>high", func() { _ = str[3:j] })
	try("array ptr slice", func() { p := &a; _ = p[i:] })
	try("nil slice index", func() { var ns []string; _ = ns[0] })
	try("nil map write", func() { var m map[string]int; m["x"] = 1 })
	try("nil map incr", func() { var m map[int]int; m[1]++ })
	try("nil deref field", func() { var n *node; _ = n.val })
	try("nil deref chain", func() { n := &node{val: 1}; _ = n.next.next })
	try("nil deref write", func() { var p *int; *p = 3 })
	zero := 0
	try("divide by zero", func() { _ = 10 / zero })
	try("mod by zero", func() { _ = 10 % zero })
	var z8 int8
	try("int8 divide", func() { _ = int8(1) / z8 })
	var e interface{} = "text"
	try("assert concrete", func() { _ = e.(int) })
	try("assert interface", func() { _ = e.(shape) })
	try("assert error iface", func() { _ = e.(error) })
	var nilI interface{}
	try("assert nil", func() { _ = nilI.(string) })
	var sh shape = square{2}
	try("assert iface to ptr", func() { _ = sh.(*square) })
	var mi interface{} = myInt(3)
	try("assert named", func() { _ = mi.(int) })
	var ns shape
	try("method on nil iface", func() { _ = ns.Area() })
	var nilCh chan int
	try("close nil chan", func() { close(nilCh) })
	ch := make(chan int, 1)
	close(ch)
	try("close closed", func() { close(ch) })
	try("send closed", func() { ch <- 1 })
	n := -1
	try("make negative len", func() { _ = make([]int, n) })
	try("make cap<len", func() { _ = make([]int, 3, n+3) })
	try("make negative map hint", func() { _ = make(map[int]int, n) })
	try("make negative chan", func() { _ = make(chan int, n) })
	try("custom error", func() { panic(errors.New("custom")) })
	try("re-panic in defer", func() {
		defer func() { panic("second") }()
		panic("first")
	})
	try("recover then panic", func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("re-raised: ", r))
		}()
		panic("original")
	})
	try("nested recover", func() {
		defer func() {
			fmt.Println("   inner recover:", recover())
		}()
		var m map[string]bool
		m["k"] = true
	})
	fmt.Println("all recovered; ok:", sh.Area())
}
