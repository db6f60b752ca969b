package persist

import (
	"testing"
	"time"
)

// takeDue takes what is due at now as a tick does, with a one-minute lease,
// and records what is sent as delivered at once (as a tick whose platform
// took everything would): what these tests look at is what is left.
func takeDue(t testing.TB, s *Store, now time.Time, limit int) ([]Due, error) {
	t.Helper()
	got, err := s.TakeDue(t.Context(), now, Take{Limit: limit, Lease: func(Due) time.Duration { return time.Minute }})
	if err != nil {
		return got, err
	}
	var done []Due
	for _, d := range got {
		if delivered(d.Kind) {
			done = append(done, d)
		}
	}
	return got, s.DoneDue(t.Context(), done...)
}

// Due times: a tick takes what is due, oldest first; reminders leave the
// index once delivered, deadlines stay until a decision replaces the
// schedule; archiving a game drops its due times; all of it survives a reopen.
func TestDueTimesLifecycle(t *testing.T) { backends(t, testDueTimesLifecycle) }

func testDueTimesLifecycle(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	rec := &GameRecord{ID: "g1", Game: "hunters", Key: "discord/g/c1", State: []byte(`{}`)}
	due := []Due{
		{At: t0.Add(time.Hour), Key: rec.Key, GameID: "g1", Token: "3", Kind: DueReminder, N: 1, User: "u1"},
		{At: t0.Add(2 * time.Hour), Key: rec.Key, GameID: "g1", Token: "3", Kind: DueReminder, N: 2, User: "u1"},
		{At: t0.Add(3 * time.Hour), Key: rec.Key, GameID: "g1", Token: "3", Kind: DueDeadline, User: "u1"},
	}
	if _, err := s.CommitScheduled(t.Context(), rec, nil, due); err != nil {
		t.Fatal(err)
	}
	other := &GameRecord{ID: "g2", Game: "hunters", Key: "discord/g/c2", State: []byte(`{}`)}
	if _, err := s.CommitScheduled(t.Context(), other, nil, []Due{{At: t0.Add(30 * time.Minute), Key: other.Key, GameID: "g2", Token: "1", Kind: DueReminder, N: 1, User: "u2"}}); err != nil {
		t.Fatal(err)
	}
	got, err := takeDue(t, s, t0.Add(90*time.Minute), 100)
	if err != nil || len(got) != 2 || got[0].GameID != "g2" || got[1].N != 1 {
		t.Fatalf("due at 11:30: %+v %v", got, err)
	}
	if again, _ := takeDue(t, s, t0.Add(90*time.Minute), 100); len(again) != 0 {
		t.Fatalf("reminders are taken once: %+v", again)
	}
	s.Close()
	if s, err = open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, _ = takeDue(t, s, t0.Add(5*time.Hour), 100)
	if len(got) != 2 || got[0].N != 2 || got[1].Kind != DueDeadline {
		t.Fatalf("after a reopen: %+v", got)
	}
	if got, _ = takeDue(t, s, t0.Add(5*time.Hour), 100); len(got) != 0 {
		t.Fatalf("a deadline being acted on is not taken again during its lease: %+v", got)
	}
	if got, _ = takeDue(t, s, t0.Add(5*time.Hour+2*time.Minute), 100); len(got) != 1 || got[0].Kind != DueDeadline || got[0].Attempt != 2 {
		t.Fatalf("a deadline stays until answered: %+v", got)
	}
	// The decision answering the prompt replaces the schedule.
	next := []Due{{At: t0.Add(6 * time.Hour), Key: rec.Key, GameID: "g1", Token: "4", Kind: DueDeadline, User: "u1"}}
	if _, err := s.CommitScheduled(t.Context(), rec, nil, next); err != nil {
		t.Fatal(err)
	}
	if got, _ = takeDue(t, s, t0.Add(5*time.Hour), 100); len(got) != 0 {
		t.Fatalf("the answered deadline is gone: %+v", got)
	}
	if err := s.Reschedule(t.Context(), func(d Due) bool { return d.User == "u1" }, func(d Due) Due { d.At = d.At.Add(time.Hour); return d }); err != nil {
		t.Fatal(err)
	}
	if sc, _ := s.Schedule(t.Context(), rec.Key); len(sc) != 1 || !sc[0].At.Equal(t0.Add(7*time.Hour)) {
		t.Fatalf("rescheduled: %+v", sc)
	}
	if err := s.Archive(t.Context(), rec.Key); err != nil {
		t.Fatal(err)
	}
	if got, _ = takeDue(t, s, t0.Add(100*time.Hour), 100); len(got) != 0 {
		t.Fatalf("an archived game has nothing due: %+v", got)
	}
}

// Issue 16.1: a decision of one player keeps the due times of the prompts
// still waiting for others as they were laid out (a reminder already taken
// does not come back, a deadline does not slide), drops those of prompts
// answered, and lays out only new prompts'; a change of preferences keeps
// the plan too.
func TestDecisionsKeepTheOtherPromptsDueTimes(t *testing.T) {
	backends(t, testDecisionsKeepTheOtherPromptsDueTimes)
}

func testDecisionsKeepTheOtherPromptsDueTimes(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	rec := &GameRecord{ID: "g1", Game: "hunters-wolfpack", Key: "discord/g/pack", State: []byte(`{}`)}
	plan := func(since time.Time, token, user string) []Due {
		return []Due{
			{At: since.Add(time.Hour), Key: rec.Key, GameID: "g1", Token: token, Kind: DueReminder, N: 1, User: user, Prompt: []byte(`{"text":"` + token + `"}`)},
			{At: since.Add(3 * time.Hour), Key: rec.Key, GameID: "g1", Token: token, Kind: DueDeadline, User: user},
		}
	}
	if _, err := s.CommitScheduled(t.Context(), rec, nil, append(plan(t0, "1.0", "a"), plan(t0, "2.0", "b")...)); err != nil {
		t.Fatal(err)
	}
	if got, _ := takeDue(t, s, t0.Add(time.Hour), 100); len(got) != 2 {
		t.Fatalf("both first reminders are due at 11:00: %+v", got)
	}
	// At 11:30 a answers: his next prompt 1.1 is new, b's 2.0 waits on, laid out afresh
	// by the caller as if it had just begun.
	t1 := t0.Add(90 * time.Minute)
	fresh := plan(t1, "1.1", "a")
	fresh = append(fresh, plan(t1, "2.0", "b")...)
	fresh[2].Prompt = []byte(`{"text":"2.0 reworded"}`)
	if _, err := s.CommitScheduled(t.Context(), rec, nil, fresh); err != nil {
		t.Fatal(err)
	}
	sc, err := s.Schedule(t.Context(), rec.Key)
	if err != nil {
		t.Fatal(err)
	}
	byToken := map[string][]Due{}
	for _, d := range sc {
		byToken[d.Token] = append(byToken[d.Token], d)
	}
	if len(byToken["1.0"]) != 0 {
		t.Fatalf("the answered prompt keeps due times: %+v", byToken["1.0"])
	}
	if b := byToken["2.0"]; len(b) != 1 || b[0].Kind != DueDeadline || !b[0].At.Equal(t0.Add(3*time.Hour)) {
		t.Fatalf("b's sent reminder came back or his deadline slid: %+v", b)
	}
	if a := byToken["1.1"]; len(a) != 2 || !a[0].At.Equal(t1.Add(time.Hour)) {
		t.Fatalf("a's new prompt: %+v", a)
	}
	// b changes his preferences: his deadline moves; the plan still knows his
	// reminder was sent, so the next decision does not lay it out again.
	if err := s.Reschedule(t.Context(), func(d Due) bool { return d.User == "b" }, func(d Due) Due { d.At = d.At.Add(time.Hour); return d }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CommitScheduled(t.Context(), rec, nil, append(plan(t1, "1.1", "a"), plan(t0.Add(2*time.Hour), "2.0", "b")...)); err != nil {
		t.Fatal(err)
	}
	got, _ := takeDue(t, s, t0.Add(10*time.Hour), 100)
	var bs []Due
	for _, d := range got {
		if d.User == "b" {
			bs = append(bs, d)
		}
	}
	if len(bs) != 1 || bs[0].Kind != DueDeadline || !bs[0].At.Equal(t0.Add(4*time.Hour)) {
		t.Fatalf("after b's prefs and a's decision, b has: %+v", bs)
	}
}
