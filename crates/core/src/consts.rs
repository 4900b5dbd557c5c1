//! Constants of the Go 1.27 runtime on linux/amd64 (no `-race`), with the Go name of each.
//!
//! Times are nanoseconds, like `nanotime()`.

/// `stackMin`: every new goroutine starts with a 2 KiB stack (`stack.go`).
pub const STACK_MIN: u64 = 2048;
/// `fixedStack`: `stackMin` rounded up to a power of two; stacks never shrink below it.
pub const FIXED_STACK: u64 = 2048;
/// `stackNosplit` (800 × StackGuardMultiplier 1).
pub const STACK_NOSPLIT: u64 = 800;
/// `abi.StackSmall`: frames up to this size use the short prologue check.
pub const STACK_SMALL: u64 = 128;
/// `abi.StackBig`: frames from this size on use the large-frame prologue.
pub const STACK_BIG: u64 = 4096;
/// `stackGuard` = stackNosplit + stackSystem + StackSmall = 928.
pub const STACK_GUARD: u64 = STACK_NOSPLIT + STACK_SMALL;
/// `maxstacksize` once `runtime.main` has set it (64-bit): 1 000 000 000 bytes.
pub const MAX_STACK_SIZE: u64 = 1_000_000_000;

/// `len(p.runq)`: capacity of a P's local run queue.
pub const RUNQ_SIZE: usize = 256;
/// `_GoidCacheBatch`: goids are reserved per P in batches of 16.
pub const GOID_CACHE_BATCH: u64 = 16;
/// `gfput` spills the per-P free-G list to the global one at 64 ...
pub const GFREE_SPILL: usize = 64;
/// ... until fewer than 32 remain; `gfget` refills up to 32.
pub const GFREE_KEEP: usize = 32;

/// `forcePreemptNS`: sysmon preempts a G whose P's schedtick stayed put this long.
pub const FORCE_PREEMPT_NS: i64 = 10_000_000;
/// sysmon's first delay, `usleep(20)`.
pub const SYSMON_MIN_DELAY_NS: i64 = 20_000;
/// sysmon's longest delay between cycles (10 ms).
pub const SYSMON_MAX_DELAY_NS: i64 = 10_000_000;
/// Cycles sysmon spends at 20 µs before it starts doubling its delay (`idle > 50`).
pub const SYSMON_IDLE_CYCLES: u32 = 50;
/// sysmon polls the network if nobody has for 10 ms.
pub const SYSMON_NETPOLL_NS: i64 = 10_000_000;
/// A P may stay in a syscall this long before sysmon takes it even with nothing queued.
pub const SYSCALL_RETAKE_NS: i64 = 10_000_000;
/// `forcegcperiod`: 2 minutes; sysmon's deep sleep lasts at most half of it.
pub const FORCEGC_PERIOD_NS: i64 = 120_000_000_000;
/// `stealTries`: passes over all Ps in `stealWork`.
pub const STEAL_TRIES: usize = 4;
/// `runqgrab` waits this long before taking a busy victim's runnext (`usleep(3)`).
pub const RUNNEXT_STEAL_BACKOFF_NS: i64 = 3_000;
/// Every 61st schedtick, `findRunnable` takes one G from the global queue first.
pub const GLOBAL_FAIRNESS_TICK: u32 = 61;
/// `sched.maxmcount`: the thread limit (`debug.SetMaxThreads`).
pub const MAX_M_COUNT: i64 = 10_000;
/// `_MaxGomaxprocs`.
pub const MAX_GOMAXPROCS: usize = 1024;
/// STW re-preempts stragglers every 100 µs while it waits.
pub const STW_REPREEMPT_NS: i64 = 100_000;
/// `active_spin`: `sync.Mutex` spins at most this many times before queueing
/// (`proc.go: internal_sync_runtime_canSpin`).
pub const ACTIVE_SPIN: u32 = 4;
/// `active_spin_cnt`: each spin is `procyield(30)`, 30 PAUSE instructions. The model
/// charges 40 ns for one PAUSE (a recent x86 core takes 100-150 cycles; the figure is an
/// estimate, not a measurement).
pub const ACTIVE_SPIN_NS: i64 = 30 * 40;
/// `GOGC` (the default 100): the heap goal is the marked heap plus this percentage.
pub const GOGC: u64 = 100;
/// `defaultHeapMinimum`: the smallest heap goal, 4 MB (`mgcpacer.go`).
pub const HEAP_MINIMUM: u64 = 4 << 20;
/// `triggerRatioDen` and `minTriggerRatioNum` (45/64, "~0.7"): the trigger's lower bound
/// between the marked heap and the goal.
pub const TRIGGER_RATIO_DEN: u64 = 64;
pub const MIN_TRIGGER_RATIO_NUM: u64 = 45;
/// `gcBackgroundUtilization`: background mark workers aim at 25% of GOMAXPROCS.
pub const GC_BACKGROUND_UTILIZATION: f64 = 0.25;
/// The model's mark work per cycle (CPU ns): a fixed part and a part per goroutine
/// stack. Real Go 1.27.3 reports about 0.2 ms of mark CPU for a small program's cycle
/// (`GODEBUG=gctrace=1`, `0.10+0.19/0/0+...` ms cpu); an estimate, not a measurement of
/// each part.
pub const GC_MARK_BASE_NS: i64 = 150_000;
pub const GC_MARK_STACK_NS: i64 = 2_000;
/// A mark worker checks whether to stop after each chunk of this much work.
pub const GC_MARK_CHUNK_NS: i64 = 10_000;
