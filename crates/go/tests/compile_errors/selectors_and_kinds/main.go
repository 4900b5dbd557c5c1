// Mistakes in names from packages and in using a defined type's value: a misspelt
// function, one in the wrong case, an unexported one, and values of defined types used
// where another type is wanted (types2 names the kind of a defined type).
package main

import (
	"fmt"
	"strings"
	"time"
)

type Cat struct{ name string }

type Celsius float64

type Names []string

func main() {
	fmt.Printline("hello")
	fmt.println("lower case")
	_ = strings.toUpper("x")
	var c Cat
	var n int = c
	var t Celsius = 21.5
	var f float64 = t
	names := Names{"a"}
	var s []int = names
	var d time.Duration = time.Second
	var i int64 = d
	_, _, _, _ = n, f, s, i
}
