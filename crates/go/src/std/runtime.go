package runtime

func Gosched()
func GOMAXPROCS(n int) int
func NumGoroutine() int
func NumCPU() int
func GC()
func LockOSThread()
func UnlockOSThread()
func Stack(buf []byte, all bool) int

// Goexit terminates the goroutine that calls it, after running its deferred calls
// (recover returns nil in them). Goexit in the main goroutine ends it without
// ending the program: once the other goroutines are done, the runtime reports
// "no goroutines (main called runtime.Goexit) - deadlock!".
func Goexit()

// Error identifies a run-time error (runtime/error.go).
type Error interface {
	error
	// RuntimeError is a no-op that tells a run-time error from an ordinary one.
	RuntimeError()
}

// A PanicNilError is what panic(nil) panics with since Go 1.21 (runtime/panic.go).
type PanicNilError struct {
	_ [0]*PanicNilError
}

func (*PanicNilError) Error() string { return "runtime error: panic called with nil argument" }
func (*PanicNilError) RuntimeError() {}

// KeepAlive marks x reachable up to the call (the explorer's values are never freed
// early, so it does nothing else).
func KeepAlive(x any) {}
