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

// ErrSchemaOlder: a database opened only to read has a schema older than
// this kaleun's (or none), which a read-only open does not migrate.
var ErrSchemaOlder = errors.New("database schema older than this kaleun")

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
	// 2: the running games indexed by player (player_games: the player's
	// platform and id, a zero byte, the game's place key → the game's id),
	// filled from the games, as a bbolt file's is when it is opened.
	`INSERT INTO kv (bucket, k, v)
	SELECT 'player_games',
		convert_to(split_part(g.j->>'key', '/', 1) || '/' || p.id, 'UTF8') || '\x00'::bytea || convert_to(g.j->>'key', 'UTF8'),
		convert_to(g.j->>'id', 'UTF8')
	FROM (SELECT convert_from(v, 'UTF8')::jsonb AS j FROM kv WHERE bucket = 'games') g
	CROSS JOIN LATERAL (
		SELECT g.j->>'owner' AS id WHERE coalesce(g.j->>'owner', '') <> ''
		UNION
		SELECT s->>'id' FROM jsonb_array_elements(coalesce(g.j->'seats', '[]'::jsonb)) s WHERE coalesce(s->>'id', '') <> ''
	) p
	ON CONFLICT DO NOTHING;
	INSERT INTO kv (bucket, k, v) VALUES ('meta', 'player_games_complete', '\x01') ON CONFLICT DO NOTHING`,
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

// checkSchema is migrate's check without its writes, for a database opened
// only to read (audit, render, backup, migrate's source): a schema older
// than this kaleun's, or none, is refused rather than brought up to date,
// as a bbolt file opened to read is never changed.
func checkSchema(ctx context.Context, pool *pgxpool.Pool, where string) error {
	var table *string
	if err := pool.QueryRow(ctx, "SELECT to_regclass('schema_version')::text").Scan(&table); err != nil {
		return fmt.Errorf("database %s: reading its schema version: %w", where, err)
	}
	have := 0
	if table != nil {
		if err := pool.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_version").Scan(&have); err != nil {
			return fmt.Errorf("database %s: reading its schema version: %w", where, err)
		}
	}
	switch {
	case table == nil:
		return &openError{ErrSchemaOlder, fmt.Sprintf("database %s holds no kaleun database (no schema_version table), and a command that only reads does not make one; it was left untouched", where)}
	case have > len(migrations):
		return &openError{ErrSchemaNewer, fmt.Sprintf("database %s has schema version %d, newer than this kaleun's %d: run the kaleun that last used it, or a newer one (docs/operators/upgrades.md); it was left untouched", where, have, len(migrations))}
	case have < len(migrations):
		return &openError{ErrSchemaOlder, fmt.Sprintf("database %s has schema version %d, older than this kaleun's %d, and a command that only reads does not bring it up to date: read it with the kaleun that last used it, or let serve or play migrate it (docs/operators/upgrades.md); it was left untouched", where, have, len(migrations))}
	}
	return nil
}
