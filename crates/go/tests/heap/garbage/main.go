// Allocates 2,000 short-lived 64 KB []byte and 400,000 small structs (one in a
// thousand kept on a list): what it makes is mostly garbage, given back as it runs.
package main

import "fmt"

type node struct {
	id   int
	name string
	next *node
}

func main() {
	sum := 0
	for i := 0; i < 2000; i++ {
		b := make([]byte, 64<<10)
		b[i%len(b)] = byte(i)
		sum += int(b[i%len(b)]) + len(b)
	}
	var keep *node
	for i := 0; i < 400000; i++ {
		n := &node{id: i, name: "x", next: nil}
		if i%1000 == 0 {
			n.next = keep
			keep = n
		}
		sum += n.id % 7
	}
	count := 0
	for n := keep; n != nil; n = n.next {
		count++
	}
	fmt.Println(sum, count)
}
