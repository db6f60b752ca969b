package persist

import (
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A server's games, running and finished, are found by its prefix: the
// finished ones through archive_places, which a database made before the
// index gets built from the archive when it is opened; opened read-only,
// such a database is read whole and answers the same.
func TestEachGameFindsAServersGamesAndTheIndexMigrates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	commit := func(id, key string) {
		t.Helper()
		if err := s.Commit(t.Context(), &GameRecord{ID: id, Game: "hunters", Key: key, State: []byte(`{}`)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	archive := func(id, key string) {
		t.Helper()
		commit(id, key)
		if err := s.Archive(t.Context(), key); err != nil {
			t.Fatal(err)
		}
	}
	// Ids out of their places' order: finished games come in id order.
	archive("f3", "discord/g1/a")
	archive("f1", "discord/g1/b")
	archive("f2", "discord/g1/a")
	archive("f4", "discord/g10/a") // another server, whose key g1 begins
	archive("f5", "slack/g1/a")
	commit("r2", "discord/g1/c")
	commit("r1", "discord/g1/a")
	commit("r3", "discord/g2/a")
	want := []string{"r1", "r2", "f1", "f2", "f3"}
	each := func(s *Store, prefix string, stopAfter int) []string {
		t.Helper()
		var got []string
		err := s.EachGame(t.Context(), prefix, func(rec *GameRecord) bool {
			got = append(got, rec.ID)
			return len(got) != stopAfter
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := each(s, "discord/g1/", 0); !slices.Equal(got, want) {
		t.Fatalf("discord/g1/: %v, want %v", got, want)
	}
	if got := each(s, "discord/g1/", 3); !slices.Equal(got, want[:3]) {
		t.Fatalf("stopped after 3: %v", got)
	}
	if got := each(s, "", 0); len(got) != 8 {
		t.Fatalf("every game: %v", got)
	}
	s.Close()

	// Make it an old database: no index.
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketArchivePlaces) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := each(ro, "discord/g1/", 0); !slices.Equal(got, want) {
		t.Fatalf("read-only, without the index: %v, want %v", got, want)
	}
	ro.Close()
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := each(s, "discord/g1/", 0); !slices.Equal(got, want) {
		t.Fatalf("after the migration: %v, want %v", got, want)
	}
	err = boltOf(s).db.View(func(tx *bolt.Tx) error {
		if n := tx.Bucket(bucketArchivePlaces).Stats().KeyN; n != 5 {
			t.Errorf("the rebuilt index holds %d games, want 5", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
