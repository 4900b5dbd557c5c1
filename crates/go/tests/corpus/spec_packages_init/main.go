// Checks Package initialization and iota: package-level vars initialized in dependency
// order (a var that uses a function, a method value or a later var waits for what it
// references), multi-value var declarations, several init() functions run in source order
// after all vars, package-level vars of func type assigned and called from init, and iota
// patterns: skipped values with _, expressions, bit flags, repeated implicit expressions,
// several iotas on one line, and a typed iota (Weekday) with a String method.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

var log []string

func note(s string, v int) int {
	log = append(log, s)
	return v
}

var total = sum() + note("total", 0)
var parts = []int{first, second, third}
var first = note("first", 1)
var second = first * 10
var third = note("third", second+first)

func sum() int {
	s := 0
	for _, p := range parts {
		s += p
	}
	return s
}

var q, r = divmod(note("divmod", 17), 5)

func divmod(a, b int) (int, int) { return a / b, a % b }

var greet = makeGreeter(prefix)
var prefix = strings.ToUpper("hi") + strconv.Itoa(note("prefix", len(log)))

func makeGreeter(p string) func(string) string {
	return func(name string) string { return p + ", " + name }
}

var hook func(string) string
var counter = &struct{ n int }{n: note("counter", 5)}

func init() {
	fmt.Println("init 1: log", log)
	fmt.Println("init 1: total", total, "parts", parts, "q r", q, r)
	hook = func(s string) string { return "[" + s + "]" }
	counter.n++
}

func init() {
	fmt.Println("init 2:", hook("hooked"), greet("gopher"), counter.n)
	counter.n *= 10
}

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

var dayNames = [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}

func (d Weekday) String() string {
	if d < 0 || int(d) >= len(dayNames) {
		return fmt.Sprintf("Weekday(%d)", int(d))
	}
	return dayNames[d]
}

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
	GB
)

const (
	A, B = iota, iota * 10
	C, D
	_, _
	E, F
)

type Flag uint8

const (
	FlagRead Flag = 1 << iota
	FlagWrite
	_
	FlagExec
)

const (
	x0 = iota * iota
	x1
	x2 = "str"
	x3
	x4 = iota + 100
	x5
)

func init() {
	fmt.Println("init 3: counter", counter.n)
}

func main() {
	fmt.Println("main: log", log)
	fmt.Println("days:", Sunday, Monday, Saturday, Weekday(7), Weekday(-1), Tuesday+2, Saturday-Friday)
	fmt.Printf("typed iota: %v %d %T\n", Wednesday, Wednesday, Thursday)
	var d Weekday = 3
	fmt.Println("day var:", d, d == Wednesday, d+1 == Thursday, []Weekday{Friday, Sunday})
	fmt.Println("sizes:", KB, MB, GB)
	fmt.Println("pairs:", A, B, C, D, E, F)
	fmt.Println("flags:", FlagRead, FlagWrite, FlagExec, FlagRead|FlagExec, FlagExec&^FlagRead)
	fmt.Println("mixed:", x0, x1, x2, x3, x4, x5)
	fmt.Println("greet:", greet("main"), hook("main"), prefix)
}
