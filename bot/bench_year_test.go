package bot

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// A database as a year of serving leaves it, for the benchmarks: live games
// waiting for a decision, each with its reminders and deadline in the due
// index, and finished games in the archive. Each live game is a real
// Hunters career just started (its record, log and due times as the bot
// stored them); each finished one a real career played to its end by the
// built-in commander, its record whole and the first finishedEntries
// entries of its log (a whole career's log is some 200 KB: 100,000 of them
// would be 20 GB, more than this machine's benchmarks may write). The
// games, logs and archive are written with bbolt directly in big
// transactions, as persist lays them out (its indexes included); then the
// file is opened with persist.Open and the live games' due times are put
// with PutSchedules.
const finishedEntries = 40

// yearTemplates are the two careers a year file is made of.
type yearTemplates struct {
	liveRec, doneRec persist.GameRecord
	liveLog, doneLog []persist.EventRecord
	liveDue          []persist.Due
}

// yearFile builds the file in dir (the benchmark's own temporary
// directory: nothing is kept between runs), opens it as serve does and
// returns the service, the store and the places of its live games.
func yearFile(b *testing.B, dir string, tm yearTemplates, live, finished int) (*Service, *persist.Store, []Place) {
	b.Helper()
	path := filepath.Join(dir, "year.db")
	built := time.Now()
	db, err := bolt.Open(path, 0o600, &bolt.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	// Each record and log entry is encoded once: the games differ only in
	// their ids and keys, put in place of the templates' placeholders.
	liveRec, liveLog := encodeTemplate(b, tm.liveRec, tm.liveLog)
	doneRec, doneLog := encodeTemplate(b, tm.doneRec, tm.doneLog)
	if finished > 0 {
		n := 0
		for _, e := range doneLog {
			n += len(e.v)
		}
		b.Logf("a finished game: its record %d KB, the %d entries of its log %d KB", len(doneRec)>>10, len(doneLog), n>>10)
	}
	places := make([]Place, 0, live)
	const batch = 2000
	put := func(archive bool, from, to int) {
		err := db.Update(func(tx *bolt.Tx) error {
			var bs [7]*bolt.Bucket
			for i, name := range []string{"games", "archive", "events", "game_ids", "last_finished", "archive_places", "meta"} {
				var err error
				if bs[i], err = tx.CreateBucketIfNotExists([]byte(name)); err != nil {
					return err
				}
			}
			games, archived, events, ids, lastFinished, archivePlaces, meta := bs[0], bs[1], bs[2], bs[3], bs[4], bs[5], bs[6]
			// Made by this kaleun, the file has its indexes: Open has nothing
			// to add.
			if err := meta.Put([]byte("game_ids_complete"), []byte{1}); err != nil {
				return err
			}
			for i := from; i < to; i++ {
				p, id, rec, log := yearPlace(i, archive), yearID(i, archive), liveRec, liveLog
				if archive {
					rec, log = doneRec, doneLog
				}
				v := bytes.Replace(bytes.Replace(rec, []byte(`"`+placeholderID+`"`), []byte(`"`+id+`"`), 1), []byte(`"`+placeholderKey+`"`), []byte(`"`+p.Key()+`"`), 1)
				var err error
				if archive {
					err = errors.Join(archived.Put([]byte(id), v), lastFinished.Put([]byte(p.Key()), []byte(id)),
						archivePlaces.Put([]byte(p.Key()+"\x00"+id), []byte(id)))
				} else {
					places = append(places, p)
					err = errors.Join(games.Put([]byte(p.Key()), v), ids.Put([]byte(id), []byte(p.Key())))
				}
				if err != nil {
					return err
				}
				eb, err := events.CreateBucket([]byte(id))
				if err != nil {
					return err
				}
				for _, e := range log {
					if err := eb.Put(e.seq, e.v); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < live; i += batch {
		put(false, i, min(i+batch, live))
	}
	for i := 0; i < finished; i += batch {
		put(true, i, min(i+batch, finished))
	}
	if err := db.Sync(); err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d live and %d finished games written in %v: %d MB", live, finished, time.Since(built).Round(time.Millisecond), info.Size()>>20)

	opened := time.Now()
	store, err := persist.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	b.Logf("opened (its pages checked) in %v", time.Since(opened).Round(time.Millisecond))
	// Every live game's reminders and deadline, spread evenly over a day
	// (game i's come i*spread after game 0's), as games started at
	// different times would have them.
	schedules := make(map[string][]persist.Due, live)
	for i, p := range places {
		due := make([]persist.Due, len(tm.liveDue))
		for j, d := range tm.liveDue {
			d.Key, d.GameID = p.Key(), yearID(i, false)
			d.At = d.At.Add(time.Duration(i) * yearSpread(live))
			due[j] = d
		}
		schedules[p.Key()] = due
	}
	if err := store.PutSchedules(b.Context(), schedules); err != nil {
		b.Fatal(err)
	}
	return yearService(b, store, false), store, places
}

const placeholderID, placeholderKey = "@year-id@", "@year-key@"

type encodedEntry struct{ seq, v []byte }

// encodeTemplate encodes a template's record, with placeholders for its id
// and key, and its log entries.
func encodeTemplate(b *testing.B, rec persist.GameRecord, log []persist.EventRecord) ([]byte, []encodedEntry) {
	b.Helper()
	rec.ID, rec.Key = placeholderID, placeholderKey
	v, err := json.Marshal(rec)
	if err != nil {
		b.Fatal(err)
	}
	entries := make([]encodedEntry, len(log))
	for i, e := range log {
		entries[i].seq = binary.BigEndian.AppendUint64(nil, e.Seq)
		if entries[i].v, err = json.Marshal(e); err != nil {
			b.Fatal(err)
		}
	}
	return v, entries
}

// yearSpread is how far apart the due times of a file's live games are.
func yearSpread(live int) time.Duration { return 24 * time.Hour / time.Duration(live) }

// yearPlace is where live game (or finished game) i of a year file is:
// 500 servers, a channel each.
func yearPlace(i int, finished bool) Place {
	p := Place{Platform: "discord", Space: fmt.Sprintf("guild%d", i%500), Channel: fmt.Sprintf("live%d", i)}
	if finished {
		p.Channel = fmt.Sprintf("done%d", i)
	}
	return p
}

func yearID(i int, finished bool) string {
	if finished {
		return fmt.Sprintf("F%07d", i)
	}
	return fmt.Sprintf("L%07d", i)
}

// templates plays the two careers a year file is made of, in a database of
// its own, with a fixed seed: every run of the benchmarks plays the same
// games.
func templates(b *testing.B) yearTemplates {
	b.Helper()
	store, err := persist.Open(filepath.Join(b.TempDir(), "templates.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	svc := yearService(b, store, true)
	var tm yearTemplates
	p := Place{Platform: "discord", Space: "t", Channel: "live"}
	if _, err := started(b, svc, p, prien, map[string]string{"boat": "VIIC"}); err != nil {
		b.Fatal(err)
	}
	rec, err := store.Load(b.Context(), p.Key())
	if err != nil {
		b.Fatal(err)
	}
	tm.liveRec = *rec
	if tm.liveLog, err = store.Events(b.Context(), rec.ID, 1, 0); err != nil {
		b.Fatal(err)
	}
	if tm.liveDue, err = store.Schedule(b.Context(), p.Key()); err != nil || len(tm.liveDue) == 0 {
		b.Fatalf("the live career has no due times: %v", err)
	}
	p.Channel = "done"
	if _, err := started(b, svc, p, prien, map[string]string{"boat": "VIIC"}); err != nil {
		b.Fatal(err)
	}
	id := ""
	for i := 0; i < 5000; i++ {
		rec, err := store.Load(b.Context(), p.Key())
		if err != nil {
			break // ended and archived
		}
		id = rec.ID
		st, err := svc.games["hunters"].Rules.Decode(rec.State)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Click(b.Context(), p, prien, optionID(rec.ID, st.Pending().Token, hunters.Command(st.(*hunters.State)))); err != nil {
			b.Fatal(err)
		}
	}
	done, err := store.Find(b.Context(), id)
	if err != nil || !done.Over {
		b.Fatalf("the finished career: %+v %v", done, err)
	}
	tm.doneRec = *done
	if tm.doneLog, err = store.Events(b.Context(), id, 1, finishedEntries); err != nil {
		b.Fatal(err)
	}
	return tm
}

// yearService is a service on store configured as config.example.toml
// configures serve (reminders after 24 h and 48 h, the deadline at 72 h);
// fixed gives its new games a fixed seed and ids, so that every run plays
// the same careers.
func yearService(b *testing.B, store *persist.Store, fixed bool) *Service {
	b.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{
		Reminders:    []time.Duration{24 * time.Hour, 48 * time.Hour},
		Deadline:     72 * time.Hour,
		VacationDays: 30,
	}
	if fixed {
		n := 0
		opts.NewSeed = func() ([]byte, error) { return []byte("the year file's fixed seed"), nil }
		opts.NewID = func() (string, error) { n++; return fmt.Sprintf("template%d", n), nil }
	}
	return New(store, engine.Described(map[string]engine.Rules{"hunters": h}), opts)
}
