// Checks the message of an unrecovered panic(nil) (a *runtime.PanicNilError) after
// deferred calls have run.
package main

import "fmt"

func main() {
	defer fmt.Println("deferred runs")
	fmt.Println("before")
	panic(nil)
}
