package persist

import (
	"context"
	"os"

	bolt "go.etcd.io/bbolt"
)

// boltKV is a bbolt file: one process writes it at a time (bbolt's flock),
// and within that process one write transaction at a time.
type boltKV struct {
	db   *bolt.DB
	path string
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
