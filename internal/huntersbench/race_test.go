//go:build race

package huntersbench

const raceEnabled = true
