// How many GC cycles does a loop that allocates 64 MB of garbage (1 KiB at a time)
// start? With GOGC=100 and almost nothing live, each cycle's heap goal is the 4 MB
// minimum (mgcpacer.go: heapGoalInternal), so the allocation trigger fires about every
// 4 MB. Counted with GODEBUG=gctrace=1 (one line per cycle on stderr).
package main

import "fmt"

var sink []byte

func main() {
	total := 0
	for i := 0; i < 65536; i++ {
		sink = make([]byte, 1024)
		total += len(sink)
	}
	fmt.Println("allocated", total>>20, "MB")
}
