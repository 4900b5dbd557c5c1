package main

import "fmt"

type node struct {
	val  int
	next *node
}

func sum(n *node) int {
	total := 0
	for n != nil {
		total += n.val
		n = n.next
	}
	return total
}

func main() {
	list := &node{1, &node{2, &node{3, nil}}}
	fmt.Println("sum", sum(list))
	third := list.next.next
	fmt.Println("third", third.val)
	fmt.Println("fourth", third.next.val)
}
