package bot

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/persist"
)

// fakeClock is the service's clock in these tests.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) pass(d time.Duration)    { c.t = c.t.Add(d) }
func (c *fakeClock) set(s string) *fakeClock { c.t = utc(s); return c }

// clockedService opens (or reopens) a database with a service on a fake
// clock: reminders after 1 h and 2 h of active time, the deadline at 3 h.
func clockedService(t *testing.T, path string, clock *fakeClock) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return clockedServiceOn(t, store, clock)
}

func clockedServiceOn(t testing.TB, store *persist.Store, clock *fakeClock) (*Service, *persist.Store) {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	svc := New(store, engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h), "hunters-wolfpack": wolfpack.NewRules(h)}), Options{
		Now:          clock.now,
		NewSeed:      func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
		NewID:        func() (string, error) { n++; return fmt.Sprintf("c%d-%d", clock.t.Unix(), n), nil },
		Reminders:    []time.Duration{time.Hour, 2 * time.Hour},
		Deadline:     3 * time.Hour,
		VacationDays: 10,
	})
	return svc, store
}

// acceptedDuel starts a duel between Prien and Kretschmer and plays Prien's
// prompts until one waits for Kretschmer.
func acceptedDuel(t *testing.T, svc *Service) Reply {
	t.Helper()
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	return untilKretschmer(t, svc, r)
}

func untilKretschmer(t *testing.T, svc *Service, r Reply) Reply {
	t.Helper()
	for i := 0; i < 5000; i++ {
		if ended(r) {
			t.Fatal("the duel ended before Kretschmer was asked anything")
		}
		p := lastPrompt(t, r)
		if p.Owner == kretschmer.ID {
			return r
		}
		r = mustClick(t, svc, prien, p.Options[0].ID)
	}
	t.Fatal("Kretschmer is never asked")
	return r
}

// tickDelivered is a tick whose notices the platforms all took: it
// records them delivered, as RunTick does after a successful send.
func tickDelivered(t testing.TB, svc *Service, now time.Time) ([]Notice, error) {
	t.Helper()
	n, err := svc.Tick(t.Context(), now)
	if err != nil {
		return n, err
	}
	return n, svc.Delivered(t.Context(), n)
}

// A duel where one side never answers goes on: reminders after one and two
// hours (the last also directly), and at the deadline the bot rolls for him.
func TestAbsentEnemyIsRemindedThenRolledForAtTheDeadline(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	r := acceptedDuel(t, svc)
	waiting := lastPrompt(t, r)
	if waiting.Prompt.Actor != engine.Opponent {
		t.Fatalf("Kretschmer is asked %s, not to roll", waiting.Prompt.Kind)
	}
	tick := func() []Notice {
		t.Helper()
		n, err := tickDelivered(t, svc, clock.now())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	clock.pass(59 * time.Minute)
	if n := tick(); len(n) != 0 {
		t.Fatalf("nothing is due before an hour: %+v", n)
	}
	clock.pass(time.Minute)
	n := tick()
	if len(n) != 1 || len(n[0].Channel) != 1 || n[0].DirectTo != "" || n[0].Channel[0].Mention != kretschmer.ID ||
		!strings.HasSuffix(n[0].Channel[0].Text, "\n\n⏰ U-69 waits on you: _roll for the enemy_ (reminder 1)") ||
		!strings.HasPrefix(n[0].Channel[0].Text, "📰 **Since your last turn** (10 Jun 10:00 UTC): 7 decisions (Prien)\n") {
		t.Fatalf("first reminder: %+v", n)
	}
	// Issue 17.6: no second set of live buttons, but a link to the prompt
	// and its due time, which each reader's platform shows in their own time.
	if m := n[0].Channel[0]; len(m.Options) != 0 || m.Jump != waiting.Ref || !m.Due.Equal(utc("2026-06-10T13:00:00Z")) {
		t.Fatalf("a reminder links to the prompt and says when it is due, without buttons: %+v", m)
	}
	clock.pass(time.Hour)
	n = tick()
	if len(n) != 1 || n[0].DirectTo != kretschmer.ID || len(n[0].Channel) != 1 || !strings.Contains(n[0].Direct[0].Text, "(reminder 2)") || n[0].Direct[0].Mention != "" {
		t.Fatalf("the last reminder escalates to a direct message: %+v", n)
	}
	if n := tick(); len(n) != 0 {
		t.Fatalf("a reminder is sent once: %+v", n)
	}
	before, _ := store.Load(t.Context(), here.Key())
	clock.pass(time.Hour)
	n = tick()
	if len(n) != 1 || len(n[0].Answered) != 1 || n[0].Answered[0].Ref != waiting.Ref || !strings.Contains(n[0].Answered[0].Message.Text, "did not roll for the enemy in time") {
		t.Fatalf("deadline: the prompt becomes its result, saying why: %+v", n)
	}
	after, _ := store.Load(t.Context(), here.Key())
	if after.Decisions <= before.Decisions {
		t.Fatal("the deadline's roll was not taken")
	}
	if n := tick(); len(n) != 0 {
		t.Fatalf("a deadline acts once: %+v", n)
	}
}

// A restart in the middle of a deadline window neither loses nor repeats the
// deadline's action, even when the deadline passed while the bot was down.
func TestRestartInADeadlineWindow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, path, clock)
	acceptedDuel(t, svc)
	clock.pass(90 * time.Minute)
	if _, err := tickDelivered(t, svc, clock.now()); err != nil {
		t.Fatal(err)
	}
	before, _ := store.Load(t.Context(), here.Key())
	svc.Wait()
	store.Close() // the bot goes down

	clock.pass(10 * time.Hour) // and stays down past the deadline
	svc, store = clockedService(t, path, clock)
	defer store.Close()
	n, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	deadlines := 0
	for _, x := range n {
		for _, a := range x.Answered {
			if strings.Contains(a.Message.Text, "did not roll for the enemy in time") {
				deadlines++
			}
		}
	}
	if deadlines != 1 {
		t.Fatalf("%d deadline actions after the restart: %+v", deadlines, n)
	}
	after, _ := store.Load(t.Context(), here.Key())
	if after.Decisions <= before.Decisions {
		t.Fatal("the missed deadline did not act")
	}
	again, _ := tickDelivered(t, svc, clock.now())
	for _, x := range again {
		if len(x.Answered) > 0 {
			t.Fatal("the deadline acted twice")
		}
	}
}

// Quiet hours and a vacation set with `prefs` move the due times of the
// prompt already waiting; bad preferences change nothing.
func TestPrefsMoveTheDueTimes(t *testing.T) {
	clock := (&fakeClock{}).set("2026-03-28T19:00:00Z") // Saturday 20:00 in Berlin
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	acceptedDuel(t, svc)
	deadlineAt := func() time.Time {
		t.Helper()
		due, err := store.Schedule(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range due {
			if d.Kind == persist.DueDeadline {
				return d.At
			}
		}
		t.Fatal("no deadline")
		return time.Time{}
	}
	if got := deadlineAt(); !got.Equal(utc("2026-03-28T22:00:00Z")) {
		t.Fatalf("deadline %s", got)
	}
	for _, bad := range []map[string]string{{"tz": "Mars/Olympus"}, {"quiet": "late"}, {"remind": "pigeon"}, {"vacation": "11"}, {"colour": "red"}} {
		r, err := svc.Command(t.Context(), here, kretschmer, "hunters", "prefs", bad)
		if err != nil || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "Nothing changed") {
			t.Fatalf("prefs %v: %+v %v", bad, r, err)
		}
	}
	// 20:00 CET + 3 h would be 23:00: quiet from 22:00 stops the clock after 2 h until
	// 07:00 CEST on Sunday (the spring-forward night), then 1 h more: 08:00 CEST.
	if _, err := svc.Command(t.Context(), here, kretschmer, "hunters", "prefs", map[string]string{"tz": "Europe/Berlin", "quiet": "22:00-07:00"}); err != nil {
		t.Fatal(err)
	}
	if got := deadlineAt(); !got.Equal(utc("2026-03-29T06:00:00Z")) {
		t.Fatalf("deadline after quiet hours: %s", got)
	}
	if _, err := svc.Command(t.Context(), here, kretschmer, "hunters", "prefs", map[string]string{"vacation": "2"}); err != nil {
		t.Fatal(err)
	}
	// The vacation stops the clock from now for two days: then 2 h until 22:00 local is
	// not enough... from Mon 30 19:00 UTC (21:00 CEST) one hour to the quiet, then 07:00
	// Tuesday + 2 h = 09:00 CEST.
	if got := deadlineAt(); !got.Equal(utc("2026-03-31T07:00:00Z")) {
		t.Fatalf("deadline after the vacation: %s", got)
	}
	r, _ := svc.Command(t.Context(), here, kretschmer, "hunters", "prefs", nil)
	if len(r.Private) != 1 || len(r.Private[0].Fields) != 5 || !strings.Contains(r.Private[0].Fields[2].Value, "2 days used") {
		t.Fatalf("prefs shown: %+v", r)
	}
}

// A challenge nobody accepts is reminded, then expires at the deadline.
func TestUnansweredChallengeExpires(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	if _, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "b": UserArg(kretschmer.ID, kretschmer.Name)}); err != nil {
		t.Fatal(err)
	}
	clock.pass(time.Hour)
	n, _ := tickDelivered(t, svc, clock.now())
	if len(n) != 1 || n[0].Channel[0].Mention != kretschmer.ID || !strings.Contains(n[0].Channel[0].Text, "answer to the challenge (Accept or Decline)") ||
		len(n[0].Channel[0].Options) != 0 || !strings.HasSuffix(n[0].Channel[0].Jump, ":start") {
		t.Fatalf("the invited player is reminded of the challenge, with a link to it: %+v", n)
	}
	clock.pass(2 * time.Hour)
	n, _ = tickDelivered(t, svc, clock.now())
	found := false
	for _, x := range n {
		for _, a := range x.Answered {
			found = found || strings.Contains(a.Message.Text, "did not answer")
		}
	}
	if !found {
		t.Fatalf("the challenge expires: %+v", n)
	}
	if _, err := store.Load(t.Context(), here.Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("an expired challenge frees the channel")
	}
}

// A tournament career whose Kommandant never presses Start starts at the deadline.
func TestTournamentCareerStartsAtTheDeadline(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	organiser := User{ID: "u0", Name: "Dönitz"}
	must := func(u User, args map[string]string) {
		t.Helper()
		if _, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args); err != nil {
			t.Fatal(err)
		}
	}
	must(organiser, map[string]string{"action": "create", "format": "top", "length": "short"})
	must(prien, map[string]string{"action": "join"})
	must(kretschmer, map[string]string{"action": "join"})
	must(organiser, map[string]string{"action": "start"})
	clock.pass(3 * time.Hour)
	if _, err := tickDelivered(t, svc, clock.now()); err != nil {
		t.Fatal(err)
	}
	for _, p := range []User{prien, kretschmer} {
		rec, err := store.Load(t.Context(), Place{Platform: here.Platform, Space: here.Space, Channel: here.Channel, Thread: "player-" + p.ID}.Key())
		if err != nil || rec.AwaitingStart {
			t.Fatalf("%s's career did not start at the deadline: %v", p.Name, err)
		}
	}
}

// A wolfpack whose players never answer still sails home: at each deadline
// an absent boat sits a battle round out, and otherwise the built-in
// commander decides for it (the tournament's default), so nobody holds the
// pack and nobody is left behind.
func TestAbsentWolfpackSailsOn(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	organiser := User{ID: "u0", Name: "Dönitz"}
	for _, c := range []struct {
		u    User
		args map[string]string
	}{
		{organiser, map[string]string{"action": "create", "format": "wolfpack"}},
		{prien, map[string]string{"action": "join"}},
		{kretschmer, map[string]string{"action": "join"}},
		{organiser, map[string]string{"action": "start"}},
	} {
		if _, err := svc.Command(t.Context(), here, c.u, "hunters", "tournament", c.args); err != nil {
			t.Fatal(err)
		}
	}
	said := map[string]int{}
	for i := 0; i < 4000; i++ {
		fin, _ := store.Finished(t.Context())
		if len(fin) == 1 {
			break
		}
		clock.pass(3 * time.Hour)
		notices, err := tickDelivered(t, svc, clock.now())
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range notices {
			for _, m := range append(n.Channel, shownAnswers(n.Answered)...) {
				for _, what := range []string{"sits this round", "built-in commander takes the decision"} {
					if strings.Contains(m.Text, what) {
						said[what]++
					}
				}
			}
		}
	}
	if fin, _ := store.Finished(t.Context()); len(fin) != 1 || said["sits this round"] == 0 || said["built-in commander takes the decision"] == 0 {
		t.Fatalf("finished %d, deadline actions %v", len(fin), said)
	}
}

// shownAnswers are the results a notice shows where their prompts were.
func shownAnswers(as []Answer) []Message {
	var out []Message
	for _, a := range as {
		out = append(out, a.Message)
	}
	return out
}

// Issue 17.6: when the autopilot starts playing for an absent player it
// says so once; his prompts then get no reminders, only the deadline at
// which it acts, quietly, until he plays again.
func TestAutopilotSaysSoOnceAndStopsReminding(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	if _, err := svc.Command(t.Context(), here, prien, "hunters", "prefs", map[string]string{"autopilot": "on"}); err != nil {
		t.Fatal(err)
	}
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC", "start": "1941-06"}); err != nil {
		t.Fatal(err)
	}
	reminders := func() int {
		t.Helper()
		due, err := store.Schedule(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, d := range due {
			if d.Kind == persist.DueReminder {
				n++
			}
		}
		return n
	}
	if reminders() != 2 {
		t.Fatalf("the first prompt has its two reminders: %d", reminders())
	}
	var notes []string
	for i := 0; i < 2; i++ {
		clock.pass(3 * time.Hour) // the reminders (if any) and the deadline
		n, err := tickDelivered(t, svc, clock.now())
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range n {
			for _, a := range x.Answered {
				notes = append(notes, a.Message.Text)
			}
		}
		if reminders() != 0 {
			t.Fatalf("after the autopilot's decision %d, its player's next prompt still has reminders", i+1)
		}
	}
	if len(notes) != 2 || !strings.Contains(notes[0], "takes their routine decisions from now on, without reminders") ||
		!strings.HasPrefix(notes[1], "🤖 autopilot · ✅") {
		t.Fatalf("the autopilot says so once, then plays quietly: %q", notes)
	}
	// He plays himself: he is back, and so are his reminders.
	r, err := svc.Command(t.Context(), here, prien, "hunters", "turn", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustClick(t, svc, prien, lastPrompt(t, r).Options[0].ID)
	if rec, _ := store.Load(t.Context(), here.Key()); len(rec.Away) != 0 || reminders() != 2 {
		t.Fatalf("back at the helm: away %v, %d reminders", rec.Away, reminders())
	}
}
