#!/usr/bin/env bash
# Records what real Go prints for each program here, N runs each (default 200) at the
# GOMAXPROCS its first line names: real.txt lists each distinct output (its lines joined
# by " | ") with how many runs printed it, most common first. Needs Go 1.27.3.
set -euo pipefail
cd "$(dirname "$0")"
N="${N:-200}"
export GOCACHE="${GOCACHE:-/tmp/gmp-gocache}"
dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=(*/)
for d in "${dirs[@]}"; do
  d="${d%/}"
  procs=$(head -1 "$d/main.go" | sed -n 's|^// GOMAXPROCS=\([0-9]*\)$|\1|p')
  (cd "$d" && go build -o /tmp/gmp-procs-bin main.go)
  for _ in $(seq "$N"); do
    GOMAXPROCS="$procs" /tmp/gmp-procs-bin | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n/ | /g'
  done | sort | uniq -c | sort -rn | sed 's/^ *//' > "$d/real.txt"
  { echo "# $(go version | awk '{print $3}') GOMAXPROCS=$procs, $N runs (this machine: $(nproc) CPUs)"; cat "$d/real.txt"; } > "$d/real.tmp" && mv "$d/real.tmp" "$d/real.txt"
  echo "$d: $(sed -n 2p "$d/real.txt")"
done
