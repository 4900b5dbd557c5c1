// Checks that a method declared in a library package on a named non-struct type
// (time.Duration's String) satisfies an interface: assigned to fmt.Stringer, stored
// in a []fmt.Stringer, matched by a type switch case and a comma-ok assertion, and
// used by fmt when printing.
package main

import (
	"fmt"
	"time"
)

type Label string

func (l Label) String() string { return "label:" + string(l) }

func describe(x any) string {
	switch v := x.(type) {
	case time.Duration:
		return "duration " + v.String()
	default:
		return fmt.Sprintf("other %v", v)
	}
}

func viaStringer(x any) string {
	switch v := x.(type) {
	case fmt.Stringer:
		return "stringer " + v.String()
	case int64:
		return "int64"
	default:
		return "neither"
	}
}

func main() {
	var s fmt.Stringer = time.Second
	fmt.Println(s.String(), s)
	fmt.Printf("%v %s %d %T\n", s, s, s, s)

	list := []fmt.Stringer{time.Millisecond, 90 * time.Second, Label("x"), time.Duration(1500)}
	for i, v := range list {
		fmt.Println(i, v.String(), v)
	}

	var a any = time.Millisecond
	fmt.Println(viaStringer(a), viaStringer(int64(5)), viaStringer(3))
	fmt.Println(describe(a), describe(int64(1000)), describe(2*time.Hour+3*time.Minute))

	st, ok := a.(fmt.Stringer)
	fmt.Println("comma-ok:", st, ok)
	d, ok := st.(time.Duration)
	fmt.Println("back to Duration:", d, int64(d), ok)

	m := map[string]fmt.Stringer{"t": 250 * time.Microsecond}
	fmt.Println(m["t"], m)
	fmt.Println([]time.Duration{time.Nanosecond, 0, -time.Minute})
	fmt.Println(time.Second == s, s == fmt.Stringer(time.Second))
}
