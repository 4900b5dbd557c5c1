// Checks the run-time panics of out-of-range indexing and slicing with variable
// indices on arrays, slices and strings: each is recovered, its value printed, and
// checked to be a runtime.Error.
package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, ok := r.(runtime.Error)
		fmt.Println(name+":", r, "| runtime.Error:", ok)
	}()
	f()
}

func main() {
	var a [4]int
	s := []int{1, 2, 3}
	str := "hey"
	k := 4
	neg := -1
	three := 3
	try("array read", func() { fmt.Println(a[k]) })
	try("array write", func() { a[k] = 1 })
	try("array negative", func() { fmt.Println(a[neg]) })
	try("slice negative", func() { s[neg] = 5 })
	try("slice read", func() { fmt.Println(s[k]) })
	try("array slice high", func() { fmt.Println(a[1 : k+1]) })
	try("slice high past cap", func() { fmt.Println(s[1:k]) })
	try("slice low > high", func() { fmt.Println(s[three:2]) })
	try("slice 3-index max", func() { fmt.Println(s[0:1:k]) })
	try("string index", func() { fmt.Println(str[three]) })
	try("string slice", func() { fmt.Println(str[1:k]) })
	try("in range", func() { fmt.Println(a[k-1], s[three-1], str[1:three], s[three:]) })
	fmt.Println("a =", a, "s =", s)
}
