// Checks the Statements section: if/switch with init statements, tagless switch, type
// switches with several types per case, fallthrough, labeled break/continue out of nested
// loops and out of select, range over array/slice/string/map (map keys sorted by hand)/int,
// index-only range, per-iteration loop variables captured by closures (Go 1.22), defer
// LIFO order and argument evaluation time, defers modifying named results, goto, select
// with default, bare blocks with shadowing, and ++/-- on map entries and struct fields.
package main

import "fmt"

type point struct{ x, y int }

func classify(v interface{}) string {
	switch t := v.(type) {
	case int, int64:
		return fmt.Sprint("integer ", t)
	case string, []byte:
		return fmt.Sprintf("text %T", t)
	case nil:
		return "nil"
	case error, bool:
		return fmt.Sprint("error-or-bool ", t)
	}
	return fmt.Sprintf("other %T", v)
}

func grade(n int) (s string) {
	switch {
	case n >= 90:
		s = "A"
		fallthrough
	case n >= 80:
		s += "B"
	case n >= 70:
		s = "C"
		fallthrough
	default:
		s += "F"
	}
	return
}

func deferred() (result int) {
	defer func() { result *= 2 }()
	defer func() { result += 10 }()
	for i := 0; i < 3; i++ {
		defer fmt.Print("d", i, " ")
	}
	x := 1
	defer fmt.Println("arg evaluated at defer:", x)
	x = 100
	return x
}

func main() {
	if n := len("hello"); n > 3 {
		fmt.Println("if init:", n)
	} else if n > 1 {
		fmt.Println("unreachable")
	}
	switch x := 5; {
	case x > 3:
		fmt.Println("switch init tagless", x)
	}
	fmt.Println(classify(1), "|", classify(int64(2)), "|", classify("s"), "|", classify([]byte("b")), "|",
		classify(nil), "|", classify(fmt.Errorf("e")), "|", classify(true), "|", classify(2.5))
	fmt.Println("grades:", grade(95), grade(85), grade(75), grade(10))
outer:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if j == 2 {
				continue outer
			} else if i == 3 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println("<- labeled loops")
	ch := make(chan int, 5)
	for i := range 5 {
		ch <- i
	}
	got := 0
loop:
	for {
		select {
		case v := <-ch:
			if v == 3 {
				break loop
			}
			got += v
		}
	}
	fmt.Println("break out of select:", got, len(ch))
	for range 2 {
		select {
		case v := <-ch:
			fmt.Println("ready:", v)
		default:
			fmt.Println("default taken")
		}
	}
	arr := [3]string{"a", "b", "c"}
	for i, v := range arr {
		arr[2] = "z"
		fmt.Print(i, v, " ")
	}
	sl := []int{1, 2, 3}
	for i := range sl {
		sl[i] *= 10
	}
	for i := range 3 {
		fmt.Print("r", i, " ")
	}
	for range 2 {
		fmt.Print("x ")
	}
	fmt.Println(sl, arr)
	for i, r := range "aé!" {
		fmt.Print(i, ":", string(r), " ")
	}
	m := map[string]int{"pear": 3, "apple": 1, "fig": 2, "kiwi": 4}
	var keys []string
	for k := range m {
		keys = append(keys, k)
		for j := len(keys) - 1; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	for _, k := range keys {
		fmt.Print(k, "=", m[k], " ")
	}
	fmt.Println()
	var fns []func() int
	for i := 0; i < 3; i++ {
		fns = append(fns, func() int { return i * i })
	}
	for _, v := range []int{7, 8} {
		fns = append(fns, func() int { return v })
	}
	for _, f := range fns {
		fmt.Print(f(), " ")
	}
	fmt.Println("<- per-iteration vars")
	fmt.Println("named result:", deferred())
	n, v := 0, 1
again:
	n++
	if n < 4 {
		goto again
	}
	{
		v := 2
		v++
		{
		}
	}
	counts := map[string]int{}
	counts["a"]++
	counts["a"]++
	counts["b"]--
	p := point{1, 1}
	pp := &p
	p.x++
	pp.y--
	fmt.Println("goto:", n, "shadow:", v, "incdec:", counts["a"], counts["b"], len(counts), p)
}
