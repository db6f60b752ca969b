//go:build unix

package huntersbench

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): on a
// machine shared with other work, speed per CPU-second says more than speed
// per second of the wall clock.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
