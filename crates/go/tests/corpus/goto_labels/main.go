// Checks goto: backward (a loop made of a label and a jump), forward (skipping
// statements, leaving nested loops), inside a closure and a goroutine, and a label
// shared by goto and break.
package main

import "fmt"

func collatz(n int) (steps int) {
again:
	if n == 1 {
		return
	}
	steps++
	if n%2 == 0 {
		n /= 2
	} else {
		n = 3*n + 1
	}
	goto again
}

func find(grid [][]int, want int) (int, int) {
	for i, row := range grid {
		for j, v := range row {
			if v == want {
				fmt.Println("found at", i, j)
				goto done
			}
		}
	}
	fmt.Println("not found", want)
	return -1, -1
done:
	return want, want * 2
}

func main() {
	fmt.Println(collatz(1), collatz(6), collatz(27))
	grid := [][]int{{1, 2}, {3, 4}, {5, 6}}
	fmt.Println(find(grid, 4))
	fmt.Println(find(grid, 9))

	i := 0
outer:
	for {
		i++
		if i > 5 {
			break outer
		}
		if i%2 == 0 {
			continue outer
		}
		fmt.Println("odd", i)
	}

	count := func() (n int) {
	loop:
		if n < 3 {
			n++
			goto loop
		}
		return
	}
	fmt.Println("closure", count())

	done := make(chan int)
	go func() {
		k := 10
	down:
		k--
		if k > 0 {
			goto down
		}
		done <- k
	}()
	fmt.Println("goroutine", <-done)

	x := 0
	goto skip
skip:
	x += 2
	fmt.Println("x", x)
}
