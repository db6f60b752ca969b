//go:build !unix

package safefile

// nonBlock: elsewhere the mode checked before opening is the guard.
const nonBlock = 0
