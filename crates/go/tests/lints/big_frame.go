package main

import "fmt"

func walk(depth int) int {
	var buf [4096]byte
	buf[depth%4096] = byte(depth)
	if depth == 0 {
		return int(buf[0])
	}
	return walk(depth-1) + int(buf[depth%4096])
}

func main() {
	fmt.Println(walk(100))
}
