package slack

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

const testSecret = "s3cret"

// httpBot is the adapter in HTTP mode on loopback, talking to the fake Slack
// through the real slack-go client, with its log kept for the test.
type httpBot struct {
	a     *Adapter
	store *persist.Store
	log   *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startHTTPBot starts the adapter over a bbolt file that also keeps the
// requests seen, as kaleun serve runs it.
func startHTTPBot(t *testing.T, f *slackfake.Server, client *http.Client, limits func(*httpLimits)) *httpBot {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	return startHTTPBotOver(t, f, store, true, client, limits)
}

// startHTTPBotOver starts the adapter over store, which keeps the requests
// seen when seenInStore (else the process's memory does); the bot closes
// the store when the test ends.
func startHTTPBotOver(t *testing.T, f *slackfake.Server, store *persist.Store, seenInStore bool, client *http.Client, limits func(*httpLimits)) *httpBot {
	t.Helper()
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	logs := &syncBuffer{}
	cfg := Config{Mode: "http", BotToken: "xoxb-test", SigningSecret: testSecret, Listen: "127.0.0.1:0", APIBase: f.APIURL(), HTTPClient: client}
	if seenInStore {
		cfg.Seen = store
	}
	a, err := New(cfg, bot.New(store, games, bot.Options{NewSeed: fixedSeed, NewID: fixedID}), games, slog.New(slog.NewTextHandler(logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if limits != nil {
		limits(&a.limits)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(); store.Close() })
	return &httpBot{a: a, store: store, log: logs}
}

// signed is a request as Slack sends it: a form body, signed at ts.
type signed struct {
	path, body, ts, sig string
	retry               string // X-Slack-Retry-Num
}

func slashBody(trigger, channel, user, text string) string {
	return url.Values{"command": {"/hunters"}, "text": {text}, "user_id": {user}, "user_name": {user}, "channel_id": {channel}, "team_id": {"T1"}, "trigger_id": {trigger}}.Encode()
}

func clickBody(trigger, channel, user, value string) string {
	payload, _ := json.Marshal(map[string]any{"type": "block_actions", "trigger_id": trigger, "user": map[string]any{"id": user, "name": user}, "team": map[string]any{"id": "T1"},
		"channel": map[string]any{"id": channel}, "actions": []any{map[string]any{"action_id": "opt-0", "block_id": "prompt", "type": "button", "value": value}}})
	return url.Values{"payload": {string(payload)}}.Encode()
}

func signedAt(path, body string, at time.Time) signed {
	ts := strconv.FormatInt(at.Unix(), 10)
	return signed{path: path, body: body, ts: ts, sig: sign(testSecret, ts, body)}
}

func (b *httpBot) send(t *testing.T, r signed) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", "http://"+b.a.Addr+r.path, strings.NewReader(r.body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Slack-Request-Timestamp", r.ts)
	req.Header.Set("X-Slack-Signature", r.sig)
	if r.retry != "" {
		req.Header.Set("X-Slack-Retry-Num", r.retry)
		req.Header.Set("X-Slack-Retry-Reason", "http_timeout")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", r.path, err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

func (b *httpBot) entropy(t *testing.T, channel string) []string {
	t.Helper()
	rec, err := b.store.Load(t.Context(), "slack/T1/"+channel)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Dice.Entropy
}

// A validly signed request replayed within Slack's five-minute window used to
// be executed again: a replayed `seed text=…` mixed the same entropy in three
// times. Replays are refused (409) and change nothing, however the signature
// is spelt; Slack's own retries of a request acted upon are answered 200 and
// not acted upon again; simultaneous copies act once. So with the requests
// kept in the process's memory, in a bbolt file, and in PostgreSQL.
func TestSlackHTTPRefusesReplaysAndRetriesActOnce(t *testing.T) {
	for _, c := range []struct {
		name        string
		open        func(t *testing.T) (*persist.Store, error)
		seenInStore bool
	}{
		{"memory", openTestFile, false},
		{"bbolt", openTestFile, true},
		{"postgres", func(t *testing.T) (*persist.Store, error) { return persist.OpenPostgres(t.Context(), pgtest.URL(t)) }, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := slackfake.New(t)
			store, err := c.open(t)
			if err != nil {
				t.Fatal(err)
			}
			testRefusesReplaysAndRetries(t, f, startHTTPBotOver(t, f, store, c.seenInStore, nil, nil))
		})
	}
}

func openTestFile(t *testing.T) (*persist.Store, error) {
	return persist.Open(filepath.Join(t.TempDir(), "k.db"))
}

func testRefusesReplaysAndRetries(t *testing.T, f *slackfake.Server, b *httpBot) {
	now := time.Now()
	// A VIIC's set-up rolls the rank, so the game waits for its Start.
	code, resp := b.send(t, signedAt("/slack/commands", slashBody("tr-new", "C7", "U1", "new boat=VIIC"), now))
	start := buttonValues(blocksOf(resp))
	if code != http.StatusOK || len(start) != 1 {
		t.Fatalf("new: %d %s", code, resp)
	}
	tried, refused := 0, 0
	replay := func(r signed) {
		tried++
		if code, _ := b.send(t, r); code == http.StatusConflict {
			refused++
		} else {
			t.Errorf("replay answered %d", code)
		}
	}

	seed := signedAt("/slack/commands", slashBody("tr-seed", "C7", "U1", "seed text=north-atlantic-storm"), now)
	if code, _ := b.send(t, seed); code != http.StatusOK {
		t.Fatalf("seed: %d", code)
	}
	for range 3 {
		replay(seed)
	}
	upper := seed
	upper.sig = "v0=" + strings.ToUpper(strings.TrimPrefix(seed.sig, "v0="))
	replay(upper)
	if got := b.entropy(t, "C7"); len(got) != 1 {
		t.Fatalf("entropy mixed in %d times: %q", len(got), got)
	}

	// Slack's retry: the same body (its trigger id) under a fresh signature.
	retry := signedAt("/slack/commands", seed.body, now.Add(2*time.Second))
	retry.retry = "1"
	if code, _ := b.send(t, retry); code != http.StatusOK {
		t.Fatalf("Slack's retry answered %d, want 200", code)
	}
	// The same fresh signature without the retry header is a replay.
	retry.retry = ""
	replay(retry)
	if got := b.entropy(t, "C7"); len(got) != 1 {
		t.Fatalf("a retry mixed the entropy in again: %q", got)
	}
	// A retry whose first delivery never came is acted upon, once.
	late := signedAt("/slack/commands", slashBody("tr-late", "C7", "U1", "seed text=late"), now)
	late.retry = "2"
	if code, _ := b.send(t, late); code != http.StatusOK || len(b.entropy(t, "C7")) != 2 {
		t.Fatalf("a retry seen first: %d, entropy %q", code, b.entropy(t, "C7"))
	}
	// A retry that names no request is not acted upon: its first delivery
	// most likely came.
	anon := signedAt("/slack/commands", slashBody("", "C7", "U1", "seed text=anonymous"), now)
	anon.retry = "1"
	if code, _ := b.send(t, anon); code != http.StatusOK || len(b.entropy(t, "C7")) != 2 {
		t.Fatalf("a retry without a trigger id: %d, entropy %q", code, b.entropy(t, "C7"))
	}

	// A click replayed: the game starts once.
	click := signedAt("/slack/interactions", clickBody("tr-click", "C7", "U1", start[0]), now)
	if code, _ := b.send(t, click); code != http.StatusOK {
		t.Fatalf("click: %d", code)
	}
	f.Drain(t)
	started, _ := b.store.Load(t.Context(), "slack/T1/C7")
	for range 3 {
		replay(click)
	}
	if p := f.Drain(t); len(p) != 0 {
		t.Fatalf("a replayed click posted %d messages", len(p))
	}
	if after, _ := b.store.Load(t.Context(), "slack/T1/C7"); after.Decisions != started.Decisions || after.Seq != started.Seq {
		t.Fatalf("a replayed click changed the game: decisions %d → %d", started.Decisions, after.Decisions)
	}

	// Twenty copies at once: one acts.
	burst := signedAt("/slack/commands", slashBody("tr-burst", "C9", "U1", "new boat=VIIC"), now)
	var ok, conflict atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch code, _ := b.send(t, burst); code {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusConflict:
				conflict.Add(1)
			}
		}()
	}
	wg.Wait()
	tried += 19
	refused += int(conflict.Load())
	if ok.Load() != 1 || conflict.Load() != 19 {
		t.Fatalf("20 simultaneous copies: %d acted, %d refused", ok.Load(), conflict.Load())
	}
	if !strings.Contains(b.log.String(), "replayed request refused") {
		t.Error("replays are not logged")
	}
	t.Logf("replays tried %d, refused %d", tried, refused)
	if refused != tried {
		t.Fatalf("replays tried %d, refused %d", tried, refused)
	}
}

// blocksOf takes the blocks of a slash command's JSON response.
func blocksOf(resp string) string {
	var m map[string]json.RawMessage
	json.Unmarshal([]byte(resp), &m)
	return string(m["blocks"])
}

// The memory against replays is bounded: keys leave when their window has
// passed, and when all are still in it, a new request is refused rather than
// an old one forgotten (which would reopen it to replay).
func TestSeenRequestsIsBounded(t *testing.T) {
	s := newSeenRequests(10*time.Minute, 4)
	t0 := time.Unix(1_700_000_000, 0)
	if s.remember(t0, "a", "ta") != firstDelivery || s.remember(t0, "b", "tb") != firstDelivery {
		t.Fatal("first deliveries refused")
	}
	if s.remember(t0.Add(time.Minute), "a2", "ta") != duplicate || s.remember(t0.Add(time.Minute), "a") != duplicate {
		t.Fatal("a request seen by one of its keys is a duplicate")
	}
	if s.remember(t0.Add(2*time.Minute), "c", "tc") != tooMany {
		t.Fatal("a full memory must refuse, not forget")
	}
	if s.remember(t0.Add(10*time.Minute), "c", "tc") != firstDelivery || s.size() != 2 {
		t.Fatalf("keys past their window must leave: %d remembered", s.size())
	}
	if s.remember(t0.Add(10*time.Minute), "a") != firstDelivery {
		t.Fatal("a request past its window is new (its signature is refused as stale anyway)")
	}
}

// A body over the limit is refused with 413 and changes nothing.
func TestSlackHTTPRefusesAnOversizedBody(t *testing.T) {
	f := slackfake.New(t)
	b := startHTTPBot(t, f, nil, nil)
	body := slashBody("tr-big", "C7", "U1", "new boat=IXA") + "&padding=" + strings.Repeat("x", 2<<20)
	if code, _ := b.send(t, signedAt("/slack/commands", body, time.Now())); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a 2 MiB body answered %d, want 413", code)
	}
	if _, err := b.store.Load(t.Context(), "slack/T1/C7"); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("an oversized request changed something")
	}
}

// The production limits are set: a server without them keeps every stalled
// upload's connection for as long as the client likes.
func TestSlackHTTPServerHasTimeouts(t *testing.T) {
	f := slackfake.New(t)
	b := startHTTPBot(t, f, nil, nil)
	s := b.a.http
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.WriteTimeout <= 0 || s.IdleTimeout <= 0 || b.a.limits.maxBody <= 0 || s.ReadTimeout > 30*time.Second {
		t.Fatalf("limits: header %v, read %v, write %v, idle %v, body %d", s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout, s.IdleTimeout, b.a.limits.maxBody)
	}
}

// Slow-loris on loopback: 300 stalled uploads (headers sent, a little of a
// large body, then nothing) and 100 clients dripping headers byte by byte.
// With the server's timeouts (shortened here) every one of their connections
// is closed by the server soon after the read timeout, and a real request
// is served meanwhile.
func TestSlackHTTPDropsSlowClients(t *testing.T) {
	f := slackfake.New(t)
	const readTimeout = 700 * time.Millisecond
	b := startHTTPBot(t, f, nil, func(l *httpLimits) {
		l.readHeader, l.read, l.write, l.idle = 400*time.Millisecond, readTimeout, readTimeout, readTimeout
	})
	const stalled, dripping = 300, 100
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range stalled + dripping {
		c, err := net.Dial("tcp", b.a.Addr)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, c)
		if i < stalled {
			body := slashBody(fmt.Sprint("slow", i), "C7", "U1", "new boat=IXA")
			fmt.Fprintf(c, "POST /slack/commands HTTP/1.1\r\nHost: kaleun\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Slack-Request-Timestamp: %d\r\nX-Slack-Signature: v0=%s\r\nContent-Length: 900000\r\n\r\n%s",
				time.Now().Unix(), strings.Repeat("0", 64), body)
		} else {
			fmt.Fprint(c, "POST /slack/commands HTTP/1.1\r\nHost: kaleun\r\n")
		}
	}
	stopDrip := make(chan struct{})
	var dripWG sync.WaitGroup
	dripWG.Add(1)
	go func() {
		defer dripWG.Done()
		for n := 0; ; n++ {
			select {
			case <-stopDrip:
				return
			case <-time.After(100 * time.Millisecond):
			}
			for _, c := range conns[stalled:] {
				c.SetWriteDeadline(time.Now().Add(50 * time.Millisecond))
				fmt.Fprintf(c, "X-%d: y\r\n", n)
			}
		}
	}()
	// A real request goes through while they hang on.
	if code, _ := b.send(t, signedAt("/slack/commands", slashBody("tr-real", "C8", "U1", "new boat=VIIC"), time.Now())); code != http.StatusOK {
		t.Fatalf("a real request during the attack: %d", code)
	}
	time.Sleep(readTimeout + 1500*time.Millisecond)
	close(stopDrip)
	dripWG.Wait()
	held := 0
	for _, c := range conns {
		if stillOpen(c) {
			held++
		}
	}
	t.Logf("slow connections: %d opened (%d stalled uploads, %d dripping headers), %d still held %v after the read timeout of %v", len(conns), stalled, dripping, held, 1500*time.Millisecond, readTimeout)
	if held != 0 {
		t.Fatalf("%d of %d slow connections still held", held, len(conns))
	}
	if _, err := b.store.Load(t.Context(), "slack/T1/C7"); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("a stalled upload changed something")
	}
}

// stillOpen says the server has not closed c: reading finds no end of stream
// (whatever answer the server wrote before closing is read past).
func stillOpen(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	_, err := io.Copy(io.Discard, bufio.NewReader(c))
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return true
	}
	return false
}

// panickyTransport reaches the fake Slack, except that the first call to one
// Web API method panics, as a bug in a client library or in our own posting
// code would.
type panickyTransport struct {
	method string
	armed  atomic.Bool
}

func (p *panickyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "/"+p.method) && p.armed.CompareAndSwap(true, false) {
		panic("injected: " + p.method)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// The goroutines that post in HTTP mode had no recover: a panic there stopped
// the bot for every channel. It is now logged with slog, the user is told,
// and the bot goes on serving; a panic while answering the request itself
// is answered too.
func TestSlackHTTPRecoversPanicsWhilePosting(t *testing.T) {
	f := slackfake.New(t)
	tr := &panickyTransport{method: "chat.postMessage"}
	b := startHTTPBot(t, f, &http.Client{Transport: tr}, nil)
	now := time.Now()
	// A VIIC's set-up rolls the rank, so the game waits for its Start.
	_, resp := b.send(t, signedAt("/slack/commands", slashBody("tr-new", "C7", "U1", "new boat=VIIC"), now))
	start := buttonValues(blocksOf(resp))
	if len(start) != 1 {
		t.Fatalf("no Start button: %s", resp)
	}
	tr.armed.Store(true)
	if code, _ := b.send(t, signedAt("/slack/interactions", clickBody("tr-start", "C7", "U1", start[0]), now)); code != http.StatusOK {
		t.Fatalf("click: %d", code)
	}
	posts := f.Drain(t)
	told := false
	for _, p := range posts {
		if p.Get("_method") == "/api/chat.postEphemeral" && p.Get("user") == "U1" && strings.Contains(p.Get("text"), "internal error") {
			told = true
		}
	}
	if !told {
		t.Fatalf("the user was not told of the error: %v", posts)
	}
	if l := b.log.String(); !strings.Contains(l, "posting a reply panicked") || !strings.Contains(l, "injected: chat.postMessage") {
		t.Fatalf("the panic is not in the log:\n%s", l)
	}
	// The bot goes on, in this channel and in another.
	if code, resp := b.send(t, signedAt("/slack/commands", slashBody("tr-c8", "C8", "U2", "new boat=VIIC"), now)); code != http.StatusOK || !strings.Contains(resp, "Start") {
		t.Fatalf("another channel after the panic: %d %s", code, resp)
	}
	if code, resp := b.send(t, signedAt("/slack/commands", slashBody("tr-turn", "C7", "U1", "turn"), now)); code != http.StatusOK || len(buttonValues(blocksOf(resp))) == 0 {
		t.Fatalf("the game after the panic: %d %s", code, resp)
	}
	f.Drain(t)

	// A panic while answering the request (here users.info, asked when a
	// manager's rights matter) is answered with the same note.
	tr.method = "users.info"
	tr.armed.Store(true)
	code, resp := b.send(t, signedAt("/slack/commands", slashBody("tr-abandon", "C7", "U1", "abandon"), now))
	if code != http.StatusOK || !strings.Contains(resp, "internal error") || !strings.Contains(resp, "ephemeral") {
		t.Fatalf("a panic in the handler: %d %s", code, resp)
	}
	if !strings.Contains(b.log.String(), "slash command panicked") {
		t.Fatal("the handler's panic is not in the log")
	}
}
