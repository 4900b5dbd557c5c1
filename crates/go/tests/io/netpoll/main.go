package main

import (
	"fmt"
	"net"
	"sync"
	"time"

	"gmp/explorer"
)

// A read on a TCP connection: if no data is there yet, the G parks on the netpoller
// and its M goes on running other goroutines.
func readConn(c net.Conn, wg *sync.WaitGroup) {
	defer wg.Done()
	buf := make([]byte, 1)
	c.Read(buf)
}

func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(6)
	for i := 0; i < 3; i++ {
		go spin(100*time.Millisecond, &wg)
	}
	for i := 0; i < 3; i++ {
		go readConn(explorer.DialSlowPeer(30*time.Millisecond), &wg)
	}
	wg.Wait()
	fmt.Println("done")
}
