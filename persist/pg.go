package persist

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgKV is a PostgreSQL database shared by any number of kaleun processes.
// It keeps bbolt's buckets as rows of one table, kv(bucket, k, v), ordered
// by (bucket, k) as bbolt orders a bucket's keys (bytea compares as bytes);
// a game's log is the bucket "events/<game id>".
//
// Write transactions run at REPEATABLE READ: two processes that touch the
// same rows cannot both commit (one gets a serialization failure and its
// transaction is run again from the start, see update), so every
// transaction is as if it ran alone, as under bbolt's single writer.
type pgKV struct {
	pool *pgxpool.Pool
	// locks holds the connections that hold places' advisory locks (see
	// withChannel), apart from pool so that a place's work under its lock
	// never waits for a connection a lock holder has.
	locks *pgxpool.Pool
	url   string
	// addr is the server's host:port, for the message that it is unreachable.
	addr string
}

// A replica's connections: defaultConns for its transactions (unless the
// URL's pool_max_conns says otherwise), and up to lockConns more, each
// holding a place's lock while its decision is taken.
const (
	defaultConns = 8
	lockConns    = 24
)

// IsPostgresURL tells a database.url that names a PostgreSQL database.
func IsPostgresURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// OpenPostgres connects to a PostgreSQL database and brings its schema up
// to this kaleun's version (see schema.go); a database whose schema is
// newer than this kaleun is refused.
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	return openPostgres(ctx, dsn, false)
}

// OpenPostgresReadOnly connects to a PostgreSQL database to read it: its
// schema must be this kaleun's, and is never migrated (the database is
// shared with replicas that write it, so nothing stops a caller's writes
// but this: the commands that read open it so).
func OpenPostgresReadOnly(ctx context.Context, dsn string) (*Store, error) {
	return openPostgres(ctx, dsn, true)
}

func openPostgres(ctx context.Context, dsn string, readOnly bool) (*Store, error) {
	where := redactURL(dsn)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", where, err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", where, err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = defaultConns
	}
	lcfg := cfg.Copy()
	lcfg.MaxConns = lockConns
	locks, err := pgxpool.NewWithConfig(ctx, lcfg)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s: %w", where, err)
	}
	p := &pgKV{pool: pool, locks: locks, url: where, addr: hostPort(&cfg.ConnConfig.Config)}
	prepare := migrate
	if readOnly {
		prepare = checkSchema
	}
	if err := prepare(ctx, pool, where); err != nil {
		p.close()
		return nil, p.unreachable(err)
	}
	if !readOnly {
		if err := ensureLinkSecretPG(ctx, pool, where); err != nil {
			p.close()
			return nil, p.unreachable(err)
		}
	}
	return &Store{kv: p}, nil
}

// redactURL is a URL without its password, for messages and logs.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

func (p *pgKV) close() error {
	p.locks.Close()
	p.pool.Close()
	return nil
}

func (p *pgKV) where() string { return p.url }

func (p *pgKV) size(ctx context.Context) (int64, error) {
	var n int64
	err := p.pool.QueryRow(ctx, "SELECT pg_database_size(current_database())").Scan(&n)
	return n, err
}

func (p *pgKV) view(ctx context.Context, fn func(tx kvTx) error) error {
	tx, err := p.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return p.unreachable(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	t := &pgTx{ctx: ctx, tx: tx}
	return t.result(fn(t))
}

// result is a transaction's outcome: its database failure first, for fn
// may have read a failed Get's nil as a missing key and said so.
func (t *pgTx) result(err error) error {
	if t.err != nil {
		return t.err
	}
	return err
}

func (p *pgKV) update(ctx context.Context, fn func(tx kvTx) error) error {
	return p.write(ctx, func(t *pgTx) error { return fn(t) })
}

// batch: PostgreSQL commits concurrent transactions' syncs together by
// itself (its group commit).
func (p *pgKV) batch(ctx context.Context, fn func(tx kvTx) error) error {
	return p.write(ctx, func(t *pgTx) error { return fn(t) })
}

func (p *pgKV) takeDue(ctx context.Context, end []byte, want int, fn func(tx kvTx, due kvCursor) error) error {
	return p.write(ctx, func(t *pgTx) error {
		return fn(t, &pgCursor{t: t, bucket: string(bucketDue), claimUpTo: end, size: min(max(want, 1), pgCursorPage)})
	})
}

// write runs fn in a write transaction, again from the start when
// PostgreSQL could not serialise it with another process's (fn must leave
// nothing behind it but its writes), a few times before it gives up.
func (p *pgKV) write(ctx context.Context, fn func(t *pgTx) error) error {
	const attempts = 20
	var err error
	for i := 0; i < attempts; i++ {
		if err = p.writeOnce(ctx, fn); !retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(1+rand.IntN(min(1<<i, 50))) * time.Millisecond):
		}
	}
	return fmt.Errorf("gave up after %d attempts, each in conflict with another process: %w", attempts, err)
}

func (p *pgKV) writeOnce(ctx context.Context, fn func(t *pgTx) error) error {
	tx, err := p.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return p.unreachable(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := ctx.Err(); err != nil {
		return err
	}
	t := &pgTx{ctx: ctx, tx: tx}
	if err := t.result(fn(t)); err != nil {
		return err
	}
	// A commit under way is not interrupted: it lands whole or not at all.
	return tx.Commit(context.WithoutCancel(ctx))
}

// retryable: a serialization failure or a deadlock, which running the
// transaction again resolves.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// lockChannel takes a session advisory lock on the place's key, on a
// connection of its own kept until unlock: the place's decisions are
// serialised across every process sharing the database. A process that
// dies loses its connections, and so its locks.
func (p *pgKV) lockChannel(ctx context.Context, key string) (func(), error) {
	c, err := p.locks.Acquire(ctx)
	if err != nil {
		if u := p.unreachable(err); u != err {
			return nil, u
		}
		return nil, fmt.Errorf("locking the game at %s: %w", key, err)
	}
	if _, err := c.Exec(ctx, "SELECT pg_advisory_lock($1, hashtext($2))", advisoryPlaces, key); err != nil {
		// A wait given up leaves the connection in doubt: drop it.
		c.Conn().Close(context.WithoutCancel(ctx))
		c.Release()
		if u := p.unreachable(err); u != err {
			return nil, u
		}
		return nil, fmt.Errorf("waiting for the game at %s: %w", key, err)
	}
	return func() {
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if _, err := c.Exec(uctx, "SELECT pg_advisory_unlock($1, hashtext($2))", advisoryPlaces, key); err != nil {
			c.Conn().Close(uctx) // the session ends, and its locks with it
		}
		c.Release()
	}, nil
}

// Advisory lock classes (the first key of the two-key form).
const (
	advisoryPlaces = 0x4b4c // a place's decisions
	advisorySchema = 0x4b53 // the schema's migrations
)

// pgTx is a transaction as a kvTx. Its first failure is kept: every later
// operation does nothing, and the transaction fails with it.
type pgTx struct {
	ctx context.Context
	tx  pgx.Tx
	err error
}

func (t *pgTx) fail(err error) error {
	if t.err == nil && err != nil {
		t.err = err
	}
	return t.err
}

func (t *pgTx) Bucket(name []byte) kvBucket { return pgBucket{t: t, name: string(name)} }

// pgBucket is a bucket: the rows of kv with its name.
type pgBucket struct {
	t    *pgTx
	name string
}

func (b pgBucket) Get(k []byte) []byte {
	if b.t.err != nil {
		return nil
	}
	var v []byte
	err := b.t.tx.QueryRow(b.t.ctx, "SELECT v FROM kv WHERE bucket = $1 AND k = $2", b.name, k).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if b.t.fail(err) != nil {
		return nil
	}
	if v == nil {
		v = []byte{}
	}
	return v
}

func (b pgBucket) Put(k, v []byte) error {
	if b.t.err != nil {
		return b.t.err
	}
	if v == nil {
		v = []byte{}
	}
	_, err := b.t.tx.Exec(b.t.ctx, "INSERT INTO kv (bucket, k, v) VALUES ($1, $2, $3) ON CONFLICT (bucket, k) DO UPDATE SET v = EXCLUDED.v", b.name, k, v)
	return b.t.fail(err)
}

func (b pgBucket) Delete(k []byte) error {
	if b.t.err != nil {
		return b.t.err
	}
	_, err := b.t.tx.Exec(b.t.ctx, "DELETE FROM kv WHERE bucket = $1 AND k = $2", b.name, k)
	return b.t.fail(err)
}

func (b pgBucket) ForEach(fn func(k, v []byte) error) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return b.t.err
}

func (b pgBucket) Cursor() kvCursor { return &pgCursor{t: b.t, bucket: b.name} }

// Bucket: a game's log is a bucket of its own, "events/<game id>".
func (b pgBucket) Bucket(name []byte) kvBucket {
	return pgBucket{t: b.t, name: b.name + "/" + string(name)}
}

func (b pgBucket) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	return b.Bucket(name), b.t.err
}

func (b pgBucket) KeyN() int {
	if b.t.err != nil {
		return 0
	}
	var n int
	b.t.fail(b.t.tx.QueryRow(b.t.ctx, "SELECT count(*) FROM kv WHERE bucket = $1", b.name).Scan(&n))
	return n
}

// pgCursor reads a bucket a page at a time. With claimUpTo set it reads
// only keys whose first 8 bytes (a due time) are at most it, and claims
// them: rows another transaction has claimed are skipped.
type pgCursor struct {
	t         *pgTx
	bucket    string
	claimUpTo []byte
	// size is the rows fetched at a time (0: pgCursorPage): a claim locks
	// every row it fetches until it commits, taken or not.
	size int
	page [][2][]byte
	at   int
	more bool
}

const pgCursorPage = 256

func (c *pgCursor) pageSize() int {
	if c.size > 0 {
		return c.size
	}
	return pgCursorPage
}

func (c *pgCursor) First() (k, v []byte) { return c.Seek(nil) }

func (c *pgCursor) Seek(seek []byte) (k, v []byte) {
	if seek == nil {
		seek = []byte{}
	}
	c.fetch(seek, true)
	return c.current()
}

func (c *pgCursor) Next() (k, v []byte) {
	if c.at+1 < len(c.page) {
		c.at++
		return c.current()
	}
	if !c.more || len(c.page) == 0 {
		c.page, c.at = nil, 0
		return nil, nil
	}
	c.fetch(c.page[len(c.page)-1][0], false)
	return c.current()
}

func (c *pgCursor) current() (k, v []byte) {
	if c.at >= len(c.page) {
		return nil, nil
	}
	return c.page[c.at][0], c.page[c.at][1]
}

func (c *pgCursor) fetch(from []byte, inclusive bool) {
	c.page, c.at, c.more = nil, 0, false
	if c.t.err != nil {
		return
	}
	op := ">"
	if inclusive {
		op = ">="
	}
	q := "SELECT k, v FROM kv WHERE bucket = $1 AND k " + op + " $2"
	args := []any{c.bucket, from}
	if c.claimUpTo != nil {
		q += " AND substring(k from 1 for 8) <= $3 ORDER BY k LIMIT $4 FOR UPDATE SKIP LOCKED"
		args = append(args, c.claimUpTo, c.pageSize())
	} else {
		q += " ORDER BY k LIMIT $3"
		args = append(args, c.pageSize())
	}
	rows, err := c.t.tx.Query(c.t.ctx, q, args...)
	if c.t.fail(err) != nil {
		return
	}
	for rows.Next() {
		var k, v []byte
		if c.t.fail(rows.Scan(&k, &v)) != nil {
			rows.Close()
			c.page = nil
			return
		}
		c.page = append(c.page, [2][]byte{k, v})
	}
	if c.t.fail(rows.Err()) != nil {
		c.page = nil
		return
	}
	c.more = len(c.page) == c.pageSize()
}
