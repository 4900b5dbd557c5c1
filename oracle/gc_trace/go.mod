module oracle/gc_trace

go 1.27
