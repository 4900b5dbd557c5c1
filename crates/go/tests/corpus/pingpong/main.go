package main

import "fmt"

type ball struct{ hits int }

func player(name string, table chan *ball, done chan string) {
	for b := range table {
		b.hits++
		fmt.Println(name, b.hits)
		if b.hits == 6 {
			done <- name
			return
		}
		table <- b
	}
}

func main() {
	table := make(chan *ball)
	done := make(chan string)
	go player("ping", table, done)
	go player("pong", table, done)
	table <- &ball{}
	winner := <-done
	fmt.Println("last hit by", winner)
}
