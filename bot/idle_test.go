package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/persist"
)

// idleService opens (or reopens) a database with a service on a fake clock
// whose games are warned after 10 h without a decision and ended after 20 h
// (reminders after 1 h and 2 h, the deadline at 3 h).
func idleService(t *testing.T, path string, clock *fakeClock) (*Service, *persist.Store) {
	t.Helper()
	svc, store := clockedService(t, path, clock)
	svc.idleWarn, svc.idleEnd = 10*time.Hour, 20*time.Hour
	return svc, store
}

// idleNotices ticks and returns the notices about idleness.
func idleNotices(t *testing.T, svc *Service, clock *fakeClock) []Notice {
	t.Helper()
	all, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	var out []Notice
	for _, n := range all {
		if len(n.Channel) > 0 && strings.Contains(n.Channel[0].Title, "dle") {
			out = append(out, n)
		}
	}
	return out
}

// A game left alone is warned once, pinging its players, then ended with
// its seed revealed and an entry saying why — each step after a restart on
// the same file, so the limits live in the database, not in the process.
// Its log verifies, the channel is free, and its last finished game is it.
func TestAnIdleGameIsWarnedThenEndedAcrossRestarts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := idleService(t, path, clock)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"})
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := store.Load(t.Context(), here.Key())
	moved := clock.now()
	mustClick(t, svc, prien, lastPrompt(t, r).Options[0].ID) // a decision, at 10:00
	store.Close()

	// Restarted; nine hours later nothing is said of idleness.
	svc, store = idleService(t, path, clock)
	clock.pass(9*time.Hour + 59*time.Minute)
	if n := idleNotices(t, svc, clock); len(n) != 0 {
		t.Fatalf("warned before 10 h: %+v", n)
	}
	clock.pass(time.Minute)
	n := idleNotices(t, svc, clock)
	if len(n) != 1 || n[0].Place != here {
		t.Fatalf("the warning at 10 h: %+v", n)
	}
	warn := n[0].Channel[0]
	if want := "It ends on Thu 11 Jun 06:00 UTC"; !strings.Contains(warn.Text, want) || len(warn.Pings()) != 1 || warn.Pings()[0] != prien.ID {
		t.Fatalf("the warning says %q and pings %v: want %q and Prien", warn.Text, warn.Pings(), want)
	}
	// What it waits for is named, with a link to it; the prompt keeps its
	// one set of buttons where it is (issue 17.6).
	if len(n[0].Channel) != 1 || !strings.Contains(warn.Text, "It waits for Prien's") || warn.Jump == "" || len(warn.Options) != 0 {
		t.Fatalf("the warning names the pending decision and links to it: %+v", n[0].Channel)
	}
	if n := idleNotices(t, svc, clock); len(n) != 0 {
		t.Fatalf("warned twice: %+v", n)
	}
	store.Close()

	// Restarted again: no second warning; the end at 20 h.
	svc, store = idleService(t, path, clock)
	defer store.Close()
	if n, err := svc.PlanIdle(t.Context()); err != nil || n != 0 {
		t.Fatalf("planning the idle limits of a game warned already changed %d games (%v)", n, err)
	}
	clock.pass(9*time.Hour + 59*time.Minute)
	if n := idleNotices(t, svc, clock); len(n) != 0 {
		t.Fatalf("acted before 20 h: %+v", n)
	}
	clock.pass(time.Minute)
	n = idleNotices(t, svc, clock)
	if len(n) != 1 || !strings.Contains(n[0].Channel[0].Title, "ended for idleness") || !strings.Contains(n[0].Channel[0].Text, "Dice seed revealed") {
		t.Fatalf("the end at 20 h: %+v", n)
	}
	if n := idleNotices(t, svc, clock); len(n) != 0 {
		t.Fatalf("ended twice: %+v", n)
	}
	if _, err := store.Load(t.Context(), here.Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatalf("the channel still holds the game: %v", err)
	}
	fin, err := store.LastFinished(t.Context(), here.Key())
	if err != nil || fin.ID != rec.ID || !fin.Over {
		t.Fatalf("the channel's last finished game: %+v %v", fin, err)
	}
	x, err := audit.Build(t.Context(), store, fin, false)
	if err != nil {
		t.Fatal(err)
	}
	var why audit.EndedEvent
	json.Unmarshal(x.Entries[len(x.Entries)-2].Event, &why)
	if why.Kind != audit.KindEnded || why.Ended.Reason != audit.EndedIdle || !why.Ended.Since.Equal(moved) {
		t.Fatalf("the log's last entries: %s, %s", x.Entries[len(x.Entries)-2].Event, x.Entries[len(x.Entries)-1].Event)
	}
	data, _ := json.Marshal(x)
	if rep := audit.Verify(data, svc.games); !rep.OK() || !rep.Over {
		t.Fatalf("the idle game's log does not verify: %+v", rep.Problems)
	}
	// A log that goes on after the end, re-hashed whole, is refused.
	x.Entries = append(x.Entries[:len(x.Entries)-1:len(x.Entries)-1], x.Entries[len(x.Entries)-3], x.Entries[len(x.Entries)-1])
	audittest.Rehash(x)
	data, _ = json.Marshal(x)
	if rep := audit.Verify(data, svc.games); rep.Intact() || !strings.Contains(fmt.Sprint(rep.Problems), "after the game master ended the game") {
		t.Fatalf("a decision logged after the idle end: %+v", rep.Problems)
	}
}

// A game that moves before its end is no longer idle: its limits start
// again from that decision. A game waiting for its Start is idle too.
func TestAGameThatMovesIsNoLongerIdle(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := idleService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"})
	if err != nil {
		t.Fatal(err)
	}
	other := Place{Platform: here.Platform, Space: here.Space, Channel: "waits"}
	if _, err := svc.Command(t.Context(), other, stranger, "hunters", "new", map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	clock.pass(10 * time.Hour)
	n := idleNotices(t, svc, clock)
	if len(n) != 2 {
		t.Fatalf("want both games warned at 10 h: %+v", n)
	}
	clock.pass(time.Hour)
	mustClick(t, svc, prien, lastPrompt(t, r).Options[0].ID) // Prien moves at 11 h
	clock.pass(9 * time.Hour)                                // 20 h
	n = idleNotices(t, svc, clock)
	if len(n) != 1 || n[0].Place != other || !strings.Contains(n[0].Channel[0].Title, "ended") {
		t.Fatalf("at 20 h only the game waiting for its Start ends: %+v", n)
	}
	if _, err := store.Load(t.Context(), here.Key()); err != nil {
		t.Fatalf("the game that moved ended: %v", err)
	}
	clock.pass(time.Hour) // 21 h: 10 h after Prien's move
	if n := idleNotices(t, svc, clock); len(n) != 1 || n[0].Place != here || !strings.Contains(n[0].Channel[0].Title, "Idle") {
		t.Fatalf("the game that moved is warned 10 h after its move: %+v", n)
	}
}

// Limits switched on for a database whose games have none: PlanIdle lays
// them out from each game's last decision, once; switched off, a limit
// left in the index does nothing when it comes due.
func TestIdleLimitsReachGamesFromBefore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, path, clock) // no idle limits
	for i := 0; i < 3; i++ {
		if _, err := started(t, svc, Place{Platform: "discord", Space: "g", Channel: fmt.Sprint(i)}, prien, map[string]string{"boat": "VIIC"}); err != nil {
			t.Fatal(err)
		}
	}
	if changed, err := svc.PlanIdle(t.Context()); err != nil || changed != 0 {
		t.Fatalf("with no limits PlanIdle changed %d games (%v)", changed, err)
	}
	store.Close()
	clock.pass(5 * time.Hour)
	svc, store = idleService(t, path, clock)
	if changed, err := svc.PlanIdle(t.Context()); err != nil || changed != 3 {
		t.Fatalf("PlanIdle changed %d games (%v), want the 3", changed, err)
	}
	if changed, _ := svc.PlanIdle(t.Context()); changed != 0 {
		t.Fatalf("PlanIdle a second time changed %d games", changed)
	}
	clock.pass(5 * time.Hour) // 10 h after their last decision
	if n := idleNotices(t, svc, clock); len(n) != 3 {
		t.Fatalf("%d games warned, want 3", len(n))
	}
	store.Close()
	svc, store = clockedService(t, path, clock) // switched off again
	defer store.Close()
	clock.pass(10 * time.Hour)
	if n := idleNotices(t, svc, clock); len(n) != 0 {
		t.Fatalf("limits switched off still ended games: %+v", n)
	}
	if games, _ := store.Games(t.Context()); len(games) != 3 {
		t.Fatalf("%d games run, want 3", len(games))
	}
	if due, _ := store.Schedule(t.Context(), "discord/g/0"); hasIdle(due) {
		t.Fatalf("a limit switched off stays in the index: %+v", due)
	}
}

func hasIdle(due []persist.Due) bool {
	for _, d := range due {
		if d.Kind == persist.DueIdleWarn || d.Kind == persist.DueIdleEnd {
			return true
		}
	}
	return false
}

// A duel left alone pings both its players.
func TestAnIdleDuelPingsBothPlayers(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := idleService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	acceptedDuel(t, svc)
	clock.pass(3 * time.Hour) // Kretschmer's deadline: the bot rolls, a decision
	tickDelivered(t, svc, clock.now())
	clock.pass(20 * time.Hour)
	var warned bool
	for _, n := range idleNotices(t, svc, clock) {
		if strings.Contains(n.Channel[0].Title, "Idle") {
			p := n.Channel[0].Pings()
			warned = len(p) == 2 && p[0] == prien.ID && p[1] == kretschmer.ID
		}
	}
	if !warned {
		t.Fatal("the idle duel's warning does not ping both players")
	}
}
