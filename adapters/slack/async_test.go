package slack

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 16 through the real slack-go Socket Mode client, on a clock the
// test moves (reminders after 1 h and 2 h, the deadline at 3 h). Each test
// fails with its fix undone.

type slackClock struct{ t time.Time }

func (c *slackClock) now() time.Time { return c.t }

func startClockedSlack(t *testing.T, f *slackfake.Server, clock *slackClock) (*Adapter, *bot.Service) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h)})
	n := 0
	svc := bot.New(store, games, bot.Options{Now: clock.now, NewSeed: fixedSeed,
		NewID:     func() (string, error) { n++; return fmt.Sprintf("g%d", n), nil },
		Reminders: []time.Duration{time.Hour, 2 * time.Hour}, Deadline: 3 * time.Hour})
	a, err := New(Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-f.Open()
	svc.UseThreads("slack", a)
	t.Cleanup(func() { a.Close(); svc.Wait(); store.Close() })
	return a, svc
}

// slashThrough sends a slash command over the socket and returns the ack
// (whose payload is the command's response) and what was posted after it.
func slashThrough(t *testing.T, f *slackfake.Server, env, channel, user, command, text string) (map[string]any, []url.Values) {
	t.Helper()
	f.SlashIn(env, channel, user, command, text)
	ack := f.Ack(t)
	return ack, f.Drain(t)
}

// ackText is all a slash command's response says.
func ackText(ack map[string]any) string {
	p, _ := ack["payload"].(map[string]any)
	return fmt.Sprint(p["text"]) + jsonOf(p["blocks"])
}

// ackButtons are the option ids in a slash command's response.
func ackButtons(ack map[string]any) []string {
	p, _ := ack["payload"].(map[string]any)
	return slackfake.ButtonValues(jsonOf(p["blocks"]))
}

// tickThrough does what kaleun serve's ticker does and returns the posts.
func tickThrough(t *testing.T, f *slackfake.Server, a *Adapter, svc *bot.Service, now time.Time) []url.Values {
	t.Helper()
	_, err := svc.RunTick(t.Context(), now, []string{"slack"}, func(ctx context.Context, n bot.Notice) error {
		if err := a.Notify(ctx, n); err != nil {
			t.Fatal(err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []url.Values
	for {
		select {
		case p := <-f.Posts():
			out = append(out, p)
		case <-time.After(100 * time.Millisecond):
			return out
		}
	}
}

// Issues 16.2 and 16.5 on Slack: the careers' threads are parent messages'
// threads and the standings one message that chat.update keeps current.
// The Start reminders say what they wait for, in their header too, and
// when the deadline starts the careers the standings message is updated
// to say they have begun (in port, stowing their torpedoes).
func TestStartRemindersAndStandingsThroughSlack(t *testing.T) {
	f := slackfake.New(t)
	clock := &slackClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	a, svc := startClockedSlack(t, f, clock)
	slashThrough(t, f, "e1", "C1", "UORG", "/hunters", "tournament create format:top length:short boat:VIIC name:Cup")
	slashThrough(t, f, "e2", "C1", "ULEMP", "/hunters", "tournament join")
	slashThrough(t, f, "e3", "C1", "UTOPP", "/hunters", "tournament join")
	_, posts := slashThrough(t, f, "e4", "C1", "UORG", "/hunters", "tournament start")
	standingsTS := ""
	for _, p := range posts {
		if p.Get("channel") == "C1" && strings.Contains(p.Get("blocks"), "Standings: Cup") && p.Get("thread_ts") == "" {
			standingsTS = p.Get("_ts")
			if !strings.Contains(p.Get("blocks"), "waiting for the Start") {
				t.Fatalf("the standings at the start: %s", p.Get("blocks"))
			}
		}
	}
	if standingsTS == "" {
		t.Fatalf("no standings message: %v", posts)
	}
	clock.t = clock.t.Add(time.Hour)
	reminded := 0
	for _, p := range tickThrough(t, f, a, svc, clock.now()) {
		if !strings.Contains(p.Get("text"), "(reminder 1)") {
			continue
		}
		reminded++
		if !isThreadTS(p.Get("thread_ts")) {
			t.Errorf("a career's reminder outside its thread: %v", p)
		}
		if all := p.Get("text"); strings.Contains(all, "()") || !regexp.MustCompile(`^<@(ULEMP|UTOPP)> ⏰ Game \S+ waits on you: _Start_ \(reminder 1\)`).MatchString(all) {
			t.Errorf("a Start reminder reads %q", all)
		}
	}
	if reminded != 2 {
		t.Fatalf("%d Start reminders after an hour, want 2", reminded)
	}
	clock.t = clock.t.Add(2 * time.Hour)
	updated := ""
	for _, p := range tickThrough(t, f, a, svc, clock.now()) {
		if p.Get("_method") == "/api/chat.update" && p.Get("ts") == standingsTS {
			updated = p.Get("blocks")
		}
	}
	// Started, each boat is in port stowing its torpedoes: the set-up ends
	// with the load, and the first assignment follows it (4.4.2).
	if updated == "" || strings.Contains(updated, "Start") || strings.Count(updated, "in port, May-41") != 2 {
		t.Fatalf("the standings message after the deadline (chat.update of %s): %q", standingsTS, updated)
	}
}

// Issue 16.4 on Slack: after a duel is abandoned, `/hunters-duel score` and
// the other read-only commands answer with the finished game.
func TestScoreAfterTheEndThroughSlack(t *testing.T) {
	f := slackfake.New(t)
	clock := &slackClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	startClockedSlack(t, f, clock)
	ack, _ := slashThrough(t, f, "d1", "C3", "UPRIEN", "/hunters-duel", "new b:<@UKRET|kretschmer> boat:VIIC")
	accept := ackButtons(ack)
	if len(accept) != 2 {
		t.Fatalf("Accept and Decline: %s", ackText(ack))
	}
	f.ClickIn("d2", "C3", "", "UKRET", accept[0])
	f.Ack(t)
	f.Drain(t)
	ack, _ = slashThrough(t, f, "d3", "C3", "UPRIEN", "/hunters-duel", "abandon")
	confirm := ackButtons(ack)
	if len(confirm) == 0 {
		t.Fatalf("no confirmation: %s", ackText(ack))
	}
	f.ClickIn("d4", "C3", "", "UPRIEN", confirm[0])
	f.Ack(t)
	if got := fmt.Sprint(f.Drain(t)); !strings.Contains(got, "abandoned") {
		t.Fatalf("abandon: %s", got)
	}
	for i, name := range []string{"score", "status", "log", "history"} {
		ack, rest := slashThrough(t, f, fmt.Sprint("s", i), "C3", "UKRET", "/hunters-duel", name)
		if got := ackText(ack); !strings.Contains(got, "is over; this is how it ended") {
			t.Errorf("%s after the end: %s %v", name, got, rest)
		}
	}
}

// lastButtons are the option ids of the last post that offers any.
func lastButtons(posts []url.Values) []string {
	var out []string
	for _, p := range posts {
		if v := slackfake.ButtonValues(p.Get("blocks")); len(v) > 0 {
			out = v
		}
	}
	return out
}
