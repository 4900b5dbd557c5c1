module oracle/once

go 1.27
