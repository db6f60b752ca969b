package persist

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A channel's last finished game is found by index; a database made before
// the index gets it built from the archive when it is opened.
func TestLastFinishedIndexAndItsMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	for i, id := range []string{"old", "new"} {
		rec := &GameRecord{ID: id, Game: "hunters", Key: "discord/g/c", State: []byte(`{"n":1}`), Updated: t0.Add(time.Duration(i) * time.Hour)}
		if err := s.Commit(t.Context(), rec, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.Archive(t.Context(), rec.Key); err != nil {
			t.Fatal(err)
		}
	}
	if rec, err := s.LastFinished(t.Context(), "discord/g/c"); err != nil || rec.ID != "new" || string(rec.State) != `{"n":1}` {
		t.Fatalf("last finished: %+v %v", rec, err)
	}
	if _, err := s.LastFinished(t.Context(), "discord/g/elsewhere"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a channel with no finished game: %v", err)
	}
	s.Close()
	// Make it an old database: no index.
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketLastFinished) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if rec, err := s.LastFinished(t.Context(), "discord/g/c"); err != nil || rec.ID != "new" {
		t.Fatalf("after the migration: %+v %v", rec, err)
	}
}

// Opened read-only (kaleun audit, render), a file from a kaleun before the
// finished games and the id index had their buckets is listed and searched,
// not migrated and not a nil bucket's panic (issue 29, defect 3).
func TestReadOnlyOpenOfAFileWithoutTheNewerBuckets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := &GameRecord{ID: "g1", Game: "hunters", Key: "terminal/a/b", State: []byte(`{"n":1}`)}
	if err := s.Commit(t.Context(), rec, nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		return errors.Join(tx.DeleteBucket(bucketArchive), tx.DeleteBucket(bucketIDs), tx.DeleteBucket(bucketMeta))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if done, err := ro.Finished(t.Context()); err != nil || len(done) != 0 {
		t.Fatalf("finished: %v %v", done, err)
	}
	if running, err := ro.Games(t.Context()); err != nil || len(running) != 1 {
		t.Fatalf("running: %v %v", running, err)
	}
	if got, err := ro.Find(t.Context(), "g1"); err != nil || got.ID != "g1" {
		t.Fatalf("find: %+v %v", got, err)
	}
}
