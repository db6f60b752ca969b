package persist

import (
	"fmt"
	"testing"
	"time"
)

// lease1m is a tick's lease in these tests.
func lease1m(Due) time.Duration { return time.Minute }

// A reminder taken by a tick is the taker's until its lease runs out: no
// other take gets it meanwhile, it is not waiting in its game's plan any
// more (a change of preferences does not move it, the next decision does
// not lay it out again), and it stays in the index until DoneDue — a
// taker that never confirms (killed) leaves it to the next take after the
// lease, which counts a second attempt. A decision answering its prompt
// drops it, leased or not; DoneDue of what is gone is no error.
func TestALeasedReminderStaysUntilDone(t *testing.T) { backends(t, testALeasedReminderStaysUntilDone) }

func testALeasedReminderStaysUntilDone(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	r := rec("discord/g/lease")
	plan := []Due{
		{At: t0.Add(time.Hour), Key: r.Key, GameID: r.ID, Token: "3", Kind: DueReminder, N: 1, User: "u1", Prompt: []byte(`{"text":"t"}`)},
		{At: t0.Add(3 * time.Hour), Key: r.Key, GameID: r.ID, Token: "3", Kind: DueDeadline, User: "u1"},
	}
	if _, err := s.CommitScheduled(t.Context(), r, nil, plan); err != nil {
		t.Fatal(err)
	}
	take := func(now time.Time) []Due {
		t.Helper()
		got, err := s.TakeDue(t.Context(), now, Take{Limit: 10, Lease: lease1m})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	at := t0.Add(time.Hour)
	got := take(at)
	if len(got) != 1 || got[0].N != 1 || got[0].Attempt != 1 || !got[0].Lease.Equal(at.Add(time.Minute)) {
		t.Fatalf("the first take: %+v", got)
	}
	if again := take(at.Add(59 * time.Second)); len(again) != 0 {
		t.Fatalf("taken again within its lease: %+v", again)
	}
	if sc, _ := s.Schedule(t.Context(), r.Key); len(sc) != 1 || sc[0].Kind != DueDeadline {
		t.Fatalf("a reminder handed out still waits in the plan: %+v", sc)
	}
	// A change of preferences moves what waits, not what was handed out.
	if err := s.Reschedule(t.Context(), func(d Due) bool { return true }, func(d Due) Due { d.At = d.At.Add(time.Hour); return d }); err != nil {
		t.Fatal(err)
	}
	// The taker died: the lease runs out, a reopened store (a restarted
	// replica) takes it again, a second attempt.
	s.Close()
	if s, err = open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got = take(at.Add(61 * time.Second))
	if len(got) != 1 || got[0].Kind != DueReminder || got[0].Attempt != 2 || string(got[0].Prompt) != `{"text":"t"}` || !got[0].At.Equal(at) {
		t.Fatalf("after the lease ran out: %+v", got)
	}
	if err := s.DoneDue(t.Context(), got[0]); err != nil {
		t.Fatal(err)
	}
	if again := take(at.Add(time.Hour)); len(again) != 0 {
		t.Fatalf("a delivered reminder came back: %+v", again)
	}
	// The next decision of the same prompt's game (another player's, say)
	// does not lay the reminder out again.
	if _, err := s.CommitScheduled(t.Context(), r, nil, plan); err != nil {
		t.Fatal(err)
	}
	got = take(t0.Add(5 * time.Hour))
	if len(got) != 1 || got[0].Kind != DueDeadline || !got[0].At.Equal(t0.Add(4*time.Hour)) {
		t.Fatalf("after another decision, what is due: %+v", got)
	}
	// The decision answering the prompt drops the deadline though it is
	// leased; recording it done later is no error.
	if _, err := s.CommitScheduled(t.Context(), r, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.DoneDue(t.Context(), got[0]); err != nil {
		t.Fatalf("DoneDue of what a decision dropped: %v", err)
	}
	if left := take(t0.Add(100 * time.Hour)); len(left) != 0 {
		t.Fatalf("left after the answer: %+v", left)
	}
}

// A deliver entry commits with the action it reports (a decision, an
// archive, a dropped deadline), leased to the replica that acted; it is in
// no game's plan, so a later decision does not drop it; after its lease it
// is taken over with its body, a second attempt, until DoneDue.
func TestADeliverEntryCommitsWithItsAction(t *testing.T) {
	backends(t, testADeliverEntryCommitsWithItsAction)
}

func testADeliverEntryCommitsWithItsAction(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	r := rec("discord/g/deliver")
	deadline := Due{At: t0, Key: r.Key, GameID: r.ID, Token: "3", Kind: DueDeadline, User: "u1"}
	if _, err := s.CommitScheduled(t.Context(), r, nil, []Due{deadline}); err != nil {
		t.Fatal(err)
	}
	taken, err := s.TakeDue(t.Context(), t0, Take{Limit: 10, Lease: lease1m})
	if err != nil || len(taken) != 1 {
		t.Fatalf("the deadline: %+v %v", taken, err)
	}
	now := t0.Add(time.Second)
	deliver := func(token, body string) *Due {
		return &Due{At: now, Key: r.Key, GameID: r.ID, Token: token, Kind: DueDeliver, User: "u1", Lease: now.Add(time.Minute), Attempt: 1, Body: []byte(body)}
	}
	// The deadline's decision, with what it delivers.
	if _, err := s.CommitWith(t.Context(), r, []NewEntry{{Event: []byte(`{"text":"rolled"}`)}}, CommitPlan{Schedule: true, Deliver: deliver("deadline:3", `{"n":1}`)}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TakeDue(t.Context(), now.Add(30*time.Second), Take{Limit: 10, Lease: lease1m}); len(got) != 0 {
		t.Fatalf("within the acting replica's lease: %+v", got)
	}
	// Another decision of the game does not drop it.
	if _, err := s.CommitScheduled(t.Context(), r, nil, []Due{{At: t0.Add(time.Hour), Key: r.Key, GameID: r.ID, Token: "4", Kind: DueDeadline, User: "u1"}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.TakeDue(t.Context(), now.Add(2*time.Minute), Take{Limit: 10, Lease: lease1m})
	if err != nil || len(got) != 1 || got[0].Kind != DueDeliver || got[0].Attempt != 2 || string(got[0].Body) != `{"n":1}` {
		t.Fatalf("taken over after the lease: %+v %v", got, err)
	}
	if err := s.DoneDue(t.Context(), got[0]); err != nil {
		t.Fatal(err)
	}
	// A dropped deadline and its notice are one transaction; so are an
	// archive and its notice.
	later := Due{At: t0.Add(time.Hour), Key: r.Key, GameID: r.ID, Token: "4", Kind: DueDeadline, User: "u1"}
	if err := s.ReplaceDue(t.Context(), later, deliver("deadline:4", `{"n":2}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.ArchiveDelivering(t.Context(), r.Key, deliver("idle_end:x", `{"n":3}`)); err != nil {
		t.Fatal(err)
	}
	got, _ = s.TakeDue(t.Context(), t0.Add(5*time.Hour), Take{Limit: 10, Lease: lease1m})
	if len(got) != 2 || string(got[0].Body) != `{"n":2}` || string(got[1].Body) != `{"n":3}` {
		t.Fatalf("the dropped deadline's and the archive's deliveries: %+v", got)
	}
	// An archive of nothing writes nothing, its delivery neither.
	if err := s.ArchiveDelivering(t.Context(), r.Key, deliver("idle_end:y", `{"n":4}`)); err == nil {
		t.Fatal("archiving an empty place")
	}
	if err := s.DoneDue(t.Context(), got...); err != nil {
		t.Fatal(err)
	}
	if left, _ := s.TakeDue(t.Context(), t0.Add(5*time.Hour), Take{Limit: 10, Lease: lease1m}); len(left) != 0 {
		t.Fatalf("left: %+v", left)
	}
}

// One damaged entry in the index does not stop the reminders: TakeDue drops
// it and reports it, and takes the others; a decision of the game whose
// plan names it goes through.
func TestADamagedDueEntryIsDroppedNotFatal(t *testing.T) {
	backends(t, testADamagedDueEntryIsDroppedNotFatal)
}

func testADamagedDueEntryIsDroppedNotFatal(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	a, b := rec("discord/g/a"), rec("discord/g/b")
	da := Due{At: t0, Key: a.Key, GameID: a.ID, Token: "1", Kind: DueReminder, N: 1, User: "u", Prompt: []byte(`{}`)}
	db := Due{At: t0.Add(time.Second), Key: b.Key, GameID: b.ID, Token: "1", Kind: DueReminder, N: 1, User: "u", Prompt: []byte(`{}`)}
	if _, err := s.CommitScheduled(t.Context(), a, nil, []Due{da}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CommitScheduled(t.Context(), b, nil, []Due{db}); err != nil {
		t.Fatal(err)
	}
	if err := s.update(t.Context(), "damage", func(tx kvTx) error { return tx.Bucket(bucketDue).Put(dueKey(da), []byte("{not json")) }); err != nil {
		t.Fatal(err)
	}
	got, err := s.TakeDue(t.Context(), t0.Add(time.Minute), Take{Limit: 10, Lease: lease1m})
	if err != nil || len(got) != 2 || got[0].Kind != DueDamaged || got[1].GameID != b.ID {
		t.Fatalf("with a damaged entry: %+v %v", got, err)
	}
	if want := fmt.Sprintf("%x", dueKey(da)); got[0].Key != want {
		t.Fatalf("the damaged entry is reported as %q, want its key %s", got[0].Key, want)
	}
	if again, _ := s.TakeDue(t.Context(), t0.Add(time.Hour), Take{Limit: 10, Lease: lease1m}); len(again) != 1 || again[0].GameID != b.ID {
		t.Fatalf("the damaged entry is not gone: %+v", again)
	}
	// Damage an entry a decision's plan keeps: the decision still commits.
	dc := Due{At: t0.Add(time.Hour), Key: a.Key, GameID: a.ID, Token: "2", Kind: DueReminder, N: 1, User: "u", Prompt: []byte(`{}`)}
	if _, err := s.CommitScheduled(t.Context(), a, nil, []Due{dc}); err != nil {
		t.Fatal(err)
	}
	if err := s.update(t.Context(), "damage", func(tx kvTx) error { return tx.Bucket(bucketDue).Put(dueKey(dc), []byte("\x00")) }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CommitScheduled(t.Context(), a, nil, []Due{dc}); err != nil {
		t.Fatalf("a decision of a game with a damaged due entry: %v", err)
	}
}

// Only keeps a replica to what it can deliver: the others' due times are
// neither taken nor leased.
func TestTakeDueTakesOnlyWhatTheReplicaServes(t *testing.T) {
	backends(t, testTakeDueTakesOnlyWhatTheReplicaServes)
}

func testTakeDueTakesOnlyWhatTheReplicaServes(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	for _, key := range []string{"discord/g/c", "slack/T/C"} {
		r := rec(key)
		if _, err := s.CommitScheduled(t.Context(), r, nil, []Due{{At: t0, Key: key, GameID: r.ID, Token: "1", Kind: DueReminder, N: 1, User: "u"}}); err != nil {
			t.Fatal(err)
		}
	}
	slackOnly := func(d Due) bool { return d.Key[:6] == "slack/" }
	got, _ := s.TakeDue(t.Context(), t0, Take{Limit: 10, Lease: lease1m, Only: slackOnly})
	if len(got) != 1 || got[0].Key != "slack/T/C" {
		t.Fatalf("a Slack replica takes: %+v", got)
	}
	got, _ = s.TakeDue(t.Context(), t0, Take{Limit: 10, Lease: lease1m})
	if len(got) != 1 || got[0].Key != "discord/g/c" || got[0].Attempt != 1 {
		t.Fatalf("the Discord reminder was left to its replica untouched: %+v", got)
	}
}
