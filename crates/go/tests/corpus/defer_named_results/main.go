package main

import (
	"errors"
	"fmt"
)

func double() (x, y int) {
	defer func() { x *= 2 }()
	x, y = 1, 2
	return
}

func explicit() (n int) {
	defer func() { n += 100 }()
	return 5
}

func unnamed() int {
	n := 1
	defer func() { n = 99 }()
	return n
}

func closeAll(names []string) (err error) {
	for _, name := range names {
		defer func() {
			if name == "bad" && err == nil {
				err = errors.New("closing " + name)
			}
		}()
	}
	return nil
}

func trace(msg string) func() {
	fmt.Println("enter", msg)
	return func() { fmt.Println("leave", msg) }
}

func work() (result string) {
	defer trace("work")()
	defer func() { result += "!" }()
	result = "done"
	return result + "?"
}

func main() {
	fmt.Println(double())
	fmt.Println(explicit(), unnamed())
	fmt.Println(closeAll([]string{"a", "bad", "c"}), closeAll(nil))
	fmt.Println(work())
}
