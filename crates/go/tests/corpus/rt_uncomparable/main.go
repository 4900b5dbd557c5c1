// Comparing interface values whose dynamic type is not comparable panics at run time
// (runtime/alg.go: efaceeq, "comparing uncomparable type"), and so does using one as
// a map key (mapassign/mapaccess: "hash of unhashable type"). Values of different
// dynamic types compare unequal without a panic.
package main

import "fmt"

type pair struct {
	name string
	vals []int
}

func try(what string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			fmt.Printf("%s: %v\n", what, err)
			return
		}
		fmt.Printf("%s: no panic\n", what)
	}()
	f()
}

func main() {
	var a, b any = []int{1}, []int{1}
	try("slices in interfaces", func() { fmt.Println(a == b) })
	try("different types", func() { fmt.Println(a == any(3)) })
	var c, d any = pair{"x", nil}, pair{"x", nil}
	try("struct with a slice", func() { fmt.Println(c == d) })
	var m1, m2 any = map[int]int{}, map[int]int{}
	try("maps", func() { fmt.Println(m1 != m2) })
	var f1 any = func() {}
	try("func against nil", func() { fmt.Println(f1 == nil) })
	type box struct{ v any }
	try("nested in a struct", func() { fmt.Println(box{a} == box{b}) })
	try("comparable values", func() { fmt.Println(any("s") == any("s"), any(1) != any(2)) })
	keys := map[any]int{}
	try("map key store", func() { keys[a] = 1 })
	try("map key lookup", func() { fmt.Println(keys[a]) })
	try("map key delete", func() { delete(keys, a) })
	try("map key ok", func() { keys["fine"] = 2; fmt.Println(len(keys)) })
}
