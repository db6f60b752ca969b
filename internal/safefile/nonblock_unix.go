//go:build unix

package safefile

import "syscall"

// nonBlock opens without waiting: a FIFO put in a file's place between its
// Stat and its open does not hang the open (its read then finds it is not
// a regular file).
const nonBlock = syscall.O_NONBLOCK
