module oracle/schedtrace_timing

go 1.27
