package main

import (
	"net"
	"os"
	"time"

	"gmp/explorer"
)

func crunch() { // CPU-bound: about 200ms of arithmetic
	for start := time.Now(); time.Since(start) < 200*time.Millisecond; {
	}
}

func readFile(f *os.File) { // a blocking syscall: read(2) takes its M along
	buf := make([]byte, 1)
	f.Read(buf)
}

func handleConn(c net.Conn) { // a network read: parks on the netpoller
	buf := make([]byte, 1)
	c.Read(buf)
	for start := time.Now(); time.Since(start) < 50*time.Microsecond; { // handle it
	}
}

// main is an accept loop: every request asks for some goroutines of each kind. In
// the explorer the Spawn buttons are the client; under real Go, send "CPU BLOCKING
// NETWORK" counts: echo 2 1 1 | nc -q0 127.0.0.1 8000
func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:8000")
	if err != nil {
		panic(err)
	}
	for {
		conn, err := ln.Accept()
		if err != nil {
			continue
		}
		req := explorer.ReadRequest(conn)
		conn.Close()
		for i := 0; i < req.CPU; i++ {
			go crunch()
		}
		for i := 0; i < req.Blocking; i++ {
			go readFile(explorer.SlowFile(50 * time.Millisecond))
		}
		for i := 0; i < req.Network; i++ {
			go handleConn(explorer.DialSlowPeer(30 * time.Millisecond)) // data arrives after 30ms
		}
	}
}
