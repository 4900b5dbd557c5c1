// Package explorer, for real Go: a stand-in for the GMP Explorer's outside world
// (the explorer's own is crates/go/src/std/explorer.go) with the same API, made of
// real pipes and sockets, so that a program written for the explorer builds and runs
// under real Go:
//
//	cd crates/go/tests/io && go run ./syscall
//
// The durations count from the call that makes the file or connection; in the
// explorer they count from the Read's start. The two agree when the reader reads at
// once, as the scenarios' readers do.
package explorer

import (
	"fmt"
	"net"
	"os"
	"syscall"
	"time"
)

// SlowFile is the read end of a pipe that gets one byte d from now and is then
// closed. The pipe is left blocking (syscall.Pipe, not os.Pipe), so os.NewFile does
// not put it on the netpoller: Read is a blocking read(2).
func SlowFile(d time.Duration) *os.File {
	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		panic(err)
	}
	time.AfterFunc(d, func() {
		syscall.Write(fds[1], []byte{1})
		syscall.Close(fds[1])
	})
	return os.NewFile(uintptr(fds[0]), "slow")
}

// DialSlowPeer connects over loopback to a peer that writes one byte latency from
// now and then closes the connection.
func DialSlowPeer(latency time.Duration) net.Conn {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	s, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	time.AfterFunc(latency, func() {
		s.Write([]byte{1})
		s.Close()
	})
	return c
}

// Request is what a client asks the accept loop for: how many goroutines of each kind.
type Request struct {
	CPU      int // CPU-bound goroutines
	Blocking int // goroutines making a blocking syscall
	Network  int // goroutines reading from the network
}

// ReadRequest reads "CPU BLOCKING NETWORK" (three counts) from the connection.
func ReadRequest(c net.Conn) Request {
	var r Request
	fmt.Fscan(c, &r.CPU, &r.Blocking, &r.Network)
	return r
}
