package runtime

func Gosched()
func GOMAXPROCS(n int) int
func NumGoroutine() int
func NumCPU() int
func GC()
func LockOSThread()
func UnlockOSThread()
func Stack(buf []byte, all bool) int
