// Checks that stdout (fmt.Println) and stderr (the println builtin) writes reach the
// terminal in program order when both are sent to one place (2>&1): neither stream is
// buffered by the program. (The explorer's fmt has no Fprintln, so stderr uses println.)
package main

import "fmt"

func main() {
	for i := 1; i <= 6; i++ {
		fmt.Println("stdout line", i)
		println("stderr line", i)
	}
	fmt.Println("stdout done")
}
