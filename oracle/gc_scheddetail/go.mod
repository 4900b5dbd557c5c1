module oracle/gc_scheddetail

go 1.27
