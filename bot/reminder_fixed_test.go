package bot

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
)

// An absent player's reminders and deadline run from when his prompt was
// first posted: a packmate answering his own prompts every twenty minutes
// neither restarts the absent player's clock nor makes a reminder come twice,
// and a restart of the bot in the middle changes nothing of it.
func TestPackmatesMovesLeaveAnAbsentPlayersClockAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, path, clock)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	active, absent := User{ID: "p1", Name: "Active"}, User{ID: "p2", Name: "Absent"}
	tcmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tcmd(organiser, map[string]string{"action": "create", "format": "wolfpack", "name": "Clock"})
	tcmd(active, map[string]string{"action": "join"})
	tcmd(absent, map[string]string{"action": "join"})
	r := tcmd(organiser, map[string]string{"action": "start"})
	if len(r.Elsewhere) == 0 {
		t.Fatalf("start: %+v", r)
	}
	pack := r.Elsewhere[0].Place
	start := clock.now()

	// Reminders to the absent player, by number, with the time they came.
	got := map[int][]time.Time{}
	deadlineActed := time.Time{}
	tick := func() {
		t.Helper()
		n, err := tickDelivered(t, svc, clock.now())
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range n {
			reminded := map[int]bool{} // the last reminder comes to the channel and directly: one reminder
			for _, m := range append(append([]Message{}, x.Channel...), x.Direct...) {
				var k int
				at := strings.LastIndex(m.Text, "(reminder ")
				if at < 0 {
					continue
				}
				if _, err := fmt.Sscanf(m.Text[at:], "(reminder %d)", &k); err == nil &&
					(m.Mention == absent.ID || x.DirectTo == absent.ID && m.Mention == "") && !reminded[k] {
					reminded[k] = true
					got[k] = append(got[k], clock.now())
				}
			}
			for _, a := range x.Answered {
				if strings.Contains(a.Message.Text, absent.Name+"'s deadline passed") && deadlineActed.IsZero() {
					deadlineActed = clock.now()
				}
			}
		}
	}
	answerOwn := func() {
		t.Helper()
		rec, err := store.Load(t.Context(), pack.Key())
		if err != nil {
			t.Fatal(err)
		}
		h, _ := hunters.NewRules()
		st, err := wolfpack.NewRules(h).Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		ws := st.(*wolfpack.State)
		for _, p := range ws.PendingAll() {
			if who, _ := answerer(rec, p); who != active.ID {
				continue
			}
			seat, _, _ := strings.Cut(p.Token, ".")
			idx := 0
			fmt.Sscan(seat, &idx)
			key := hunters.Command(ws.Career(idx - 1))
			rr, err := svc.Click(t.Context(), pack, active, optionID(rec.ID, p.Token, key))
			if err != nil {
				t.Fatal(err)
			}
			if len(rr.Private) > 0 {
				t.Fatalf("the active player's answer was refused: %s", rr.Private[0].Text)
			}
			return
		}
	}
	// Three hours and a quarter, the active player moving every 20 minutes,
	// the bot restarted once at 1 h 30.
	for clock.now().Before(start.Add(3*time.Hour + 15*time.Minute)) {
		answerOwn()
		for i := 0; i < 4; i++ {
			clock.pass(5 * time.Minute)
			tick()
		}
		if clock.now().Equal(start.Add(90 * time.Minute)) {
			svc.Wait()
			store.Close()
			svc, store = clockedService(t, path, clock)
		}
	}
	defer store.Close()
	want := map[int]time.Time{1: start.Add(time.Hour), 2: start.Add(2 * time.Hour)}
	for n, at := range want {
		if len(got[n]) != 1 || !got[n][0].Equal(at) {
			t.Errorf("reminder %d to the absent player came at %v, want once at %v", n, got[n], at)
		}
	}
	if !deadlineActed.Equal(start.Add(3 * time.Hour)) {
		t.Errorf("the absent player's deadline acted at %v, want %v", deadlineActed, start.Add(3*time.Hour))
	}
}
