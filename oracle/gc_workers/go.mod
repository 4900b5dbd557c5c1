module oracle/gc_workers

go 1.27
