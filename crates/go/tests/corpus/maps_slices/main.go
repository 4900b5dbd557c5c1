package main

import (
	"fmt"
	"strings"
)

func main() {
	words := strings.Split("the quick brown fox jumps over the lazy dog the end", " ")
	count := map[string]int{}
	for _, w := range words {
		count[w]++
	}
	fmt.Println(count)
	fmt.Println(len(count), count["the"], count["cat"])
	if _, ok := count["fox"]; ok {
		fmt.Println("has fox")
	}
	delete(count, "fox")
	_, ok := count["fox"]
	fmt.Println("after delete:", ok)
	s := []int{5, 1, 4}
	s = append(s, 2, 3)
	t := s[1:3]
	t[0] = 100
	fmt.Println(s, t, len(t), cap(t))
	var grid [3][3]int
	for i := 0; i < 3; i++ {
		grid[i][i] = i + 1
	}
	fmt.Println(grid)
	b := []byte("héllo")
	fmt.Println(len(b), string(b[0:1]))
	for i, r := range "héllo" {
		fmt.Print(i, ":", string(r), " ")
	}
	fmt.Println()
	fmt.Println(strings.Repeat("ab", 3), strings.ToUpper("go"), strings.Join([]string{"a", "b"}, "-"))
}
