module oracle/start_the_world

go 1.27
