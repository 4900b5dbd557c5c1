module oracle/gc_shrink

go 1.27
