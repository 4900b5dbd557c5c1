// Command wake-latency measures what the Go runtime's thread hand-offs cost on this
// machine, from runtime/trace timestamps of small programs run many times:
//
//   - wake: a `go` statement's wakep (startm → notewakeup → futexwakeup) until the
//     woken, parked M is running its P (the P's Idle->Running);
//   - create: the same when no M was parked, so startm made one (newm → clone →
//     mstart);
//   - steal: the woken M running its P until the goroutine it found (findRunnable's
//     first pass, stealing runnext or the queue) is running;
//   - usleep: what runqgrab's usleep(3) before stealing a running P's runnext takes
//     (nanosleep(3 µs), as runtime.usleep calls it on linux: the kernel's timer slack
//     makes it far longer than 3 µs).
//
// Each run of the child (the same binary with -child) does -cycles hand-offs at
// GOMAXPROCS=-procs: main starts one goroutine while the other Ps are idle and their
// Ms asleep (it spins for a while first, so that spinning Ms have parked), then waits
// for it. The child writes a trace; this command reads it with `go tool trace
// -d=parsed` and prints the quantiles of each kind (nanoseconds), the tables
// crates/core's OpCost::wake, ::create and ::usleep3 are made of:
//
//	cd tools/wake-latency && go run . -runs 50 -cycles 200
//
// With -steals it runs the cpu-bound workload instead (crates/go/programs/cpu-bound.go:
// -goroutines goroutines that each compute for -work, started by main in a loop, at
// GOMAXPROCS=-procs) and prints, per run, how many of them first ran on a P other than
// the one main started them on (stolen, or taken from the global queue), the figure the
// work-stealing and five-hundred lessons show:
//
//	go run . -steals -runs 100 -procs 4 -goroutines 8 -work 50ms
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/trace"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

var (
	child  = flag.Bool("child", false, "run the workload (under trace)")
	procs  = flag.Int("procs", 2, "GOMAXPROCS")
	cycles = flag.Int("cycles", 200, "hand-offs per run")
	runs   = flag.Int("runs", 20, "runs of the workload")
	out    = flag.String("out", "", "the child's trace file")
	steals = flag.Bool("steals", false, "count the cpu-bound workload's goroutines that ran on another P")
	gs     = flag.Int("goroutines", 8, "with -steals: goroutines main starts")
	work   = flag.Duration("work", 50*time.Millisecond, "with -steals: how long each computes")
)

// cpuBound is crates/go/programs/cpu-bound.go's main, under trace.
func cpuBound() {
	runtime.GOMAXPROCS(*procs)
	f, err := os.Create(*out)
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	var wg sync.WaitGroup
	wg.Add(*gs)
	// trace.Start has created goroutines of its own: the count starts here.
	trace.Log(context.Background(), "spawn", "start")
	for i := 0; i < *gs; i++ {
		go func() {
			defer wg.Done()
			spin(*work)
		}()
	}
	wg.Wait()
	trace.Stop()
	f.Close()
}

// stolen counts the goroutines main created whose first run was on another P.
func stolen(evs []ev) int {
	created := map[int64]int64{} // goid: the P main created it on
	n, counting := 0, false
	for _, e := range evs {
		if e.log {
			counting = true
			continue
		}
		if e.isProc || !counting {
			continue
		}
		if e.from == "NotExist" && e.to == "Runnable" && e.g == 1 {
			created[e.id] = e.p
		} else if p, ok := created[e.id]; ok && e.to == "Running" {
			if e.p != p {
				n++
			}
			delete(created, e.id)
		}
	}
	return n
}

// spin keeps the CPU busy for about d without a safe point's worth of work.
func spin(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
	}
}

func workload() {
	runtime.GOMAXPROCS(*procs)
	f, err := os.Create(*out)
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	done := make(chan bool)
	for i := 0; i < *cycles; i++ {
		// Long enough for the other Ms to stop spinning and sleep on their notes.
		spin(300 * time.Microsecond)
		go func() {
			spin(20 * time.Microsecond)
			done <- true
		}()
		// main keeps its P busy: the new goroutine is in runnext, for another M.
		spin(100 * time.Microsecond)
		<-done
	}
	trace.Stop()
	f.Close()
}

var line = regexp.MustCompile(`^M=(-?\d+) P=(-?\d+) G=(-?\d+) StateTransition Time=(\d+) (GoID|ProcID)=(\d+) (\w+)->(\w+)`)

type ev struct {
	m, p, g  int64
	t        int64
	isProc   bool
	id       int64
	from, to string
	log      bool // the workload's trace.Log: its goroutines come next
}

var logLine = regexp.MustCompile(`^M=-?\d+ P=-?\d+ G=1 Log .*Category="spawn"`)

func parse(path string) []ev {
	cmd := exec.Command("go", "tool", "trace", "-d=parsed", path)
	o, err := cmd.Output()
	if err != nil {
		panic(err)
	}
	var evs []ev
	sc := bufio.NewScanner(strings.NewReader(string(o)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if logLine.MatchString(sc.Text()) {
			evs = append(evs, ev{log: true})
			continue
		}
		mm := line.FindStringSubmatch(sc.Text())
		if mm == nil {
			continue
		}
		n := func(i int) int64 { v, _ := strconv.ParseInt(mm[i], 10, 64); return v }
		evs = append(evs, ev{m: n(1), p: n(2), g: n(3), t: n(4), isProc: mm[5] == "ProcID", id: n(6), from: mm[7], to: mm[8]})
	}
	return evs
}

// measure finds each goroutine created by main (G1) while a P was idle, and the next
// P to become running on another M.
func measure(evs []ev, wake, create, steal *[]int64) {
	seenM := map[int64]bool{}
	for i, e := range evs {
		seenM[e.m] = true
		if e.isProc || e.from != "NotExist" || e.to != "Runnable" || e.g != 1 {
			continue
		}
		// the next P start on another M
		var start *ev
		known := map[int64]bool{}
		for k := range seenM {
			known[k] = true
		}
		for j := i + 1; j < len(evs) && evs[j].t-e.t < 5_000_000; j++ {
			f := evs[j]
			if f.isProc && f.from == "Idle" && f.to == "Running" && f.m != e.m {
				start = &evs[j]
				break
			}
			if !f.isProc && f.id == e.id && f.to == "Running" {
				break // run by main's own M first: no hand-off to measure
			}
		}
		if start == nil {
			continue
		}
		d := start.t - e.t
		// a thread seen before this hand-off was woken; a new one was created
		firstOfM := true
		for j := 0; j < i; j++ {
			if evs[j].m == start.m {
				firstOfM = false
				break
			}
		}
		if firstOfM {
			*create = append(*create, d)
		} else {
			*wake = append(*wake, d)
		}
		for j := i + 1; j < len(evs) && evs[j].t-start.t < 5_000_000; j++ {
			f := evs[j]
			if !f.isProc && f.id == e.id && f.to == "Running" {
				if f.m == start.m && f.t >= start.t {
					*steal = append(*steal, f.t-start.t)
				}
				break
			}
		}
	}
}

func quantiles(xs []int64) string {
	if len(xs) == 0 {
		return "(none)"
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	var b strings.Builder
	// the last point is the 99th percentile: the rest is the machine's own outliers
	// (a descheduled vCPU), not the runtime's
	for _, q := range []int{0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 990} {
		i := q * (len(xs) - 1) / 1000
		fmt.Fprintf(&b, "%d ", xs[i])
	}
	return strings.TrimSpace(b.String())
}

func main() {
	flag.Parse()
	if *child {
		if *steals {
			cpuBound()
		} else {
			workload()
		}
		return
	}
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "wake-latency")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	var wake, create, steal []int64
	perRun := map[int]int{}
	for r := 0; r < *runs; r++ {
		path := filepath.Join(dir, fmt.Sprintf("trace%d.out", r))
		cmd := exec.Command(exe, "-child", "-procs", strconv.Itoa(*procs), "-cycles", strconv.Itoa(*cycles), "-out", path,
			"-steals="+strconv.FormatBool(*steals), "-goroutines", strconv.Itoa(*gs), "-work", work.String())
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			panic(err)
		}
		if *steals {
			perRun[stolen(parse(path))]++
		} else {
			measure(parse(path), &wake, &create, &steal)
		}
	}
	if *steals {
		fmt.Printf("# GOMAXPROCS=%d, %d goroutines of %v, %d runs (%s, %d CPUs)\n", *procs, *gs, *work, *runs, runtime.Version(), runtime.NumCPU())
		fmt.Println("# goroutines that first ran on another P: runs")
		var ks []int
		for k := range perRun {
			ks = append(ks, k)
		}
		sort.Ints(ks)
		for _, k := range ks {
			fmt.Printf("%d: %d\n", k, perRun[k])
		}
		return
	}
	fmt.Printf("# GOMAXPROCS=%d, %d runs of %d hand-offs (%s, %d CPUs)\n", *procs, *runs, *cycles, runtime.Version(), runtime.NumCPU())
	fmt.Println("# kind samples: quantiles 0 10 20 ... 90 99 % (ns)")
	fmt.Printf("wake %d: %s\n", len(wake), quantiles(wake))
	fmt.Printf("create %d: %s\n", len(create), quantiles(create))
	fmt.Printf("steal %d: %s\n", len(steal), quantiles(steal))
	var us []int64
	for i := 0; i < 100*(*runs); i++ {
		t := time.Now()
		ts := syscall.Timespec{Nsec: 3000}
		syscall.Nanosleep(&ts, nil)
		us = append(us, int64(time.Since(t)))
	}
	fmt.Printf("usleep3 %d: %s\n", len(us), quantiles(us))
}
