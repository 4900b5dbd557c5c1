package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"gmp/explorer"
)

func main() {
	_, err := os.Open("missing.txt")
	fmt.Println(err)

	f := explorer.SlowFile(time.Millisecond)
	buf := make([]byte, 4)
	n, err := f.Read(buf)
	fmt.Println(n, err, buf[0])
	n, err = f.Read(buf)
	fmt.Println(n, err, err == io.EOF)
	fmt.Println(f.Close())
	fmt.Println(f.Close())

	c := explorer.DialSlowPeer(time.Millisecond)
	n, err = c.Read(buf)
	fmt.Println(n, err, buf[0])
	n, err = c.Read(buf)
	fmt.Println(n, err == io.EOF)
	fmt.Println(c.Close())

	_, err = net.Listen("udpx", "127.0.0.1:47611")
	fmt.Println(err)
	ln, err := net.Listen("tcp", "127.0.0.1:47611")
	fmt.Println(err)
	_, err = net.Listen("tcp", "127.0.0.1:47611")
	fmt.Println(err)
	fmt.Println(ln.Addr())
	fmt.Println(ln.Close())
}
