#!/usr/bin/env bash
# Prints one line per run: the GC phases in trace order, each with the kind of goroutine
# that did it (main = G1, worker = a goroutine whose first event is the ready send of
# gcBgMarkWorker, i.e. any G other than 1).
set -euo pipefail
cd "$(dirname "$0")"
export GOCACHE="${GOCACHE:-/tmp/gmp-gocache}"
go build -o /tmp/gc_trace_bin .
for _ in $(seq "${N:-10}"); do
  GOMAXPROCS="${P:-4}" /tmp/gc_trace_bin /tmp/gc_trace.out
  go tool trace -d=parsed /tmp/gc_trace.out 2>/dev/null | grep -E '^M=' |
    grep -E 'RangeBegin Time=[0-9]+ Name="stop-the-world \(GC|Reason="wait until GC ends"' |
    sed -E 's/.* G=([0-9-]+) RangeBegin Time=[0-9]+ Name="stop-the-world \((.*)\)".*/\2 by G\1/; s/.* G=([0-9]+) StateTransition .*wait until GC ends.*/G\1 waits until GC ends/' |
    sed -E 's/by G1$/by main/; s/by G[0-9]+$/by a worker/; s/^G1 waits/main waits/' | paste -sd'|'
done | sort | uniq -c
