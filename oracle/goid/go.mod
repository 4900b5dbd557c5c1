module oracle/goid

go 1.27
