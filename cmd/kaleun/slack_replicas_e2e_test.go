package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// The Slack replicas' settings: reminders in seconds, a deadline the run
// never reaches (every decision is a player's, so the decisions counted are
// the clicks), a tick of a second.
const (
	slackSecret          = "e2e-signing-secret"
	slackFirstReminder   = 2 * time.Second
	slackSecondReminder  = 3 * time.Second
	slackReplicaDeadline = time.Minute
	// slackDowntime is how long the killed replica stays down: more than
	// two ticks, and long enough for clicks to find it gone.
	slackDowntime = 2500 * time.Millisecond
)

// Issue 21's "Slack behind a load balancer": two real `kaleun serve`
// processes in Slack HTTP mode over one PostgreSQL database, behind a
// round-robin reverse proxy run by the test, play a Hunters duel (13.1) to
// its end, Slack's side played by the local fake: the challenge, a
// spectator's entropy, the Accept, and every decision and enemy roll are
// signed requests through the proxy, so they reach either replica. Each is
// followed by copies as Slack and an attacker make them: Slack's retries
// (X-Slack-Retry-Num, a fresh signature) and replays of the very request,
// the proxy sending each to the next replica in turn. In the middle of the
// game one replica is killed with SIGKILL while a player is away and his
// reminders are due, kept down while the game goes on (what reaches it is a
// 502, which Slack retries, and the proxy's next pick is the other), and
// started again. Checked: each click applied once, counted in the database;
// every replay refused (409) and every retry answered without acting, by
// the other replica as by the one that acted; the challenge made one game
// and the entropy mixed in once; the game's end posted with the result its
// state gives; its audit passing the built `kaleun verify`; every reminder
// sent exactly once.
func TestSlackDuelOverTwoHTTPReplicasBehindABalancerSurvivesKill9(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	began := time.Now()
	db := pgtest.URL(t)
	bin := kaleunBinary(t)
	built := time.Since(began)
	f := slackfake.New(t)
	var replicas [2]*serveProcess
	var addrs [2]string
	for i := range replicas {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("replica%d", i))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		addrs[i] = freePort(t)
		cfg := writeServeConfig(t, dir, fmt.Sprintf(`[database]
url = %q
[log]
format = "json"
[slack]
enabled = true
mode = "http"
bot_token = "xoxb-e2e"
signing_secret = %q
listen = %q
api_base = %q
[reminders]
every = [%q, %q]
deadline = %q
tick = %q
`, db, slackSecret, addrs[i], f.APIURL(), slackFirstReminder, slackSecondReminder, slackReplicaDeadline, e2eTick))
		replicas[i] = newServeProcess(t, bin, cfg)
	}
	lb := newBalancer(t, addrs[:])
	for i, r := range replicas {
		r.start()
		awaitSlackListening(t, addrs[i])
	}
	store, err := persist.OpenPostgres(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	d := &slackDuel{t: t, f: f, app: f.HTTPApp(lb.URL, slackSecret), store: store, games: games, replicas: replicas, addrs: addrs,
		channel: "C1", commander: "UKAP", opponent: "UFUNK", spectator: "USMU", reminders: map[string]int{}, dms: map[string]int{}}
	played := time.Now()

	d.challenge()
	gameID := d.play()
	playTime := time.Since(played)
	if d.upAgain.IsZero() {
		t.Fatalf("the duel ended after %d clicks, before replica 0 was up again (killed at %v)", d.clicks, d.killedAt)
	}
	for _, r := range replicas {
		r.stop()
	}

	d.checkCopies()
	d.checkResult(gameID)
	d.assertRemindersExactlyOnce()
	for i, r := range replicas {
		if n := strings.Count(r.log.String(), "replayed request refused"); n == 0 {
			t.Errorf("replica %d refused no replay", i)
		}
	}
	verifyFinishedGames(t, bin, db, "hunters-duel")
	t.Logf("built in %v; played in %v: %d clicks, %d requests through the balancer (%d acted on: %d by replica 0, %d by replica 1; %d retried after a 502 from the killed replica)",
		built.Round(time.Millisecond), playTime.Round(time.Millisecond), d.clicks, lb.requests.Load(), d.acted[0]+d.acted[1], d.acted[0], d.acted[1], d.failedOver)
	t.Logf("copies: %d replays refused (%d by the other replica), %d retries answered without acting (%d by the other replica); %d requests found the killed replica down",
		d.replays, d.replaysElsewhere, d.retries, d.retriesElsewhere, d.down)
	t.Logf("replica 0 killed with SIGKILL %v after the start, serving again %v later; %d reminders in the channel and %d direct messages",
		d.killedAt.Sub(played).Round(time.Millisecond), d.upAgain.Sub(d.killedAt).Round(time.Millisecond), d.reminderCount(), d.dmCount())
}

// balancer is a round-robin reverse proxy on loopback, as a load balancer
// in front of the replicas is: each request goes to the next replica in
// turn, and one that cannot be reached is answered 502, which Slack takes
// for a failure and retries. The replica a request went to is named in the
// answer's X-Replica header.
type balancer struct {
	URL      string
	requests atomic.Int64
}

type replicaKey struct{}

func newBalancer(t *testing.T, addrs []string) *balancer {
	t.Helper()
	var backends []*url.URL
	for _, a := range addrs {
		backends = append(backends, &url.URL{Scheme: "http", Host: a})
	}
	lb := &balancer{}
	var next atomic.Uint64
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			i := int((next.Add(1) - 1) % uint64(len(backends)))
			pr.SetURL(backends[i])
			pr.Out = pr.Out.WithContext(context.WithValue(pr.Out.Context(), replicaKey{}, i))
		},
		ModifyResponse: func(r *http.Response) error {
			r.Header.Set("X-Replica", strconv.Itoa(r.Request.Context().Value(replicaKey{}).(int)))
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			if i, ok := r.Context().Value(replicaKey{}).(int); ok {
				w.Header().Set("X-Replica", strconv.Itoa(i))
			}
			w.WriteHeader(http.StatusBadGateway)
		},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lb.requests.Add(1)
		// The request is read whole before it is passed on, as balancers
		// buffer: streamed, a replica's answer that begins before the
		// proxy has seen the end of the body it sent (a replica answers an
		// interaction at once) makes Go's server close that body under the
		// transport, which then drops the answer half-way (golang/go#40747).
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "unreadable request", http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	lb.URL = srv.URL
	return lb
}

// awaitSlackListening waits until a replica answers on its Slack port: an
// unsigned request is refused.
func awaitSlackListening(t *testing.T, addr string) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		resp, err := http.Post("http://"+addr+"/slack/commands", "application/x-www-form-urlencoded", strings.NewReader("text=help"))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusUnauthorized {
				return
			}
		}
		if time.Now().After(end) {
			t.Fatalf("the replica at %s does not answer: %v", addr, err)
		}
	}
}

// slackDuel plays both players' side (and a spectator's) through the fake
// Slack and keeps what the test asserts.
type slackDuel struct {
	t        *testing.T
	f        *slackfake.Server
	app      *slackfake.HTTPApp
	store    *persist.Store
	games    engine.Registry
	replicas [2]*serveProcess
	addrs    [2]string

	channel, commander, opponent, spectator string

	ids    int
	clicks int
	// acted counts the deliveries acted upon, by replica; failedOver those
	// acted upon by a retry after a 502; down the requests that found the
	// killed replica gone.
	acted      [2]int
	failedOver int
	down       int
	// The copies: replays refused and retries answered without acting,
	// and of each the ones answered by the replica that had not acted.
	replays, replaysElsewhere int
	retries, retriesElsewhere int
	// prompts are the prompts posted, the last the one waited for now:
	// a reminder is counted against its player's latest prompt of what it
	// names, by "token/n" (a reminder's own post may come a moment after
	// the click that answered its prompt).
	prompts   []postedPrompt
	reminders map[string]int
	dms       map[string]int
	// awayFrom are the prompts a player was away from until their reminders came.
	awayFrom []string
	// stale counts the reminders of no prompt the players were shown.
	stale int
	// private are the ephemeral messages posted: a click refused, or one
	// acted upon twice (its prompt answered already), would be one.
	private  []string
	killedAt time.Time
	upAgain  time.Time
}

func (d *slackDuel) fail(format string, a ...any) {
	d.t.Helper()
	d.t.Errorf(format, a...)
}

func (d *slackDuel) key() string { return "slack/T1/" + d.channel }

func (d *slackDuel) nextID() string {
	d.ids++
	return "r" + strconv.Itoa(d.ids)
}

// deliver sends a request as Slack does: again, as Slack's retries, while
// it fails; then its copies — Slack's retries of a request that was answered
// too slowly, and an attacker's replays of it — each to the replica the
// balancer picks next. The copies come in two orders, turn about, so that
// the replica that did not act sees a copy first as a replay in one and as
// a retry in the other. It returns the answer acted upon.
func (d *slackDuel) deliver(r *slackfake.Request, turn int) slackfake.Answer {
	d.t.Helper()
	send := func(r *slackfake.Request) (slackfake.Answer, int) {
		d.t.Helper()
		a, err := d.app.Send(r)
		if err != nil {
			d.t.Fatal(err)
		}
		replica, err := strconv.Atoi(a.Header.Get("X-Replica"))
		if err != nil {
			d.t.Fatalf("the balancer named no replica for %s: %v", r.ID, a.Header)
		}
		return a, replica
	}
	retried := 0
	a, actor := send(r)
	for a.Status == http.StatusBadGateway {
		d.down++
		if retried++; retried > 3 {
			d.t.Fatalf("%s: no replica answered it or Slack's three retries", r.ID)
		}
		a, actor = send(d.app.Retry(r, retried))
	}
	if a.Status != http.StatusOK {
		d.t.Fatalf("%s %s: %d %s", r.Path, r.ID, a.Status, a.Body)
	}
	d.acted[actor]++
	if retried > 0 {
		d.failedOver++
	}
	replay := func() {
		a, replica := send(r)
		switch {
		case a.Status == http.StatusBadGateway:
			d.down++
		case a.Status != http.StatusConflict:
			d.fail("a replay of %s at replica %d (replica %d acted): %d %q, want 409", r.ID, replica, actor, a.Status, a.Body)
		default:
			d.replays++
			if replica != actor {
				d.replaysElsewhere++
			}
		}
	}
	retry := func() {
		retried++
		a, replica := send(d.app.Retry(r, retried))
		switch {
		case a.Status == http.StatusBadGateway:
			d.down++
		case a.Status != http.StatusOK || a.Body != "":
			d.fail("Slack's retry %d of %s at replica %d (replica %d acted): %d %q, want 200 and no answer", retried, r.ID, replica, actor, a.Status, a.Body)
		default:
			d.retries++
			if replica != actor {
				d.retriesElsewhere++
			}
		}
	}
	if turn%2 == 0 {
		retry()
		replay()
		replay()
		retry()
	} else {
		replay()
		replay()
		retry()
		retry()
	}
	return a
}

// challenge: the commander challenges his opponent, a spectator mixes his
// entropy into the committed seed, and the opponent accepts.
func (d *slackDuel) challenge() {
	d.t.Helper()
	a := d.deliver(d.app.Slash(d.nextID(), d.channel, d.commander, "/hunters-duel",
		fmt.Sprintf("new b:<@%s|funker> boat:VIIC start:1941-03 end:1941-05", d.opponent)), 0)
	if !strings.Contains(a.Body, `"in_channel"`) {
		d.t.Fatalf("the challenge: %s", a.Body)
	}
	rec, err := d.store.Load(d.t.Context(), d.key())
	if err != nil {
		d.t.Fatalf("the challenge made no game: %v", err)
	}
	d.deliver(d.app.Slash(d.nextID(), d.channel, d.spectator, "/hunters-duel", "seed text=wolfsschanze-nebel"), 1)
	after, err := d.store.Load(d.t.Context(), d.key())
	if err != nil {
		d.t.Fatal(err)
	}
	if after.ID != rec.ID || len(after.Dice.Entropy) != 1 {
		d.t.Fatalf("after the copies of a seed: game %s (was %s), entropy mixed in %q", after.ID, rec.ID, after.Dice.Entropy)
	}
	d.prompts = append(d.prompts, postedPrompt{token: "start", user: d.opponent, awaits: "answer to the challenge (Accept or Decline)"})
	d.click(d.opponent, "k1:"+rec.ID+":start:go")
}

// click presses the button of value that user sees, once the message
// offering it has come, and waits until the decision is in the database.
func (d *slackDuel) click(user, value string) {
	d.t.Helper()
	var m slackfake.Message
	for end := time.Now().Add(20 * time.Second); ; {
		var ok bool
		if m, ok = d.f.Offering(d.channel, "", user, value); ok {
			break
		}
		if time.Now().After(end) {
			d.t.Fatalf("no message offers %s to %s", value, user)
		}
		d.pump(20 * time.Millisecond)
	}
	before, err := d.store.Load(d.t.Context(), d.key())
	if err != nil {
		d.t.Fatal(err)
	}
	d.deliver(d.app.ClickOn(d.nextID(), m, user, value), d.clicks)
	d.clicks++
	for end := time.Now().Add(20 * time.Second); ; {
		rec, err := d.store.Load(d.t.Context(), d.key())
		if errors.Is(err, persist.ErrNotFound) {
			// The game's end moved it to the finished games.
			if rec, err = d.store.LastFinished(d.t.Context(), d.key()); err != nil {
				d.t.Fatal(err)
			}
		} else if err != nil {
			d.t.Fatal(err)
		}
		if rec.Decisions > before.Decisions+1 {
			d.t.Fatalf("one click of %s applied %d times", value, rec.Decisions-before.Decisions)
		}
		if rec.Decisions == before.Decisions+1 {
			return
		}
		if time.Now().After(end) {
			d.t.Fatalf("the click of %s was not applied", value)
		}
		d.pump(10 * time.Millisecond)
	}
}

// The prompts at which a player is away until his reminders have come: one
// with both replicas up, one at which replica 0 is killed after the first.
// (The dice are the replicas' own, so a duel's length varies: these come
// early enough for the shortest.)
const (
	awayBothUp = 4
	awayKilled = 10
	// downClicks: clicks made while replica 0 is down (at least).
	downClicks = 8
)

// play answers the game's prompts until it ends, each by the player it
// names, with the option the built-in commander would take; it returns the
// game's id.
func (d *slackDuel) play() string {
	d.t.Helper()
	id := ""
	for step := 0; ; step++ {
		if step == 1000 {
			d.t.Fatalf("the duel did not end in %d decisions", step)
		}
		rec, err := d.store.Load(d.t.Context(), d.key())
		if errors.Is(err, persist.ErrNotFound) {
			d.pump(300 * time.Millisecond)
			return id
		}
		if err != nil {
			d.t.Fatal(err)
		}
		id = rec.ID
		st, err := d.games[rec.Game].Rules.Decode(rec.State)
		if err != nil {
			d.t.Fatal(err)
		}
		p := st.Pending()
		if p == nil {
			d.t.Fatalf("game %s waits for nobody", rec.ID)
		}
		user := rec.Owner
		for _, s := range rec.Seats {
			if s.Seat == p.Seat {
				user = s.ID
			}
		}
		if n := len(d.prompts); n == 0 || d.prompts[n-1].token != p.Token {
			d.prompts = append(d.prompts, postedPrompt{token: p.Token, user: user, awaits: awaitedText(p)})
		}
		switch {
		case d.clicks == awayBothUp:
			d.away(p, false)
		case d.clicks == awayKilled:
			d.away(p, true)
		case !d.killedAt.IsZero() && d.upAgain.IsZero() && d.clicks >= awayKilled+downClicks:
			// Its downtime is waited out here, not left to the clicks: on a
			// quiet machine a short duel's clicks all came within it, and the
			// duel ended before the replica was up again.
			if rest := slackDowntime - time.Since(d.killedAt); rest > 0 {
				d.pump(rest)
			}
			d.replicas[0].start()
			awaitSlackListening(d.t, d.addrs[0])
			d.upAgain = time.Now()
		}
		d.click(user, "k1:"+rec.ID+":"+p.Token+":"+commanderChoice(st, p))
	}
}

// away keeps the player away from prompt p until its reminders have come
// (or a tick past the time they were due), killing replica 0 after the
// first when kill is set: replica 1 alone sends what falls due then.
func (d *slackDuel) away(p *engine.Prompt, kill bool) {
	d.t.Helper()
	since := time.Now()
	d.awayFrom = append(d.awayFrom, p.Token)
	k1, k2 := p.Token+"/1", p.Token+"/2"
	for end := since.Add(slackFirstReminder + 3*e2eTick); d.reminders[k1] == 0 && time.Now().Before(end); {
		d.pump(50 * time.Millisecond)
	}
	if kill {
		d.replicas[0].kill9()
		d.killedAt = time.Now()
	}
	// The last reminder goes to the channel and directly.
	for end := since.Add(slackSecondReminder + 3*e2eTick); (d.reminders[k2] == 0 || d.dms[k2] == 0) && time.Now().Before(end); {
		d.pump(50 * time.Millisecond)
	}
	if kill && (d.reminders[k2] == 0 || d.dms[k2] == 0) {
		d.fail("the last reminder of %s did not come from the replica left running: %d in the channel, %d directly", p.Token, d.reminders[k2], d.dms[k2])
	}
	if !kill && (d.reminders[k1] == 0 || d.reminders[k2] == 0 || d.dms[k2] == 0) {
		d.fail("a prompt left with both replicas up got reminders %v, directly %v", d.reminders, d.dms)
	}
}

var slackReminder = regexp.MustCompile(`^(?:<@(\w+)> )?(?:📰[^\n]*\n(?:[^\n]*\n)*?\n)?⏰ .* waits on you: _(.*)_ \(reminder (\d+)\)`)

// pump reads what the replicas post for a while, counting the reminders.
func (d *slackDuel) pump(wait time.Duration) {
	end := time.After(wait)
	for {
		select {
		case p := <-d.f.Posts():
			d.post(p)
		case <-end:
			return
		}
	}
}

func (d *slackDuel) post(p url.Values) {
	if p.Get("_method") == "/api/chat.postEphemeral" {
		d.private = append(d.private, p.Get("text"))
	}
	m := slackReminder.FindStringSubmatch(p.Get("text"))
	if m == nil {
		return
	}
	user, direct := strings.CutPrefix(p.Get("channel"), "D-")
	if !direct {
		user = m[1]
	}
	for i := len(d.prompts) - 1; i >= 0 && i >= len(d.prompts)-3; i-- {
		if pr := d.prompts[i]; pr.user == user && strings.EqualFold(pr.awaits, m[2]) {
			k := pr.token + "/" + m[3]
			if direct {
				d.dms[k]++
			} else {
				d.reminders[k]++
			}
			return
		}
	}
	d.stale++
	d.t.Logf("a reminder of no prompt shown lately: %q to %s", p.Get("text"), p.Get("channel"))
}

// postedPrompt is a prompt the players were shown: whose it is, and what
// its reminders say it waits for.
type postedPrompt struct{ token, user, awaits string }

// awaitedText is what a reminder of p says it waits for (bot's awaited).
func awaitedText(p *engine.Prompt) string {
	switch {
	case p.Token == "start" && p.HasOption("decline"):
		return "answer to the challenge (Accept or Decline)"
	case p.Token == "start":
		return "Start"
	case p.Title != "":
		return p.Title
	case p.Case != "":
		return "decision (" + p.Case + ")"
	}
	return "decision"
}

func (d *slackDuel) reminderCount() (n int) {
	for _, c := range d.reminders {
		n += c
	}
	return n
}

func (d *slackDuel) dmCount() (n int) {
	for _, c := range d.dms {
		n += c
	}
	return n
}

// assertRemindersExactlyOnce: the prompts a player was away from got each
// reminder exactly once (the last also directly, once), whichever replica
// took it and whether or not the other was killed meanwhile (a tick's take
// is a lease: what a killed replica took is delivered by the other), and no
// other prompt got a reminder twice.
func (d *slackDuel) assertRemindersExactlyOnce() {
	d.t.Helper()
	if len(d.awayFrom) == 0 {
		d.t.Error("no player was away: the assertion tested nothing")
	}
	for _, token := range d.awayFrom {
		if n1, n2, dm := d.reminders[token+"/1"], d.reminders[token+"/2"], d.dms[token+"/2"]; n1 != 1 || n2 != 1 || dm != 1 {
			d.t.Errorf("prompt %s, left to its reminders: reminder 1 sent %d times, reminder 2 %d times in the channel and %d directly; want each once", token, n1, n2, dm)
		}
	}
	if d.stale > 0 {
		d.t.Errorf("%d reminders of no prompt the players were shown", d.stale)
	}
	for k, n := range d.reminders {
		if n > 1 {
			d.t.Errorf("reminder %s sent %d times in the channel", k, n)
		}
	}
	for k, n := range d.dms {
		if n > 1 || !strings.HasSuffix(k, "/2") {
			d.t.Errorf("reminder %s sent %d times directly (only the last goes directly)", k, n)
		}
	}
}

// checkCopies: clicks came to either replica, each copy reaching a replica
// was turned away, and some by the replica that had not acted.
func (d *slackDuel) checkCopies() {
	d.t.Helper()
	if d.acted[0] == 0 || d.acted[1] == 0 {
		d.t.Errorf("requests acted upon by replica: %v; want both", d.acted)
	}
	if d.replaysElsewhere == 0 || d.retriesElsewhere == 0 {
		d.t.Errorf("copies at the replica that had not acted: %d replays, %d retries", d.replaysElsewhere, d.retriesElsewhere)
	}
	// A copy acted upon as a click again would be told privately that its
	// prompt was answered already.
	if len(d.private) > 0 {
		d.t.Errorf("%d private answers to the players' clicks, the first %q", len(d.private), d.private[0])
	}
	if d.killedAt.IsZero() || d.upAgain.IsZero() || d.down == 0 || d.failedOver == 0 {
		d.t.Errorf("the kill: at %v, up again at %v; %d requests found it down, %d acted upon after a retry", d.killedAt, d.upAgain, d.down, d.failedOver)
	}
}

// checkResult reads the finished duel: one game, each click one decision,
// the end posted in the channel with the result its final state gives.
func (d *slackDuel) checkResult(id string) {
	d.t.Helper()
	ctx := d.t.Context()
	rec, err := d.store.Find(ctx, id)
	if err != nil {
		d.t.Fatal(err)
	}
	if !rec.Over {
		d.t.Fatalf("game %s is not over", id)
	}
	// The Accept starts the game, its decision 0; every later click is one.
	if rec.Decisions != d.clicks-1 {
		d.t.Errorf("%d decisions in the database for %d clicks (the first the Accept, decision 0)", rec.Decisions+1, d.clicks)
	}
	running, err := d.store.Games(ctx)
	if err != nil {
		d.t.Fatal(err)
	}
	finished, err := d.store.Finished(ctx)
	if err != nil {
		d.t.Fatal(err)
	}
	if len(running) != 0 || len(finished) != 1 {
		d.t.Errorf("%d running and %d finished games: a copy of the challenge made another", len(running), len(finished))
	}
	st, err := d.games[rec.Game].Rules.Decode(rec.State)
	if err != nil {
		d.t.Fatal(err)
	}
	out := st.Outcome()
	if out == nil {
		d.t.Fatalf("the finished duel has no outcome")
	}
	shown := 0
	for _, m := range d.f.Messages() {
		if m.Channel == d.channel && !m.Ephemeral && strings.Contains(m.AllText(), out.Summary) {
			shown++
		}
	}
	if shown == 0 {
		d.t.Errorf("the channel was not told the result %q", out.Summary)
	}
	d.t.Logf("the result: %s (%d decisions)", out.Summary, rec.Decisions)
}

// commanderChoice is the built-in commander's answer to a prompt, or its
// first option where he has none (the enemy's rolls have one).
func commanderChoice(st engine.State, p *engine.Prompt) string {
	if ds, ok := st.(*duel.State); ok && p.Actor == engine.Commander {
		if k := hunters.Command(ds.Career()); p.HasOption(k) {
			return k
		}
	}
	return p.Options[0].Key
}
