package main

import "fmt"

type ball struct{ hits int }

func player(name string, in <-chan *ball, out chan<- *ball, done chan<- string) {
	for b := range in {
		b.hits++
		fmt.Println(name, b.hits)
		if b.hits == 6 {
			done <- name
			return
		}
		out <- b
	}
}

func main() {
	toPing := make(chan *ball)
	toPong := make(chan *ball)
	done := make(chan string)
	go player("ping", toPing, toPong, done)
	go player("pong", toPong, toPing, done)
	toPing <- &ball{}
	winner := <-done
	fmt.Println("last hit by", winner)
}
