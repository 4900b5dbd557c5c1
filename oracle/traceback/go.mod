module oracle/traceback

go 1.27
