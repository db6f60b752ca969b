package bot

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

var spectator = User{ID: "u77", Name: "Zuschauer"}

// followerNotices splits what a tick delivered into the follower's copies
// and the rest.
func followerNotices(t *testing.T, ns []Notice, who string) (copies []Message, rest []Notice) {
	t.Helper()
	for _, n := range ns {
		if n.DirectTo != who {
			rest = append(rest, n)
			continue
		}
		if len(n.Channel) > 0 || len(n.Answered) > 0 {
			t.Fatalf("a follower's copy posts in the channel: %+v", n)
		}
		copies = append(copies, n.Direct...)
	}
	return copies, rest
}

// checkFollowerCopy: no ping, no button that acts, no prompt reference
// (issue 34 item 4).
func checkFollowerCopy(t *testing.T, m Message) {
	t.Helper()
	if len(m.Options) > 0 || m.Select || len(m.Pings()) > 0 || m.Ref != "" || m.Owner != "" {
		t.Fatalf("a follower's copy acts or pings: options %v, pings %v, ref %q", m.Options, m.Pings(), m.Ref)
	}
	if !strings.Contains(m.Footer, "unfollow") {
		t.Fatalf("a follower's copy does not say how to stop: %q", m.Footer)
	}
}

// Issue 34 item 4: a spectator follows a duel; each decision's result and
// the prompt it brings come to his direct messages (as the channel shows
// them, without pings or buttons) at the next tick, once; a replica that
// dies before the platform took them leaves them to a retry under the
// same delivery key; unfollow stops them; the players and a finished or
// unknown game are refused.
func TestFollowerGetsEachResultOnceInHisDirectMessages(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	r := acceptedDuel(t, svc)
	rec, err := store.Load(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	privateSays(t, "a player follows", must(svc.Command(ctx, here, prien, "hunters-duel", "follow", nil)), nil, "You play in game")
	privateSays(t, "an unknown game", must(svc.Command(ctx, here, spectator, "hunters-duel", "follow", map[string]string{"game": "nope"})), nil, "no running game nope")
	elsewhere := Place{Platform: "slack", Space: "T1", Channel: "C1"}
	privateSays(t, "from another platform", must(svc.Command(ctx, elsewhere, spectator, "hunters-duel", "follow", map[string]string{"game": rec.ID})), nil, "played elsewhere")
	// From another channel of the server, by its id, as /kaleun follow (the
	// game's own command answers it too, unlisted: above).
	other := Place{Platform: "discord", Space: "guild1", Channel: "lobby"}
	f, err := svc.Command(ctx, other, spectator, FrameworkName, "follow", map[string]string{"game": rec.ID})
	if err != nil || len(f.Public) != 0 || len(f.Elsewhere) != 0 {
		t.Fatalf("following must say nothing in any channel: %+v %v", f, err)
	}
	privateSays(t, "follow", f, nil, "You follow game "+rec.ID)
	privateSays(t, "again", must(svc.Command(ctx, other, spectator, FrameworkName, "follow", map[string]string{"game": rec.ID})), nil, "already follow")

	clicked := mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	channel := len(clicked.Answered) + len(clicked.Public)
	if clicked.Update != nil && len(clicked.Answered) == 0 {
		channel++
	}
	// The replica that takes the copy dies before the platform has it.
	first, err := svc.Tick(ctx, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	copies, _ := followerNotices(t, first, spectator.ID)
	if len(copies) == 0 || len(copies) > channel+1 {
		t.Fatalf("the follower got %d messages for a decision the channel was shown in %d", len(copies), channel)
	}
	for _, m := range copies {
		checkFollowerCopy(t, m)
	}
	var key string
	for _, n := range first {
		if n.DirectTo == spectator.ID {
			key = n.Delivery
		}
	}
	if c, _ := followerNotices(t, must2(tickDelivered(t, svc, clock.now().Add(time.Minute))), spectator.ID); len(c) != 0 {
		t.Fatalf("a copy under another replica's lease was sent again: %d", len(c))
	}
	clock.pass(DefaultDeliveryLease + time.Second)
	again, err := tickDelivered(t, svc, clock.now())
	if err != nil {
		t.Fatal(err)
	}
	var retried []Notice
	for _, n := range again {
		if n.DirectTo == spectator.ID {
			retried = append(retried, n)
		}
	}
	if len(retried) != 1 || !retried[0].Retry || retried[0].Delivery != key || shown(retried[0]) != shown(first[len(first)-1]) && len(first) == 1 {
		t.Fatalf("the copy is retried once under its key %q: %+v", key, retried)
	}
	if c, _ := followerNotices(t, must2(tickDelivered(t, svc, clock.now().Add(10*time.Minute))), spectator.ID); len(c) != 0 {
		t.Fatalf("a delivered copy came again: %d", len(c))
	}
	privateSays(t, "unfollow", must(svc.Command(ctx, other, spectator, "hunters-duel", "unfollow", map[string]string{"game": rec.ID})), nil, "no longer follow")
	r = untilKretschmer(t, svc, mustClick(t, svc, kretschmer, lastPrompt(t, untilKretschmer(t, svc, clicked)).Options[0].ID))
	if c, _ := followerNotices(t, must2(tickDelivered(t, svc, clock.now().Add(20*time.Minute))), spectator.ID); len(c) != 0 {
		t.Fatalf("an unfollowed game still sends copies: %d", len(c))
	}
	_ = r
}

func must2(n []Notice, err error) []Notice {
	if err != nil {
		panic(err)
	}
	return n
}

// Issue 34 item 5: a player's answer is timed from when his prompt began
// waiting on him to his click, in his active time: his quiet hours do not
// count. The bot's own decisions are not counted.
func TestPaceCountsActiveTimeToAnswer(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	ctx := t.Context()
	if _, err := svc.Command(ctx, here, kretschmer, "hunters-duel", "prefs", map[string]string{"quiet": "11:00-12:00", "tz": "UTC"}); err != nil {
		t.Fatal(err)
	}
	r := acceptedDuel(t, svc)
	clock.pass(150 * time.Minute) // 10:00 to 12:30, of which 11:00-12:00 is quiet
	mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	ps, err := store.Paces(ctx, []string{playerKey(here.Key(), kretschmer.ID), playerKey(here.Key(), prien.ID)}, "")
	if err != nil {
		t.Fatal(err)
	}
	k := ps[playerKey(here.Key(), kretschmer.ID)]
	if k.Count != 1 || k.Median() != 90*time.Minute || k.Longest != 90*time.Minute {
		t.Fatalf("Kretschmer's pace after 2h30 with an hour quiet: %+v", k)
	}
	if p := ps[playerKey(here.Key(), prien.ID)]; p.Count == 0 {
		t.Fatalf("Prien's answers were not counted: %+v", p)
	}
	if got := paceText(k); got != "answers in about 2 h (longest 2 h)" {
		t.Fatalf("pace text %q", got)
	}
	if got := paceText(persist.Pace{Count: 1, Longest: 30 * time.Second, Last: []time.Duration{30 * time.Second}}); got != "answers in under a minute (longest under a minute)" {
		t.Errorf("a fast player's pace: %q", got)
	}
}

// The words of a pace, and a tournament's target (`pace:12h`).
func TestPaceWordsAndTarget(t *testing.T) {
	for in, want := range map[string]time.Duration{"12h": 12 * time.Hour, "2d": 48 * time.Hour, "90m": 90 * time.Minute} {
		if got, err := parsePace(in); err != nil || got != want {
			t.Errorf("parsePace(%q) = %v %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "0d", "soon", "30s", "100d"} {
		if _, err := parsePace(bad); err == nil {
			t.Errorf("parsePace(%q) accepted", bad)
		}
	}
	for d, want := range map[time.Duration]string{30 * time.Second: "under a minute", 40 * time.Minute: "40 min", 6 * time.Hour: "6 h", 20 * time.Hour: "20 h", 72 * time.Hour: "3 days"} {
		if got := aboutDuration(d); got != want {
			t.Errorf("aboutDuration(%v) = %q, want %q", d, got, want)
		}
	}
	if got := paceReminder(12*time.Hour, 20*time.Hour); got != "The table's pace is 12 h; you are at 20 h." {
		t.Errorf("reminder line %q", got)
	}
	if paceText(persist.Pace{}) != "" {
		t.Error("a player with no answers has a pace")
	}
}

// A follower who takes no direct messages (the platform refuses each copy)
// is tried maxFollowAttempts times, with growing pauses, then given up on:
// no retry storm, and the game's own notices (its reminders) go on being
// delivered beside his refused copies.
func TestARefusedFollowerIsGivenUpOnWithoutHoldingTheGame(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := clockedService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	ctx := t.Context()
	r := acceptedDuel(t, svc)
	rec, _ := store.Load(ctx, here.Key())
	privateSays(t, "follow", must(svc.Command(ctx, here, spectator, "hunters-duel", "follow", map[string]string{"game": rec.ID})), nil, "You follow game")
	mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	tries, others := map[string]int{}, 0
	for minute := 0; minute < 6*60; minute++ {
		_, err := svc.RunTick(ctx, clock.now(), []string{"discord"}, func(_ context.Context, n Notice) error {
			if n.DirectTo == spectator.ID {
				tries[n.Delivery]++
				return errors.New("discord: 50007 Cannot send messages to this user")
			}
			others++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		clock.pass(time.Minute)
	}
	full := 0
	for key, n := range tries {
		if n > maxFollowAttempts {
			t.Fatalf("copy %s was tried %d times, more than %d", key, n, maxFollowAttempts)
		}
		if n == maxFollowAttempts {
			full++
		}
	}
	if full == 0 {
		t.Fatalf("no refused copy was tried its %d times in six hours: %v", maxFollowAttempts, tries)
	}
	if others == 0 {
		t.Fatal("the game's reminders were held up by the refused follower")
	}
}
