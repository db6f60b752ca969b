package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/pgtest"
)

// holdingProxy stands between one replica and the fake Discord, so that the
// test knows which replica a REST call came from: armed, it lets the first
// message post whose body contains a text reach Discord (the message is
// created), and holds Discord's answer back from the replica, saying so on
// held — the moment between the platform taking a message and the replica
// recording it delivered.
type holdingProxy struct {
	URL  string
	mu   sync.Mutex
	arm  string
	held chan string
	// dropReply, armed, keeps the next interaction callback (a click's
	// reply) from Discord altogether, saying so on held.
	dropReply bool
}

func newHoldingProxy(t *testing.T, to string) *holdingProxy {
	t.Helper()
	target, err := url.Parse(to)
	if err != nil {
		t.Fatal(err)
	}
	p := &holdingProxy{held: make(chan string, 4)}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ModifyResponse = func(resp *http.Response) error {
		body, _ := resp.Request.Context().Value(bodyKey{}).([]byte)
		p.mu.Lock()
		hold := p.arm != "" && resp.Request.Method == http.MethodPost &&
			strings.HasSuffix(resp.Request.URL.Path, "/messages") && bytes.Contains(body, []byte(p.arm))
		if hold {
			p.arm = ""
		}
		p.mu.Unlock()
		if hold {
			p.held <- resp.Request.URL.Path
			<-resp.Request.Context().Done() // until the replica is gone
			return resp.Request.Context().Err()
		}
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		p.mu.Lock()
		drop := p.dropReply && strings.HasSuffix(r.URL.Path, "/callback")
		if drop {
			p.dropReply = false
		}
		p.mu.Unlock()
		if drop {
			p.held <- r.URL.Path
			<-r.Context().Done() // until the replica is gone
			return
		}
		rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bodyKey{}, body)))
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

type bodyKey struct{}

// holdReply arms the proxy to keep the next click's reply from Discord.
func (p *holdingProxy) holdReply() {
	p.mu.Lock()
	p.dropReply = true
	p.mu.Unlock()
}

// hold arms the proxy for the next message post containing text.
func (p *holdingProxy) hold(text string) {
	p.mu.Lock()
	p.arm = text
	p.mu.Unlock()
}

// Issue 21's "a replica killed mid-tick loses nothing and sends nothing
// twice", through real processes: replica A of a game waiting for its
// Start posts the first reminder — Discord creates the message — and is
// killed with SIGKILL before Discord's answer reaches it. Replica B, a
// second `kaleun serve` over the same PostgreSQL database, takes the
// reminder over when A's lease runs out and posts it again under the same
// nonce: Discord (the fake, holding enforce_nonce as Discord does) answers
// with the message it has. Then B is killed the same way in the middle of
// the deadline's notice (the game still waits for its Start), which A,
// started again, delivers once. The channel shows every reminder and the
// deadline's notice exactly once, the last reminder once directly too; and
// the game then starts from its Start button as if nothing had happened.
func TestAReplicaKilledMidDeliveryShowsItOnce(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	db := pgtest.URL(t)
	bin := kaleunBinary(t)
	f := discordfake.New(t)
	proxies := [2]*holdingProxy{newHoldingProxy(t, f.URL), newHoldingProxy(t, f.URL)}
	var replicas [2]*serveProcess
	for i := range replicas {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("replica%d", i))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		replicas[i] = newServeProcess(t, bin, writeServeConfig(t, dir, fmt.Sprintf(`[database]
url = %q
[log]
format = "json"
[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = ["g1"]
api_base = %q
[reminders]
every = ["2s", "4s"]
deadline = "6s"
tick = "1s"
delivery_lease = "3s"
`, db, proxies[i].URL)))
	}
	a, b := replicas[0], replicas[1]
	awaitHeld := func(p *holdingProxy, what string) {
		t.Helper()
		select {
		case <-p.held:
		case <-time.After(30 * time.Second):
			t.Fatalf("no replica posted %s", what)
		}
	}

	proxies[0].hold("(reminder 1)")
	a.start()
	awaitDiscord(t, f)
	if err := f.Command("i1", "c1", "u1", false, "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"}); err != nil {
		t.Fatal(err)
	}
	answerTo(t, f, "i1")
	awaitHeld(proxies[0], "the first reminder")
	a.kill9()
	if n := count(f, "(reminder 1)"); n != 1 {
		t.Fatalf("Discord holds %d first reminders at the kill, want the one A posted", n)
	}
	proxies[1].hold("still waits for")
	b.start()
	awaitHeld(proxies[1], "the deadline's notice")
	b.kill9()
	a.start()
	// A takes the deadline's notice over after B's lease; then nothing is left.
	for end := time.Now().Add(20 * time.Second); !strings.Contains(a.log.String(), "delivering again"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the restarted replica took nothing over:\n%s", tail(a.log.String(), 3000))
		}
	}
	time.Sleep(4 * time.Second) // a lease and a tick more: anything delivered twice would show
	for _, want := range []struct {
		text    string
		channel string
	}{{"(reminder 1)", "c1"}, {"(reminder 2)", "c1"}, {"(reminder 2)", "dm-u1"}, {"still waits for", "c1"}} {
		if n := countIn(f, want.channel, want.text); n != 1 {
			t.Errorf("%q shown %d times in %s, want once", want.text, n, want.channel)
		}
	}
	if !strings.Contains(b.log.String(), "delivering again") {
		t.Errorf("replica B did not take A's reminder over:\n%s", tail(b.log.String(), 3000))
	}
	// The game goes on from its Start, on the replica now serving.
	var start discordfake.Message
	for _, m := range f.Messages() {
		if m.Channel == "c1" && m.Live() {
			start = m
		}
	}
	if start.ID == "" {
		t.Fatal("no Start button left in the channel")
	}
	if err := f.ClickOn("i2", start.ID, "u1", start.CustomIDs()[0]); err != nil {
		t.Fatal(err)
	}
	if p := answerTo(t, f, "i2"); !strings.Contains(discordfake.Text(p), "Start") {
		t.Fatalf("the Start after the kills: %s", discordfake.Text(p))
	}
	a.stop()
	t.Logf("each reminder and the deadline's notice shown once across two kills mid-delivery; %d messages in the channel", countIn(f, "c1", ""))
}

// count is how many messages of the fake contain text, anywhere.
func count(f *discordfake.Server, text string) int { return countIn(f, "", text) }

// countIn is how many messages of a channel ("" any) contain text.
func countIn(f *discordfake.Server, channel, text string) int {
	n := 0
	for _, m := range f.Messages() {
		if (channel == "" || m.Channel == channel) && strings.Contains(m.Text(), text) {
			n++
		}
	}
	return n
}
