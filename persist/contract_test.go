package persist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/kaleun/kaleun/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// backends runs a test of the store's behaviour (its contract) on both
// backends: a bbolt file, and a PostgreSQL database (see internal/pgtest).
// open opens the test's database, the same one at every call, so a test
// may close and reopen it.
func backends(t *testing.T, test func(t *testing.T, open func() (*Store, error))) {
	t.Run("bbolt", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "k.db")
		test(t, func() (*Store, error) { return Open(path) })
	})
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.URL(t)
		test(t, func() (*Store, error) { return OpenPostgres(t.Context(), url) })
	})
}

// Preferences, tournaments, lookups by id and by prefix, and the counts
// behave alike on both backends.
func TestPrefsTournamentsAndLookups(t *testing.T) { backends(t, testPrefsTournamentsAndLookups) }

func testPrefsTournamentsAndLookups(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	if p, err := s.Prefs(ctx, "discord/g/u"); err != nil || p != (Prefs{}) {
		t.Fatalf("no preferences set: %+v %v", p, err)
	}
	want := Prefs{TZ: "Europe/Berlin", QuietFrom: 22 * 60, QuietTo: 7 * 60, Remind: "dm"}
	if err := s.SetPrefs(ctx, "discord/g/u", want); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Prefs(ctx, "discord/g/u"); err != nil || p != want {
		t.Fatalf("preferences: %+v %v", p, err)
	}
	tour := &Tournament{ID: "t1", Game: "hunters", Key: "discord/g/tour", Status: "open", Created: time.Unix(0, 0).UTC()}
	if err := s.SaveTournament(ctx, tour); err != nil {
		t.Fatal(err)
	}
	if got, err := s.TournamentAt(ctx, tour.Key); err != nil || got.ID != "t1" {
		t.Fatalf("tournament at its channel: %+v %v", got, err)
	}
	tour.Status = "ended"
	if err := s.SaveTournament(ctx, tour); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TournamentAt(ctx, tour.Key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an ended tournament is still found by its channel: %v", err)
	}
	if all, err := s.Tournaments(ctx); err != nil || len(all) != 1 || all[0].Status != "ended" {
		t.Fatalf("tournaments: %+v %v", all, err)
	}
	for _, key := range []string{"discord/g/a", "discord/g/b", "slack/t/c"} {
		if err := s.Commit(ctx, rec(key), []json.RawMessage{json.RawMessage(`{"text":"x"}`)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Archive(ctx, "discord/g/b"); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Find(ctx, "g-discord/g/b"); err != nil || g.Key != "discord/g/b" {
		t.Fatalf("find a finished game by id: %+v %v", g, err)
	}
	if g, err := s.Find(ctx, "g-slack/t/c"); err != nil || g.Key != "slack/t/c" {
		t.Fatalf("find a running game by id: %+v %v", g, err)
	}
	var seen []string
	if err := s.EachGame(ctx, "discord/", func(r *GameRecord) bool { seen = append(seen, r.Key); return true }); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 {
		t.Fatalf("games under discord/: %v", seen)
	}
	st, err := s.Stats(ctx)
	if err != nil || st.Running != 2 || st.Finished != 1 || st.Bytes <= 0 {
		t.Fatalf("stats: %+v %v", st, err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}

// Two processes sharing a PostgreSQL database take due times together:
// every reminder is taken by exactly one of them.
func TestDueTimesAreTakenOnceAcrossProcesses(t *testing.T) {
	url := pgtest.URL(t)
	var stores [2]*Store
	for i := range stores {
		s, err := OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores[i] = s
	}
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	const games = 60
	for i := 0; i < games; i++ {
		r := rec(fmt.Sprintf("discord/g/c%03d", i))
		due := []Due{
			{At: t0.Add(time.Duration(i) * time.Second), Key: r.Key, GameID: r.ID, Token: "1", Kind: DueReminder, N: 1, User: "u"},
			{At: t0.Add(time.Duration(i) * time.Second), Key: r.Key, GameID: r.ID, Token: "1", Kind: DueReminder, N: 2, User: "u"},
		}
		if _, err := stores[0].CommitScheduled(t.Context(), r, nil, due); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	taken := map[string]int{}
	var wg sync.WaitGroup
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(s *Store) {
			defer wg.Done()
			for {
				due, err := takeDue(t, s, t0.Add(time.Hour), 7)
				if err != nil {
					t.Error(err)
					return
				}
				if len(due) == 0 {
					return
				}
				mu.Lock()
				for _, d := range due {
					taken[fmt.Sprintf("%s/%d", d.Key, d.N)]++
				}
				mu.Unlock()
			}
		}(stores[w%2])
	}
	wg.Wait()
	if len(taken) != 2*games {
		t.Fatalf("%d reminders taken, want %d", len(taken), 2*games)
	}
	for k, n := range taken {
		if n != 1 {
			t.Errorf("reminder %s taken %d times", k, n)
		}
	}
}

// A place's lock holds across processes: two stores on one database never
// run the same place's work at once.
func TestWithChannelSerialisesAPlaceAcrossProcesses(t *testing.T) {
	url := pgtest.URL(t)
	var stores [2]*Store
	for i := range stores {
		s, err := OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores[i] = s
	}
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(s *Store) {
			defer wg.Done()
			err := s.WithChannel(t.Context(), "discord/g/c", func(ctx context.Context) error {
				n := inside.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				time.Sleep(20 * time.Millisecond)
				inside.Add(-1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}(stores[i%2])
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Fatalf("%d holders of one place's lock at once", most.Load())
	}
	// A wait given up returns the context's error.
	hold := make(chan struct{})
	release := make(chan struct{})
	go stores[0].WithChannel(t.Context(), "discord/g/d", func(ctx context.Context) error {
		close(hold)
		<-release
		return nil
	})
	<-hold
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	err := stores[1].WithChannel(ctx, "discord/g/d", func(ctx context.Context) error { return nil })
	close(release)
	if err == nil {
		t.Fatal("a second process ran a held place's work")
	}
}

// A database whose schema is newer than this kaleun is refused in one line.
func TestANewerSchemaIsRefused(t *testing.T) {
	url := pgtest.URL(t)
	s, err := OpenPostgres(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.kv.(*pgKV).pool.Exec(t.Context(), "UPDATE schema_version SET version = version + 1"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = OpenPostgres(t.Context(), url)
	if !errors.Is(err, ErrSchemaNewer) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), fmt.Sprintf("schema version %d, newer than this kaleun's %d", SchemaVersion()+1, SchemaVersion())) {
		t.Fatalf("want one line refusing the newer schema, got %v", err)
	}
}

// Copy moves a whole community between the backends, logs byte for byte:
// bbolt to PostgreSQL and back, every game's log the same, its chain intact,
// and refuses a destination that already holds games.
func TestCopyBetweenBackends(t *testing.T) {
	ctx := t.Context()
	file, err := Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	for i := 0; i < 5; i++ {
		r := rec(fmt.Sprintf("discord/g/c%d", i))
		r.LogVersion = LogV2
		due := []Due{{At: t0, Key: r.Key, GameID: r.ID, Token: "1", Kind: DueDeadline, User: "u"}}
		for d := 0; d < 3; d++ {
			r.Decisions++
			if _, err := file.CommitScheduled(ctx, r, []NewEntry{{Event: json.RawMessage(fmt.Sprintf(`{"text":"Günther %d"}`, d)), Dice: []int64{int64(d)}}}, due); err != nil {
				t.Fatal(err)
			}
		}
		if i == 0 {
			if err := file.Archive(ctx, r.Key); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := file.SetPrefs(ctx, "discord/g/u", Prefs{TZ: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	posted := PostedChange{Now: t0, Prompts: []PromptAt{{Ref: "g-discord/g/c1:4", At: MessageAt{"c1", "m1"}}},
		Stickies: []StickyAt{{Name: "standings:t1", At: MessageAt{"c9", "m9"}}}}
	if err := file.RecordPosted(ctx, posted); err != nil {
		t.Fatal(err)
	}
	pg, err := OpenPostgres(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	info, err := Copy(ctx, pg, file)
	if err != nil {
		t.Fatal(err)
	}
	if info != (CopyInfo{Running: 4, Finished: 1, Events: 15, Players: 1}) {
		t.Fatalf("copied %+v", info)
	}
	back, err := Open(filepath.Join(t.TempDir(), "back.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if _, err := Copy(ctx, back, pg); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Store{pg, back} {
		for i := 0; i < 5; i++ {
			id := fmt.Sprintf("g-discord/g/c%d", i)
			want, _ := file.Events(ctx, id, 1, 0)
			got, err := s.Events(ctx, id, 1, 0)
			if err != nil || fmt.Sprint(got) != fmt.Sprint(want) || len(got) != 3 {
				t.Fatalf("%s: log of %s: %v %v", s.Path(), id, got, err)
			}
			g, err := s.Find(ctx, id)
			if err != nil || g.Head != got[2].Hash {
				t.Fatalf("%s: %s's head: %+v %v", s.Path(), id, g, err)
			}
		}
		if d, err := s.Schedule(ctx, "discord/g/c1"); err != nil || len(d) != 1 {
			t.Fatalf("%s: due times: %+v %v", s.Path(), d, err)
		}
		var finished []string
		s.EachGame(ctx, "discord/g/", func(r *GameRecord) bool {
			if r.Over || r.ID == "g-discord/g/c0" {
				finished = append(finished, r.ID)
			}
			return true
		})
		if len(finished) != 1 {
			t.Fatalf("%s: the finished game by its place: %v", s.Path(), finished)
		}
		if last, err := s.LastFinished(ctx, "discord/g/c0"); err != nil || last.ID != "g-discord/g/c0" {
			t.Fatalf("%s: the place's last finished game: %+v %v", s.Path(), last, err)
		}
		if p, err := s.Prefs(ctx, "discord/g/u"); err != nil || p.TZ != "Europe/Berlin" {
			t.Fatalf("%s: preferences: %+v %v", s.Path(), p, err)
		}
		if at, err := s.PromptMessages(ctx, "g-discord/g/c1:4"); err != nil || len(at) != 1 || at[0] != (MessageAt{"c1", "m1"}) {
			t.Fatalf("%s: a prompt's messages: %+v %v", s.Path(), at, err)
		}
		if at, ok, err := s.Sticky(ctx, "standings:t1"); err != nil || !ok || at != (MessageAt{"c9", "m9"}) {
			t.Fatalf("%s: the standings' message: %+v %v %v", s.Path(), at, ok, err)
		}
	}
	if _, err := Copy(ctx, pg, file); err == nil || !strings.Contains(err.Error(), "already holds") {
		t.Fatalf("a copy into a database that holds games: %v", err)
	}
}

// Read-only commands (audit, render, backup, migrate's source) opened a
// PostgreSQL database as serve does, bringing its schema up to date: `audit`
// on an empty database made kaleun's tables in it, and on an older one
// would have migrated it. Opened to read, a database with none, an older or
// a newer schema is refused in one line, and nothing is made in it.
func TestAReadOnlyPostgresOpenNeverMigrates(t *testing.T) {
	url := pgtest.URL(t)
	ctx := t.Context()
	tables := func() int {
		t.Helper()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	oneLine := func(err error, kind error, want string) {
		t.Helper()
		if !errors.Is(err, kind) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Fatalf("want one line with %q, got %v", want, err)
		}
	}
	_, err := OpenPostgresReadOnly(ctx, url)
	oneLine(err, ErrSchemaOlder, "holds no kaleun database (no schema_version table)")
	if n := tables(); n != 0 {
		t.Fatalf("a read-only open of an empty database made %d tables", n)
	}

	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	r, err := OpenPostgresReadOnly(ctx, url)
	if err != nil {
		t.Fatalf("a database of this kaleun's schema, opened to read: %v", err)
	}
	if games, err := r.Games(ctx); err != nil || len(games) != 0 {
		t.Fatalf("reading it: %d games, %v", len(games), err)
	}
	r.Close()

	set := func(v int) {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "UPDATE schema_version SET version = $1", v); err != nil {
			t.Fatal(err)
		}
	}
	set(SchemaVersion() - 1)
	_, err = OpenPostgresReadOnly(ctx, url)
	oneLine(err, ErrSchemaOlder, fmt.Sprintf("has schema version %d, older than this kaleun's %d", SchemaVersion()-1, SchemaVersion()))
	set(SchemaVersion() + 1)
	_, err = OpenPostgresReadOnly(ctx, url)
	oneLine(err, ErrSchemaNewer, fmt.Sprintf("has schema version %d, newer than this kaleun's %d", SchemaVersion()+1, SchemaVersion()))
}
