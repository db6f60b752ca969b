package slack

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboot"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
	"github.com/slack-go/slack"
)

// lockedClock is the service's clock, which the fake reads from its own
// goroutines.
type lockedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *lockedClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *lockedClock) pass(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// sessionSlack is the Socket Mode adapter over a service playing U-BOOT on
// the database at path; stop closes it all, as a killed process leaves it
// (every commit is in the file).
type sessionSlack struct {
	a   *Adapter
	svc *bot.Service
}

func openSessionSlack(t *testing.T, f *slackfake.Server, path string, clock *lockedClock) (*sessionSlack, func()) {
	t.Helper()
	store, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.NewRegistry(uboot.Game())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	svc := bot.New(store, games, bot.Options{Now: clock.now, NewSeed: fixedSeed,
		NewID: func() (string, error) { n++; return fmt.Sprintf("g%d", n), nil }})
	a, err := New(Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-f.Open()
	svc.UseSessions("slack", a)
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			a.Close()
			svc.Wait()
			store.Close()
		}
	}
	t.Cleanup(stop)
	return &sessionSlack{a: a, svc: svc}, stop
}

// slashAck sends a slash command and returns its ack, which holds the
// command's answer (not waiting for Drain's quiet second).
func slashAck(t *testing.T, f *slackfake.Server, env, channel, user, command, text string) map[string]any {
	t.Helper()
	f.SlashIn(env, channel, user, command, text)
	return f.Ack(t)
}

// regexpID reads the id of the session of Saturday from `schedule list`.
var regexpID = regexp.MustCompile("• `([a-z0-9]+)` U-BOOT session: Sat")

func slackSessionReminders(f *slackfake.Server) []slackfake.Message {
	var out []slackfake.Message
	for _, m := range f.Messages() {
		if strings.Contains(m.AllText(), "session") && strings.Contains(m.AllText(), " starts in ") {
			out = append(out, m)
		}
	}
	return out
}

// Issue 31.5 on Slack, which has no events: `/uboot schedule when:20:00
// part:3` schedules a channel message with chat.scheduleMessage for 20:00
// (listed by chat.scheduledMessages.list, posted by Slack at its time),
// and the bot reminds the crew at 19:30, once, though it is killed between
// the schedule and the reminder and again after Slack took the reminder
// before it was recorded. A second session, cancelled, leaves Slack's
// schedule (chat.deleteScheduledMessage) and is reminded of by no one.
func TestSessionThroughSlackRemindsOnceAcrossKills(t *testing.T) {
	ctx := t.Context()
	f := slackfake.New(t)
	clock := &lockedClock{t: time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)}
	f.SetNow(clock.now)
	path := filepath.Join(t.TempDir(), "k.db")
	b, stop := openSessionSlack(t, f, path, clock)
	slashAck(t, f, "e1", "C1", "U1", "/uboot", "new")
	slashAck(t, f, "e2", "C1", "U2", "/uboot", "claim captain")
	ack := slashAck(t, f, "e3", "C1", "U2", "/uboot", "schedule when:20:00 part:3")
	if !strings.Contains(ackText(ack), "U-BOOT session, linked patrol part 3: Fri 4 Dec 2026 20:00 UTC") {
		t.Fatalf("the schedule's answer: %s", ackText(ack))
	}
	ack = slashAck(t, f, "e4", "C1", "U2", "/uboot", `schedule when:"tomorrow 21:00"`)
	if !strings.Contains(ackText(ack), "Sat 5 Dec 2026 21:00 UTC") {
		t.Fatalf("the second schedule's answer: %s", ackText(ack))
	}
	ack = slashAck(t, f, "e5", "C1", "U9", "/uboot", "schedule when:22:00")
	if !strings.Contains(ackText(ack), "may schedule a session") {
		t.Fatalf("one of no role scheduled: %s", ackText(ack))
	}
	api := slack.New("xoxb-test", slack.OptionAPIURL(f.APIURL()+"/"))
	listed, _, err := api.GetScheduledMessages(&slack.GetScheduledMessagesParameters{Channel: "C1"})
	if err != nil || len(listed) != 2 || listed[0].PostAt != int(time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC).Unix()) || !strings.Contains(listed[0].Text, "linked patrol part 3 starts now") {
		t.Fatalf("Slack's scheduled messages: %+v, %v", listed, err)
	}
	ack = slashAck(t, f, "e6", "C1", "U1", "/uboot", "schedule list")
	id := regexpID.FindStringSubmatch(ackText(ack))
	if len(id) < 2 {
		t.Fatalf("the list: %s", ackText(ack))
	}
	ack = slashAck(t, f, "e7", "C1", "U1", "/uboot", "schedule cancel session:"+id[1])
	if !strings.Contains(ackText(ack), "cancelled session "+id[1]) {
		t.Fatalf("cancel: %s", ackText(ack))
	}
	if left := f.ScheduledMessages(); len(left) != 1 || !strings.Contains(left[0].Text, "part 3") {
		t.Fatalf("after the cancel Slack holds %+v", left)
	}

	stop() // killed between the schedule and the reminder
	clock.pass(90 * time.Minute)
	b, stop = openSessionSlack(t, f, path, clock)
	took, err := b.svc.Tick(ctx, clock.now())
	if err != nil || len(took) != 1 {
		t.Fatalf("the reminder at 19:30: %+v, %v", took, err)
	}
	if err := b.a.Notify(ctx, took[0]); err != nil {
		t.Fatal(err)
	}
	stop() // killed once Slack has it, before it is recorded delivered
	clock.pass(bot.DefaultDeliveryLease + time.Second)
	b, _ = openSessionSlack(t, f, path, clock)
	tickThrough(t, f, b.a, b.svc, clock.now())
	clock.pass(24 * time.Hour) // past the cancelled one's time too
	tickThrough(t, f, b.a, b.svc, clock.now())
	got := slackSessionReminders(f)
	if len(got) != 1 {
		t.Fatalf("want the reminder once, got %d", len(got))
	}
	if m := got[0]; m.Channel != "C1" || !strings.Contains(m.AllText(), "linked patrol part 3 starts in 30 min, at 20:00 UTC") ||
		!slices.Contains(m.Pinged, "U2") || !slices.Contains(m.Pinged, "U1") || slices.Contains(m.Pinged, "U9") {
		t.Fatalf("the reminder: %q in %s, pinging %v", m.AllText(), m.Channel, m.Pinged)
	}
	if n := f.PostDue(); n != 1 {
		t.Fatalf("Slack posts %d scheduled messages by now, want the one left", n)
	}
}
