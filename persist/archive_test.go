package persist

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// A game's last decision and its move to the finished games are one
// transaction: once the end is committed the place is free, the record and
// its log are among the finished games, its due times and id index entry
// are gone; there is no moment at which a finished game holds its place.
func TestTheEndIsArchivedByItsOwnCommit(t *testing.T) {
	backends(t, testTheEndIsArchivedByItsOwnCommit)
}

func testTheEndIsArchivedByItsOwnCommit(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := rec("discord/g/c")
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	due := []Due{{At: t0, Key: r.Key, GameID: r.ID, Token: "1", Kind: DueDeadline, User: "u1"}}
	if _, err := s.CommitScheduled(t.Context(), r, []NewEntry{{Event: json.RawMessage(`{"text":"a"}`)}}, due); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Load(t.Context(), r.Key); err != nil || g.Over {
		t.Fatalf("a running game: %+v %v", g, err)
	}
	r.Over = true
	if _, err := s.CommitScheduled(t.Context(), r, []NewEntry{{Event: json.RawMessage(`{"text":"the end"}`)}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(t.Context(), r.Key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the place still holds the finished game: %v", err)
	}
	running, _ := s.Games(t.Context())
	fin, _ := s.Finished(t.Context())
	if len(running) != 0 || len(fin) != 1 || !fin[0].Over || fin[0].Seq != 2 {
		t.Fatalf("running %+v, finished %+v", running, fin)
	}
	if g, err := s.Find(t.Context(), r.ID); err != nil || !g.Over || g.Head != r.Head {
		t.Fatalf("find: %+v %v", g, err)
	}
	if evs, _ := s.Events(t.Context(), r.ID, 1, 0); len(evs) != 2 || string(evs[1].Event) != `{"text":"the end"}` {
		t.Fatalf("the log: %+v", evs)
	}
	if d, _ := takeDue(t, s, t0.Add(time.Hour), 10); len(d) != 0 {
		t.Fatalf("a finished game's due times remain: %+v", d)
	}
	if err := s.Archive(t.Context(), r.Key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("archiving again: %v", err)
	}
}
