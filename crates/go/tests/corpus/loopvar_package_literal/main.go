// Go 1.22 loop variables in a function literal that initialises a package variable:
// each iteration has its own x (captured by a closure, or its address taken), for an
// int and for an array, as in a function declaration.
package main

import "fmt"

var f = func() {
	var fs []func() int
	var ps []*int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
		ps = append(ps, &i)
	}
	var as []func() int
	var aps []*[1]int
	for x := [1]int{0}; x[0] < 3; x[0]++ {
		as = append(as, func() int { return x[0] })
		aps = append(aps, &x)
	}
	for k := range 3 {
		fmt.Println(fs[k](), *ps[k], as[k](), aps[k][0])
	}
}

func main() {
	f()
	var ss [][]int
	for x := [1]int{0}; x[0] < 3; x[0]++ {
		ss = append(ss, x[:])
	}
	fmt.Println(ss[0][0], ss[1][0], ss[2][0])
}
