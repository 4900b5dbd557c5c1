module oracle/gc_dump

go 1.27
