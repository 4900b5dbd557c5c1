// Network reads beside CPU-bound goroutines: a read with no data yet parks its
// goroutine on the netpoller (gopark), and the M goes on running other goroutines.
package main

import (
	"fmt"
	"net"
	"sync"
	"time"

	"gmp/explorer"
)

// The explorer's parameters (p.readers=5 in a link, gmp run netpoll --set readers=5).
const (
	cpu     = 3                      // CPU-bound goroutines [0, 10000]
	work    = 100 * time.Millisecond // how long each CPU-bound goroutine computes, from its start [0, 1h]
	readers = 3                      // goroutines reading from the network [1, 10000]
	latency = 30 * time.Millisecond  // when each read's data arrives [0, 1h]
)

// readConn reads from a TCP connection whose peer answers after latency.
func readConn(c net.Conn, wg *sync.WaitGroup) {
	defer wg.Done()
	buf := make([]byte, 1)
	c.Read(buf)
}

// spin computes for d.
func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(cpu + readers)
	for i := 0; i < cpu; i++ {
		go spin(work, &wg)
	}
	for i := 0; i < readers; i++ {
		go readConn(explorer.DialSlowPeer(latency), &wg)
	}
	wg.Wait()
	fmt.Println("done")
}
