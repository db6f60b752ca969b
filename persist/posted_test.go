package persist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"
)

// Where prompts' messages and the kept-up-to-date messages were posted:
// added to once each, forgotten when the result is shown, every entry of a
// finished game gone with its end, and the mark of a result shown by a
// retriable delivery kept for ShownKept, on both backends and across a
// reopening.
func TestPostedMessages(t *testing.T) { backends(t, testPostedMessages) }

func testPostedMessages(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	r := rec("discord/g/c1")
	if err := s.Commit(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	ref, other := r.ID+":3", r.ID+":4"
	at1, at2 := MessageAt{"c1", "m1"}, MessageAt{"dm-u1", "m2"}
	for _, c := range []PostedChange{
		{Now: t0, Prompts: []PromptAt{{ref, at1}, {other, MessageAt{"c1", "m3"}}}, Stickies: []StickyAt{{"standings:t1", MessageAt{"c5", "m5"}}}},
		{Now: t0, Prompts: []PromptAt{{ref, at2}, {ref, at1}}}, // a copy elsewhere; the first again changes nothing
		{Now: t0, Stickies: []StickyAt{{"standings:t1", MessageAt{"c5", "m6"}}}},
	} {
		if err := s.RecordPosted(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if s, err = open(); err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close() }()
	if at, err := s.PromptMessages(ctx, ref); err != nil || fmt.Sprint(at) != fmt.Sprint([]MessageAt{at1, at2}) {
		t.Fatalf("the prompt's messages after reopening: %+v %v", at, err)
	}
	if at, ok, err := s.Sticky(ctx, "standings:t1"); err != nil || !ok || at.ID != "m6" {
		t.Fatalf("the standings' message is the last posted: %+v %v %v", at, ok, err)
	}
	if _, ok, err := s.Sticky(ctx, "standings:t2"); err != nil || ok {
		t.Fatalf("a name never posted: %v %v", ok, err)
	}
	// A deadline's result shown: the entry goes, its mark stays.
	if err := s.RecordPosted(ctx, PostedChange{Now: t0, Answered: []AnsweredPrompt{{Ref: ref, Mark: true}}}); err != nil {
		t.Fatal(err)
	}
	if at, err := s.PromptMessages(ctx, ref); err != nil || len(at) != 0 {
		t.Fatalf("an answered prompt's messages are kept: %+v %v", at, err)
	}
	if shown, err := s.ResultShown(ctx, ref); err != nil || !shown {
		t.Fatalf("the result shown is not marked: %v %v", shown, err)
	}
	if shown, err := s.ResultShown(ctx, other); err != nil || shown {
		t.Fatalf("a prompt not answered is marked: %v %v", shown, err)
	}
	if at, err := s.PromptMessages(ctx, other); err != nil || len(at) != 1 {
		t.Fatalf("the running game's other prompt lost its message: %+v %v", at, err)
	}
	// A week on, the next mark takes the old one away.
	later := t0.Add(ShownKept + time.Minute)
	if err := s.RecordPosted(ctx, PostedChange{Now: later, Answered: []AnsweredPrompt{{Ref: r.ID + ":9", Mark: true}}}); err != nil {
		t.Fatal(err)
	}
	if shown, err := s.ResultShown(ctx, ref); err != nil || shown {
		t.Fatalf("a mark older than ShownKept is kept: %v %v", shown, err)
	}
	// The game ends: its last result shown takes all its entries.
	r.Over = true
	if err := s.Commit(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordPosted(ctx, PostedChange{Now: later, Prompts: []PromptAt{{r.ID + ":10", MessageAt{"c1", "m10"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordPosted(ctx, PostedChange{Now: later, Answered: []AnsweredPrompt{{Ref: r.ID + ":10"}}}); err != nil {
		t.Fatal(err)
	}
	if at, err := s.PromptMessages(ctx, other); err != nil || len(at) != 0 {
		t.Fatalf("a finished game's prompt keeps its messages: %+v %v", at, err)
	}
	if shown, err := s.ResultShown(ctx, r.ID+":9"); err != nil || !shown {
		t.Fatalf("the game's end took a mark a retry may still need: %v %v", shown, err)
	}
	if at, _, err := s.Sticky(ctx, "standings:t1"); err != nil || at.ID != "m6" {
		t.Fatalf("stickies stay by name: %+v %v", at, err)
	}
}

// A game that ended without showing a result in its prompts' place
// (abandoned, ended idle) keeps its entries until PrunePosted, which leaves
// running games and games that ended since its cutoff alone.
func TestPrunePosted(t *testing.T) { backends(t, testPrunePosted) }

func testPrunePosted(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	var c PostedChange
	for i, key := range []string{"discord/g/running", "discord/g/old", "discord/g/recent"} {
		r := rec(key)
		r.Updated = t0.Add(time.Duration(i) * time.Hour)
		r.Over = i > 0
		if err := s.Commit(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
		c.Prompts = append(c.Prompts, PromptAt{r.ID + ":1", MessageAt{"c", key}})
	}
	c.Prompts = append(c.Prompts, PromptAt{"nowhere:1", MessageAt{"c", "x"}})
	if err := s.RecordPosted(ctx, c); err != nil {
		t.Fatal(err)
	}
	n, err := s.PrunePosted(ctx, t0.Add(90*time.Minute))
	if err != nil || n != 2 {
		t.Fatalf("pruned %d games, want the old one and the unknown one: %v", n, err)
	}
	for _, want := range []struct {
		ref  string
		kept bool
	}{{"g-discord/g/running:1", true}, {"g-discord/g/old:1", false}, {"g-discord/g/recent:1", true}, {"nowhere:1", false}} {
		at, err := s.PromptMessages(ctx, want.ref)
		if err != nil || (len(at) > 0) != want.kept {
			t.Errorf("%s: %+v %v, want kept %v", want.ref, at, err, want.kept)
		}
	}
}

// Many deliveries recording at once all land (a bbolt file commits them
// in batches), and a damaged entry is reported, not read as none.
func TestRecordPostedConcurrently(t *testing.T) { backends(t, testRecordPostedConcurrently) }

func testRecordPostedConcurrently(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	var wg sync.WaitGroup
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := PostedChange{Now: time.Now(), Prompts: []PromptAt{{"g:1", MessageAt{"c", fmt.Sprint("m", i)}}, {fmt.Sprint("g:", i+2), MessageAt{"c", "x"}}}}
			if err := s.RecordPosted(ctx, c); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if at, err := s.PromptMessages(ctx, "g:1"); err != nil || len(at) != 40 {
		t.Fatalf("a prompt posted by 40 deliveries at once has %d messages: %v", len(at), err)
	}
	err = s.update(ctx, "damage", func(tx kvTx) error {
		return tx.Bucket(bucketPosted).Put(postedKey(postedPrompt, "g:2"), json.RawMessage(`{`))
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.PromptMessages(ctx, "g:2"); err == nil {
		t.Fatal("a damaged entry reads as no message")
	}
}

// Batched writes to a bbolt file that wait together commit together; one
// that fails fails alone, the others landing.
func TestGroupCommitFailsAWriteAlone(t *testing.T) {
	s, err := Open(t.TempDir() + "/k.db")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bad := fmt.Errorf("this write fails")
	var wg sync.WaitGroup
	errs := make([]error, 30)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.batch(t.Context(), "write", func(tx kvTx) error {
				if i == 7 {
					return bad
				}
				return tx.Bucket(bucketPosted).Put([]byte(fmt.Sprint("k", i)), []byte("v"))
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if (i == 7) != (err != nil) {
			t.Errorf("write %d: %v", i, err)
		}
	}
	n := 0
	s.view(t.Context(), "count", func(tx kvTx) error { n = tx.Bucket(bucketPosted).KeyN(); return nil })
	if n != 29 {
		t.Fatalf("%d writes landed, want 29", n)
	}
}

// A start with nothing to prune writes nothing: `serve` prunes as it
// starts, and must not write to a file it only opened (a damaged one that
// bbolt could not tell from a sound one, say).
func TestPrunePostedWritesNothingWhenNothingIsStale(t *testing.T) {
	path := t.TempDir() + "/k.db"
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := rec("discord/g/running")
	if err := s.Commit(t.Context(), r, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordPosted(t.Context(), PostedChange{Prompts: []PromptAt{{r.ID + ":1", MessageAt{"c", "m"}}}}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if n, err := s.PrunePosted(t.Context(), time.Now()); err != nil || n != 0 {
		t.Fatalf("pruned %d: %v", n, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a prune with nothing to prune wrote to the file")
	}
}
