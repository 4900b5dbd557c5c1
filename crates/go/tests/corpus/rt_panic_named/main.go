// Checks the message of an unrecovered panic with a value of a named string type of
// package main: Go prints the type name and the quoted value.
package main

import "fmt"

type Name string

func check(n Name) {
	if n == "bad" {
		panic(n)
	}
	fmt.Println("ok", n)
}

func main() {
	check("good")
	check(Name("bad"))
	fmt.Println("unreachable")
}
