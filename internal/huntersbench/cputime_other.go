//go:build !unix

package huntersbench

import "time"

// cpuTime is not measured here: bench reports the wall clock only.
func cpuTime() (time.Duration, bool) { return 0, false }
