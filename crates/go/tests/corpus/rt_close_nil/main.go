package main

import "fmt"

type worker struct {
	quit chan bool
}

func (w *worker) stop() {
	close(w.quit)
}

func main() {
	w := &worker{quit: make(chan bool)}
	w.stop()
	_, ok := <-w.quit
	fmt.Println("first worker stopped, ok =", ok)
	var lazy worker
	fmt.Println("quit is nil:", lazy.quit == nil)
	lazy.stop()
}
