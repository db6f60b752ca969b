package hunters

import (
	"time"

	"golang.org/x/sys/unix"
)

// processCPU is the CPU time the process has used (user and system, the
// collector's too), so that a benchmark on a machine shared with other
// work can tell its own cost from its waits; ok is false where it cannot
// be read. Under GOMAXPROCS=1 it is one core's work.
func processCPU() (d time.Duration, ok bool) {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
