package persist

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A caller that has given up writes nothing: a done context stops a commit
// before its transaction, and the error names the operation and the key.
func TestADoneContextStopsBeforeTheWrite(t *testing.T) {
	backends(t, testADoneContextStopsBeforeTheWrite)
}

func testADoneContextStopsBeforeTheWrite(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := rec("discord/g/c")
	if err := s.Commit(t.Context(), r, []json.RawMessage{json.RawMessage(`{"text":"a"}`)}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	next := *r
	next.Decisions++
	err = s.Commit(ctx, &next, []json.RawMessage{json.RawMessage(`{"text":"b"}`)})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a commit with a done context: %v", err)
	}
	if want := "persist: commit game g-discord/g/c at discord/g/c: context canceled"; err.Error() != want {
		t.Fatalf("the error says %q, want %q", err, want)
	}
	if next.Seq != r.Seq {
		t.Fatal("the record was advanced by a commit that did not happen")
	}
	got, err := s.Load(t.Context(), r.Key)
	if err != nil || got.Seq != 1 || got.Decisions != r.Decisions {
		t.Fatalf("the game changed: %+v %v", got, err)
	}
	if _, err := s.Load(ctx, r.Key); !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "load the game at discord/g/c") {
		t.Fatalf("a read with a done context: %v", err)
	}
	if _, err := s.Load(t.Context(), "discord/g/none"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "discord/g/none") {
		t.Fatalf("a missing game: %v", err)
	}
}

// A write that waited for the single writer looks at its context again once
// it holds it: given up meanwhile, it writes nothing.
func TestAWriteGivenUpWhileWaitingForTheWriterWritesNothing(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	holding, release := make(chan struct{}), make(chan struct{})
	go boltOf(s).db.Update(func(tx *bolt.Tx) error {
		close(holding)
		<-release
		return nil
	})
	<-holding
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.SetPrefs(ctx, "discord/g/u1", Prefs{TZ: "Europe/Berlin"}) }()
	time.Sleep(50 * time.Millisecond) // SetPrefs waits for the writer
	cancel()
	close(release)
	if err := <-done; !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "set the preferences of discord/g/u1") {
		t.Fatalf("want a cancelled write naming its key, got %v", err)
	}
	if p, err := s.Prefs(t.Context(), "discord/g/u1"); err != nil || p.TZ != "" {
		t.Fatalf("the cancelled write landed: %+v %v", p, err)
	}
}

// A long transaction stops between its steps: moving many games' due times
// with a context that ends half-way rolls back every one of them.
func TestALongWriteStopsBetweenItsStepsAndRollsBackWhole(t *testing.T) {
	backends(t, testALongWriteStopsBetweenItsStepsAndRollsBackWhole)
}

func testALongWriteStopsBetweenItsStepsAndRollsBackWhole(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	plans := map[string][]Due{}
	for i := 0; i < 200; i++ {
		key := "discord/g/c" + string(rune('A'+i%26)) + string(rune('a'+i/26))
		plans[key] = []Due{{At: t0, Key: key, GameID: "g" + key, Token: "1", Kind: DueReminder, N: 1, User: "u"}}
	}
	// The loop PutSchedules runs, with the context cancelled after the
	// 100th game's plan is written.
	ctx, cancel := context.WithCancel(t.Context())
	err = s.update(ctx, "test", func(tx kvTx) error {
		n := 0
		for key, due := range plans {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := putSchedule(tx, key, due); err != nil {
				return err
			}
			if n++; n == 100 {
				cancel()
			}
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want the transaction stopped, got %v", err)
	}
	if due, err := takeDue(t, s, t0, 1000); err != nil || len(due) != 0 {
		t.Fatalf("%d due times of a rolled-back transaction are in the index (%v)", len(due), err)
	}
	// PutSchedules itself stops at its first step with a done context.
	if err := s.PutSchedules(ctx, plans); !errors.Is(err, context.Canceled) {
		t.Fatalf("PutSchedules with a done context: %v", err)
	}
}

// A database made before the id index held every running game is indexed
// once when it is opened to write; Find finds its old games either way.
func TestOldGamesAreIndexedByIDOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	old := rec("discord/g/old")
	if err := s.Commit(t.Context(), old, nil); err != nil {
		t.Fatal(err)
	}
	// As an older kaleun left it: the game unindexed, no mark.
	err = boltOf(s).db.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketIDs).Delete([]byte(old.ID)); err != nil {
			return err
		}
		return tx.DeleteBucket(bucketMeta)
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ro.Find(t.Context(), old.ID); err != nil || got.Key != old.Key {
		t.Fatalf("read-only, the unindexed game is not found: %+v %v", got, err)
	}
	ro.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	boltOf(s).db.View(func(tx *bolt.Tx) error {
		if k := tx.Bucket(bucketIDs).Get([]byte(old.ID)); string(k) != old.Key || !idsIndexed(boltTx{tx}) {
			t.Errorf("after opening to write, the id index has %q for the game (complete: %v)", k, idsIndexed(boltTx{tx}))
		}
		return nil
	})
	if _, err := s.Find(t.Context(), "no-such-game"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown id: %v", err)
	}
}

// boltOf is the bbolt file under a store opened with Open.
func boltOf(s *Store) *boltKV { return s.kv.(*boltKV) }
