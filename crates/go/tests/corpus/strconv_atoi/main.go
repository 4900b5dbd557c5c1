package main

import (
	"fmt"
	"strconv"
)

func parseAll(fields []string) (sum int, bad []string) {
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		sum += n
	}
	return
}

func main() {
	sum, bad := parseAll([]string{"12", "+7", "-0", "x1", "99999999999999999999", "-99999999999999999999", "", " 3", "1_000"})
	fmt.Println("sum", sum)
	for _, b := range bad {
		fmt.Println(b)
	}
	n, err := strconv.Atoi("9223372036854775808")
	fmt.Println(n, err)
	fmt.Println(strconv.Itoa(-45) + strconv.Itoa(1<<40))
}
