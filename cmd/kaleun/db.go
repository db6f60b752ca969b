package main

import (
	"context"
	"os"

	"github.com/kaleun/kaleun/persist"
)

// openDB opens what a --db flag names: a bbolt file, or a PostgreSQL
// database by its URL (postgres://…). readOnly opens either to read only:
// never created, never migrated.
func openDB(ctx context.Context, spec string, readOnly bool) (*persist.Store, error) {
	switch {
	case persist.IsPostgresURL(spec) && readOnly:
		return persist.OpenPostgresReadOnly(ctx, spec)
	case persist.IsPostgresURL(spec):
		return persist.OpenPostgres(ctx, spec)
	case readOnly:
		return persist.OpenReadOnly(spec)
	}
	return persist.Open(spec)
}

// statDB checks that a --db file exists (a URL is checked by connecting).
func statDB(spec string) error {
	if persist.IsPostgresURL(spec) {
		return nil
	}
	_, err := os.Stat(spec)
	return err
}

// openConfigured opens the database of serve's configuration: PostgreSQL
// when database.url is set, else the bbolt file at database.path.
func openConfigured(ctx context.Context, cfg *config) (*persist.Store, error) {
	if cfg.Database.URL != "" {
		return persist.OpenPostgres(ctx, cfg.Database.URL)
	}
	return persist.Open(cfg.Database.Path)
}
