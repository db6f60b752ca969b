package discord

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/persist"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// startCup creates a Top Tonnage tournament of two in c1 and starts it:
// each career waits for its Start in a thread of its own, and the
// standings are posted in c1.
func startCup(b *clockedBot) {
	b.t.Helper()
	opt := func(k, v string) discordfake.Option { return discordfake.Option{Name: k, Value: v} }
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "create"), opt("format", "top"), opt("length", "short"), opt("boat", "VIIC"), opt("name", "Cup"))
	b.command("c1", "lemp", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "topp", "hunters", "tournament", opt("action", "join"))
	b.command("c1", "bdu", "hunters", "tournament", opt("action", "start"))
}

// snapshot copies the bot's database file aside, the bot stopped for it;
// restore stops the bot, puts the copy back and starts it again: whatever
// was written in between is lost, as when the process is killed before it
// writes it.
func (b *clockedBot) snapshot() (restore func()) {
	b.t.Helper()
	b.close()
	saved := b.path + ".snapshot"
	copyFile(b.t, saved, b.path)
	b.open()
	return func() {
		b.t.Helper()
		b.close()
		copyFile(b.t, b.path, saved)
		b.open()
	}
}

func copyFile(t *testing.T, dst, src string) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// deliver hands a tick's notices to the adapter under their delivery keys
// (tag and their place in the tick), as an attempt or as a retry.
func (b *clockedBot) deliver(tag string, notices []bot.Notice, retry bool) []discordfake.Post {
	b.t.Helper()
	for i, n := range notices {
		n.Delivery, n.Retry = fmt.Sprintf("%s.%d", tag, i), retry
		if err := b.a.Notify(b.t.Context(), n); err != nil {
			b.t.Fatalf("%s, notice %d (retry %v): %v", tag, i, retry, err)
		}
	}
	// Taken by the platform: recorded delivered, as the ticker does (a
	// notice of a tick stays due until then).
	if err := b.svc.Delivered(b.t.Context(), notices); err != nil {
		b.t.Fatal(err)
	}
	return b.take()
}

// created are the posts that made a new channel message.
func created(posts []discordfake.Post) []discordfake.Post {
	var out []discordfake.Post
	for _, p := range posts {
		if p.Route == "POST /api/v9/channels/{channel}/messages" {
			out = append(out, p)
		}
	}
	return out
}

// longNotice is a message too long for one Discord message, and a direct
// message, as a tick would deliver them.
func longNotice() bot.Notice {
	var lines []chat.Line
	for i := 0; i < 150; i++ {
		lines = append(lines, chat.Line{Text: fmt.Sprintf("line %02d %s", i, strings.Repeat("·", 70))})
	}
	return bot.Notice{Place: chat.Place{Platform: "discord", Space: "g1", Channel: "c1"},
		Channel:  []chat.Message{{Title: "Long", Lines: lines}, {Text: "the mat", Files: []chat.File{{Name: "mat.png", ContentType: "image/png", Data: []byte("png")}}}},
		DirectTo: "lemp", Direct: []chat.Message{{Text: "⏰ a direct reminder"}}}
}

// Task: a tick's notices delivered, then delivered again with Retry — as
// after a replica killed once Discord had created the messages but before
// anything was recorded (the database as it was before the delivery), and
// again after all was recorded — show each message exactly once: the
// reminders (the last also as a direct message), the deadline's results in
// the prompts' own messages, the next prompts, the standings edited in
// place, a long message's parts, a picture, a result with a picture (not
// attached twice by the edit's retry). Without a key, a notice
// delivered twice is posted twice, as before. It fails without the nonce
// (every retry posts again), and without the marks of the results shown
// (the third attempt posts the results as new messages).
func TestARetriedTickShowsEachMessageOnceThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	startCup(b)
	// A prompt whose result comes with a picture: an edit attaches it anew.
	c1 := chat.Place{Platform: "discord", Space: "g1", Channel: "c1"}
	if err := b.a.Notify(t.Context(), bot.Notice{Place: c1, Channel: []chat.Message{{Text: "aim?", Ref: "gx:7", Options: []chat.Option{{ID: "k1:gx:7:a", Label: "Aim"}}}}}); err != nil {
		t.Fatal(err)
	}
	b.take()
	for hour := 1; hour <= 3; hour++ {
		clock.pass(time.Hour)
		notices, err := b.svc.Tick(t.Context(), clock.now())
		if err != nil {
			t.Fatal(err)
		}
		if hour == 1 {
			long := longNotice()
			long.Answered = []chat.Answer{{Ref: "gx:7", Message: chat.Message{Text: "aimed", Files: []chat.File{{Name: "salvo.png", ContentType: "image/png", Data: []byte("png")}}}}}
			notices = append(notices, long)
		}
		tag := fmt.Sprintf("tick%d", hour)
		restore := b.snapshot()
		first := b.deliver(tag, notices, false)
		made := len(f.Messages())
		if len(created(first)) == 0 {
			t.Fatalf("%s: the first attempt posted nothing: %s", tag, text(first))
		}
		for _, p := range created(first) {
			if nonce, _ := p.Body["nonce"].(string); len(nonce) != 25 || p.Body["enforce_nonce"] != true {
				t.Fatalf("%s: a message under a delivery key went without its nonce: %v", tag, p.Body)
			}
		}
		restore()
		again := b.deliver(tag, notices, true)
		once := b.deliver(tag, notices, true)
		if n := len(f.Messages()); n != made || len(created(again)) != 0 || len(created(once)) != 0 {
			t.Fatalf("%s: retried, the notices made %d messages more (%s; then %s)", tag, n-made, text(created(again)), text(created(once)))
		}
	}
	// Every message once, and the deadline's results in the Start prompts.
	seen := map[string]int{}
	results := 0
	for _, m := range f.Messages() {
		if m.Ephemeral || m.Channel == "" {
			continue
		}
		seen[m.Channel+"\x00"+m.Text()+"\x00"+strings.Join(m.Files, ",")]++
		if strings.Contains(m.Text(), "did not press Start in time") {
			results++
			if m.Live() || m.Edits == 0 {
				t.Errorf("a deadline's result is not the Start prompt's own message, edited: %+v", m)
			}
		}
	}
	for k, n := range seen {
		if n > 1 {
			t.Errorf("%d messages read %q", n, strings.ReplaceAll(k, "\x00", " | "))
		}
	}
	if results != 2 {
		t.Errorf("%d messages show a career started at its deadline, want 2", results)
	}
	parts := 0
	for _, m := range f.Messages() {
		if strings.Contains(m.Content, "line 00") || strings.Contains(m.Content, "line 59") || (strings.HasPrefix(m.Content, "line ") && m.Channel == "c1") {
			parts++
		}
	}
	if parts < 3 {
		t.Errorf("the long message came in %d parts, want at least 3", parts)
	}
	for _, m := range f.Messages() {
		if strings.Contains(m.Content, "aimed") && (m.Live() || strings.Join(m.Files, ",") != "salvo.png") {
			t.Errorf("the result with a picture, edited in and retried: %+v", m)
		}
	}

	// Without a key: posted again, with no nonce.
	plain := bot.Notice{Place: chat.Place{Platform: "discord", Space: "g1", Channel: "c7"}, Channel: []chat.Message{{Text: "no key"}}}
	for i := 0; i < 2; i++ {
		if err := b.a.Notify(t.Context(), plain); err != nil {
			t.Fatal(err)
		}
	}
	posts := created(b.take())
	if len(posts) != 2 || posts[0].Body["nonce"] != nil || posts[1].Body["enforce_nonce"] != nil {
		t.Fatalf("a notice without a key, delivered twice: %s", text(posts))
	}
}

// The guarantee's edge: a retry after Discord's nonce window (a lone
// replica restarted after a long time) posts the notice's messages again —
// but not a result already shown in its prompt's message, which the store
// remembers for persist.ShownKept.
func TestARetryAfterTheNonceWindowThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
	startCup(b)
	b.take()
	clock.pass(3 * time.Hour)
	notices, err := b.svc.Tick(t.Context(), clock.now())
	if err != nil {
		t.Fatal(err)
	}
	first := created(b.deliver("late", notices, false))
	f.SetNonceWindow(0)
	again := b.deliver("late", notices, true)
	if len(created(again)) != len(first) {
		t.Fatalf("after the nonce window a retry posted %d of the %d messages again, want all", len(created(again)), len(first))
	}
	if strings.Contains(text(created(again)), "did not press Start in time") {
		t.Fatalf("a result already shown in its prompt was posted again: %s", text(created(again)))
	}
}

// Task 2: where prompts and the standings were posted is in the database,
// not in a process: replica A posts a tournament's Start prompts and its
// standings; replica B (another Service and adapter over the same
// PostgreSQL database) delivers the deadline, and edits A's prompts into
// their results and A's standings message — nothing posted anew. Then the
// same with one process over a bbolt file, restarted in between. It fails
// with the messages remembered in memory (B posts the results and the
// standings as new messages).
func TestResultsAndStandingsOutliveTheProcessThroughDiscord(t *testing.T) {
	t.Run("postgres, two replicas", func(t *testing.T) {
		url := pgtest.URL(t)
		open := func() (*persist.Store, error) { return persist.OpenPostgres(t.Context(), url) }
		f := discordfake.New(t)
		clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
		a := startClockedBotOn(t, f, "", clock, open)
		startCup(a)
		a.take()
		b := startClockedBotOn(t, f, "", clock, open) // connects last: the interactions are its
		testResultsEditedElsewhere(t, f, clock, b)
	})
	t.Run("bbolt, restarted", func(t *testing.T) {
		f := discordfake.New(t)
		clock := &testClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
		b := startClockedBot(t, f, filepath.Join(t.TempDir(), "k.db"), clock)
		startCup(b)
		b.take()
		b.restart()
		testResultsEditedElsewhere(t, f, clock, b)
	})
}

// testResultsEditedElsewhere: b, which posted none of the Cup's messages,
// delivers its reminders, which link to the Start prompts' messages, and
// its deadline: the Start prompts and the standings are edited; the only
// new messages are the careers' first decisions.
func testResultsEditedElsewhere(t *testing.T, f *discordfake.Server, clock *testClock, b *clockedBot) {
	t.Helper()
	var starts []string
	standings := ""
	for _, m := range f.Messages() {
		for _, id := range m.CustomIDs() {
			if strings.Contains(id, ":start:") && !strings.Contains(id, ":__") && !slices.Contains(starts, m.ID) {
				starts = append(starts, m.ID)
			}
		}
		if m.Channel == "c1" && strings.Contains(m.Text(), "Standings: Cup") {
			standings = m.ID
		}
	}
	if len(starts) != 2 || standings == "" {
		t.Fatalf("the Cup's Start prompts %v and standings %q", starts, standings)
	}
	// The reminders link to the prompts another process posted.
	for hour := 1; hour <= 2; hour++ {
		clock.pass(time.Hour)
		for _, p := range created(b.tick()) {
			txt := discordfake.Text(p)
			if !strings.Contains(txt, "/"+starts[0]+")") && !strings.Contains(txt, "/"+starts[1]+")") {
				t.Errorf("a reminder links elsewhere than to its prompt's message %v: %q", starts, txt)
			}
		}
	}
	before := len(f.Messages())
	clock.pass(time.Hour)
	posts := b.tick()
	for _, id := range starts {
		m, _ := f.MessageByID(id)
		if m.Live() || !strings.Contains(m.Text(), "did not press Start in time") {
			t.Errorf("the Start prompt %s was not edited into its result: %q", id, m.Text())
		}
	}
	if m, _ := f.MessageByID(standings); m.Edits == 0 || strings.Contains(m.Text(), "waiting for the Start") {
		t.Errorf("the standings message was not edited: %q", m.Text())
	}
	for _, p := range created(posts) {
		if strings.Contains(discordfake.Text(p), "did not press Start in time") || strings.Contains(discordfake.Text(p), "Standings: Cup") {
			t.Errorf("posted anew rather than edited: %s", discordfake.Text(p))
		}
	}
	if n := len(f.Messages()) - before; n != 2 {
		t.Errorf("the deadline made %d messages, want the two careers' first decisions: %s", n, text(created(posts)))
	}
}
