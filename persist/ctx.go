package persist

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Every operation of a Store takes a context. bbolt itself takes none, so
// the context is looked at between steps: before a transaction begins, again
// once a write transaction holds the single writer (waiting for it may have
// taken long), and between the items of a long loop. A caller that has given
// up (a shutdown past its grace period) stops there, and a write transaction
// it stops is rolled back whole. A commit already under way is not
// interrupted: it lands whole or not at all.

// wrapOp makes an error at the storage edge name the operation and its key:
// "persist: commit game G at discord/…: …". errors.Is still finds what it
// wraps (ErrNotFound, context.Canceled).
func wrapOp(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("persist: %s: %w", op, err)
}

// view runs a read transaction unless ctx is done.
func (s *Store) view(ctx context.Context, op string, fn func(tx *bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return wrapOp(op, err)
	}
	return wrapOp(op, s.db.View(fn))
}

// update runs a write transaction unless ctx is done, before it starts or
// once it holds the writer.
func (s *Store) update(ctx context.Context, op string, fn func(tx *bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return wrapOp(op, err)
	}
	return wrapOp(op, s.db.Update(func(tx *bolt.Tx) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return fn(tx)
	}))
}
