module oracle/rwmutex

go 1.27
