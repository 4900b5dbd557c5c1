#!/usr/bin/env bash
# Live driver vs real Go, side by side in one run (not part of scripts/test.sh):
#
#   1. spawn: 10^6 `wg.Add(1); go func(){ wg.Done() }()` then Wait, at GOMAXPROCS 1 and 2:
#      `gmp run spawn --driver live --procs N` against the real Go program
#      (oracle/spawn, GOMAXPROCS from the environment). Prints ns per goroutine for each
#      and the ratio gmp/Go.
#   2. CPU-bound speedup GOMAXPROCS 1 -> 2 of
#      `gmp run cpu-bound --driver live --set goroutines=8 --set work=250ms`.
#
# Timing: hyperfine (1 warm-up, RUNS runs) when it is installed
# (`apt-get install -y hyperfine`) unless HYPERFINE=0, else 1 warm-up and a loop of RUNS
# timed runs; the figure is the mean wall-clock time of a whole process run (start-up
# included). Figures from a busy machine are noisy: compare columns of one run.
#
# Usage: scripts/bench.sh            (RUNS=5 by default; N=1000000 goroutines)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLCHAIN="nightly-2026-05-20"
RUNS="${RUNS:-5}"
N="${N:-1000000}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

say() { printf '\033[1;34m[bench]\033[0m %s\n' "$*" >&2; }
use_hyperfine() { [ "${HYPERFINE:-1}" != 0 ] && command -v hyperfine >/dev/null; }

# Native cargo from outside the repo, with its own target dir (see scripts/test.sh).
say "building the release gmp"
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$ROOT/target/native" \
  cargo build --release --quiet -p gmp-cli --manifest-path "$ROOT/Cargo.toml")
GMP="$ROOT/target/native/release/gmp"

say "building oracle/spawn with $(go version | cut -d' ' -f3)"
(cd "$ROOT/oracle/spawn" && go build -o "$WORK/spawn-go" .)
GO_SPAWN="$WORK/spawn-go"

# mean_seconds NAME CMD...: runs CMD (through sh -c) and prints its mean wall time in s.
mean_seconds() {
  local name="$1"; shift
  local cmd="$*"
  if use_hyperfine; then
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-csv "$WORK/$name.csv" \
      --command-name "$name" "$cmd" >&2
    # command,mean,stddev,median,user,system,min,max
    awk -F, 'NR == 2 { print $2 }' "$WORK/$name.csv"
  else
    sh -c "$cmd" >/dev/null # warm-up
    local total=0 t0 t1
    for _ in $(seq "$RUNS"); do
      t0=$(date +%s%N)
      sh -c "$cmd" >/dev/null
      t1=$(date +%s%N)
      total=$((total + t1 - t0))
    done
    awk -v t="$total" -v r="$RUNS" 'BEGIN { printf "%.6f\n", t / r / 1e9 }'
  fi
}

# Each command must succeed and print what Go prints.
check() {
  local want="$1"; shift
  local got
  got="$("$@")"
  if [ "$got" != "$want" ]; then
    echo "bench: $* printed '$got', not '$want'" >&2
    exit 1
  fi
}

if use_hyperfine; then
  say "timing with $(hyperfine --version), $RUNS runs each"
else
  say "without hyperfine: $RUNS timed runs each (apt-get install -y hyperfine for more)"
fi

declare -A T
for p in 1 2; do
  check "$N goroutines done" "$GMP" run spawn --driver live --procs "$p" --set "n=$N"
  check "$N goroutines done" env GOMAXPROCS="$p" N="$N" "$GO_SPAWN"
  T[gmp$p]=$(mean_seconds "gmp-spawn-p$p" "$GMP run spawn --driver live --procs $p --set n=$N")
  T[go$p]=$(mean_seconds "go-spawn-p$p" "GOMAXPROCS=$p N=$N $GO_SPAWN")
done

check "done" "$GMP" run cpu-bound --driver live --procs 1 --set goroutines=8 --set work=250ms
CPU="$GMP run cpu-bound --driver live --set goroutines=8 --set work=250ms"
T[cpu1]=$(mean_seconds "gmp-cpu-p1" "$CPU --procs 1")
T[cpu2]=$(mean_seconds "gmp-cpu-p2" "$CPU --procs 2")

echo
echo "spawn: $N goroutines (wg.Add(1); go func(){ wg.Done() }(); wg.Wait()), mean of $RUNS runs"
printf '  %-12s %14s %14s %10s\n' GOMAXPROCS "gmp live" "Go 1.27" "gmp / Go"
for p in 1 2; do
  awk -v p="$p" -v a="${T[gmp$p]}" -v b="${T[go$p]}" -v n="$N" 'BEGIN {
    printf "  %-12s %11.0f ns %11.0f ns %9.1fx   (per goroutine; %.3f s vs %.3f s)\n",
      p, a * 1e9 / n, b * 1e9 / n, a / b, a, b }'
done
echo
echo "cpu-bound: 8 goroutines x 250 ms of CPU on the live driver, mean of $RUNS runs"
awk -v a="${T[cpu1]}" -v b="${T[cpu2]}" 'BEGIN {
  printf "  GOMAXPROCS 1: %.3f s   GOMAXPROCS 2: %.3f s   speedup %.2fx\n", a, b, a / b }'
