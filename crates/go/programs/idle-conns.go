// The chapter's net/http remark: a server runs one goroutine per connection. Most
// connections are idle keep-alives whose next request has not come: their Read parks
// on the netpoller and holds no P. A few are busy, and those get the Ps.
package main

import (
	"fmt"
	"net"
	"runtime"
	"time"

	"gmp/explorer"
)

// The explorer's parameters (p.idle=200 in a link, gmp run idle-conns --set idle=200).
const (
	idle  = 100                   // idle keep-alive connections (no next request) [0, 400]
	busy  = 4                     // connections whose request arrives [1, 16]
	after = 2 * time.Millisecond  // when the busy connections' requests arrive [1ms, 1s]
	work  = 15 * time.Millisecond // CPU time each request needs [1ms, 1s]
	procs = 2                     // the program's runtime.GOMAXPROCS(n) [1, 64]
)

// serve is a connection's goroutine, as net/http starts one for each connection: its
// Read waits for the next request (parked on the netpoller until a byte arrives),
// then it does the request's CPU work and answers.
func serve(c net.Conn, served chan<- bool) {
	buf := make([]byte, 1)
	if n, _ := c.Read(buf); n == 0 {
		return
	}
	for start := time.Now(); time.Since(start) < work; {
	}
	c.Write(buf)
	served <- true
}

func main() {
	runtime.GOMAXPROCS(procs)

	served := make(chan bool)
	for i := 0; i < idle; i++ {
		go serve(explorer.DialSlowPeer(time.Hour), served)
	}
	for i := 0; i < busy; i++ {
		go serve(explorer.DialSlowPeer(after), served)
	}
	for i := 0; i < busy; i++ {
		<-served
	}
	fmt.Println(busy, "requests served;", idle, "connections still idle")
}
