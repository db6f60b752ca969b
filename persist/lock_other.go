//go:build windows || plan9 || solaris || aix || android

package persist

import (
	"errors"
	"os"
	"time"
)

var errLocked = errors.New("locked")

// lockShared does nothing here: bbolt locks these systems' files its own way
// when it opens them, and the check before reads without a lock.
func lockShared(*os.File, time.Duration) error { return nil }

func unlock(*os.File) {}
