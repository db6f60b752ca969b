package persist

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A database from a kaleun before the web pages, made with bbolt itself in
// that layout (schema 1, every bucket, its indexes complete, no link
// secret): a read-only open has no links to give and says how to get
// them; the first open to write makes the secret, and the links it gives
// stay the same across opens, read-only ones included.
func TestLinkSecretMadeWhenAnOldDatabaseIsOpened(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range buckets {
			if _, err := tx.CreateBucket(b); err != nil {
				return err
			}
		}
		for _, b := range [][]byte{bucketLastFinished, bucketArchivePlaces} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		rec := `{"id":"g7","game":"hunters","key":"discord/s/c","state":{"n":1}}`
		return errors.Join(tx.Bucket(bucketGames).Put([]byte("discord/s/c"), []byte(rec)),
			tx.Bucket(bucketIDs).Put([]byte("g7"), []byte("discord/s/c")),
			tx.Bucket(bucketMeta).Put(idsComplete, []byte{1}),
			tx.Bucket(bucketSchema).Put(schemaVersionKey, []byte("1")))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Link(t.Context(), "g7"); !errors.Is(err, ErrNoLinkSecret) || !strings.Contains(err.Error(), "open it once to write") {
		t.Fatalf("a read-only open of an old database gives a link: %v", err)
	}
	ro.Close()
	rw, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	link, err := rw.Link(t.Context(), "g7")
	rw.Close()
	if err != nil || !strings.HasPrefix(link, "g7.") || len(link) != len("g7.")+linkTagLen {
		t.Fatalf("link %q %v", link, err)
	}
	ro, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if again, err := ro.Link(t.Context(), "g7"); err != nil || again != link {
		t.Fatalf("the link changed from %q to %q (%v)", link, again, err)
	}
	if rec, err := ro.FindLink(t.Context(), link); err != nil || rec.ID != "g7" {
		t.Fatalf("find %q: %v %v", link, rec, err)
	}
}

// A link is found only with its own tag: a changed digit, another game's
// tag, a tag cut short, the bare id, or a tag from another database's
// secret find nothing.
func TestFindLinkRefusesWhatTheSecretDidNotMake(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, id := range []string{"g1", "g2"} {
		if err := s.Commit(t.Context(), &GameRecord{ID: id, Game: "hunters", Key: "discord/s/" + id, State: []byte(`{}`)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	other, err := Open(filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	l1, _ := s.Link(t.Context(), "g1")
	l2, _ := s.Link(t.Context(), "g2")
	foreign, _ := other.Link(t.Context(), "g1")
	if l1 == foreign {
		t.Fatal("two databases give game g1 the same link")
	}
	flip := []byte(l1)
	if flip[len(flip)-1] == '0' {
		flip[len(flip)-1] = '1'
	} else {
		flip[len(flip)-1] = '0'
	}
	for _, bad := range []string{string(flip), "g1." + l2[3:], l1[:len(l1)-1], "g1", "g1.", foreign, "." + l1[3:]} {
		if rec, err := s.FindLink(t.Context(), bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("link %q found %v (%v)", bad, rec, err)
		}
	}
	if rec, err := s.FindLink(t.Context(), l2); err != nil || rec.ID != "g2" {
		t.Fatalf("%q: %v %v", l2, rec, err)
	}
}

// A tournament's link is made as a game's, under its own label: found by
// its own tag only, never by the tag of a game of the same id.
func TestTournamentLinkIsNotAGamesLink(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SaveTournament(t.Context(), &Tournament{ID: "t1", Game: "hunters", Key: "discord/s/c", Name: "Spring"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(t.Context(), &GameRecord{ID: "t1", Game: "hunters", Key: "discord/s/x", State: []byte(`{}`)}, nil); err != nil {
		t.Fatal(err)
	}
	tl, _ := s.TournamentLink(t.Context(), "t1")
	gl, _ := s.Link(t.Context(), "t1")
	if tl == gl {
		t.Fatal("a tournament and a game of one id share a link")
	}
	if got, err := s.FindTournamentLink(t.Context(), tl); err != nil || got.Name != "Spring" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := s.FindTournamentLink(t.Context(), gl); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a game's link finds a tournament: %v", err)
	}
	if _, err := s.FindLink(t.Context(), tl); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a tournament's link finds a game: %v", err)
	}
}

// A leaderboard's link names its platform, server and game, and is found
// by its own tag only.
func TestBoardLink(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := s.BoardLink(t.Context(), "discord", "guild1", "hunters")
	if err != nil || !strings.HasPrefix(l, "discord~guild1~hunters.") {
		t.Fatalf("%q %v", l, err)
	}
	if p, sp, g, err := s.FindBoardLink(t.Context(), l); err != nil || p != "discord" || sp != "guild1" || g != "hunters" {
		t.Fatalf("%s %s %s %v", p, sp, g, err)
	}
	other, _ := s.BoardLink(t.Context(), "discord", "guild2", "hunters")
	for _, bad := range []string{"discord~guild2~hunters." + l[len(l)-linkTagLen:], other[:len(other)-1] + "x", "discord~guild1." + l[len(l)-linkTagLen:]} {
		if _, _, _, err := s.FindBoardLink(t.Context(), bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// A player's page's link names his platform, server and id; the tag is
// under its own label, so a leaderboard's link of the same three words is
// not a player's.
func TestPlayerLink(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := s.PlayerLink(t.Context(), "slack", "T1", "U123")
	if err != nil || !strings.HasPrefix(l, "slack~T1~U123.") {
		t.Fatalf("%q %v", l, err)
	}
	if p, sp, u, err := s.FindPlayerLink(t.Context(), l); err != nil || p != "slack" || sp != "T1" || u != "U123" {
		t.Fatalf("%s %s %s %v", p, sp, u, err)
	}
	board, _ := s.BoardLink(t.Context(), "slack", "T1", "U123")
	for _, bad := range []string{board, "slack~T1~U124." + l[len(l)-linkTagLen:], l[:len(l)-1] + "0"} {
		if bad == l {
			continue
		}
		if _, _, _, err := s.FindPlayerLink(t.Context(), bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
