module oracle/gc_forcegc

go 1.27
