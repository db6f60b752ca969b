package bot

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// planner is a platform's session planner that records what it is asked.
type planner struct {
	plans   []SessionPlan
	cancels []string
	refuse  error
}

func (p *planner) PlanSession(_ context.Context, _ Place, plan SessionPlan) (PlannedSession, error) {
	if p.refuse != nil {
		return PlannedSession{}, p.refuse
	}
	p.plans = append(p.plans, plan)
	return PlannedSession{Ref: "ev" + string(rune('0'+len(p.plans))), Link: "https://events.example/ev"}, nil
}

func (p *planner) CancelSession(_ context.Context, _ Place, ref string) error {
	p.cancels = append(p.cancels, ref)
	return nil
}

// sessionService is the crew game of roles_test.go, played in sessions,
// on a clock, over the database at path (reopened by calling it again).
func sessionService(t *testing.T, path string, clock *fakeClock, sessions bool, tune ...func(*Options)) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	g := &engine.Game{Name: "crew", Rules: crewRules{}, RulesVersion: "crew/1",
		Views: []engine.ViewSpec{{Name: "help", Help: "help"}},
		Roles: []engine.Role{{ID: "captain", Name: "Captain"}, {ID: "fo", Name: "First Officer"}}}
	if sessions {
		g.Sessions = &engine.LiveSessions{Parts: "patrol part", Part: func(st engine.State) int { return 2 + st.(*crewState).Seq }}
	}
	reg, err := engine.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Now: clock.now, NewSeed: func() ([]byte, error) { return []byte("fixed seed for tests"), nil }}
	for _, f := range tune {
		f(&o)
	}
	return New(store, reg, o), store
}

// withPlans gives the service prompt reminders (after 10 h) and a deadline,
// so that every decision replaces the game's plan of due times.
func withPlans(o *Options) { o.Reminders, o.Deadline = []time.Duration{10 * time.Hour}, 20*time.Hour }

var (
	seaman   = User{ID: "u7", Name: "Seaman"}
	outsider = User{ID: "u8", Name: "Outsider"}
)

// Times are read in the player's zone (prefs tz), "20:00" being the next
// 20:00; past times, times beyond Slack's 120 days and what is no time
// are refused with the forms that work.
func TestScheduleReadsTimesInThePlayersZone(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	now := utc("2026-12-04T18:00:00Z") // 19:00 in Berlin
	for _, c := range []struct {
		in   string
		loc  *time.Location
		want string // UTC, or "!" and a part of the refusal
	}{
		{"20:00", berlin, "2026-12-04T19:00:00Z"},
		{"19:00", berlin, "2026-12-05T18:00:00Z"}, // 19:00 has just come: tomorrow's
		{"18:30", time.UTC, "2026-12-04T18:30:00Z"},
		{"tonight 21:15", berlin, "2026-12-04T20:15:00Z"},
		{"tomorrow 20:00", berlin, "2026-12-05T19:00:00Z"},
		{"2026-12-24 20:00", berlin, "2026-12-24T19:00:00Z"},
		{"2026-07-01T20:00", berlin, "!past"},
		{"2027-01-10T20:00", berlin, "2027-01-10T19:00:00Z"},
		{"2026-12-05T20:00:00-05:00", berlin, "2026-12-06T01:00:00Z"},
		{"today 18:00", berlin, "!past"},
		{"2026-12-04 18:59", berlin, "!past"},
		{"2027-06-01 20:00", berlin, "!120 days"},
		{"soon", berlin, "!not a time"},
		{"25:00", berlin, "!not a time of day"},
		{"", berlin, "!missing"},
	} {
		got, err := parseWhen(c.in, now, c.loc)
		switch {
		case strings.HasPrefix(c.want, "!"):
			if err == nil || !strings.Contains(err.Error(), c.want[1:]) {
				t.Errorf("%q: want a refusal saying %q, got %v, %v", c.in, c.want[1:], got, err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.in, err)
		case !got.Equal(utc(c.want)):
			t.Errorf("%q in %s: %s, want %s", c.in, c.loc, got.UTC().Format(time.RFC3339), c.want)
		}
	}
	for in, want := range map[string]time.Duration{"": 30 * time.Minute, "2h": 2 * time.Hour, "45m": 45 * time.Minute} {
		if got, err := parseBefore(in); err != nil || got != want {
			t.Errorf("before:%q = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0m", "30s", "25h", "half an hour", "-5m"} {
		if _, err := parseBefore(in); err == nil {
			t.Errorf("before:%q is taken", in)
		}
	}
}

// A game that is not played in sessions does not offer schedule (the
// platforms do not register it) and says so if asked.
func TestScheduleOnlyForGamesPlayedInSessions(t *testing.T) {
	clock := (&fakeClock{}).set("2026-12-04T18:00:00Z")
	svc, _ := sessionService(t, filepath.Join(t.TempDir(), "k.db"), clock, false)
	for _, c := range CommandsFor(svc.games["crew"]) {
		if c.Name == "schedule" {
			t.Fatal("schedule is offered for a game without sessions")
		}
	}
	if _, err := svc.Command(t.Context(), here, prien, "crew", "new", nil); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(t.Context(), here, prien, "crew", "schedule", map[string]string{"when": "20:00"})
	says(t, r, err, "not played in live sessions")

	svc2, _ := sessionService(t, filepath.Join(t.TempDir(), "k.db"), clock, true)
	offered := false
	for _, c := range CommandsFor(svc2.games["crew"]) {
		offered = offered || c.Name == "schedule"
	}
	if !offered {
		t.Fatal("schedule is not offered for a game played in sessions")
	}
}

// Who may: the game's starter and its role holders schedule; anyone else
// is refused, and bad input is refused, each changing nothing (no session
// in the record, no reminder due, nothing asked of the platform); a
// channel manager may cancel. list shows the session in the caller's zone.
func TestSchedulePermissionsAndRefusals(t *testing.T) {
	ctx := t.Context()
	clock := (&fakeClock{}).set("2026-12-04T18:00:00Z")
	svc, store := sessionService(t, filepath.Join(t.TempDir(), "k.db"), clock, true)
	pl := &planner{}
	svc.UseSessions("discord", pl)
	if _, err := svc.Command(ctx, here, prien, "crew", "new", nil); err != nil {
		t.Fatal(err)
	}
	nothing := func(what string) {
		t.Helper()
		rec, err := store.Load(ctx, here.Key())
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Sessions) != 0 || len(pl.plans) != 0 {
			t.Fatalf("%s changed something: %+v, %d plans", what, rec.Sessions, len(pl.plans))
		}
		if n, _ := svc.Tick(ctx, clock.now().Add(200*24*time.Hour)); len(n) != 0 {
			t.Fatalf("%s left a reminder due: %+v", what, n)
		}
	}
	r, err := svc.Command(ctx, here, outsider, "crew", "schedule", map[string]string{"when": "20:00"})
	says(t, r, err, "may schedule a session")
	nothing("a outsider's schedule")
	for args, want := range map[[3]string]string{
		{"today 17:00", "", ""}:      "is past",
		{"someday", "", ""}:          "is not a time",
		{"20:00", "a while", ""}:     "is not a lead",
		{"20:00", "", "three"}:       "is not a number",
		{"2027-09-01 20:00", "", ""}: "120 days",
	} {
		r, err := svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": args[0], "before": args[1], "part": args[2]})
		says(t, r, err, want)
		says(t, r, err, "Nothing was scheduled")
		nothing("schedule " + args[0])
	}
	pl.refuse = errors.New("missing permission")
	r, err = svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": "20:00"})
	says(t, r, err, "The platform refused the session (missing permission). Nothing was scheduled.")
	nothing("a refused plan")
	pl.refuse = nil

	// A role holder schedules, in his zone: Berlin.
	if _, err := svc.Command(ctx, here, seaman, "crew", "claim", map[string]string{"role": "fo"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(ctx, here, seaman, "crew", "prefs", map[string]string{"tz": "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	r, err = svc.Command(ctx, here, seaman, "crew", "schedule", map[string]string{"when": "21:00", "part": "3", "before": "1h"})
	says(t, r, err, "crew session, patrol part 3: Fri 4 Dec 2026 21:00 CET (20:00 UTC)")
	says(t, r, err, "1 h before")
	says(t, r, err, "https://events.example/ev")
	if len(pl.plans) != 1 || !pl.plans[0].Start.Equal(utc("2026-12-04T20:00:00Z")) || !pl.plans[0].End.Equal(utc("2026-12-04T23:00:00Z")) || pl.plans[0].Title != "crew session, patrol part 3" {
		t.Fatalf("the platform was asked for %+v", pl.plans)
	}
	r, err = svc.Command(ctx, here, seaman, "crew", "schedule", map[string]string{"when": "21:00"})
	says(t, r, err, "scheduled for that time already")
	r, err = svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"action": "list"})
	says(t, r, err, "Fri 4 Dec 2026 20:00 UTC, reminder 1 h before, by Seaman")
	rec, _ := store.Load(ctx, here.Key())
	id := rec.Sessions[0].ID

	r, err = svc.Command(ctx, here, outsider, "crew", "schedule", map[string]string{"action": "cancel"})
	says(t, r, err, "may cancel a session")
	r, err = svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"action": "cancel", "session": "nosuch"})
	says(t, r, err, `No session "nosuch"`)
	manager := outsider
	manager.Manager = true
	r, err = svc.Command(ctx, here, manager, "crew", "schedule", map[string]string{"action": "cancel"})
	says(t, r, err, "Outsider cancelled session "+id)
	if len(pl.cancels) != 1 || pl.cancels[0] != "ev1" {
		t.Fatalf("the platform's event was not taken off: %v", pl.cancels)
	}
	nothing2, _ := svc.Tick(ctx, utc("2026-12-04T21:00:00Z"))
	if len(nothing2) != 0 {
		t.Fatalf("a cancelled session is reminded of: %+v", nothing2)
	}
	r, err = svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"action": "list"})
	says(t, r, err, "No session of game")
}

// The reminder goes once, at its time, to the channel, pinging the role
// holders and the starter who keeps the unclaimed role: not before, not
// again after it is delivered, though a decision and a restart come
// between the schedule and the reminder; a delivery not confirmed (a replica killed
// mid-delivery) is taken again when its lease runs out, under the same
// delivery key, marked a retry.
func TestSessionReminderOnceAcrossRestarts(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-12-04T18:00:00Z")
	svc, store := sessionService(t, path, clock, true, withPlans)
	if _, err := svc.Command(ctx, here, prien, "crew", "new", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(ctx, here, seaman, "crew", "claim", map[string]string{"role": "fo"}); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": "20:00"})
	says(t, r, err, "30 min before")
	// A decision between: it replaces the game's prompt plan, not the
	// session's reminder (a deliver entry, in no plan).
	rec, _ := store.Load(ctx, here.Key())
	mustClick(t, svc, prien, optionID(rec.ID, "0", "note"))
	if plan, err := store.Schedule(ctx, here.Key()); err != nil || len(plan) == 0 {
		t.Fatalf("the decision planned no prompt reminder (%v): the test proves nothing", err)
	}
	store.Close()
	svc, _ = sessionService(t, path, clock, true, withPlans) // restarted

	clock.set("2026-12-04T19:29:00Z")
	if n, err := svc.Tick(ctx, clock.now()); err != nil || len(n) != 0 {
		t.Fatalf("a reminder before its time: %+v, %v", n, err)
	}
	clock.set("2026-12-04T19:30:00Z")
	first, err := svc.Tick(ctx, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 1 || len(first[0].Channel) != 1 {
		t.Fatalf("want one reminder, got %+v", first)
	}
	m := first[0].Channel[0]
	if !strings.Contains(m.Text, "crew session, patrol part 2 starts in 30 min, at 20:00 UTC on Fri 4 Dec") {
		t.Fatalf("reminder %q", m.Text)
	}
	if pings := m.Pings(); len(pings) != 2 || pings[0] != seaman.ID || pings[1] != prien.ID {
		t.Fatalf("the reminder pings %v, want the First Officer and the starter keeping the Captain", pings)
	}
	if first[0].Delivery == "" || first[0].Retry {
		t.Fatalf("the reminder's delivery key: %+v", first[0])
	}
	// Not confirmed: the lease runs out and it is taken again, same key.
	clock.pass(DefaultDeliveryLease + time.Second)
	again, err := svc.Tick(ctx, clock.now())
	if err != nil || len(again) != 1 || again[0].Delivery != first[0].Delivery || !again[0].Retry {
		t.Fatalf("the unconfirmed reminder is not retried under its key: %+v, %v", again, err)
	}
	if err := svc.Delivered(ctx, again); err != nil {
		t.Fatal(err)
	}
	clock.pass(time.Hour)
	if n, err := svc.Tick(ctx, clock.now()); err != nil || len(n) != 0 {
		t.Fatalf("a delivered reminder came again: %+v, %v", n, err)
	}
}

// A session too close for the lead asked is reminded of at once; one of a
// game that has ended meanwhile says nothing.
func TestSessionReminderCloseOrEnded(t *testing.T) {
	ctx := t.Context()
	clock := (&fakeClock{}).set("2026-12-04T18:00:00Z")
	svc, store := sessionService(t, filepath.Join(t.TempDir(), "k.db"), clock, true)
	if _, err := svc.Command(ctx, here, prien, "crew", "new", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": "18:10"}); err != nil {
		t.Fatal(err)
	}
	n, err := svc.Tick(ctx, clock.now())
	if err != nil || len(n) != 1 || !strings.Contains(n[0].Channel[0].Text, "starts in 10 min") {
		t.Fatalf("the close session's reminder: %+v, %v", n, err)
	}
	if err := svc.Delivered(ctx, n); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": "23:00"}); err != nil {
		t.Fatal(err)
	}
	if err := store.Archive(ctx, here.Key()); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.Tick(ctx, utc("2026-12-04T22:45:00Z")); err != nil || len(n) != 0 {
		t.Fatalf("an ended game's session is reminded of: %+v, %v", n, err)
	}
}

// Without part:, a session names the part the game's state is in (the
// descriptor's Part: U-BOOT's linked patrol); part: overrides it.
func TestSchedulePartFromTheBoard(t *testing.T) {
	ctx := t.Context()
	clock := (&fakeClock{}).set("2026-12-04T18:00:00Z")
	svc, _ := sessionService(t, filepath.Join(t.TempDir(), "k.db"), clock, true)
	if _, err := svc.Command(ctx, here, prien, "crew", "new", nil); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": "20:00"})
	says(t, r, err, "crew session, patrol part 2: ")
	r, err = svc.Command(ctx, here, prien, "crew", "schedule", map[string]string{"when": "21:00", "part": "5"})
	says(t, r, err, "crew session, patrol part 5: ")
}
