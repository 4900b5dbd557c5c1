// Checks how fmt names types: %T, %v, %+v and %#v of named types of package main
// (structs, strings, ints, slices, maps), pointers to them, anonymous structs, func
// types, nil, errors and time.Duration.
package main

import (
	"errors"
	"fmt"
	"time"
)

type Rect struct {
	W, H int
}

type Name string

type Count int

type Names []Name

type Table map[string]Count

type Op func(int) int

type Tagged struct {
	N   Name
	R   *Rect
	Any interface{}
}

func main() {
	r := Rect{3, 4}
	n := Name("bad")
	fmt.Printf("%T|%v|%+v|%#v\n", r, r, r, r)
	fmt.Printf("%T|%v|%+v|%#v\n", n, n, n, n)
	fmt.Printf("%T|%v|%#v\n", Count(7), Count(7), Count(7))
	fmt.Printf("%T|%v|%+v\n", &r, &r, &r)
	fmt.Printf("%T|%v\n", []Rect{r}, []*Rect{nil})
	fmt.Printf("%T|%v|%#v\n", Names{"a", "b"}, Names{"a", "b"}, Names{"a", "b"})
	fmt.Printf("%T|%v|%#v\n", Table{"x": 1}, Table{"x": 1}, Table{"x": 1})
	fmt.Printf("%T|%v\n", map[Name]Rect{"k": r}, map[Name]Rect{"k": r})
	anon := struct {
		A int
		B string
	}{1, "x"}
	fmt.Printf("%T|%v|%+v|%#v\n", anon, anon, anon, anon)
	fmt.Printf("%T|%T|%T|%T\n", Op(nil), func(int) int { return 0 }, func() {}, func(a, b string) (int, error) { return 0, nil })
	fmt.Printf("%T|%v|%T|%v\n", nil, nil, []interface{}{nil}, []interface{}{nil, 1})
	err := errors.New("boom")
	fmt.Printf("%T|%v|%T|%v\n", err, err, fmt.Errorf("wrap %d", 1), fmt.Errorf("wrap %d", 1))
	fmt.Printf("%T|%v|%d|%#v\n", time.Second, time.Second, time.Second, 2*time.Millisecond)
	t := Tagged{N: "t", R: nil, Any: r}
	fmt.Printf("%T|%v|%+v\n", t, t, t)
	fmt.Printf("%T|%T|%T|%T\n", [2]Name{}, &n, make(chan Count), [][]Rect{})
	fmt.Printf("%v|%+v|%s|%q|%x\n", n, []Name{"a"}, n, n, n)
}
