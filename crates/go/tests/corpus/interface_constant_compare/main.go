// An interface compared with an untyped constant: the constant takes its default type
// (int, string, float64) and the dynamic types must match, so v == 5.0 is false.
package main

import "fmt"

func main() {
	var v any = 5
	var s any = "a"
	var f any = 2.5
	fmt.Println(v == 5, v != 5, s == "a", 5 == v, f == 2.5, v == 5.0)
	switch v {
	case 5:
		fmt.Println("five")
	}
	var e error
	fmt.Println(e == nil)
}
