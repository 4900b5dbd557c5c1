// Doubles a string until the memory is gone: the concatenation is where it runs out.
package main

import "fmt"

func main() {
	s := "go"
	for i := 0; ; i++ {
		s += s
		if i%5 == 0 {
			fmt.Println("length", len(s))
		}
	}
}
