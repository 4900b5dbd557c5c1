module oracle/gosched

go 1.27
