// Does start-the-world poll the network? GOMAXPROCS=1: a reader goroutine waits on a
// pipe (the netpoller) while main runs a 5 ms loop; a child process writes to the pipe
// meanwhile, so the data is ready but nobody polls. Then main calls
// runtime.GOMAXPROCS(2), which stops and restarts the world. The execution trace
// (written to the file named by the first argument) shows which M unblocked the
// reader, and when, relative to the stop-the-world range.
package main

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/trace"
	"time"
)

var sink uint64

func main() {
	runtime.GOMAXPROCS(1)
	cmd := exec.Command("sh", "-c", "echo ready")
	out, err := cmd.StdoutPipe()
	if err != nil {
		panic(err)
	}
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	done := make(chan bool)
	go func() {
		buf := make([]byte, 16)
		out.Read(buf) // parks on the netpoller until the child writes
		done <- true
	}()
	runtime.Gosched() // let the reader park
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	end := time.Now().Add(5 * time.Millisecond)
	for time.Now().Before(end) {
		sink++
	}
	runtime.GOMAXPROCS(2)
	<-done
	trace.Stop()
	cmd.Wait()
}
