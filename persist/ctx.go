package persist

import (
	"context"
	"errors"
)

// Every operation of a Store takes a context. bbolt itself takes none, so
// the context is looked at between steps: before a transaction begins, again
// once a write transaction holds the single writer (waiting for it may have
// taken long), and between the items of a long loop. A caller that has given
// up (a shutdown past its grace period) stops there, and a write transaction
// it stops is rolled back whole. A commit already under way is not
// interrupted: it lands whole or not at all.

// OpError is an error at the storage edge: it names the operation and its
// key ("persist: commit game G at discord/…: …"), and errors.Is still finds
// what it wraps (ErrNotFound, context.Canceled). errors.As tells a caller
// that the failure was the database's.
type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string {
	if errors.Is(e.Err, ErrUnreachable) {
		// What was being done does not matter: the database is not there
		// (a lock named first would read as the cause).
		return e.Err.Error()
	}
	return "persist: " + e.Op + ": " + e.Err.Error()
}
func (e *OpError) Unwrap() error { return e.Err }

func wrapOp(op string, err error) error {
	if err == nil {
		return nil
	}
	return &OpError{Op: op, Err: err}
}

// view runs a read transaction unless ctx is done.
func (s *Store) view(ctx context.Context, op string, fn func(tx kvTx) error) error {
	if err := ctx.Err(); err != nil {
		return wrapOp(op, err)
	}
	return wrapOp(op, s.kv.view(ctx, fn))
}

// update runs a write transaction unless ctx is done, before it starts or
// once it holds the writer.
func (s *Store) update(ctx context.Context, op string, fn func(tx kvTx) error) error {
	if err := ctx.Err(); err != nil {
		return wrapOp(op, err)
	}
	return wrapOp(op, s.kv.update(ctx, fn))
}

// batch is update for writes that may share a commit with others (see
// backend.batch).
func (s *Store) batch(ctx context.Context, op string, fn func(tx kvTx) error) error {
	if err := ctx.Err(); err != nil {
		return wrapOp(op, err)
	}
	return wrapOp(op, s.kv.batch(ctx, fn))
}
