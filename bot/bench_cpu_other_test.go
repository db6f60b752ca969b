//go:build !linux

package bot

import "time"

// threadCPU cannot be read here: the benchmarks report wall time alone.
func threadCPU() (time.Duration, bool) { return 0, false }
