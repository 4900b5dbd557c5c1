package net

import (
	"errors"
	"io"
)

type Addr interface {
	Network() string
	String() string
}

// TCPAddr is an address as the program wrote it ("127.0.0.1:8000").
type TCPAddr struct{ addr string }

func (a *TCPAddr) Network() string { return "tcp" }
func (a *TCPAddr) String() string  { return a.addr }

type Conn interface {
	Read(b []byte) (n int, err error)
	Write(b []byte) (n int, err error)
	Close() error
	LocalAddr() Addr
	RemoteAddr() Addr
}

type Listener interface {
	Accept() (Conn, error)
	Close() error
	Addr() Addr
}

// TCPConn is a connection: to a slow peer (gmp/explorer.DialSlowPeer), whose one byte
// arrives some time after a Read starts, or from the explorer's client (a request
// Accept returned; its content is read with gmp/explorer.ReadRequest).
type TCPConn struct {
	latency int64 // a slow peer's: when its byte arrives after a Read starts (ns)
	request bool  // accepted from the explorer's client
	done    bool  // the byte has been read: later reads are at end of file
	closed  bool
	laddr   string
	raddr   string
}

// Read on a connection whose data has not arrived parks the G on the netpoller
// (internal/poll: fd.Read gets EAGAIN, pollDesc.waitRead → netpollblock → gopark with
// waitReasonIOWait); the M goes on running other goroutines. When the data arrives,
// netpoll (from findRunnable, sysmon or startTheWorld) readies the G (injectglist).
func (c *TCPConn) Read(b []byte) (int, error) {
	if c == nil {
		return 0, errors.New("invalid argument")
	}
	if c.closed {
		return 0, errors.New("read tcp " + c.laddr + "->" + c.raddr + ": use of closed network connection")
	}
	if len(b) == 0 {
		return 0, nil
	}
	if c.done || c.request {
		return 0, io.EOF
	}
	netRead(c.latency)
	c.done = true
	b[0] = 1
	return 1, nil
}

// Write: the peer takes what it is sent at once (the socket's buffer has room).
func (c *TCPConn) Write(b []byte) (int, error) {
	if c == nil {
		return 0, errors.New("invalid argument")
	}
	if c.closed {
		return 0, errors.New("write tcp " + c.laddr + "->" + c.raddr + ": use of closed network connection")
	}
	return len(b), nil
}

func (c *TCPConn) Close() error {
	if c == nil {
		return errors.New("invalid argument")
	}
	if c.closed {
		return errors.New("close tcp " + c.laddr + "->" + c.raddr + ": use of closed network connection")
	}
	c.closed = true
	return nil
}

func (c *TCPConn) LocalAddr() Addr  { return &TCPAddr{c.laddr} }
func (c *TCPConn) RemoteAddr() Addr { return &TCPAddr{c.raddr} }

// TCPListener is the program's listener: the explorer's requests (the page's Spawn
// buttons, the CLI's inputs, a scenario's initial requests) are its clients.
type TCPListener struct {
	addr   string
	closed bool
}

// listening: the one listener the explorer's requests arrive at is taken.
var listening bool

func Listen(network, address string) (Listener, error) {
	if network != "tcp" && network != "tcp4" && network != "tcp6" {
		return nil, errors.New("listen " + network + ": unknown network " + network)
	}
	if listening {
		return nil, errors.New("listen " + network + " " + address + ": bind: address already in use")
	}
	listening = true
	return &TCPListener{addr: address}, nil
}

// Accept waits for the next request: with none pending the G parks on the netpoller
// (waitReasonIOWait) until the explorer's client sends one (Runtime::request_spawn).
func (l *TCPListener) Accept() (Conn, error) {
	if l.closed {
		return nil, errors.New("accept tcp " + l.addr + ": use of closed network connection")
	}
	accept()
	return &TCPConn{request: true, laddr: l.addr, raddr: "explorer"}, nil
}

func (l *TCPListener) Close() error {
	if l.closed {
		return errors.New("close tcp " + l.addr + ": use of closed network connection")
	}
	l.closed = true
	listening = false
	return nil
}

func (l *TCPListener) Addr() Addr { return &TCPAddr{l.addr} }

// netRead parks the G on the netpoller until its data arrives ns from now.
func netRead(ns int64)

// accept parks the G on the netpoller until a request from the explorer is pending.
func accept()
