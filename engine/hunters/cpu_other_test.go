//go:build !linux

package hunters

import "time"

// processCPU cannot be read here: the benchmarks report wall time alone.
func processCPU() (time.Duration, bool) { return 0, false }
