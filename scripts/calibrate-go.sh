#!/usr/bin/env bash
# The calibration kernels (bench/go/calibrate/main.go) under real Go and in the explorer:
# ns per operation, real Go's the minimum of 5 runs (GOMAXPROCS=1). The explorer's
# figures are virtual time (deterministic). Compare the two columns to tune vm::cost.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$ROOT/target/native" \
  cargo build --quiet --release --manifest-path "$ROOT/Cargo.toml" -p gmp-cli)
export GOCACHE="${GOCACHE:-/tmp/gmp-bench-gocache}"
src="$ROOT/bench/go/calibrate/main.go"
go build -o /tmp/gmp-calibrate "$src"
min_of() { awk '{ns=$(NF-2); k=$0; sub(/ +[0-9.]+ ns\/op.*/,"",k); if(!(k in m)||ns<m[k]) m[k]=ns; o[k]=NR} END{for(k in m) printf "%s\t%s\n", k, m[k]}'; }
for _ in 1 2 3 4 5; do GOMAXPROCS=1 /tmp/gmp-calibrate; done | min_of | sort > /tmp/gmp-cal-go.txt
"$ROOT/target/native/release/gmp" run "$src" --procs 1 --max-time 1000s | min_of | sort > /tmp/gmp-cal-vm.txt
printf '%-34s %10s %10s\n' kernel "real Go" explorer
join -t $'\t' /tmp/gmp-cal-go.txt /tmp/gmp-cal-vm.txt | awk -F'\t' '{printf "%-34s %10.2f %10.2f\n", $1, $2, $3}'
