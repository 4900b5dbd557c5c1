package main

import "fmt"

func walk(buf []byte, depth int) int {
	buf[depth%len(buf)] = byte(depth)
	if depth == 0 {
		return int(buf[0])
	}
	return walk(buf, depth-1) + int(buf[depth%len(buf)])
}

func main() {
	buf := make([]byte, 4096)
	fmt.Println(walk(buf, 100))
}
