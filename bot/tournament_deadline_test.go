package bot

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 16.2: entrants who miss their Start have their careers started by the
// bot at the deadline, and the tournament's standings say so at once instead
// of "waiting for his Start".
func TestStandingsFollowCareersStartedAtTheDeadline(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	organiser := User{ID: "bdu", Name: "Dönitz"}
	tcmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tcmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short", "boat": "VIIC", "name": "Cup"})
	tcmd(User{ID: "a", Name: "Lemp"}, map[string]string{"action": "join"})
	tcmd(User{ID: "b", Name: "Topp"}, map[string]string{"action": "join"})
	tcmd(organiser, map[string]string{"action": "start"})
	clock.pass(3 * time.Hour)
	n, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	var standings *Message
	started := 0
	for i := range n {
		for _, a := range n[i].Answered {
			if strings.Contains(a.Message.Text, "did not press Start in time") {
				started++
			}
		}
		for j, m := range n[i].Channel {
			if strings.HasPrefix(m.Title, "Standings") {
				standings = &n[i].Channel[j]
			}
		}
	}
	if started != 2 {
		t.Fatalf("%d careers started at the deadline: %+v", started, n)
	}
	if standings == nil {
		t.Fatalf("no standings update after the careers started: %+v", n)
	}
	for _, f := range standings.Fields {
		if strings.Contains(f.Value, "Start") {
			t.Fatalf("the standings still say %q", f.Value)
		}
	}
	r := tcmd(organiser, map[string]string{"action": "standings"})
	for _, f := range r.Public[0].Fields {
		if strings.Contains(f.Value, "Start") {
			t.Fatalf("standings on demand say %q", f.Value)
		}
	}
}

// Issue 16.5: a reminder of a game waiting for its Start (here a challenge's
// Accept) says what it waits for, without an empty rule reference.
func TestStartRemindersNameTheStart(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	if _, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "b": UserArg(kretschmer.ID, kretschmer.Name)}); err != nil {
		t.Fatal(err)
	}
	clock.pass(time.Hour)
	n, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	if len(n) != 1 || len(n[0].Channel) == 0 {
		t.Fatalf("one reminder after an hour: %+v", n)
	}
	text := n[0].Channel[0].Text
	if strings.Contains(text, "()") || !strings.Contains(text, "waits on you: _answer to the challenge (Accept or Decline)_") || n[0].Channel[0].Mention != kretschmer.ID {
		t.Fatalf("the Start reminder reads %q", text)
	}
	if title := n[0].Channel[0].Title; strings.Contains(title, "()") {
		t.Fatalf("the Start reminder is headed %q", title)
	}
}

// Issue 16.4: after a game ends, `score`, `status`, `log` and `history` read
// the channel's last finished game (as `audit` does), until a new one starts;
// commands that would change a game still say there is none.
func TestReadOnlyCommandsReadTheLastFinishedGame(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	acceptedDuel(t, svc)
	rec, err := store.Load(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	if r := mustClick(t, svc, prien, optionID(rec.ID, "abandon", "confirm")); len(r.Public) == 0 || !strings.Contains(r.Public[0].Text, "abandoned") {
		t.Fatalf("abandon: %+v", r)
	}
	for _, name := range []string{"score", "status", "log", "history"} {
		r, err := svc.Command(t.Context(), here, kretschmer, "hunters-duel", name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Public) == 0 || !strings.Contains(r.Public[0].Text, "Game "+rec.ID+" is over") {
			t.Fatalf("%s after the end: %+v", name, r)
		}
	}
	if r, _ := svc.Command(t.Context(), here, kretschmer, "hunters-duel", "turn", nil); len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "no game") {
		t.Fatalf("turn after the end: %+v", r)
	}
}
