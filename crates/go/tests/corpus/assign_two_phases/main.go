// Checks an assignment's two phases: the left side's index and indirection operands are
// evaluated before the right side, copied (k, m[k] = 2, 10 stores to m[1]), and the
// bounds and nil checks happen at the store, after the right side ran.
package main

import "fmt"

type P struct{ x int }

func f() int { fmt.Println("f ran"); return 1 }

func try(name string, g func()) {
	defer func() { fmt.Println(name, recover()) }()
	g()
}

func main() {
	try("slice", func() { var s []int; s[5] = f() })
	try("nilptr", func() { var p *P; p.x = f() })
	try("array", func() { var a [2]int; i := 3; a[i] = f() })
	m := map[int]int{}
	k := 1
	k, m[k] = 2, 10
	fmt.Println(k, m)
	a, b := 1, 2
	p := &a
	p, *p = &b, 5
	fmt.Println(a, b)
	x := []int{0, 0, 0}
	i := 0
	i, x[i] = 1, 2
	fmt.Println(i, x)
}
