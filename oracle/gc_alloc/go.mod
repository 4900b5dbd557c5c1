module oracle/gc_alloc

go 1.27
