//go:build !windows && !plan9 && !solaris && !aix && !android

package persist

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// errLocked: another process holds the file's exclusive lock.
var errLocked = errors.New("locked")

// lockShared takes a shared advisory lock on f, the kind of lock bbolt
// takes (flock), so that a file is not checked while another process
// writes it: a writer holds it exclusively. Closing f releases it.
func lockShared(f *os.File, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return err
		}
		if time.Now().After(deadline) {
			return errLocked
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// unlock releases f's lock, whoever else holds a reference to the file.
func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
