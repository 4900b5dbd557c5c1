// Checks package initialization order: package-level variables are initialized in
// declaration order except that a variable waits for the variables it depends on
// (directly or through the functions it calls), then every init() runs in source
// order, then main.
package main

import "fmt"

var trace []string

func f(name string) int {
	trace = append(trace, name)
	fmt.Println("init var", name)
	return len(trace)
}

var a = b + c + 100*f("a")
var b = f("b")
var c = f("c")
var d = f("d")

var e = viaFunc()

func viaFunc() int {
	fmt.Println("viaFunc reads h =", h)
	return h * 2
}

var h = f("h")

var p, q = pair()

func pair() (int, int) {
	fmt.Println("pair, r =", r)
	return r + 1, r + 2
}

var r = f("r")

var m = map[string]int{"a": a, "z": z}
var z = f("z")

func init() {
	fmt.Println("init 1: a b c d =", a, b, c, d)
}

func init() {
	fmt.Println("init 2: e h =", e, h, "p q r =", p, q, r)
}

func init() {
	fmt.Println("init 3: m =", m, "trace =", trace)
	a = -1
}

func main() {
	fmt.Println("main: a =", a, "len(trace) =", len(trace))
}
