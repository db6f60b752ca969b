package slack

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
	"github.com/slack-go/slack"
)

// buttonValues finds the option ids in Block Kit JSON.
func buttonValues(blocksJSON string) []string { return slackfake.ButtonValues(blocksJSON) }

func setup(t *testing.T, cfg Config, db string) (*Adapter, *persist.Store) {
	t.Helper()
	store, err := persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	a, err := New(cfg, bot.New(store, games, bot.Options{NewSeed: fixedSeed, NewID: fixedID}), games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	return a, store
}

// A patrol through the real slack-go Socket Mode client against a local Slack.
func TestSlackSocketModeEndToEnd(t *testing.T) {
	f := slackfake.New(t)
	db := filepath.Join(t.TempDir(), "k.db")
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, db)
	<-f.Open()
	f.Slash("e1", "U1", `new boat=VIIC kommandant="Otto Prien"`)
	ack := f.Ack(t)
	if ack["envelope_id"] != "e1" || ack["payload"] == nil {
		t.Fatalf("ack %v", ack)
	}
	// The game waits for its Start (so players could add entropy first):
	// the one message, with its button, answers the slash command.
	payload, _ := json.Marshal(ack["payload"].(map[string]any)["blocks"])
	prompt := buttonValues(string(payload))
	if len(prompt) != 1 || !strings.Contains(string(payload), "Dice seed committed") {
		t.Fatalf("no Start button with the seed's commitment: %s", payload)
	}
	// A stranger's click: an ephemeral refusal.
	f.Click("e2", "U2", prompt[0])
	f.Ack(t)
	p := f.Drain(t)
	if len(p) != 1 || p[0].Get("_method") != "/api/chat.postEphemeral" {
		t.Fatalf("stranger: %v", p)
	}
	decisions := 0
	for i := 0; i < 200 && patrols(t, store, "slack/T1/C1") == 0; i++ {
		f.Click("c"+strconv.Itoa(i), "U1", prompt[0])
		f.Ack(t)
		var next []string
		for _, p := range f.Drain(t) {
			if v := buttonValues(p.Get("blocks")); len(v) > 0 {
				next = v
			}
		}
		if len(next) == 0 {
			break
		}
		decisions++
		prompt = next
	}
	if patrols(t, store, "slack/T1/C1") == 0 {
		t.Fatalf("the first patrol did not end in %d decisions", decisions)
	}
	t.Logf("a patrol in %d decisions through slack-go", decisions)
	// Abandon: a workspace admin may, after confirming.
	f.Slash("e9", "UADMIN", "abandon")
	ack = f.Ack(t)
	b, _ := json.Marshal(ack)
	if !strings.Contains(string(b), ":abandon:confirm") {
		t.Fatalf("abandon confirmation: %s", b)
	}
	a.Close()
	store.Close()
}

// patrols decodes the saved game and counts its finished patrols.
func patrols(t *testing.T, store *persist.Store, key string) int {
	t.Helper()
	rec, err := store.Load(t.Context(), key)
	if err != nil {
		return 1
	}
	if rec.AwaitingStart {
		return 0
	}
	h, _ := hunters.NewRules()
	st, err := h.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*hunters.State).Career.Patrols
}

func sign(secret, ts, body string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("v0:" + ts + ":" + body))
	return "v0=" + hex.EncodeToString(m.Sum(nil))
}

// HTTP mode verifies Slack's signatures and refuses unsigned and stale requests.
func TestSlackHTTPModeVerifiesSignatures(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "http", BotToken: "xoxb-test", SigningSecret: "s3cret", Listen: "127.0.0.1:0", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	body := url.Values{"command": {"/hunters"}, "text": {"new boat=IXA"}, "user_id": {"U1"}, "user_name": {"lemp"}, "channel_id": {"C7"}, "team_id": {"T1"}}.Encode()
	send := func(ts, sig string) *http.Response {
		req, _ := http.NewRequest("POST", "http://"+a.Addr+"/slack/commands", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if ts != "" {
			req.Header.Set("X-Slack-Request-Timestamp", ts)
			req.Header.Set("X-Slack-Signature", sig)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	now := strconv.FormatInt(time.Now().Unix(), 10)
	if r := send("", ""); r.StatusCode != http.StatusUnauthorized {
		t.Fatalf("unsigned: %d", r.StatusCode)
	}
	if r := send(now, sign("wrong", now, body)); r.StatusCode != http.StatusUnauthorized {
		t.Fatalf("bad signature: %d", r.StatusCode)
	}
	old := strconv.FormatInt(time.Now().Add(-10*time.Minute).Unix(), 10)
	if r := send(old, sign("s3cret", old, body)); r.StatusCode != http.StatusUnauthorized {
		t.Fatalf("stale: %d", r.StatusCode)
	}
	if _, err := store.Load(t.Context(), "slack/T1/C7"); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("a refused request changed something")
	}
	r := send(now, sign("s3cret", now, body))
	if r.StatusCode != http.StatusOK {
		t.Fatalf("signed: %d", r.StatusCode)
	}
	if _, err := store.Load(t.Context(), "slack/T1/C7"); err != nil {
		t.Fatalf("the signed command must start a game: %v", err)
	}
}

func TestTokenize(t *testing.T) {
	w, err := tokenize(`new boat=VIIC kommandant="Otto Kretschmer"  rules=14.6`)
	if err != nil || len(w) != 4 || w[2] != "kommandant=Otto Kretschmer" {
		t.Fatalf("%q %v", w, err)
	}
	if _, err := tokenize(`new "open`); err == nil {
		t.Fatal("unclosed quote accepted")
	}
}

// fixedSeed makes the dice, and so the whole test game, the same on every run.
func fixedSeed() ([]byte, error) { return []byte("kaleun adapter test seed"), nil }

// fixedID gives the game the same id, which the dice derivation also uses.
func fixedID() (string, error) { return "adaptertest", nil }

// The ticker's notices reach the game's channel and, through
// conversations.open, the player's direct messages.
func TestNotifyPostsToTheChannelAndDirectly(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	err := a.Notify(t.Context(), bot.Notice{
		Place:    chat.Place{Platform: "slack", Space: "T1", Channel: "C9"},
		Channel:  []chat.Message{{Title: "Reminder: Decision (9.6.7)", Text: "Reminder 2: game g waits", Mention: "U7", Options: []chat.Option{{ID: "k1:g:3:roll", Label: "Roll"}}}},
		DirectTo: "U7",
		Direct:   []chat.Message{{Text: "Reminder 2: game g waits (channel C9)"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]url.Values{}
	for _, p := range f.Drain(t) {
		got[p.Get("channel")] = p
	}
	if ch := got["C9"]; ch == nil || len(buttonValues(ch.Get("blocks"))) != 1 || !strings.Contains(ch.Get("blocks"), `\u003c@U7\u003e`) {
		t.Fatalf("channel post: %v", got)
	}
	if dm := got["D-U7"]; dm == nil || !strings.Contains(dm.Get("text"), "Reminder 2") {
		t.Fatalf("direct message: %v", got)
	}
}

// A tournament career's thread is a parent message's thread; messages to it
// carry thread_ts; the standings are updated in place.
func TestThreadsAndStickyStandings(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	th, err := a.OpenThread(t.Context(), chat.Place{Platform: "slack", Space: "T1", Channel: "C5"}, "Cup — Prien")
	if err != nil || !isThreadTS(th.Thread) {
		t.Fatalf("thread: %+v %v", th, err)
	}
	f.Drain(t)
	if err := a.Notify(t.Context(), bot.Notice{Place: th, Channel: []chat.Message{{Text: "Prien's career begins"}}}); err != nil {
		t.Fatal(err)
	}
	if p := f.Drain(t); len(p) != 1 || p[0].Get("thread_ts") != th.Thread {
		t.Fatalf("into the thread: %v", p)
	}
	for i, want := range []string{"/api/chat.postMessage", "/api/chat.update"} {
		if err := a.Notify(t.Context(), bot.Notice{Place: chat.Place{Platform: "slack", Space: "T1", Channel: "C5"}, Channel: []chat.Message{{Title: "Standings", Text: fmt.Sprint(i)}}, Sticky: "standings:t1"}); err != nil {
			t.Fatal(err)
		}
		if p := f.Drain(t); len(p) != 1 || p[0].Get("_method") != want {
			t.Fatalf("standings %d: %v", i, p)
		}
	}
	if isThreadTS("player-U1") || !isThreadTS("1700000000.000100") {
		t.Fatal("a player's place in a channel is not a thread")
	}
}

// A tournament through Slack's slash command: the action may be given as a
// bare word (`/hunters tournament join`), a player as a Slack mention.
func TestSlashTournamentWithPositionalAction(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	say := func(user, text string) string {
		r := a.command(t.Context(), slack.SlashCommand{Command: "/hunters", Text: text, UserID: user, UserName: user, TeamID: "T1", ChannelID: "C7"})
		for _, m := range append(r.Public, r.Private...) {
			return m.Title + " " + m.Text
		}
		return ""
	}
	if got := say("UORG", `tournament create format=top length=short name="Drumbeat"`); !strings.Contains(got, "Drumbeat") {
		t.Fatalf("create: %q", got)
	}
	if got := say("U1", "tournament join"); !strings.Contains(got, "You are in Drumbeat (1 entrant)") {
		t.Fatalf("join: %q", got)
	}
	if got := say("U1", "tournament remove player=<@U2|bob>"); !strings.Contains(got, "Only the organiser") {
		t.Fatalf("remove by an entrant: %q", got)
	}
	if got := say("U1", "tournament join extra"); !strings.Contains(got, "not key=value") {
		t.Fatalf("a second bare word: %q", got)
	}
}

// In Socket Mode a slash command's acknowledgement is only queued (slack-go
// writes it from another goroutine), while the rest of its reply goes out
// at once through chat.postMessage: a game that starts at once, its opening
// in the ack, showed its first prompt above its opening. So a reply of
// several messages is posted whole, in order, and the ack is empty; a reply
// of one message still answers in the ack (TestSlackSocketModeEndToEnd).
func TestSocketModePostsAGamesOpeningBeforeItsFirstPrompt(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	f.Slash("e1", "U1", `new boat=VIIA kommandant=Otto`) // no dice in its setup: it starts at once
	if ack := f.Ack(t); ack["envelope_id"] != "e1" || ack["payload"] != nil {
		t.Fatalf("the ack carries a message of a reply of several: %v", ack)
	}
	var blocks []string
	for _, p := range f.Drain(t) {
		if p.Get("_method") == "/api/chat.postMessage" {
			blocks = append(blocks, p.Get("blocks"))
		}
	}
	if len(blocks) < 2 || !strings.Contains(blocks[0], "Dice seed committed") || len(buttonValues(blocks[0])) > 0 || len(buttonValues(blocks[len(blocks)-1])) == 0 {
		t.Fatalf("not the opening first, then the prompt: %q", blocks)
	}
}
