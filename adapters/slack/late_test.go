package slack

import (
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// gatedRules is The Hunters whose career outlook (10,000 simulated careers,
// the slowest answer there is) waits for the test to let it come.
type gatedRules struct {
	*hunters.Rules
	release chan struct{}
}

func (r gatedRules) Outlook(setup []byte, workers int) (string, error) {
	<-r.release
	return r.Rules.Outlook(setup, workers)
}

// lateBot is the adapter over gated rules, acknowledging every slash
// command at once (deferAfter 0: every answer is late).
func lateBot(t *testing.T, cfg Config) (a *Adapter, release func()) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := hunters.NewRules()
	gate := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	games := engine.Described(map[string]engine.Rules{"hunters": gatedRules{h, gate}})
	a, err = New(cfg, bot.New(store, games, bot.Options{NewSeed: fixedSeed, NewID: fixedID}), games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	a.deferAfter = 0
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { release(); a.Close(); store.Close() })
	return a, release
}

// lateAnswer waits for what the bot posts through a response_url until one
// says want.
func lateAnswer(t *testing.T, f *slackfake.Server, want string) map[string][]string {
	t.Helper()
	guard := time.After(20 * time.Second) // a guard, not a wait
	for {
		select {
		case p := <-f.Posts():
			if p.Get("_method") == "/response" && strings.Contains(p.Get("text"), want) {
				return p
			}
		case <-guard:
			t.Fatalf("nothing posted through the response_url says %q", want)
		}
	}
}

// A slash command that takes long (`odds` before the Start: a career
// outlook) is acknowledged at once, in HTTP mode with an empty 200 that
// is whole while the command still runs, and its answer comes through the
// command's response_url, to its user alone, as the immediate answer would
// (issue 28, item 8: Slack's three seconds passed).
func TestSlowSlashCommandIsAnsweredThroughItsResponseURLOverHTTP(t *testing.T) {
	f := slackfake.New(t)
	a, release := lateBot(t, Config{Mode: "http", BotToken: "xoxb-test", SigningSecret: testSecret, Listen: "127.0.0.1:0", APIBase: f.APIURL()})
	app := f.HTTPApp("http://"+a.Addr, testSecret)
	ans, err := app.Send(app.Slash("c1", "C1", "U1", "/hunters", "new boat=VIIC start=1943-02"))
	if err != nil || ans.Status != http.StatusOK || ans.Body != "" {
		t.Fatalf("new: %+v %v", ans, err)
	}
	lateAnswer(t, f, "Start")
	ans, err = app.Send(app.Slash("c2", "C1", "U1", "/hunters", "odds")) // the outlook is held: the command is still running
	if err != nil || ans.Status != http.StatusOK || ans.Body != "" {
		t.Fatalf("odds: %+v %v", ans, err)
	}
	release()
	lateAnswer(t, f, "Career outlook, Type VIIC from Feb-43")
	for _, m := range f.Messages() {
		if strings.Contains(m.Text, "Career outlook") && (!m.Ephemeral || m.User != "U1") {
			t.Fatalf("the outlook was shown to more than its asker: %+v", m)
		}
	}
}

// The same in Socket Mode: the envelope is acknowledged, without a
// payload, before the command is done.
func TestSlowSlashCommandIsAnsweredThroughItsResponseURLInSocketMode(t *testing.T) {
	f := slackfake.New(t)
	_, release := lateBot(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()})
	<-f.Open()
	f.Slash("e1", "U1", "new boat=VIIC start=1943-02")
	if ack := f.Ack(t); ack["envelope_id"] != "e1" || ack["payload"] != nil {
		t.Fatalf("new: ack %v", ack)
	}
	lateAnswer(t, f, "Start")
	f.Slash("e2", "U1", "odds")
	if ack := f.Ack(t); ack["envelope_id"] != "e2" || ack["payload"] != nil {
		t.Fatalf("odds: ack %v", ack)
	}
	release()
	lateAnswer(t, f, "Career outlook, Type VIIC from Feb-43")
}
