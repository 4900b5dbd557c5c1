#!/usr/bin/env bash
# Records what real Go prints for the programs here that end (N runs each, default 5;
# every run must agree): real.txt is the whole output (stdout, then stderr) and
# "--exit N". bomb and string_bomb do not end short of the machine's memory: no record.
set -euo pipefail
cd "$(dirname "$0")"
N="${N:-5}"
export GOCACHE="${GOCACHE:-/tmp/gmp-gocache}"
for d in garbage big_make len_out_of_range; do
  (cd "$d" && go build -o /tmp/gmp-heap-bin main.go)
  first=""
  for i in $(seq "$N"); do
    out=$( { /tmp/gmp-heap-bin 2>&1; echo "--exit $?"; } )
    if [ -z "$first" ]; then first="$out"; elif [ "$out" != "$first" ]; then echo "$d: runs differ" >&2; exit 1; fi
  done
  { echo "# $(go version | awk '{print $3}'): $N runs, all printed this"; echo "$first"; } > "$d/real.txt"
  echo "$d: $(tail -n +2 "$d/real.txt" | tr '\n' ' ')"
done
