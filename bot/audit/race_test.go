//go:build race

package audit_test

// raceEnabled: the race detector slows every replay tenfold, so the tamper
// table tries a sample of the per-entry forgeries under it (all of them
// run without it).
const raceEnabled = true
