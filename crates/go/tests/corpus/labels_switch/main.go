package main

import "fmt"

func grade(n int) string {
	switch {
	case n >= 90:
		return "A"
	case n >= 80:
		return "B"
	default:
		return "C"
	}
}

func main() {
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	for _, n := range []int{95, 85, 50} {
		fmt.Print(grade(n))
	}
	fmt.Println()
	switch x := 2; x {
	case 1:
		fmt.Println("one")
	case 2:
		fmt.Println("two")
		fallthrough
	case 3:
		fmt.Println("three (fallthrough)")
	case 4:
		fmt.Println("four")
	}
	i := 0
	for {
		i++
		if i > 4 {
			break
		}
	}
	fmt.Println("i =", i)
}
