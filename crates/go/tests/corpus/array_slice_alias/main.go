// Checks that slicing an array aliases it (writes through the slice and appends within
// capacity change the array; appends past capacity do not), pointers to arrays and to
// array elements, that array assignment copies, and that ranging over an array ranges
// over a copy while ranging over &arr or arr[:] sees later writes.
package main

import "fmt"

type holder struct {
	a [3]int
}

func main() {
	arr := [5]int{1, 2, 3, 4, 5}
	sl := arr[:]
	sl[1] = 20
	fmt.Println("slice write:", arr, len(sl), cap(sl))

	mid := arr[1:3]
	fmt.Println("arr[1:3]:", mid, len(mid), cap(mid))
	lim := arr[1:2:3]
	fmt.Println("arr[1:2:3]:", lim, len(lim), cap(lim))

	mid = append(mid, 40)
	fmt.Println("append within cap:", arr, mid)
	lim = append(lim, 30)
	fmt.Println("append to cap:", arr, lim, len(lim), cap(lim))
	lim = append(lim, 99)
	lim[0] = -1
	fmt.Println("append past cap:", arr, lim)

	p := &arr
	p[0] = 7
	(*p)[1] = 8
	fmt.Println("pointer to array:", arr, p[0], (*p)[1], len(p))

	q := &arr[2]
	*q = 9
	fmt.Println("pointer to element:", arr, *q)

	cp := arr
	cp[0] = 100
	fmt.Println("copy:", arr, cp, arr == cp)
	cp[0] = arr[0]
	fmt.Println("copy restored equal:", arr == cp)

	h := holder{a: [3]int{1, 2, 3}}
	hs := h.a[:]
	hs[2] = 33
	h2 := h
	h2.a[0] = -5
	fmt.Println("struct field:", h.a, hs, h2.a)

	arr = [5]int{1, 2, 3, 4, 5}
	for i, v := range arr {
		if i == 0 {
			arr[3] = 400
		}
		fmt.Print(v, " ")
	}
	fmt.Println("| range arr:", arr)

	arr = [5]int{1, 2, 3, 4, 5}
	for i, v := range &arr {
		if i == 0 {
			arr[3] = 400
		}
		fmt.Print(v, " ")
	}
	fmt.Println("| range &arr:", arr)

	arr = [5]int{1, 2, 3, 4, 5}
	for i, v := range arr[:] {
		if i == 0 {
			arr[4] = 500
		}
		fmt.Print(v, " ")
	}
	fmt.Println("| range arr[:]:", arr)
}
