// Package explorer is the outside world of a program the explorer runs: a slow disk,
// a slow network peer, and the client of the page's accept loop (the Spawn buttons).
// A program imports it as "gmp/explorer"; what it returns are the standard library's
// own types (*os.File, net.Conn), so the code that uses them is plain Go.
//
// Under real Go, oracle/gmp/explorer is a stand-in with the same API built from real
// pipes and sockets (see its doc comment).
package explorer

import (
	"net"
	"os"
	"time"
)

// SlowFile opens a file whose first Read blocks in read(2) for d before its one byte
// arrives (later reads are at end of file): a blocking system call, as reading a
// slow disk or a pipe is.
func SlowFile(d time.Duration) *os.File { return slowFile(d) }

// DialSlowPeer connects to a peer that answers one byte latency after a Read starts
// (then closes): until then the reading G is parked on the netpoller.
func DialSlowPeer(latency time.Duration) net.Conn { return slowPeer(latency) }

// Request is what a client asks the accept loop for: how many goroutines of each kind.
type Request struct {
	CPU      int // CPU-bound goroutines
	Blocking int // goroutines making a blocking syscall
	Network  int // goroutines reading from the network
}

// ReadRequest reads a request from a connection Accept returned: in the explorer, the
// goroutines asked for (Spawn buttons, the CLI's inputs) since the last request was read.
func ReadRequest(c net.Conn) Request {
	cpu, blocking, network := takeRequests()
	return Request{CPU: cpu, Blocking: blocking, Network: network}
}

func slowFile(d time.Duration) *os.File
func slowPeer(latency time.Duration) *net.TCPConn
func takeRequests() (cpu, blocking, network int)
