package persist

import (
	"testing"
	"time"
)

// A substitute's handover (issue 34 item 3) is one commit: the game leaves
// the replaced player's list of games and enters the newcomer's, and the
// prompt he inherits is laid out anew for him (his clock starts at the
// handover) while the other player's prompt keeps its plan.
func TestAHandoverMovesTheGameAndReplansItsPrompt(t *testing.T) {
	backends(t, testAHandoverMovesTheGameAndReplansItsPrompt)
}

func testAHandoverMovesTheGameAndReplansItsPrompt(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	rec := &GameRecord{ID: "g1", Game: "hunters-wolfpack", Key: "discord/g/pack", State: []byte(`{}`), Owner: "a",
		Seats: []Seat{{Seat: "1", ID: "a"}, {Seat: "2", ID: "b"}}}
	plan := func(since time.Time, token, user string) []Due {
		return []Due{
			{At: since.Add(time.Hour), Key: rec.Key, GameID: "g1", Token: token, Kind: DueReminder, N: 1, User: user},
			{At: since.Add(3 * time.Hour), Key: rec.Key, GameID: "g1", Token: token, Kind: DueDeadline, User: user},
		}
	}
	if _, err := s.CommitScheduled(ctx, rec, nil, append(plan(t0, "1.0", "a"), plan(t0, "2.0", "b")...)); err != nil {
		t.Fatal(err)
	}
	// At 12:00 c takes b's seat.
	t1 := t0.Add(2 * time.Hour)
	next := *rec
	next.Seats = []Seat{{Seat: "1", ID: "a"}, {Seat: "2", ID: "c", Since: rec.Seq + 1}}
	fresh := append(plan(t1, "1.0", "a"), plan(t1, "2.0", "c")...)
	if _, err := s.CommitWith(ctx, &next, []NewEntry{{Event: []byte(`{"kind":"substitute","text":"x"}`)}},
		CommitPlan{Due: fresh, Schedule: true, Replan: []string{"2.0"}, Leaving: []string{"b"}}); err != nil {
		t.Fatal(err)
	}
	wantIDs(t, "b's games after the handover", gameIDs(t, s, rec.Key, "b"))
	wantIDs(t, "c's games after the handover", gameIDs(t, s, rec.Key, "c"), "g1")
	wantIDs(t, "a's games after the handover", gameIDs(t, s, rec.Key, "a"), "g1")
	sc, err := s.Schedule(ctx, rec.Key)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sc {
		switch d.Token {
		case "1.0":
			if d.User != "a" || d.At.After(t0.Add(3*time.Hour)) {
				t.Errorf("a's plan did not stay as it was: %+v", d)
			}
		case "2.0":
			if d.User != "c" || d.At.Before(t1) {
				t.Errorf("the inherited prompt is not c's from the handover: %+v", d)
			}
		}
	}
	if len(sc) != 4 {
		t.Errorf("the schedule after the handover has %d due times, want 4: %+v", len(sc), sc)
	}
}
