package main

import "fmt"

type animal interface {
	sound() string
	name() string
}

type dog struct{ n string }
type cow struct{ n string }

func (d dog) sound() string  { return "woof" }
func (d dog) name() string   { return d.n }
func (c *cow) sound() string { return "moo" }
func (c *cow) name() string  { return c.n }

type loud struct{ animal }

func (l loud) sound() string { return l.animal.sound() + "!" }

func describe(a animal) string {
	switch v := a.(type) {
	case dog:
		return "dog " + v.n
	case *cow:
		return "cow " + v.n
	default:
		return "something that says " + v.sound()
	}
}

func main() {
	zoo := []animal{dog{"rex"}, &cow{"bess"}, loud{dog{"max"}}}
	for _, a := range zoo {
		fmt.Println(a.name(), a.sound(), describe(a))
	}
	var a animal
	fmt.Println(a == nil)
	a = dog{"rex"}
	fmt.Println(a == dog{"rex"}, a != zoo[1])
	var any1 interface{} = zoo[1]
	_, isAnimal := any1.(animal)
	_, isDog := any1.(dog)
	fmt.Println(isAnimal, isDog)
}
