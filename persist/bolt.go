package persist

import (
	"context"
	"errors"
	"os"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// boltKV is a bbolt file: one process writes it at a time (bbolt's flock),
// and within that process one write transaction at a time.
type boltKV struct {
	db   *bolt.DB
	path string
	// group is the batch writes waiting for a commit (see batch).
	group groupCommit
}

// groupCommit gathers batch writes: the first to come commits at once with
// whatever else is waiting, and the writes that come while it commits
// share the next commit. Alone, a write waits for nothing (bbolt's own
// Batch waits a fixed delay for company); many at once share one sync.
type groupCommit struct {
	mu      sync.Mutex
	waiting []*groupWrite
	leading bool
}

type groupWrite struct {
	fn   func(tx *bolt.Tx) error
	done chan error
}

func (b *boltKV) view(ctx context.Context, fn func(tx kvTx) error) error {
	return b.db.View(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (b *boltKV) update(ctx context.Context, fn func(tx kvTx) error) error {
	return b.db.Update(func(tx *bolt.Tx) error {
		// Waiting for the single writer may have taken long.
		if err := ctx.Err(); err != nil {
			return err
		}
		return fn(boltTx{tx})
	})
}

func (b *boltKV) batch(ctx context.Context, fn func(tx kvTx) error) error {
	w := &groupWrite{fn: func(tx *bolt.Tx) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return fn(boltTx{tx})
	}, done: make(chan error, 1)}
	g := &b.group
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	if g.leading {
		g.mu.Unlock()
		return <-w.done
	}
	g.leading = true
	for len(g.waiting) > 0 {
		writes := g.waiting
		g.waiting = nil
		g.mu.Unlock()
		b.commitGroup(writes)
		g.mu.Lock()
	}
	g.leading = false
	g.mu.Unlock()
	return <-w.done
}

// errGroupMember: one write of a group failed; the group is run again a
// write at a time, so that the others do not fail with it.
var errGroupMember = errors.New("a write of the group failed")

func (b *boltKV) commitGroup(writes []*groupWrite) {
	err := b.db.Update(func(tx *bolt.Tx) error {
		for _, w := range writes {
			if err := w.fn(tx); err != nil {
				return errGroupMember
			}
		}
		return nil
	})
	for _, w := range writes {
		if err == nil {
			w.done <- nil
			continue
		}
		w.done <- b.db.Update(w.fn)
	}
}

// takeDue: the single writer is the claim; nothing else takes due times.
func (b *boltKV) takeDue(ctx context.Context, end []byte, _ int, fn func(tx kvTx, due kvCursor) error) error {
	return b.update(ctx, func(tx kvTx) error { return fn(tx, tx.Bucket(bucketDue).Cursor()) })
}

// lockChannel: the file is one process's, whose bot serialises a place's
// decisions itself.
func (b *boltKV) lockChannel(ctx context.Context, key string) (func(), error) {
	return func() {}, nil
}

func (b *boltKV) size(ctx context.Context) (int64, error) {
	info, err := os.Stat(b.path)
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

func (b *boltKV) close() error  { return b.db.Close() }
func (b *boltKV) where() string { return b.path }
