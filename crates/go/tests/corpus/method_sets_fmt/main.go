// Checks method sets and fmt: a pointer-receiver String of an embedded value field is
// not in the outer value's method set (only through a pointer), a method value of a
// pointer method on an addressable variable changes the variable, a map whose keys
// have String is sorted by the keys, not their text, []byte with bytes that are not
// UTF-8 under %x %X % x %q, and constants initialised before variables.
package main

import "fmt"

type N int

func (n N) String() string { return []string{"zero", "one", "two", "three"}[n] }

type C int

func (c *C) Inc() { *c++ }

type T struct{}

func (*T) String() string { return "T!" }

type S struct{ T }

func f(s string, v int) int { fmt.Println("init", s); return v }

var x = f("x", k)
var y = f("y", 0)

const k = 1

func main() {
	fmt.Printf("%x %X % x %q\n", []byte{0xde, 0xad, 0xbe, 0xef}, []byte{0xde, 0xad}, []byte{1, 0xff}, []byte{0xff, 'a'})
	fmt.Println(map[N]bool{1: true, 2: true, 3: false})
	var c C
	inc := c.Inc
	inc()
	inc()
	fmt.Println(c)
	fmt.Println(S{}, &S{})
	_, ok := any(S{}).(fmt.Stringer)
	_, ok2 := any(&S{}).(fmt.Stringer)
	fmt.Println(ok, ok2, x, y)
}
