package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
)

// A click whose decision committed and whose reply died with its process:
// `kaleun serve` is killed with SIGKILL while its answer to the click is on
// its way to Discord (a proxy keeps it from Discord), so the channel still
// shows the prompt with its buttons. Started again, the bot answers the
// player's second click on that prompt with the result the first one
// decided — the prompt's message becomes it, the next prompt follows — and
// not with "already taken" (which a click there says once it is shown);
// the game was decided once.
func TestAClickWhoseReplyDiedWithItsProcessIsShownOnTheNextClick(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	bin := kaleunBinary(t)
	f := discordfake.New(t)
	proxy := newHoldingProxy(t, f.URL)
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	serve := newServeProcess(t, bin, writeServeConfig(t, dir, `[database]
path = "`+db+`"
[log]
format = "json"
[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = ["g1"]
api_base = "`+proxy.URL+`"
`))
	serve.start()
	awaitDiscord(t, f)
	if err := f.Command("i1", "c1", "u1", false, "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"}); err != nil {
		t.Fatal(err)
	}
	answerTo(t, f, "i1")
	// livePrompt is the first message of the channel with a decision's
	// button, and that button.
	livePrompt := func() (discordfake.Message, string, bool) {
		for _, m := range f.Messages() {
			if m.Channel != "c1" || !m.Live() {
				continue
			}
			for _, id := range m.CustomIDs() {
				if i := strings.LastIndex(id, ":"); !strings.HasPrefix(id[i+1:], "__") {
					return m, id, true
				}
			}
		}
		return discordfake.Message{}, "", false
	}
	prompt := func() (discordfake.Message, string) {
		t.Helper()
		m, id, ok := livePrompt()
		if !ok {
			t.Fatal("no live prompt in the channel")
		}
		return m, id
	}
	start, id := prompt()
	if err := f.ClickOn("i2", start.ID, "u1", id); err != nil {
		t.Fatal(err)
	}
	answerTo(t, f, "i2")
	// The follow-ups: the first decision's prompt.
	awaitCondition(t, "the first decision after the Start", 20*time.Second, func() bool {
		_, next, ok := livePrompt()
		return ok && next != id
	})

	waiting, id := prompt()
	proxy.holdReply()
	if err := f.ClickOn("i3", waiting.ID, "u1", id); err != nil {
		t.Fatal(err)
	}
	select {
	case <-proxy.held:
	case <-time.After(30 * time.Second):
		t.Fatal("the click was not answered")
	}
	serve.kill9()
	if m, _ := f.MessageByID(waiting.ID); !m.Live() || m.Text() != waiting.Text() {
		t.Fatalf("the prompt changed though its reply never reached Discord: %q", m.Text())
	}
	before := len(f.Messages())

	serve.start()
	awaitDiscord(t, f)
	if err := f.ClickOn("i4", waiting.ID, "u1", id); err != nil {
		t.Fatal(err)
	}
	answerTo(t, f, "i4")
	// The result in the prompt's message, then the next prompt below it.
	awaitCondition(t, "the prompt's message turned into its result, and a next prompt", 20*time.Second, func() bool {
		m, _ := f.MessageByID(waiting.ID)
		_, _, next := livePrompt()
		return !m.Live() && next
	})
	m, _ := f.MessageByID(waiting.ID)
	if m.Live() || !strings.Contains(m.Text(), "✅") || strings.Contains(m.Text(), "already taken") {
		t.Fatalf("the second click did not show the first one's result in the prompt's message: %q", m.Text())
	}
	next, _ := prompt()
	if next.ID == waiting.ID || len(f.Messages()) <= before {
		t.Fatal("no next prompt after the result shown again")
	}
	// Shown now: a click there is a stale one again.
	if err := f.ClickOn("i5", waiting.ID, "u1", id); err != nil {
		t.Fatal(err)
	}
	answerTo(t, f, "i5") // the clicked message, its buttons taken off; then the note
	awaitCondition(t, "the note that the decision was already taken", 20*time.Second, func() bool {
		return countIn(f, "", "already taken") > 0
	})
	if countIn(f, "", "already taken") != 1 {
		t.Fatal("a click on the result shown does not say the decision was already taken")
	}
	if !strings.Contains(serve.log.String(), "result shown again") {
		t.Errorf("the log does not say the result was shown again:\n%s", tail(serve.log.String(), 2000))
	}
	serve.stop()
	// The game was decided once: its log verifies, one decision per click.
	out, err := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("audit: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`\brunning\s+1\s`).Match(out) {
		t.Fatalf("the game is not running with its one decision:\n%s", out)
	}
}
