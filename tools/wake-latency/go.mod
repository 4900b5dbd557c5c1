module gmp/tools/wake-latency

go 1.27
