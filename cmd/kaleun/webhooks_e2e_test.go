package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/webhook"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// hookReceiver is the organisers' receiver, on loopback: down (503 to
// everything) until opened, then 2xx; it checks every signature with the
// secret the organiser was shown, and counts what it accepted.
type hookReceiver struct {
	t        *testing.T
	mu       sync.Mutex
	down     bool
	secrets  map[string]string // by target
	attempts map[string]int
	accepted []webhook.Payload
	times    map[string]int
}

func (rv *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var p webhook.Payload
	if err := json.Unmarshal(body, &p); err != nil {
		rv.t.Errorf("not a payload: %s", body)
		w.WriteHeader(400)
		return
	}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if err := webhook.Verify(rv.secrets[p.Target], r.Header.Get(webhook.HeaderSignature), r.Header.Get(webhook.HeaderTimestamp), body, time.Now(), 5*time.Minute); err != nil {
		rv.t.Errorf("delivery %s to %s: %v", p.Delivery, p.Target, err)
	}
	if r.Header.Get(webhook.HeaderDelivery) != p.Delivery {
		rv.t.Errorf("header %s, payload %s", r.Header.Get(webhook.HeaderDelivery), p.Delivery)
	}
	rv.attempts[p.Delivery]++
	if rv.down {
		w.WriteHeader(503)
		return
	}
	rv.accepted = append(rv.accepted, p)
	rv.times[p.Delivery]++
}

var hookSecret = regexp.MustCompile("`(whsec_[0-9a-f]{64})`")

// Issue 34, item 6: two `kaleun serve` replicas over one PostgreSQL
// database, one serving the fake Discord and one the fake Slack (the real
// discordgo and slack-go clients). On each, a game's starter sets its
// webhook with the command (the secret comes back privately; the channel
// gets no message), tests it, and plays three decisions. The receiver is
// down: every event is tried and retried with backoff, by either replica.
// Mid-retry the Slack replica is killed with SIGKILL; the receiver comes
// back; the Discord replica delivers everything, the killed one's taken
// events once their lease has run out; the Slack replica, started again,
// sends nothing twice. Each event is accepted exactly once, each game's in
// order, every signature valid.
func TestWebhooksDeliveredOnceAcrossTwoReplicasAndAKill9(t *testing.T) {
	t.Parallel()
	began := time.Now()
	url := pgtest.URL(t)
	bin := kaleunBinary(t)
	df, sf := discordfake.New(t), slackfake.New(t)
	rv := &hookReceiver{t: t, down: true, secrets: map[string]string{}, attempts: map[string]int{}, times: map[string]int{}}
	srv := httptest.NewServer(rv)
	defer srv.Close()
	hooks := `[webhooks]
enabled = true
allow_private = true
timeout = "1s"
poll = "200ms"
retry_first = "200ms"
retry_max_wait = "1s"
retry_for = "2m"
`
	replica := func(name, platform string) *serveProcess {
		dir := filepath.Join(t.TempDir(), name)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		return newServeProcess(t, bin, writeServeConfig(t, dir, fmt.Sprintf("[database]\nurl = %q\n[log]\nformat = \"json\"\n", url)+platform+hooks))
	}
	dr := replica("discord", fmt.Sprintf(`[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = ["g1"]
api_base = %q
`, df.URL))
	sr := replica("slack", fmt.Sprintf(`[slack]
enabled = true
mode = "socket"
bot_token = "xoxb-e2e"
app_token = "xapp-e2e"
api_base = %q
`, sf.APIURL()))
	dp, sp := newDiscordPump(df), newSlackPump(sf)
	defer dp.stop()
	defer sp.stop()
	dr.start()
	sr.start()
	awaitDiscord(t, df)
	awaitSlackSocket(t, sf)
	store, err := persist.OpenPostgres(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()

	// What the channels show, apart from private answers.
	public := func() int {
		n := 0
		for _, m := range df.Messages() {
			if !m.Ephemeral {
				n++
			}
		}
		for _, m := range sf.Messages() {
			if !m.Ephemeral {
				n++
			}
		}
		return n
	}
	// A decision's button in the channel (no Odds, Undo...).
	decision := func(ids []string) string {
		for _, id := range ids {
			if i := strings.LastIndex(id, ":"); i > 0 && !strings.HasPrefix(id[i+1:], "__") && !strings.Contains(id, ":abandon:") {
				return id
			}
		}
		return ""
	}
	discordButton := func() (discordfake.Message, string) {
		ms := df.Messages()
		for i := len(ms) - 1; i >= 0; i-- {
			if ms[i].Channel == "c1" && ms[i].Live() {
				if id := decision(ms[i].CustomIDs()); id != "" {
					return ms[i], id
				}
			}
		}
		return discordfake.Message{}, ""
	}
	slackButton := func() (slackfake.Message, string) {
		ms := sf.Messages()
		for i := len(ms) - 1; i >= 0; i-- {
			if ms[i].Channel == "C1" && ms[i].Live() && !ms[i].Ephemeral {
				if id := decision(ms[i].Values()); id != "" {
					return ms[i], id
				}
			}
		}
		return slackfake.Message{}, ""
	}
	n := 0
	next := func() string { n++; return fmt.Sprintf("e%d", n) }
	// pressDiscord presses the live decision and waits for the next one.
	pressDiscord := func() {
		t.Helper()
		m, id := discordButton()
		if id == "" {
			t.Fatal("no decision offered in the Discord channel")
		}
		if err := df.ClickOn(next(), m.ID, "u1", id); err != nil {
			t.Fatal(err)
		}
		awaitCondition(t, "the next Discord decision", 20*time.Second, func() bool { _, now := discordButton(); return now != "" && now != id })
	}
	pressSlack := func() {
		t.Helper()
		m, id := slackButton()
		if id == "" {
			t.Fatal("no decision offered in the Slack channel")
		}
		sf.ClickOn(next(), m, "U1", id)
		awaitCondition(t, "the next Slack decision", 20*time.Second, func() bool { _, now := slackButton(); return now != "" && now != id })
	}
	privateSecret := func(text func() []string) string {
		t.Helper()
		var secret string
		awaitCondition(t, "the secret, privately", 20*time.Second, func() bool {
			for _, s := range text() {
				if m := hookSecret.FindStringSubmatch(s); m != nil {
					secret = m[1]
					return true
				}
			}
			return false
		})
		return secret
	}

	// Discord: a game, its webhook, a test, three decisions.
	if err := df.Command(next(), "c1", "u1", false, "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"}); err != nil {
		t.Fatal(err)
	}
	awaitCondition(t, "the Discord game's Start", 20*time.Second, func() bool { _, id := discordButton(); return id != "" })
	pressDiscord()
	before := public()
	if err := df.Command(next(), "c1", "u1", false, "hunters", "webhook", discordfake.Option{Name: "action", Value: "set"}, discordfake.Option{Name: "url", Value: srv.URL + "/discord"}); err != nil {
		t.Fatal(err)
	}
	dSecret := privateSecret(func() (out []string) {
		for _, m := range df.Messages() {
			if m.Ephemeral {
				out = append(out, m.Text())
			}
		}
		return out
	})
	targets := map[string]string{}
	trust := func(key, secret string) {
		t.Helper()
		rec, err := store.Load(t.Context(), key)
		if err != nil {
			t.Fatalf("the game at %s: %v", key, err)
		}
		targets[key] = persist.GameTarget(rec.ID)
		rv.mu.Lock()
		rv.secrets[targets[key]] = secret
		rv.mu.Unlock()
	}
	trust("discord/g1/c1", dSecret)
	if err := df.Command(next(), "c1", "u1", false, "hunters", "webhook", discordfake.Option{Name: "action", Value: "test"}); err != nil {
		t.Fatal(err)
	}
	// Slack: the same.
	sf.SlashIn(next(), "C1", "U1", "/hunters", "new boat:VIIC")
	awaitCondition(t, "the Slack game's Start", 20*time.Second, func() bool { _, id := slackButton(); return id != "" })
	pressSlack()
	before += public() - before // (the Slack game's opening)
	sf.SlashIn(next(), "C1", "U1", "/hunters", "webhook set url:"+srv.URL+"/slack")
	sSecret := privateSecret(func() (out []string) {
		for _, m := range sf.Messages() {
			if m.Ephemeral && m.User == "U1" {
				out = append(out, m.AllText())
			}
		}
		return out
	})
	trust("slack/T1/C1", sSecret)
	sf.SlashIn(next(), "C1", "U1", "/hunters", "webhook test")
	time.Sleep(300 * time.Millisecond) // (the commands' answers)
	if got := public(); got != before {
		t.Fatalf("the webhook commands posted %d public messages", got-before)
	}
	for range 3 {
		pressDiscord()
		pressSlack()
	}
	want, err := store.WebhookOutbox(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 8 {
		t.Fatalf("%d events queued, want 2 tests and 6 turns", len(want))
	}
	// Each queue's first event tried (and refused) at least twice, the
	// others waiting behind it: mid-retry. (A webhook's events of one game
	// are a queue; its tests another.)
	awaitCondition(t, "each game's first event retried", 30*time.Second, func() bool {
		rv.mu.Lock()
		defer rv.mu.Unlock()
		heads := map[string]bool{}
		for _, ev := range want {
			if q := ev.Target + " " + ev.Game; !heads[q] {
				heads[q] = true
				if rv.attempts[ev.Delivery] < 2 {
					return false
				}
			} else if rv.attempts[ev.Delivery] != 0 {
				t.Errorf("event %s tried before the one ahead of it", ev.Delivery)
			}
		}
		return true
	})
	sr.kill9()
	killed := time.Now()
	rv.mu.Lock()
	rv.down = false
	rv.mu.Unlock()
	awaitCondition(t, "every event delivered", 60*time.Second, func() bool {
		out, err := store.WebhookOutbox(t.Context())
		return err == nil && len(out) == 0
	})
	delivered := time.Since(killed)
	sr.start()
	awaitSlackSocket(t, sf)
	time.Sleep(time.Second) // the restarted replica's first polls
	dr.stop()
	sr.stop()

	rv.mu.Lock()
	defer rv.mu.Unlock()
	attempts := 0
	for _, ev := range want {
		attempts += rv.attempts[ev.Delivery]
		if got := rv.times[ev.Delivery]; got != 1 {
			t.Errorf("event %s (%s of %s) accepted %d times", ev.Delivery, ev.Type, ev.Target, got)
		}
	}
	for _, target := range targets {
		var got, wantIDs []string
		for _, p := range rv.accepted {
			if p.Target == target && p.Type == "turn" {
				got = append(got, p.Delivery)
			}
		}
		for _, ev := range want {
			if ev.Target == target && ev.Type == "turn" {
				wantIDs = append(wantIDs, ev.Delivery)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(wantIDs) {
			t.Errorf("%s: accepted %v, want %v in order", target, got, wantIDs)
		}
	}
	for _, p := range rv.accepted {
		if p.Type == "turn" && (p.Game == nil || p.Turn == nil || len(p.Turn.Players) != 1 || p.Turn.Prompt == "" || p.Game.Place.Channel == "") {
			t.Errorf("a turn event: %+v", p)
		}
	}
	t.Logf("%d events, %d attempts; delivered %v after the kill; %v in all, the build included", len(want), attempts, delivered.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}
