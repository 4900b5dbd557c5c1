module oracle/pidleget

go 1.27
