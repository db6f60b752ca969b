package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/webhook"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// hookOptions are the webhook options of the tests: loopback allowed (the
// receiver is on it), a lease of a minute, no jitter.
func hookOptions() *WebhookOptions {
	return &WebhookOptions{Client: webhook.NewClient(&webhook.Dialer{AllowPrivate: true}, 2*time.Second), Lease: time.Minute, Jitter: func() float64 { return 0 }}
}

var secretInReply = regexp.MustCompile("`(whsec_[0-9a-f]{64})`")

// setHook runs `webhook set` and returns the secret its private answer shows.
func setHook(t *testing.T, svc *Service, p Place, u User, url string) string {
	t.Helper()
	r, err := svc.Command(t.Context(), p, u, "hunters", "webhook", map[string]string{"action": "set", "url": url})
	if err != nil || len(r.Public) != 0 || len(r.Private) != 1 {
		t.Fatalf("webhook set: %+v %v", r, err)
	}
	m := secretInReply.FindStringSubmatch(r.Private[0].Text)
	if m == nil {
		t.Fatalf("webhook set shows no secret: %q", r.Private[0].Text)
	}
	return m[1]
}

// Who may set a webhook, what a bad URL gets, and that every answer is
// private: the secret is shown once, to the organiser, and rotate and clear
// do what they say.
func TestWebhookCommandIsTheOrganisersAndPrivate(t *testing.T) {
	store, err := persist.Open(t.TempDir() + "/bot.db")
	if err != nil {
		t.Fatal(err)
	}
	h, _ := hunters.NewRules()
	svc := New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{NewSeed: func() ([]byte, error) { return []byte("seed"), nil }, Webhooks: hookOptions()})
	defer store.Close()
	here := Place{Platform: "discord", Space: "g", Channel: "c"}
	say := func(u User, args map[string]string) string {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "webhook", args)
		if err != nil || len(r.Public) != 0 || len(r.Private) != 1 {
			t.Fatalf("webhook %v: %+v %v", args, r, err)
		}
		return r.Private[0].Text
	}
	if got := say(prien, map[string]string{"action": "set", "url": "https://example.org/"}); !strings.Contains(got, "no game or tournament") {
		t.Fatalf("no game: %q", got)
	}
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	if got := say(stranger, map[string]string{"action": "set", "url": "https://example.org/"}); !strings.Contains(got, "Only the organiser") {
		t.Fatalf("a stranger: %q", got)
	}
	for _, bad := range []string{"ftp://example.org/", "https://u:p@example.org/", "not a url"} {
		if got := say(prien, map[string]string{"action": "set", "url": bad}); !strings.HasPrefix(got, "Not set") {
			t.Fatalf("%q: %q", bad, got)
		}
	}
	secret := setHook(t, svc, here, prien, "https://example.org/hook")
	rec, _ := store.Load(t.Context(), here.Key())
	w, err := store.GetWebhook(t.Context(), persist.GameTarget(rec.ID))
	if err != nil || w.Secret != secret || w.URL != "https://example.org/hook" || w.By != prien.ID {
		t.Fatalf("stored: %+v %v", w, err)
	}
	rotated := secretInReply.FindStringSubmatch(say(prien, map[string]string{"action": "rotate"}))
	if rotated == nil || rotated[1] == secret {
		t.Fatalf("rotate gave no new secret: %v", rotated)
	}
	if got := say(prien, map[string]string{"action": "test"}); !strings.Contains(got, "test event is on its way") {
		t.Fatalf("test: %q", got)
	}
	out, _ := store.WebhookOutbox(t.Context())
	if len(out) != 1 || out[0].Type != persist.HookTypeTest {
		t.Fatalf("outbox after test: %+v", out)
	}
	if got := say(prien, map[string]string{"action": "clear"}); !strings.Contains(got, "cleared") {
		t.Fatalf("clear: %q", got)
	}
	if got := say(prien, map[string]string{"action": "test"}); !strings.Contains(got, "has no webhook") {
		t.Fatalf("test after clear: %q", got)
	}
	off := New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{})
	r, _ := off.Command(t.Context(), here, prien, "hunters", "webhook", map[string]string{"action": "test"})
	if len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "Webhooks are off") {
		t.Fatalf("webhooks off: %+v", r)
	}
}

// receiver is a webhook receiver on loopback: it checks each delivery's
// signature, fails each delivery's first failFirst attempts with a 503,
// holds the first hold requests open until the sender goes away (a replica
// killed mid-post), and records what it accepted, in order.
type receiver struct {
	t         *testing.T
	failFirst int
	mu        sync.Mutex
	secrets   map[string]string // by target
	hold      int
	held      chan string
	attempts  map[string]int
	accepted  []webhook.Payload
	times     map[string]int
	now       func() time.Time
}

func (rv *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var p webhook.Payload
	if err := json.Unmarshal(body, &p); err != nil {
		rv.t.Errorf("a body that is not a payload: %s", body)
		w.WriteHeader(400)
		return
	}
	rv.mu.Lock()
	secret := rv.secrets[p.Target]
	if rv.hold > 0 {
		rv.hold--
		rv.mu.Unlock()
		rv.held <- p.Delivery
		<-r.Context().Done() // until the sender is gone
		return
	}
	defer rv.mu.Unlock()
	if err := webhook.Verify(secret, r.Header.Get(webhook.HeaderSignature), r.Header.Get(webhook.HeaderTimestamp), body, rv.now(), 5*time.Minute); err != nil {
		rv.t.Errorf("delivery %s: %v", p.Delivery, err)
	}
	if r.Header.Get(webhook.HeaderDelivery) != p.Delivery || r.Header.Get(webhook.HeaderEvent) != p.Type || p.Version != 1 {
		rv.t.Errorf("headers %v of payload %+v", r.Header, p)
	}
	rv.attempts[p.Delivery]++
	if rv.attempts[p.Delivery] <= rv.failFirst {
		w.WriteHeader(503)
		return
	}
	rv.accepted = append(rv.accepted, p)
	rv.times[p.Delivery]++
}

// envHookReplica makes the test binary a replica of
// TestWebhooksExactlyOnceAcrossReplicasAndAKill: it runs one delivery run
// at the time given and exits (unless it is killed first).
const envHookReplica = "KALEUN_WEBHOOK_REPLICA_DB"

func runHookReplica(url string) int {
	at, _ := strconv.ParseInt(os.Getenv(envHookReplica+"_AT"), 10, 64)
	now := func() time.Time { return time.Unix(0, at).UTC() }
	store, err := persist.OpenPostgres(context.Background(), url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	h, _ := hunters.NewRules()
	svc := New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{Now: now, Webhooks: hookOptions()})
	run, err := svc.RunWebhooks(context.Background(), now())
	fmt.Println(run, err)
	return 0
}

// Two replicas in this process and one in another, on one PostgreSQL
// database; games whose webhook was set with the command; a receiver that
// fails every delivery's first two attempts. The other process takes the
// first events and is killed with SIGKILL while its posts are under way:
// nobody sends its events until their lease runs out, then the two
// replicas, ticking at once round after round, deliver every event exactly
// once, each game's in order, each signature valid.
func TestWebhooksExactlyOnceAcrossReplicasAndAKill(t *testing.T) {
	t0 := time.Date(2026, 12, 4, 3, 0, 0, 0, time.UTC)
	var clock atomic.Int64
	clock.Store(t0.UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()).UTC() }
	svcs, stores, url := replicasAt(t, 2, now)
	for _, s := range svcs {
		s.hooks = hookOptions()
	}
	rv := &receiver{t: t, failFirst: 2, secrets: map[string]string{}, held: make(chan string, 64), attempts: map[string]int{}, times: map[string]int{}, now: now}
	srv := httptest.NewServer(rv)
	defer srv.Close()
	const games, clicks = 6, 3
	for g := 0; g < games; g++ {
		p := Place{Platform: "discord", Space: "g", Channel: fmt.Sprintf("c%d", g)}
		r, err := started(t, svcs[g%2], p, prien, map[string]string{"boat": "VIIC"})
		if err != nil {
			t.Fatal(err)
		}
		rec, _ := stores[0].Load(t.Context(), p.Key())
		secret := setHook(t, svcs[g%2], p, prien, srv.URL+"/hook")
		rv.mu.Lock()
		rv.secrets[persist.GameTarget(rec.ID)] = secret
		rv.mu.Unlock()
		for c := 0; c < clicks; c++ {
			if r, err = svcs[(g+c)%2].Click(t.Context(), p, prien, lastPrompt(t, r).Options[0].ID); err != nil {
				t.Fatal(err)
			}
		}
		if g == 0 { // one game ends: abandoned
			if _, err := svcs[0].Click(t.Context(), p, prien, optionID(rec.ID, "abandon", "confirm")); err != nil {
				t.Fatal(err)
			}
		}
	}
	want, err := stores[0].WebhookOutbox(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != games*clicks+1 || want[clicks].Type != persist.HookTypeEnd {
		var types []string
		for _, ev := range want {
			types = append(types, ev.Type)
		}
		t.Fatalf("%d events queued (%v), want %d turns and an end", len(want), types, games*clicks)
	}

	// The other process: its posts held until it is killed.
	rv.mu.Lock()
	rv.hold = 3
	rv.mu.Unlock()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envHookReplica+"="+url, envHookReplica+"_AT="+strconv.FormatInt(clock.Load(), 10))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var killed []string
	for len(killed) < 3 {
		select {
		case id := <-rv.held:
			killed = append(killed, id)
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("the other replica posted %d events in 30 s", len(killed))
		}
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	cmd.Wait()
	// Its takes are leased: within the lease, nobody sends them.
	for _, s := range svcs {
		run, err := s.RunWebhooks(t.Context(), now())
		if err != nil || run.Sent+run.Retried+run.Dropped != 0 {
			t.Fatalf("within the killed replica's lease: %+v %v", run, err)
		}
	}
	for round := 0; round < 20; round++ {
		clock.Add(int64(2 * time.Hour)) // past every lease and backoff
		var wg sync.WaitGroup
		for _, s := range svcs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.RunWebhooks(t.Context(), now()); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if out, _ := stores[0].WebhookOutbox(t.Context()); len(out) == 0 {
			break
		}
	}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if out, _ := stores[0].WebhookOutbox(t.Context()); len(out) != 0 {
		t.Fatalf("%d events never delivered", len(out))
	}
	for _, ev := range want {
		if n := rv.times[ev.Delivery]; n != 1 {
			t.Errorf("event %s (%s of %s) received %d times", ev.Delivery, ev.Type, ev.Game, n)
		}
		if a := rv.attempts[ev.Delivery]; a != rv.failFirst+1 {
			t.Errorf("event %s: %d attempts reached the receiver, want %d", ev.Delivery, a, rv.failFirst+1)
		}
	}
	// Each game's events in the order they happened.
	got := map[string][]string{}
	for _, p := range rv.accepted {
		got[p.Game.ID] = append(got[p.Game.ID], p.Delivery)
	}
	wantOrder := map[string][]string{}
	for _, ev := range want {
		wantOrder[ev.Game] = append(wantOrder[ev.Game], ev.Delivery)
	}
	for g, ids := range wantOrder {
		if fmt.Sprint(got[g]) != fmt.Sprint(ids) {
			t.Errorf("game %s: received %v, want %v", g, got[g], ids)
		}
	}
	// What a turn event says.
	p := rv.accepted[0]
	if p.Game == nil || p.Game.Kind != "hunters" || p.Game.Place.Platform != "discord" || p.Turn == nil || len(p.Turn.Players) != 1 || p.Turn.Players[0].ID != prien.ID || p.Turn.Prompt == "" {
		t.Errorf("a turn event: %+v", p)
	}
}

// A tournament's webhook is its organiser's, set in the tournament's
// channel, and hears of every entrant's game.
func TestTournamentWebhookIsTheOrganisersAndHearsEveryGame(t *testing.T) {
	svc, store := newService(t)
	svc.hooks = hookOptions()
	organiser := User{ID: "bdu", Name: "Dönitz"}
	if _, err := svc.Command(t.Context(), here, organiser, "hunters", "tournament", map[string]string{"action": "create", "format": "top", "length": "short"}); err != nil {
		t.Fatal(err)
	}
	r, _ := svc.Command(t.Context(), here, prien, "hunters", "webhook", map[string]string{"action": "set", "url": "https://example.org/"})
	if len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "Only the organiser of tournament") {
		t.Fatalf("an entrant set the tournament's webhook: %+v", r)
	}
	setHook(t, svc, here, organiser, "https://example.org/league")
	tour, err := store.TournamentAt(t.Context(), here.Key())
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []User{prien, stranger} {
		if _, err := svc.Command(t.Context(), here, u, "hunters", "tournament", map[string]string{"action": "join"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Command(t.Context(), here, organiser, "hunters", "tournament", map[string]string{"action": "start"}); err != nil {
		t.Fatal(err)
	}
	out, err := store.WebhookOutbox(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]string{}
	for _, ev := range out {
		if ev.Target != persist.TournamentTarget(tour.ID) || ev.Tournament != tour.ID {
			t.Errorf("an event for %s (tournament %q)", ev.Target, ev.Tournament)
		}
		if ev.Type == persist.HookTypeTurn && len(ev.Turn.Players) == 1 {
			games[ev.Game] = ev.Turn.Players[0].ID
		}
	}
	if len(games) != 2 {
		all, _ := store.Games(t.Context())
		for _, g := range all {
			t.Logf("game %s at %s tournament %q decisions %d awaiting %v", g.ID, g.Key, g.Tournament, g.Decisions, g.AwaitingStart)
		}
		tr, _ := store.TournamentAt(t.Context(), here.Key())
		t.Logf("tournament %+v", tr)
		t.Fatalf("turn events of %d games, want both entrants': %+v", len(games), out)
	}
}

// A payload links the game's page when the pages have a base_url, names
// the game's channel, and a private prompt says only that it is one.
func TestWebhookPayloadLinksThePageAndKeepsPrivatePromptsPrivate(t *testing.T) {
	svc, store := newService(t)
	svc.hooks = hookOptions()
	svc.webBase = "https://kaleun.example.org/"
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	rec, _ := store.Load(t.Context(), here.Key())
	b, err := svc.webhookBody(t.Context(), persist.WebhookEvent{Delivery: "d", Type: persist.HookTypeTurn, Target: persist.GameTarget(rec.ID), Game: rec.ID, GameName: rec.Game, Place: rec.Key,
		Turn: &persist.HookTurn{Players: []persist.HookPlayer{{ID: prien.ID, Name: prien.Name}}, Prompt: "p"}})
	if err != nil {
		t.Fatal(err)
	}
	var p webhook.Payload
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	link, _ := store.Link(t.Context(), rec.ID)
	if p.Game == nil || p.Game.URL != "https://kaleun.example.org/g/"+link+"/" || p.Game.Place.Channel != here.Channel || p.Game.Place.Platform != here.Platform || p.Version != 1 {
		t.Fatalf("payload %s", b)
	}
	if got := promptSummary(&engine.Prompt{Title: "Hand", Text: "your cards: ace", Private: true}); got != "A private decision" {
		t.Errorf("a private prompt's summary: %q", got)
	}
	if got := promptSummary(&engine.Prompt{Text: "Fire?\nmore"}); got != "Fire?" {
		t.Errorf("an untitled prompt's summary: %q", got)
	}
}

// A game ended for idleness tells its webhook so, as its last event.
func TestAnIdleEndReachesTheWebhook(t *testing.T) {
	clock := (&fakeClock{}).set("2026-06-10T10:00:00Z")
	svc, store := idleService(t, filepath.Join(t.TempDir(), "k.db"), clock)
	defer store.Close()
	svc.hooks = hookOptions()
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	setHook(t, svc, here, prien, "https://example.org/")
	clock.pass(10 * time.Hour)
	idleNotices(t, svc, clock)
	clock.pass(10 * time.Hour)
	if n := idleNotices(t, svc, clock); len(n) != 1 {
		t.Fatalf("no idle end: %+v", n)
	}
	out, err := store.WebhookOutbox(t.Context())
	if err != nil || len(out) != 1 || out[0].Type != persist.HookTypeEnd || out[0].End.Summary != "The game ended for idleness." {
		t.Fatalf("outbox: %+v %v", out, err)
	}
}
