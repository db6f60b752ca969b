package discord

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 16 through the real discordgo client: the async play of weeks, on a
// clock the test moves. Each test fails with its fix undone.

// testClock is the service's clock, moved by the test. The adapter reads it
// from its own goroutines (recording what a reply posted, after the test
// has seen the posts), hence the lock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) pass(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// clockedBot is the adapter over a service with reminders after 1 h and
// 2 h and the deadline at 3 h, on the test's clock.
type clockedBot struct {
	t     *testing.T
	f     *discordfake.Server
	clock *testClock
	path  string
	a     *Adapter
	svc   *bot.Service
	store *persist.Store
	ids   int
	// openStore opens the database (nil: the bbolt file at path).
	openStore func() (*persist.Store, error)
	// noThreads leaves the service without Discord's threads: a
	// tournament's games play in its channel.
	noThreads bool
	// games, when set, are the games played in place of The Hunters'.
	games engine.Registry
}

func startClockedBot(t *testing.T, f *discordfake.Server, path string, clock *testClock) *clockedBot {
	t.Helper()
	return startClockedBotOn(t, f, path, clock, nil)
}

// startClockedBotOn is startClockedBot over the database openStore opens
// (nil: the bbolt file at path).
func startClockedBotOn(t *testing.T, f *discordfake.Server, path string, clock *testClock, openStore func() (*persist.Store, error)) *clockedBot {
	t.Helper()
	b := &clockedBot{t: t, f: f, clock: clock, path: path, openStore: openStore}
	b.open()
	t.Cleanup(b.close)
	return b
}

func (b *clockedBot) open() {
	b.t.Helper()
	open := b.openStore
	if open == nil {
		open = func() (*persist.Store, error) { return persist.Open(b.path) }
	}
	store, err := open()
	if err != nil {
		b.t.Fatal(err)
	}
	h, err := hunters.NewRules()
	if err != nil {
		b.t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h), "hunters-wolfpack": wolfpack.NewRules(h)})
	if b.games != nil {
		games = b.games
	}
	n := 0
	svc := bot.New(store, games, bot.Options{Now: b.clock.now, NewSeed: fixedSeed,
		NewID:     func() (string, error) { n++; return fmt.Sprintf("g%d-%d", b.clock.now().Unix(), n), nil },
		Reminders: []time.Duration{time.Hour, 2 * time.Hour}, Deadline: 3 * time.Hour})
	a, err := New(Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: b.f.URL}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		b.t.Fatal(err)
	}
	if err := a.Start(b.t.Context()); err != nil {
		b.t.Fatal(err)
	}
	select {
	case <-b.f.Ready():
	case <-time.After(5 * time.Second):
		b.t.Fatal("no READY")
	}
	if !b.noThreads {
		svc.UseThreads("discord", a)
	}
	svc.UseSessions("discord", a)
	b.a, b.svc, b.store = a, svc, store
}

func (b *clockedBot) close() {
	if b.a == nil {
		return
	}
	b.a.Close()
	b.svc.Wait()
	b.store.Close()
	b.a = nil
}

// restart closes the adapter and the database and opens them again.
func (b *clockedBot) restart() {
	b.close()
	b.open()
}

// tick does what kaleun serve's ticker does: asks the service what is due
// now and hands the notices to the adapter; it returns what was posted.
func (b *clockedBot) tick() []discordfake.Post {
	b.t.Helper()
	_, err := b.svc.RunTick(b.t.Context(), b.clock.now(), []string{"discord"}, func(ctx context.Context, n bot.Notice) error {
		if err := b.a.Notify(ctx, n); err != nil {
			b.t.Fatal(err)
		}
		return nil
	})
	if err != nil {
		b.t.Fatal(err)
	}
	return b.take()
}

// take collects what has been posted by now (Notify posts synchronously).
func (b *clockedBot) take() []discordfake.Post {
	var out []discordfake.Post
	for {
		select {
		case p := <-b.f.Posts():
			out = append(out, p)
		case <-time.After(50 * time.Millisecond):
			return out
		}
	}
}

// command sends /game sub in a channel and returns the posts it brought.
func (b *clockedBot) command(channel, user, game, sub string, opts ...discordfake.Option) []discordfake.Post {
	b.t.Helper()
	b.ids++
	if err := b.f.Command(fmt.Sprintf("x%d", b.ids), channel, user, false, game, sub, opts...); err != nil {
		b.t.Fatal(err)
	}
	return b.f.Drain(b.t)
}

// click presses a button in a channel and returns the posts it brought.
func (b *clockedBot) click(channel, user, id string) []discordfake.Post {
	b.t.Helper()
	b.ids++
	if err := b.f.ClickIn(fmt.Sprintf("y%d", b.ids), channel, user, id); err != nil {
		b.t.Fatal(err)
	}
	return b.f.Drain(b.t)
}

// remindedOf reads a reminder: whom it pings (none in a direct message)
// and its number; what happened since his last turn may come first.
var remindedOf = regexp.MustCompile(`^(?:<@(\S+)>\n)?(?:📰[^\n]*\n(?:[^\n]*\n)*?\n)?⏰ .* waits on you: .* \(reminder (\d+)\)`)

// Issue 16.1: in a wolfpack whose other boat moves every twenty minutes, the
// absent player's reminders come once each, at one and two hours after his
// prompt was posted (the second also as a direct message), and his deadline
// acts at three hours, though the bot restarts in the middle.
func TestAbsentPackmatesRemindersThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	b.command("c1", "bdu", "hunters", "tournament", discordfake.Option{Name: "action", Value: "create"}, discordfake.Option{Name: "format", Value: "wolfpack"})
	b.command("c1", "active", "hunters", "tournament", discordfake.Option{Name: "action", Value: "join"})
	b.command("c1", "absent", "hunters", "tournament", discordfake.Option{Name: "action", Value: "join"})
	posts := b.command("c1", "bdu", "hunters", "tournament", discordfake.Option{Name: "action", Value: "start"})
	start := clock.now()
	thread := ""
	for _, p := range posts {
		if strings.HasPrefix(p.Channel, "th-") {
			thread = p.Channel
		}
	}
	// prompt is the active player's pending choice: a button of a message
	// of the thread that offers one of his boat's pending prompts.
	var prompt string
	see := func([]discordfake.Post) {
		prompt = ""
		rec, err := b.store.Load(t.Context(), "discord/g1/"+thread)
		if err != nil {
			return
		}
		h, _ := hunters.NewRules()
		st, err := wolfpack.NewRules(h).Decode(rec.State)
		if err != nil {
			b.t.Fatal(err)
		}
		for _, p := range st.(*wolfpack.State).PendingAll() {
			for _, s := range rec.Seats {
				if s.Seat != p.Seat || s.ID != "active" {
					continue
				}
				for _, m := range f.Messages() {
					for _, id := range m.CustomIDs() {
						if strings.HasPrefix(id, "k1:"+rec.ID+":"+p.Token+":") && prompt == "" && !strings.Contains(id, ":__") {
							prompt = id
						}
					}
				}
			}
		}
	}
	see(posts)
	if thread == "" || prompt == "" {
		t.Fatalf("no pack thread with the active player's prompt: %s", text(posts))
	}
	reminders := map[int][]time.Time{}
	directs, deadline := 0, time.Time{}
	moves := 0
	for clock.now().Before(start.Add(3*time.Hour + 15*time.Minute)) {
		if prompt != "" {
			ps := b.click(thread, "active", prompt)
			prompt = ""
			moves++
			see(ps)
		}
		for i := 0; i < 4; i++ {
			clock.pass(5 * time.Minute)
			for _, p := range b.tick() {
				txt := discordfake.Text(p)
				if m := remindedOf.FindStringSubmatch(txt); m != nil && (m[1] == "absent" || p.Channel == "dm-absent") {
					if strings.HasPrefix(p.Channel, "dm-") {
						directs++
					} else {
						var n int
						fmt.Sscan(m[2], &n)
						reminders[n] = append(reminders[n], clock.now())
					}
				}
				if strings.Contains(txt, "absent's deadline passed") && deadline.IsZero() {
					deadline = clock.now()
				}
			}
		}
		if clock.now().Equal(start.Add(90 * time.Minute)) {
			b.restart()
		}
	}
	if moves < 4 {
		t.Fatalf("the active player moved only %d times", moves)
	}
	for n, at := range map[int]time.Time{1: start.Add(time.Hour), 2: start.Add(2 * time.Hour)} {
		if len(reminders[n]) != 1 || !reminders[n][0].Equal(at) {
			t.Errorf("reminder %d reached the absent player's thread at %v, want once at %v", n, reminders[n], at)
		}
	}
	if directs != 1 {
		t.Errorf("%d direct messages for the last reminder, want 1", directs)
	}
	if !deadline.Equal(start.Add(3 * time.Hour)) {
		t.Errorf("the absent player's deadline acted at %v, want %v", deadline, start.Add(3*time.Hour))
	}
}

// Issues 16.2 and 16.5: tournament careers waiting for their Start get
// reminders that say so (no empty rule reference); at the deadline the bot
// starts them, and the standings message in the channel is edited at once
// to say they have begun (in port, stowing their torpedoes), not waiting
// for a Start.
func TestStartRemindersAndStandingsThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	opt := func(k, v string) discordfake.Option { return discordfake.Option{Name: k, Value: v} }
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "create"), opt("format", "top"), opt("length", "short"), opt("boat", "VIIC"), opt("name", "Cup"))
	b.command("c1", "lemp", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "topp", "hunters", "tournament", opt("action", "join"))
	posts := b.command("c1", "bdu", "hunters", "tournament", opt("action", "start"))
	standings := lastStandings(t, posts)
	if !strings.Contains(fmt.Sprint(standings.Fields), "waiting for the Start") {
		t.Fatalf("the standings at the start: %v", standings.Fields)
	}
	clock.pass(time.Hour)
	reminded := 0
	for _, p := range b.tick() {
		txt := discordfake.Text(p)
		if !strings.Contains(txt, "(reminder 1)") {
			continue
		}
		reminded++
		// Issue 17.6: it pings, says what waits and until when (in each
		// reader's time zone) and links to the game, with no buttons.
		if strings.Contains(txt, "()") || !regexp.MustCompile(`^<@(lemp|topp)>\n⏰ Game \S+ waits on you: _Start_ \(reminder 1\), due <t:\d+:R> · \[Jump to game\]\(https://discord.com/channels/g1/th-c1-\d+/m\d+\)$`).MatchString(txt) ||
			len(buttons(p)) != 0 {
			t.Errorf("a Start reminder reads %q", txt)
		}
	}
	if reminded != 2 {
		t.Fatalf("%d Start reminders after an hour, want 2", reminded)
	}
	clock.pass(2 * time.Hour)
	posts = b.tick()
	if got := strings.Count(text(posts), "did not press Start in time"); got != 2 {
		t.Fatalf("%d careers started at the deadline: %s", got, text(posts))
	}
	// Started, each boat is in port stowing its torpedoes: the set-up ends
	// with the load, and the first assignment follows it (4.4.2).
	after := lastStandings(t, posts)
	if strings.Contains(fmt.Sprint(after.Fields), "Start") || strings.Count(fmt.Sprint(after.Fields), "in port, May-41") != 2 {
		t.Fatalf("the standings after the deadline: %v", after.Fields)
	}
}

// lastStandings is the last standings message posted or edited in c1.
func lastStandings(t *testing.T, posts []discordfake.Post) discordfake.Embed {
	t.Helper()
	var out *discordfake.Embed
	for _, p := range posts {
		if e, ok := discordfake.FirstEmbed(p); ok && p.Channel == "c1" && strings.HasPrefix(e.Title, "Standings") {
			out = &e
		}
	}
	if out == nil {
		t.Fatalf("no standings posted: %s", text(posts))
	}
	return *out
}

// Issues 16.5 and 16.4: a challenge's reminder names the Accept it waits
// for; after the duel ends, `score`, `status`, `log` and `history` read the
// finished game through Discord instead of saying there is none.
func TestChallengeReminderAndScoreAfterTheEndThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	b.ids++
	f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": "d1", "application_id": "app", "type": 2, "token": "tok-d1", "guild_id": "g1", "channel_id": "c3",
		"member": discordfake.Member("prien", false),
		"data": map[string]any{"id": "cmd", "name": "hunters-duel", "type": 1,
			"options":  []any{map[string]any{"name": "new", "type": 1, "options": []any{map[string]any{"name": "b", "type": 6, "value": "kretschmer"}, map[string]any{"name": "boat", "type": 3, "value": "VIIC"}}}},
			"resolved": map[string]any{"users": map[string]any{"kretschmer": map[string]any{"id": "kretschmer", "username": "kretschmer"}}}},
	})
	invite := f.Drain(t)
	clock.pass(time.Hour)
	posts := b.tick()
	if txt := discordfake.Text(posts[0]); len(posts) != 1 || strings.Contains(txt, "()") || !strings.Contains(txt, "<@kretschmer>\n⏰ Game g1781085600-1 waits on you: _answer to the challenge (Accept or Decline)_ (reminder 1)") {
		t.Fatalf("the challenge's reminder: %s", txt)
	}
	accept := buttons(invite[len(invite)-1])
	if len(accept) != 2 {
		t.Fatalf("Accept and Decline: %v", accept)
	}
	b.click("c3", "kretschmer", accept[0])
	confirm := b.command("c3", "prien", "hunters-duel", "abandon")
	ids := buttons(confirm[len(confirm)-1])
	if len(ids) == 0 {
		t.Fatalf("no confirmation: %s", text(confirm))
	}
	if got := text(b.click("c3", "prien", ids[0])); !strings.Contains(got, "abandoned") {
		t.Fatalf("abandon: %s", got)
	}
	for _, name := range []string{"score", "status", "log", "history"} {
		got := b.command("c3", "kretschmer", "hunters-duel", name)
		if !strings.Contains(text(got), "is over; this is how it ended") || ephemeral(got[0]) {
			t.Errorf("%s after the end: %s", name, text(got))
		}
	}
}
