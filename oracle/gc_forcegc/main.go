// sysmon's periodic GC: when no cycle ran for forcegcperiod (2 minutes), sysmon
// injects forcegchelper, which prints "GC forced" under GODEBUG=gctrace=1 and calls
// gcStart(gcTriggerTime); that cycle's line is not marked "(forced)" (only runtime.GC()
// cycles are: work.userForced). The trigger needs a previous cycle (gcTrigger.test:
// lastgc != 0), hence the runtime.GC() first.
package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	runtime.GC()
	time.Sleep(125 * time.Second)
	fmt.Println("done")
}
