module oracle/gc_goid

go 1.27
