package persist

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrSchemaNewer: the database was brought up to a schema this kaleun does
// not know (a newer kaleun has used it); nothing was written to it.
var ErrSchemaNewer = errors.New("database schema newer than this kaleun")

// migrations bring a PostgreSQL database's schema from one version to the
// next: migrations[i] makes version i+1. A migration, once released, is
// never changed; a new schema is a new entry.
var migrations = []string{
	// 1: bbolt's buckets as rows (see pgKV).
	`CREATE TABLE kv (
		bucket text  NOT NULL,
		k      bytea NOT NULL,
		v      bytea NOT NULL,
		PRIMARY KEY (bucket, k)
	);
	-- Every running game is in the id index (game_ids) from the first.
	INSERT INTO kv (bucket, k, v) VALUES ('meta', 'game_ids_complete', '\x01')`,
}

// SchemaVersion is the schema this kaleun makes and reads.
func SchemaVersion() int { return len(migrations) }

// migrate applies the migrations the database lacks, in one transaction
// under an advisory lock, so replicas starting together migrate once; a
// database newer than this kaleun is refused with one line saying so.
func migrate(ctx context.Context, pool *pgxpool.Pool, where string) error {
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1, 0)", advisorySchema); err != nil {
			return fmt.Errorf("database %s: locking the schema: %w", where, err)
		}
		if _, err := tx.Exec(ctx, "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)"); err != nil {
			return fmt.Errorf("database %s: %w", where, err)
		}
		var have int
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_version").Scan(&have); err != nil {
			return fmt.Errorf("database %s: reading its schema version: %w", where, err)
		}
		if have > len(migrations) {
			return &openError{ErrSchemaNewer, fmt.Sprintf("database %s has schema version %d, newer than this kaleun's %d: run the kaleun that last used it, or a newer one (docs/operators/upgrades.md); it was left untouched", where, have, len(migrations))}
		}
		for v := have + 1; v <= len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v-1]); err != nil {
				return fmt.Errorf("database %s: schema migration %d: %w", where, v, err)
			}
		}
		if have < len(migrations) {
			if _, err := tx.Exec(ctx, "DELETE FROM schema_version"); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_version (version) VALUES ($1)", len(migrations)); err != nil {
				return err
			}
		}
		return nil
	})
}
