package bot

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
	bolt "go.etcd.io/bbolt"
)

// serviceAt is a service over the database at path.
func serviceAt(t *testing.T, path string) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	return New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
		NewID:   func() (string, error) { n++; return fmt.Sprintf("g%d-%d", n, time.Now().UnixNano()), nil },
	}), store
}

// A finished game an older kaleun left in its channel (its end saved, the
// kill before its archiving): `turn` shows the end and frees the channel,
// and `new` there shows the end and starts the new game.
func TestAFinishedGameLeftInItsChannelIsArchivedWithItsEndShown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	svc, store := serviceAt(t, path)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIB", "start": "1942-06"})
	var end *Message
	for i := 0; err == nil && end == nil && i < 5000; i++ {
		for _, m := range r.Shown() {
			if m.Outcome != nil {
				end = &m
			}
		}
		if end == nil {
			r, err = svc.Click(t.Context(), here, prien, lastPrompt(t, r).Options[0].ID)
		}
	}
	if err != nil || end == nil {
		t.Fatalf("the career did not end: %v", err)
	}
	store.Close()

	for _, c := range []struct {
		command string
		args    map[string]string
	}{{"turn", nil}, {"new", map[string]string{"boat": "VIIC"}}} {
		strand(t, path, here.Key())
		svc, store := serviceAt(t, path)
		r, err := svc.Command(t.Context(), here, prien, "hunters", c.command, c.args)
		if err != nil || len(r.Public) == 0 || r.Public[0].Outcome == nil || r.Public[0].Outcome.Summary != end.Outcome.Summary {
			t.Fatalf("%s: want the end first, got %+v %v", c.command, r, err)
		}
		if fin, _ := store.Finished(t.Context()); len(fin) != 1 || !fin[0].Over {
			t.Fatalf("%s: finished %+v", c.command, fin)
		}
		rec, err := store.Load(t.Context(), here.Key())
		if c.command == "turn" && !errors.Is(err, persist.ErrNotFound) {
			t.Fatalf("turn: the channel is still taken: %+v %v", rec, err)
		}
		if c.command == "new" && (err != nil || rec.Over || len(r.Public) < 2) {
			t.Fatalf("new: no new game after the end: %+v %v %+v", rec, err, r)
		}
		store.Close()
	}
}

// strand moves the one finished game of the database at path back to place.
func strand(t *testing.T, path, place string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		archive := tx.Bucket([]byte("archive"))
		k, v := archive.Cursor().First()
		if k == nil {
			return fmt.Errorf("no finished game")
		}
		k, v = bytes.Clone(k), bytes.Clone(v)
		tx.Bucket([]byte("games")).Put([]byte(place), v)
		tx.Bucket([]byte("game_ids")).Put(k, []byte(place))
		return archive.Delete(k)
	})
	if err != nil {
		t.Fatal(err)
	}
}
