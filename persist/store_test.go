package persist

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func rec(key string) *GameRecord {
	return &GameRecord{ID: "g-" + key, Game: "hunters", Key: key, Created: time.Unix(0, 0).UTC(),
		State: json.RawMessage(`{"schema":1}`), Dice: DiceRecord{Kind: "auditable", Seed: "00", GameID: "g", Cursor: 3}}
}

func TestCommitLoadAndHistory(t *testing.T) { backends(t, testCommitLoadAndHistory) }

func testCommitLoadAndHistory(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	r := rec("terminal/local")
	if err := s.Commit(t.Context(), r, []json.RawMessage{json.RawMessage(`{"text":"a"}`), json.RawMessage(`{"text":"b"}`)}); err != nil {
		t.Fatal(err)
	}
	r.Decisions++
	r.Dice.Cursor = 9
	if err := s.Commit(t.Context(), r, []json.RawMessage{json.RawMessage(`{"text":"c"}`)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Load(t.Context(), "terminal/local")
	if err != nil || got.Seq != 3 || got.Dice.Cursor != 9 || got.Decisions != 1 {
		t.Fatalf("%+v %v", got, err)
	}
	evs, err := s.Events(t.Context(), got.ID, 2, 0)
	if err != nil || len(evs) != 2 || string(evs[0].Event) != `{"text":"b"}` || evs[1].Decision != 1 {
		t.Fatalf("%+v %v", evs, err)
	}
	if _, err := s.Load(t.Context(), "nobody"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("want ErrNotFound, got %v", err)
	}
	if err := s.Archive(t.Context(), "terminal/local"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(t.Context(), "terminal/local"); !errors.Is(err, ErrNotFound) {
		t.Fatal("archived game still running")
	}
	fin, _ := s.Finished(t.Context())
	if len(fin) != 1 || fin[0].ID != got.ID {
		t.Fatalf("%+v", fin)
	}
}

// A commit that cannot be encoded writes nothing at all.
func TestCommitIsAtomic(t *testing.T) { backends(t, testCommitIsAtomic) }

func testCommitIsAtomic(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := rec("a")
	if err := s.Commit(t.Context(), r, nil); err != nil {
		t.Fatal(err)
	}
	bad := *r
	bad.Decisions = 7
	err = s.Commit(t.Context(), &bad, []json.RawMessage{json.RawMessage(`{"ok":1}`), json.RawMessage(`{broken`)})
	if err == nil {
		t.Fatal("a broken event must fail the commit")
	}
	got, _ := s.Load(t.Context(), "a")
	if got.Decisions != 0 || got.Seq != 0 {
		t.Fatalf("partial commit: %+v", got)
	}
	if evs, _ := s.Events(t.Context(), r.ID, 1, 0); len(evs) != 0 {
		t.Fatalf("events of a failed commit were kept: %+v", evs)
	}
}

func TestGarbageAndTruncatedFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 2000)), 0o600)
	if _, err := Open(garbage); err == nil || !strings.Contains(err.Error(), "garbage.db") {
		t.Fatalf("garbage: %v", err)
	}
	good := filepath.Join(dir, "good.db")
	s, err := Open(good)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		r := rec(string(rune('a' + i%26)))
		r.ID = r.ID + string(rune('a'+i/26))
		s.Commit(t.Context(), r, []json.RawMessage{json.RawMessage(`{"x":"` + strings.Repeat("y", 500) + `"}`)})
	}
	s.Close()
	b, _ := os.ReadFile(good)
	trunc := filepath.Join(dir, "trunc.db")
	os.WriteFile(trunc, b[:len(b)/3], 0o600)
	if s2, err := Open(trunc); err == nil {
		s2.Close()
		t.Fatal("a truncated database must be refused at open")
	} else if !strings.Contains(err.Error(), "trunc.db") {
		t.Fatalf("the error must name the file: %v", err)
	}
}

func TestSecondOpenerIsToldTheFileIsBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = Open(path)
	if err == nil || !strings.Contains(err.Error(), "in use by another kaleun process") {
		t.Fatalf("got %v", err)
	}
}

func BenchmarkCommit20KB(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "k.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r := rec("bench")
	r.State = json.RawMessage(`{"pad":"` + strings.Repeat("x", 20000) + `"}`)
	ev := []json.RawMessage{json.RawMessage(`{"kind":"roll","text":"E2"}`)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.Commit(b.Context(), r, ev); err != nil {
			b.Fatal(err)
		}
	}
}
