// delete on a map whose key type is an interface, with keys of concrete types: the
// key is assigned to the key type first (spec: Deletion of map elements), so it
// finds the entry m[k] stored, directly and in a deferred call.
package main

import "fmt"

type shape interface{ area() int }

type sq struct{ n int }

func (s sq) area() int { return s.n * s.n }

type rect struct{ w, h int }

func (r *rect) area() int { return r.w * r.h }

func main() {
	m := map[shape]string{}
	r := &rect{2, 3}
	m[sq{2}] = "square"
	m[r] = "rect"
	m[sq{3}] = "big square"
	fmt.Println(len(m), m[sq{2}], m[r])
	delete(m, sq{2})
	delete(m, r)
	fmt.Println(len(m), m[sq{3}])
	func() {
		defer delete(m, sq{3})
	}()
	fmt.Println(len(m))

	any := map[any]int{1: 1, "one": 2, 1.5: 3}
	delete(any, 1)
	delete(any, "one")
	fmt.Println(len(any), any[1.5])
}
