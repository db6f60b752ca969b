package persist

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/kaleun/kaleun/internal/pgtest"
)

// playersGames commits, for the index: u1's career in a Discord channel, a
// duel of u1 and u2 in another server, u2's career, u1's career on Slack
// (the same id on another platform is another player), and a finished
// game of u1's.
func playersGames(t *testing.T, s *Store) {
	t.Helper()
	ctx := t.Context()
	put := func(rec GameRecord) {
		t.Helper()
		rec.State = json.RawMessage(`{"n":1}`)
		if err := s.Commit(ctx, &rec, []json.RawMessage{json.RawMessage(`{"kind":"note","text":"x"}`)}); err != nil {
			t.Fatal(err)
		}
	}
	put(GameRecord{ID: "solo", Game: "hunters", Key: "discord/g1/c1", Owner: "u1"})
	put(GameRecord{ID: "duel", Game: "hunters-duel", Key: "discord/g2/c9", Owner: "u1", Seats: []Seat{{Seat: "a", ID: "u1"}, {Seat: "b", ID: "u2"}}})
	put(GameRecord{ID: "other", Game: "hunters", Key: "discord/g1/c2", Owner: "u2"})
	put(GameRecord{ID: "slack", Game: "hunters", Key: "slack/T1/C1", Owner: "u1"})
	put(GameRecord{ID: "done", Game: "hunters", Key: "discord/g1/c3", Owner: "u1", Over: true})
}

func gameIDs(t *testing.T, s *Store, place, user string) []string {
	t.Helper()
	recs, err := s.GamesOf(t.Context(), place, user)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range recs {
		if len(r.State) == 0 {
			t.Errorf("game %s listed without its state", r.ID)
		}
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return ids
}

func wantIDs(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: %q, want %q", what, got, want)
	}
}

// A player's running games are found across his places on one platform
// (the owner's and the seated players' alike), not another player's, not
// those of the same id on another platform, and not once finished.
func TestGamesOfAPlayer(t *testing.T) { backends(t, testGamesOfAPlayer) }

func testGamesOfAPlayer(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	playersGames(t, s)
	wantIDs(t, "u1 on Discord", gameIDs(t, s, "discord/gX/cX", "u1"), "duel", "solo")
	wantIDs(t, "u2 on Discord", gameIDs(t, s, "discord/g1/c1", "u2"), "duel", "other")
	wantIDs(t, "u1 on Slack", gameIDs(t, s, "slack/T9/C9", "u1"), "slack")
	wantIDs(t, "u3", gameIDs(t, s, "discord/g1/c1", "u3"))
	// The duel ends (its commit archives it); the career is abandoned.
	rec, err := s.Load(t.Context(), "discord/g2/c9")
	if err != nil {
		t.Fatal(err)
	}
	rec.Over = true
	if err := s.Commit(t.Context(), rec, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Archive(t.Context(), "discord/g1/c1"); err != nil {
		t.Fatal(err)
	}
	wantIDs(t, "u1 once his games ended", gameIDs(t, s, "discord/g1/c1", "u1"))
	wantIDs(t, "u2 once the duel ended", gameIDs(t, s, "discord/g1/c1", "u2"), "other")

	tour := &Tournament{ID: "t1", Game: "hunters", Key: "discord/g1/tour", Status: "open", Created: time.Unix(0, 0).UTC(),
		Entrants: []Entrant{{User: "u1", Name: "Prien"}, {User: "u2", Name: "Kretschmer", Withdrawn: true}}}
	if err := s.SaveTournament(t.Context(), tour); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		place, user string
		n           int
	}{{"discord/g5/c", "u1", 1}, {"discord/g5/c", "u2", 0}, {"slack/T/C", "u1", 0}} {
		ts, err := s.TournamentsOf(t.Context(), c.place, c.user)
		if err != nil || len(ts) != c.n {
			t.Fatalf("tournaments of %s on %s: %+v %v", c.user, c.place, ts, err)
		}
	}
}

// oldShape makes a bbolt file as a kaleun of schema 1 left it: the games,
// no index of them by player.
func oldShape(t *testing.T, path string) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	playersGames(t, s)
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketPlayerGames); err != nil {
			return err
		}
		if err := tx.Bucket(bucketMeta).Delete(playerGamesComplete); err != nil {
			return err
		}
		return tx.Bucket(bucketSchema).Put(schemaVersionKey, []byte("1"))
	}); err != nil {
		t.Fatal(err)
	}
}

// A bbolt file of schema 1 has no index of the games by player: opened to
// write, it gets one holding its running games, and records schema 2;
// opened read-only it is left as it was (and lists none); copied into an
// empty database, the copy is indexed.
func TestAnOldBoltFileGetsItsGamesIndexedByPlayer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	oldShape(t, path)

	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	wantIDs(t, "read-only, unindexed", gameIDs(t, ro, "discord/g/c", "u1"))
	dst, err := Open(filepath.Join(dir, "copy.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Copy(t.Context(), dst, ro); err != nil {
		t.Fatal(err)
	}
	ro.Close()
	wantIDs(t, "the copy of an old file", gameIDs(t, dst, "discord/g/c", "u1"), "duel", "solo")
	dst.Close()

	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	wantIDs(t, "u1, the old file opened", gameIDs(t, s, "discord/g/c", "u1"), "duel", "solo")
	wantIDs(t, "u2, the old file opened", gameIDs(t, s, "discord/g/c", "u2"), "duel", "other")
	s.Close()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		if v, _ := boltSchema(tx); v != 2 {
			t.Errorf("the file records schema %d", v)
		}
		return nil
	})
}

// A PostgreSQL database of schema 1 gets the index by its migration 2.
func TestAnOldPostgresDatabaseGetsItsGamesIndexedByPlayer(t *testing.T) {
	url := pgtest.URL(t)
	ctx := t.Context()
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	playersGames(t, s)
	s.Close()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	for _, q := range []string{
		"DELETE FROM kv WHERE bucket = 'player_games'",
		"DELETE FROM kv WHERE bucket = 'meta' AND k = 'player_games_complete'",
		"UPDATE schema_version SET version = 1",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if s, err = OpenPostgres(ctx, url); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	wantIDs(t, "u1, migrated", gameIDs(t, s, "discord/g/c", "u1"), "duel", "solo")
	wantIDs(t, "u2, migrated", gameIDs(t, s, "discord/g/c", "u2"), "duel", "other")
	wantIDs(t, "u1 on Slack, migrated", gameIDs(t, s, "slack/T/C", "u1"), "slack")
	var v int
	if err := conn.QueryRow(ctx, "SELECT version FROM schema_version").Scan(&v); err != nil || v != 2 {
		t.Fatalf("schema %d %v", v, err)
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM kv WHERE bucket = 'player_games'").Scan(&n); err != nil || n != 5 {
		t.Fatalf("%d index entries (%v), want 5: u1's career, duel and Slack career, u2's career and duel", n, err)
	}
}
