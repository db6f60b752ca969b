package slack

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// slackBot is a Service and its Socket Mode adapter over a database, on the
// test's clock, which the test can stop and start again (a restart, a
// second replica, a database put back as it was).
type slackBot struct {
	t     *testing.T
	f     *slackfake.Server
	clock *slackClock
	path  string // the bbolt file, when openStore is nil
	// openStore opens the database (nil: the bbolt file at path).
	openStore func() (*persist.Store, error)
	a         *Adapter
	svc       *bot.Service
	store     *persist.Store
	envs      int
}

func startSlackBot(t *testing.T, f *slackfake.Server, clock *slackClock, path string, openStore func() (*persist.Store, error)) *slackBot {
	t.Helper()
	b := &slackBot{t: t, f: f, clock: clock, path: path, openStore: openStore}
	b.open()
	t.Cleanup(b.close)
	return b
}

func (b *slackBot) open() {
	b.t.Helper()
	open := b.openStore
	if open == nil {
		open = func() (*persist.Store, error) { return persist.Open(b.path) }
	}
	store, err := open()
	if err != nil {
		b.t.Fatal(err)
	}
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	n := 0
	svc := bot.New(store, games, bot.Options{Now: b.clock.now, NewSeed: fixedSeed,
		NewID:     func() (string, error) { n++; return fmt.Sprintf("g%d-%d", b.clock.t.Unix(), n), nil },
		Reminders: []time.Duration{time.Hour, 2 * time.Hour}, Deadline: 3 * time.Hour})
	a, err := New(Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: b.f.APIURL()}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		b.t.Fatal(err)
	}
	if err := a.Start(b.t.Context()); err != nil {
		b.t.Fatal(err)
	}
	<-b.f.Open()
	svc.UseThreads("slack", a)
	b.a, b.svc, b.store = a, svc, store
}

func (b *slackBot) close() {
	if b.a == nil {
		return
	}
	b.a.Close()
	b.svc.Wait()
	b.store.Close()
	b.a = nil
}

// snapshot copies the database file aside, the bot stopped for it; restore
// stops the bot, puts the copy back and starts it again: whatever was
// written in between is lost, as when the process is killed before it
// writes it.
func (b *slackBot) snapshot() (restore func()) {
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

func (b *slackBot) slash(user, text string) {
	b.t.Helper()
	b.envs++
	slashThrough(b.t, b.f, fmt.Sprint("e", b.envs), "C1", user, "/hunters", text)
}

// startCup creates a Top Tonnage tournament of two in C1 and starts it:
// each career waits for its Start in a thread of its own, and the
// standings are posted in C1.
func (b *slackBot) startCup() {
	b.t.Helper()
	b.slash("UORG", "tournament create format:top length:short boat:VIIC name:Cup")
	b.slash("ULEMP", "tournament join")
	b.slash("UTOPP", "tournament join")
	b.slash("UORG", "tournament start")
	b.take()
}

// take collects what has been posted by now (Notify posts synchronously).
func (b *slackBot) take() []url.Values {
	var out []url.Values
	for {
		select {
		case p := <-b.f.Posts():
			out = append(out, p)
		case <-time.After(100 * time.Millisecond):
			return out
		}
	}
}

// deliver hands a tick's notices to the adapter under their delivery keys
// (tag and their place in the tick), as an attempt or as a retry.
func (b *slackBot) deliver(tag string, notices []bot.Notice, retry bool) []url.Values {
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

// made are the posts that made a message: chat.postMessage and the share
// of an upload.
func made(posts []url.Values) []url.Values {
	var out []url.Values
	for _, p := range posts {
		if m := p.Get("_method"); m == "/api/chat.postMessage" || m == "/api/files.completeUploadExternal" {
			out = append(out, p)
		}
	}
	return out
}

func forms(ps []url.Values) string {
	b, _ := json.Marshal(ps)
	return string(b)
}

// Task: a tick's notices delivered, then delivered again with Retry — as
// after a replica killed once Slack had the messages but before anything
// was recorded (the database as it was before the delivery), and again
// after all was recorded — show each message exactly once: the reminders
// in the careers' threads (the last also as a direct message), the
// deadline's results in the Start prompts' own messages, the next prompts,
// the standings updated in place, a message with a picture and its upload,
// a result with a picture (its upload not repeated by the update's retry).
// Without a key, a notice delivered twice is posted twice, as before. It
// fails without the metadata, or with the history read without
// include_all_metadata (every retry posts again).
func TestARetriedTickShowsEachMessageOnceThroughSlack(t *testing.T) {
	f := slackfake.New(t)
	clock := &slackClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
	b := startSlackBot(t, f, clock, filepath.Join(t.TempDir(), "k.db"), nil)
	b.startCup()
	picture := bot.Notice{Place: chat.Place{Platform: "slack", Space: "T1", Channel: "C1"},
		Channel:  []chat.Message{{Text: "the mat", Files: []chat.File{{Name: "mat.png", ContentType: "image/png", Data: []byte("png")}}}},
		DirectTo: "ULEMP", Direct: []chat.Message{{Text: "⏰ a direct reminder"}}}
	// A prompt whose result comes with a picture: its update is idempotent,
	// its upload is not.
	c1 := chat.Place{Platform: "slack", Space: "T1", Channel: "C1"}
	if err := b.a.Notify(t.Context(), bot.Notice{Place: c1, Channel: []chat.Message{{Text: "aim?", Ref: "gx:7", Options: []chat.Option{{ID: "k1:gx:7:a", Label: "Aim"}}}}}); err != nil {
		t.Fatal(err)
	}
	b.take()
	picture.Answered = []chat.Answer{{Ref: "gx:7", Message: chat.Message{Text: "aimed", Files: []chat.File{{Name: "salvo.png", ContentType: "image/png", Data: []byte("png")}}}}}
	for hour := 1; hour <= 3; hour++ {
		clock.t = clock.t.Add(time.Hour)
		notices, err := b.svc.Tick(t.Context(), clock.now())
		if err != nil {
			t.Fatal(err)
		}
		if hour == 1 {
			notices = append(notices, picture)
		}
		tag := fmt.Sprintf("tick%d", hour)
		restore := b.snapshot()
		first := b.deliver(tag, notices, false)
		count := len(f.Messages())
		if len(made(first)) == 0 {
			t.Fatalf("%s: the first attempt posted nothing: %s", tag, forms(first))
		}
		for _, p := range made(first) {
			if p.Get("_method") != "/api/chat.postMessage" {
				continue
			}
			var meta struct {
				EventType    string         `json:"event_type"`
				EventPayload map[string]any `json:"event_payload"`
			}
			json.Unmarshal([]byte(p.Get("metadata")), &meta)
			if key, _ := meta.EventPayload["key"].(string); meta.EventType != "kaleun_delivery" || !strings.HasPrefix(key, tag+".") {
				t.Fatalf("%s: a message under a delivery key went without it: %v", tag, p)
			}
		}
		restore()
		again := b.deliver(tag, notices, true)
		once := b.deliver(tag, notices, true)
		if n := len(f.Messages()); n != count || len(made(again)) != 0 || len(made(once)) != 0 {
			t.Fatalf("%s: retried, the notices made %d messages more (%s; then %s)", tag, n-count, forms(made(again)), forms(made(once)))
		}
	}
	seen := map[string]int{}
	results, files := 0, 0
	for _, m := range f.Messages() {
		if m.Ephemeral {
			continue
		}
		files += len(m.Files)
		b, _ := json.Marshal(m.Blocks)
		seen[m.Channel+"\x00"+m.Thread+"\x00"+m.Text+"\x00"+string(b)+"\x00"+strings.Join(m.Files, ",")]++
		if strings.Contains(m.Text, "did not press Start in time") {
			results++
			if len(m.Values()) > 0 || m.Edits == 0 {
				t.Errorf("a deadline's result is not the Start prompt's own message, updated: %+v", m)
			}
		}
	}
	for k, n := range seen {
		if n > 1 {
			t.Errorf("%d messages read %q", n, strings.ReplaceAll(k, "\x00", " | "))
		}
	}
	if results != 2 || files != 2 {
		t.Errorf("%d messages show a career started at its deadline (want 2), %d files shared (want 2)", results, files)
	}

	plain := bot.Notice{Place: chat.Place{Platform: "slack", Space: "T1", Channel: "C7"}, Channel: []chat.Message{{Text: "no key"}}}
	for i := 0; i < 2; i++ {
		if err := b.a.Notify(t.Context(), plain); err != nil {
			t.Fatal(err)
		}
	}
	posts := made(b.take())
	if len(posts) != 2 || posts[0].Has("metadata") || posts[1].Has("metadata") {
		t.Fatalf("a notice without a key, delivered twice: %s", forms(posts))
	}
}

// Task 2 on Slack: replica A posts a tournament's Start prompts and its
// standings; replica B, another Service and adapter over the same
// PostgreSQL database, delivers the reminders (which link to A's prompts)
// and the deadline, and updates A's prompts into their results and A's
// standings message — nothing posted anew. Then the same with one process
// over a bbolt file, restarted in between.
func TestResultsAndStandingsOutliveTheProcessThroughSlack(t *testing.T) {
	t.Run("postgres, two replicas", func(t *testing.T) {
		url := pgtest.URL(t)
		open := func() (*persist.Store, error) { return persist.OpenPostgres(t.Context(), url) }
		f := slackfake.New(t)
		clock := &slackClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
		a := startSlackBot(t, f, clock, "", open)
		a.startCup()
		b := startSlackBot(t, f, clock, "", open) // connects last: the envelopes are its
		testResultsUpdatedElsewhere(t, f, clock, b)
	})
	t.Run("bbolt, restarted", func(t *testing.T) {
		f := slackfake.New(t)
		clock := &slackClock{t: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)}
		b := startSlackBot(t, f, clock, filepath.Join(t.TempDir(), "k.db"), nil)
		b.startCup()
		b.close()
		b.open()
		testResultsUpdatedElsewhere(t, f, clock, b)
	})
}

func testResultsUpdatedElsewhere(t *testing.T, f *slackfake.Server, clock *slackClock, b *slackBot) {
	t.Helper()
	var starts []slackfake.Message
	var standings slackfake.Message
	for _, m := range f.Messages() {
		for _, v := range m.Values() {
			if strings.Contains(v, ":start:") && !strings.Contains(v, ":__") && (len(starts) == 0 || starts[len(starts)-1].TS != m.TS) {
				starts = append(starts, m)
			}
		}
		b, _ := json.Marshal(m.Blocks)
		if m.Channel == "C1" && m.Thread == "" && strings.Contains(string(b), "Standings: Cup") {
			standings = m
		}
	}
	if len(starts) != 2 || standings.TS == "" {
		t.Fatalf("the Cup's Start prompts %d and standings %q", len(starts), standings.TS)
	}
	for hour := 1; hour <= 2; hour++ {
		clock.t = clock.t.Add(time.Hour)
		for _, p := range made(b.deliver(fmt.Sprint("remind", hour), tick(t, b), false)) {
			link0 := "/p" + strings.ReplaceAll(starts[0].TS, ".", "")
			link1 := "/p" + strings.ReplaceAll(starts[1].TS, ".", "")
			if !strings.Contains(p.Get("blocks"), link0+"|") && !strings.Contains(p.Get("blocks"), link1+"|") {
				t.Errorf("a reminder links elsewhere than to its prompt's message: %s", p.Get("blocks"))
			}
		}
	}
	before := len(f.Messages())
	clock.t = clock.t.Add(time.Hour)
	posts := b.deliver("deadline", tick(t, b), false)
	byTS := map[string]slackfake.Message{}
	for _, m := range f.Messages() {
		byTS[m.Channel+"/"+m.TS] = m
	}
	for _, s := range starts {
		m := byTS[s.Channel+"/"+s.TS]
		if len(m.Values()) > 0 || !strings.Contains(m.Text, "did not press Start in time") {
			t.Errorf("the Start prompt %s was not updated into its result: %q", s.TS, m.Text)
		}
	}
	if m := byTS["C1/"+standings.TS]; m.Edits == 0 {
		t.Errorf("the standings message was not updated")
	}
	for _, p := range made(posts) {
		if strings.Contains(p.Get("text"), "did not press Start in time") || strings.Contains(p.Get("blocks"), "Standings: Cup") {
			t.Errorf("posted anew rather than updated: %s", p.Get("text"))
		}
	}
	if n := len(f.Messages()) - before; n != 2 {
		t.Errorf("the deadline made %d messages, want the two careers' first decisions: %s", n, forms(made(posts)))
	}
}

func tick(t *testing.T, b *slackBot) []bot.Notice {
	t.Helper()
	notices, err := b.svc.Tick(t.Context(), b.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	return notices
}
