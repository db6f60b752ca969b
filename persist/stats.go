package persist

import (
	"context"
)

// Stats is what a database holds, for the operator's metrics.
type Stats struct {
	// Running and Finished count the games; Due the reminders, deadlines
	// and idle limits waiting in the index.
	Running, Finished, Due int
	// Bytes is the size of the database on disk.
	Bytes int64
}

// Stats counts the games and due times in one read transaction. It reads
// the buckets' pages, not their values: cheap enough for every scrape.
func (s *Store) Stats(ctx context.Context) (Stats, error) {
	var st Stats
	err := s.view(ctx, "count the games", func(tx kvTx) error {
		st.Running = tx.Bucket(bucketGames).KeyN()
		st.Finished = tx.Bucket(bucketArchive).KeyN()
		st.Due = tx.Bucket(bucketDue).KeyN()
		return nil
	})
	if err != nil {
		return st, err
	}
	st.Bytes, err = s.kv.size(ctx)
	return st, wrapOp("size the database", err)
}

// Ping answers whether the database reads: a read transaction that looks
// up the games bucket.
func (s *Store) Ping(ctx context.Context) error {
	return s.view(ctx, "ping", func(tx kvTx) error {
		if tx.Bucket(bucketGames) == nil {
			return ErrDamaged
		}
		return nil
	})
}
