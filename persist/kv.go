package persist

import (
	"context"

	bolt "go.etcd.io/bbolt"
)

// Every operation of a Store is written once, over an ordered key-value
// transaction with named buckets (bbolt's model), and runs on either
// backend: a bbolt file (boltKV) or a PostgreSQL database (pgKV, which keeps
// the same buckets as rows). Both backends therefore hold the same layout,
// commit a decision's state, log, dice cursor and due times in one
// transaction, and hash the log the same way; a game moves from one to the
// other by copying its buckets (Copy).

// kvTx is a transaction: a read one (view) or a write one (update).
type kvTx interface {
	// Bucket returns a top-level bucket, nil when a bbolt file lacks it.
	Bucket(name []byte) kvBucket
}

// kvBucket is the part of *bolt.Bucket the store uses. Get returns nil for
// a missing key; a backend whose reads can fail (a network) records the
// failure in its transaction, which then fails as a whole.
type kvBucket interface {
	Get(k []byte) []byte
	Put(k, v []byte) error
	Delete(k []byte) error
	ForEach(fn func(k, v []byte) error) error
	Cursor() kvCursor
	// Bucket returns a nested bucket (a game's log), nil when missing.
	Bucket(name []byte) kvBucket
	CreateBucketIfNotExists(name []byte) (kvBucket, error)
	// KeyN counts the keys.
	KeyN() int
}

// kvCursor walks a bucket in key order.
type kvCursor interface {
	First() (k, v []byte)
	Next() (k, v []byte)
	Seek(seek []byte) (k, v []byte)
}

// backend is where a Store's transactions run.
type backend interface {
	// view runs fn in a read transaction; update in a write transaction,
	// unless ctx is done once it may write (see ctx.go).
	view(ctx context.Context, fn func(tx kvTx) error) error
	update(ctx context.Context, fn func(tx kvTx) error) error
	// takeDue runs fn in a write transaction in which the due index's
	// entries up to end are claimed: on a shared database, an entry another
	// process is taking meanwhile is skipped, not waited for. want is how
	// many fn means to take: a shared database claims about that many at a
	// time, so that what one process cannot take is left to the others.
	takeDue(ctx context.Context, end []byte, want int, fn func(tx kvTx, due kvCursor) error) error
	// lockChannel takes the lock of one place's decisions.
	lockChannel(ctx context.Context, key string) (unlock func(), err error)
	// size is the database's size on disk.
	size(ctx context.Context) (int64, error)
	close() error
	// where names the database for messages (a file, or a URL without
	// its password).
	where() string
}

// boltTx is a bbolt transaction as a kvTx.
type boltTx struct{ tx *bolt.Tx }

func (t boltTx) Bucket(name []byte) kvBucket { return wrapBucket(t.tx.Bucket(name)) }

func wrapBucket(b *bolt.Bucket) kvBucket {
	if b == nil {
		return nil
	}
	return boltBucket{b}
}

// boltBucket is a bbolt bucket as a kvBucket.
type boltBucket struct{ b *bolt.Bucket }

func (b boltBucket) Get(k []byte) []byte                      { return b.b.Get(k) }
func (b boltBucket) Put(k, v []byte) error                    { return b.b.Put(k, v) }
func (b boltBucket) Delete(k []byte) error                    { return b.b.Delete(k) }
func (b boltBucket) ForEach(fn func(k, v []byte) error) error { return b.b.ForEach(fn) }
func (b boltBucket) Cursor() kvCursor                         { return b.b.Cursor() }
func (b boltBucket) Bucket(name []byte) kvBucket              { return wrapBucket(b.b.Bucket(name)) }
func (b boltBucket) KeyN() int                                { return b.b.Stats().KeyN }
func (b boltBucket) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	nb, err := b.b.CreateBucketIfNotExists(name)
	if err != nil {
		return nil, err
	}
	return boltBucket{nb}, nil
}
