package persist

import (
	"context"
	"os"

	bolt "go.etcd.io/bbolt"
)

// Stats is what a database holds, for the operator's metrics.
type Stats struct {
	// Running and Finished count the games; Due the reminders, deadlines
	// and idle limits waiting in the index.
	Running, Finished, Due int
	// Bytes is the size of the database file on disk.
	Bytes int64
}

// Stats counts the games and due times in one read transaction. It reads
// the buckets' pages, not their values: cheap enough for every scrape.
func (s *Store) Stats(ctx context.Context) (Stats, error) {
	var st Stats
	err := s.view(ctx, "count the games", func(tx *bolt.Tx) error {
		st.Running = tx.Bucket(bucketGames).Stats().KeyN
		st.Finished = tx.Bucket(bucketArchive).Stats().KeyN
		st.Due = tx.Bucket(bucketDue).Stats().KeyN
		return nil
	})
	if err != nil {
		return st, err
	}
	info, err := os.Stat(s.path)
	if err != nil {
		return st, wrapOp("size the file", err)
	}
	st.Bytes = info.Size()
	return st, nil
}

// Ping answers whether the database reads: a read transaction that looks
// up the games bucket.
func (s *Store) Ping(ctx context.Context) error {
	return s.view(ctx, "ping", func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGames) == nil {
			return ErrDamaged
		}
		return nil
	})
}
