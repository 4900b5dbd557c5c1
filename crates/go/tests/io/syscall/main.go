package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"gmp/explorer"
)

// readFile reads a slow file: read(2) blocks in the kernel and takes its M along.
func readFile(f *os.File, wg *sync.WaitGroup) {
	defer wg.Done()
	buf := make([]byte, 1)
	f.Read(buf)
}

func spin(d time.Duration, wg *sync.WaitGroup) {
	defer wg.Done()
	for start := time.Now(); time.Since(start) < d; {
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Add(6)
	for i := 0; i < 3; i++ {
		go spin(100*time.Millisecond, &wg)
	}
	for i := 0; i < 3; i++ {
		time.Sleep(10 * time.Millisecond)
		go readFile(explorer.SlowFile(50*time.Millisecond), &wg)
	}
	wg.Wait()
	fmt.Println("done")
}
