// An accept loop: every request it reads starts goroutines of three kinds. In the
// explorer the page's Spawn buttons are its client; under real Go, send the three
// counts "CPU BLOCKING NETWORK": echo 2 1 1 | nc -q0 127.0.0.1 8000
package main

import (
	"net"
	"os"
	"time"

	"gmp/explorer"
)

// The explorer's parameters (p.cpu=3 in a link, gmp run playground --set cpu=3).
const (
	cpu      = 0                     // CPU-bound goroutines asked for at start [0, 100000]
	blocking = 0                     // blocking-syscall goroutines asked for at start [0, 100000]
	network  = 0                     // network goroutines asked for at start [0, 100000]
	work     = 50 * time.Millisecond // how long a CPU-bound goroutine computes, from its start [0, 1h]
	syscall  = 50 * time.Millisecond // how long a blocking syscall blocks [0, 1h]
	latency  = 30 * time.Millisecond // when a network read's data arrives [0, 1h]
)

// crunch is CPU-bound: it computes for d.
func crunch(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// readFile makes a blocking syscall: read(2) takes its M along.
func readFile(f *os.File) {
	buf := make([]byte, 1)
	f.Read(buf)
}

// handleConn reads from the network (parking on the netpoller), then handles what
// it read.
func handleConn(c net.Conn) {
	buf := make([]byte, 1)
	c.Read(buf)
	crunch(50 * time.Microsecond)
}

// serve starts the goroutines a request asks for.
func serve(req explorer.Request) {
	for i := 0; i < req.CPU; i++ {
		go crunch(work)
	}
	for i := 0; i < req.Blocking; i++ {
		go readFile(explorer.SlowFile(syscall))
	}
	for i := 0; i < req.Network; i++ {
		go handleConn(explorer.DialSlowPeer(latency))
	}
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:8000")
	if err != nil {
		panic(err)
	}
	serve(explorer.Request{CPU: cpu, Blocking: blocking, Network: network})
	for {
		conn, err := ln.Accept()
		if err != nil {
			continue
		}
		req := explorer.ReadRequest(conn)
		conn.Close()
		serve(req)
	}
}
