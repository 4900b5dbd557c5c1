#!/bin/sh
# Prints where the reader (the goroutine that parked with reason "network") was made
# runnable again: inside or outside the GOMAXPROCS stop-the-world range, and by which G.
go tool trace -d=parsed "$1" 2>/dev/null | grep '^M=' | awk '
  /Running->Waiting Reason="network"/ && reader == "" { for (i = 1; i <= NF; i++) if ($i ~ /^GoID=/) reader = $i }
  /RangeBegin.*GOMAXPROCS/ { inside = 1 }
  /RangeEnd.*GOMAXPROCS/ { inside = 0 }
  reader != "" && /Waiting->Runnable/ && !done {
    for (i = 1; i <= NF; i++) if ($i == reader) { print (inside ? "inside STW, by" : "outside STW, by"), $3; done = 1 }
  }'
