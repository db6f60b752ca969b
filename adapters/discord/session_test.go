package discord

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboot"
	"github.com/kaleun/kaleun/internal/discordfake"
)

// sessionBot is the adapter over a service playing U-BOOT (a game played in
// live sessions), on the test's clock, which the fake's events are held
// against too.
func sessionBot(t *testing.T, f *discordfake.Server, path string, clock *testClock) *clockedBot {
	t.Helper()
	games, err := engine.NewRegistry(uboot.Game())
	if err != nil {
		t.Fatal(err)
	}
	f.SetNow(clock.now)
	b := &clockedBot{t: t, f: f, clock: clock, path: path, games: games}
	b.open()
	t.Cleanup(b.close)
	return b
}

// quick sends /game sub and returns its posts, waiting 50 ms after the
// first rather than Drain's second: these commands answer with one post.
func (b *clockedBot) quick(channel, user, game, sub string, opts ...discordfake.Option) []discordfake.Post {
	b.t.Helper()
	b.ids++
	if err := b.f.Command(fmt.Sprintf("q%d", b.ids), channel, user, false, game, sub, opts...); err != nil {
		b.t.Fatal(err)
	}
	return append([]discordfake.Post{b.f.Next(b.t)}, b.take()...)
}

// sessionReminders are the session reminders in the fake's channels (the
// game's own prompt reminders beside them are not counted).
func sessionReminders(f *discordfake.Server) []discordfake.Message {
	var out []discordfake.Message
	for _, m := range f.Messages() {
		if strings.Contains(m.Text(), "session") && strings.Contains(m.Text(), " starts in ") {
			out = append(out, m)
		}
	}
	return out
}

func postsSaying(posts []discordfake.Post, part string) []discordfake.Post {
	var out []discordfake.Post
	for _, p := range posts {
		b, _ := json.Marshal(p.Body) // a callback's data or a message's own fields
		if strings.Contains(string(b), part) {
			out = append(out, p)
		}
	}
	return out
}

// Issue 31.5: `/uboot schedule when:20:00 part:2` in a text channel makes
// an external Guild Scheduled Event naming the channel, whose link the
// reply posts; the bot is killed between the schedule and the reminder,
// and again after Discord has taken the reminder but before the delivery
// is recorded: the reminder, at 19:30, pings the Captain's holder and the
// starter who keeps the unclaimed roles, and is in the channel exactly
// once. One who holds no role may not schedule, and nothing reaches
// Discord for him.
func TestSessionThroughDiscordRemindsOnceAcrossKills(t *testing.T) {
	ctx := t.Context()
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)}
	path := filepath.Join(t.TempDir(), "k.db")
	b := sessionBot(t, f, path, clock)
	opt := func(k, v string) discordfake.Option { return discordfake.Option{Name: k, Value: v} }
	b.quick("c1", "bdu", "uboot", "new")
	b.quick("c1", "lemp", "uboot", "claim", opt("role", "captain"))

	posts := b.quick("c1", "topp", "uboot", "schedule", opt("when", "20:00"))
	if len(postsSaying(posts, "may schedule a session")) != 1 || len(f.ScheduledEvents()) != 0 {
		t.Fatalf("a player of no role scheduled: %d events, posts %v", len(f.ScheduledEvents()), posts)
	}
	posts = b.quick("c1", "lemp", "uboot", "schedule", opt("when", "20:00"), opt("part", "2"))
	evs := f.ScheduledEvents()
	if len(evs) != 1 {
		t.Fatalf("want one scheduled event, got %+v", evs)
	}
	ev := evs[0]
	if ev.EntityType != 3 || ev.Location != "Discord channel #c1" || ev.Name != "U-BOOT session, linked patrol part 2" ||
		!ev.Start.Equal(time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC)) || !ev.End.Equal(time.Date(2026, 12, 4, 23, 0, 0, 0, time.UTC)) || ev.PrivacyLevel != 2 {
		t.Fatalf("the event: %+v", ev)
	}
	if len(postsSaying(posts, "https://discord.com/events/g1/"+ev.ID)) != 1 {
		t.Fatalf("the reply does not post the event's link: %v", posts)
	}

	b.close() // killed between the schedule and the reminder: it is all in the database
	clock.pass(89 * time.Minute)
	b.open()
	if _, err := b.svc.RunTick(ctx, clock.now(), []string{"discord"}, b.a.Notify); err != nil || len(sessionReminders(f)) != 0 {
		t.Fatalf("a reminder at 19:29: %d, %v", len(sessionReminders(f)), err)
	}
	clock.pass(time.Minute)
	took, err := b.svc.Tick(ctx, clock.now())
	if err != nil || len(took) != 1 {
		t.Fatalf("the reminder at 19:30: %+v, %v", took, err)
	}
	for _, n := range took {
		if err := b.a.Notify(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	b.take()
	b.close() // killed once Discord has it, before it is recorded delivered
	clock.pass(bot.DefaultDeliveryLease + time.Second)
	b.open()
	if _, err := b.svc.RunTick(ctx, clock.now(), []string{"discord"}, b.a.Notify); err != nil {
		t.Fatal(err)
	}
	clock.pass(time.Hour)
	if _, err := b.svc.RunTick(ctx, clock.now(), []string{"discord"}, b.a.Notify); err != nil {
		t.Fatal(err)
	}
	reminders := sessionReminders(f)
	if len(reminders) != 1 {
		t.Fatalf("want the reminder once in the channel, got %d", len(reminders))
	}
	m := reminders[0]
	if m.Channel != "c1" || !strings.Contains(m.Text(), "U-BOOT session, linked patrol part 2 starts in 30 min, at 20:00 UTC") || !strings.Contains(m.Text(), ev.ID) {
		t.Fatalf("the reminder: %s in %s", m.Text(), m.Channel)
	}
	if who := m.Mentions(); !slices.Contains(who, "lemp") || !slices.Contains(who, "bdu") || slices.Contains(who, "topp") {
		t.Fatalf("the reminder pings %v, want the Captain (lemp) and the starter (bdu)", who)
	}
}

// A game kept in a voice channel gets a voice event of that channel;
// `schedule cancel` deletes it from Discord, and the bot's reminder with it.
func TestSessionInAVoiceChannelAndCancelledThroughDiscord(t *testing.T) {
	ctx := t.Context()
	f := discordfake.New(t)
	f.SetChannel("v1", discordfake.ChannelVoice, "Crew call")
	clock := &testClock{t: time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)}
	b := sessionBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	opt := func(k, v string) discordfake.Option { return discordfake.Option{Name: k, Value: v} }
	b.quick("v1", "bdu", "uboot", "new")
	b.quick("v1", "bdu", "uboot", "schedule", opt("when", "tomorrow 21:00"), opt("before", "1h"))
	evs := f.ScheduledEvents()
	if len(evs) != 1 || evs[0].EntityType != 2 || evs[0].Channel != "v1" || !evs[0].Start.Equal(time.Date(2026, 12, 5, 21, 0, 0, 0, time.UTC)) {
		t.Fatalf("want a voice event of v1 tomorrow at 21:00, got %+v", evs)
	}
	posts := b.quick("v1", "bdu", "uboot", "schedule", opt("action", "cancel"))
	if len(postsSaying(posts, "cancelled session")) != 1 || len(f.ScheduledEvents()) != 0 {
		t.Fatalf("cancel: %d events left, posts %v", len(f.ScheduledEvents()), posts)
	}
	if _, err := b.svc.RunTick(ctx, time.Date(2026, 12, 5, 20, 0, 0, 0, time.UTC), []string{"discord"}, b.a.Notify); err != nil || len(sessionReminders(f)) != 0 {
		t.Fatalf("a cancelled session's reminder: %d, %v", len(sessionReminders(f)), err)
	}
}

// A voice channel where the bot lacks Connect: Discord refuses the voice
// event (50013), and the session is an external event naming the channel.
func TestSessionInAVoiceChannelWithoutConnectIsExternal(t *testing.T) {
	f := discordfake.New(t)
	f.SetChannel("v2", discordfake.ChannelVoice, "Crew call")
	f.RefuseVoiceEvents("v2")
	clock := &testClock{t: time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)}
	b := sessionBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	b.quick("v2", "bdu", "uboot", "new")
	b.quick("v2", "bdu", "uboot", "schedule", discordfake.Option{Name: "when", Value: "21:00"})
	evs := f.ScheduledEvents()
	if len(evs) != 1 || evs[0].EntityType != 3 || evs[0].Location != "Discord channel #Crew call" || evs[0].Channel != "" {
		t.Fatalf("want an external event naming #Crew call, got %+v", evs)
	}
}
