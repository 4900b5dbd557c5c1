// Blocking system calls beside CPU-bound goroutines: a goroutine in read(2) keeps its
// M (entersyscall), and sysmon's retake hands its P to another M (handoffp).
package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"gmp/explorer"
)

// The explorer's parameters (p.blocking=5 in a link, gmp run syscall --set blocking=5).
const (
	cpu      = 3                      // CPU-bound goroutines [0, 10000]
	work     = 100 * time.Millisecond // how long each CPU-bound goroutine computes, from its start [0, 1h]
	blocking = 3                      // goroutines making a blocking syscall [1, 10000]
	syscall  = 50 * time.Millisecond  // how long each syscall blocks [0, 1h]
	stagger  = 10 * time.Millisecond  // time between the syscalls' starts [0, 1h]
)

// readFile reads a slow file: read(2) blocks in the kernel and takes its M along.
func readFile(f *os.File, wg *sync.WaitGroup) {
	defer wg.Done()
	buf := make([]byte, 1)
	f.Read(buf)
}

// spin computes for d.
func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(cpu + blocking)
	for i := 0; i < cpu; i++ {
		go spin(work, &wg)
	}
	for i := 0; i < blocking; i++ {
		time.Sleep(stagger)
		go readFile(explorer.SlowFile(syscall), &wg)
	}
	wg.Wait()
	fmt.Println("done")
}
