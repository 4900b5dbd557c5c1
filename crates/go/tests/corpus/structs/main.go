package main

import "fmt"

type Animal interface {
	Sound() string
}

type Base struct{ Name string }

func (b Base) Hello() string { return "I am " + b.Name }

type Dog struct {
	Base
	Age int
}

func (d *Dog) Birthday() { d.Age++ }
func (d Dog) Sound() string { return "woof" }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

func describe(x interface{}) string {
	switch v := x.(type) {
	case int:
		return fmt.Sprintf("int %d", v)
	case string:
		return "string " + v
	case Animal:
		return "animal says " + v.Sound()
	case nil:
		return "nil"
	default:
		return fmt.Sprintf("other %v", v)
	}
}

func main() {
	d := Dog{Base{"Rex"}, 3}
	d.Birthday()
	fmt.Println(d.Hello(), d.Age, d)
	p := &d
	p.Birthday()
	fmt.Printf("%+v\n", *p)
	var a Animal = d
	fmt.Println(a.Sound(), describe(42), describe("go"), describe(a), describe(nil), describe(2.5))
	fmt.Println(Celsius(21.5))
	if s, ok := a.(fmt.Stringer); ok {
		fmt.Println("stringer", s)
	} else {
		fmt.Println("not a stringer")
	}
}
