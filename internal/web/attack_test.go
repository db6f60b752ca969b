package web

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/persist/record"
)

// The attacks adapters/slack's HTTP mode is tested against, and the ones
// a public read-only site meets besides, on real loopback sockets.

// attackSite is a site with a game, a tournament and a board behind their
// links, listening on loopback with limits a test can wait out.
func attackSite(t *testing.T, lim Limits) (addr, game string) {
	t.Helper()
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	p := play(t, games, "hunters", `{"boat":"VIIC"}`, 6, 0)
	link := p.rec.ID + ".0123456789abcdef0123456789abcdef"
	site, err := New(Options{Assets: fakeAssets(t, []byte("\x00asm fake")), Rules: games,
		Games:       &fakeGames{byLink: map[string]*record.GameRecord{link: p.rec}, logs: map[string][]record.EventRecord{p.rec.ID: p.entries}},
		Tournaments: fakeTournaments{"t1.0123456789abcdef0123456789abcdef": {Name: "Cup"}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Listen("127.0.0.1:0", site, lim, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.Addr(), "/" + GamePath(link)
}

// raw sends a request as written, byte for byte (no client cleans its
// path), and reads the answer.
func raw(t *testing.T, addr, request string) (*http.Response, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%q: %v", request, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// Paths that climb out of the site, encode a climb, double a slash, change
// case or smuggle a link's separator are answered 404 (or 301 to the
// same page under the site, never elsewhere): no file but the routed
// ones, no other game's page, never a redirect off the site, never a
// failure (500), and every answer carries the strict headers. The
// backslashes were a redirect off the site before the fix: /g/\\evil.com
// sent `Location: \\evil.com/`, which a browser reads as //evil.com/.
func TestWebPathTricksStayOnTheSite(t *testing.T) {
	addr, game := attackSite(t, short())
	link := strings.TrimSuffix(strings.TrimPrefix(game, "/g/"), "/")
	for _, path := range []string{
		"/../web.go", "/%2e%2e/web.go", "/%2E%2E%2Fweb.go", "/verify/../../web.go", "/verify/%2e%2e/style.css", "/./style.css", "/style.css/",
		"//style.css", "//verify/", "/verify//", "/VERIFY/", "/Verify/", "/verify/./verify.js", "/static/style.css", "/templates/game.html",
		"/g/../verify/", "/g/%2e%2e/verify/", "/g//", "/g//" + link + "/", "/g/" + link + "//", "/g/" + link + "/../audit", "/g/" + link + "/%2e%2e/audit",
		"/g/" + link + "%2faudit", "/g/" + link + "/audit/", "/g/" + link + "/audit.json/", "/g/" + link + "/./audit", "/g/" + strings.ToUpper(link) + "/",
		"/g/\\\\evil.example/", "/g/\\\\evil.example", "/g/%5C%5Cevil.example", "/t/\\\\evil.example", "/l/\\\\evil.example", "/g/%2F%2Fevil.example",
		"/g/evil.example%2F", "/g/" + link + "%00/", "/g/" + link + "/picture?n=../../../etc/passwd", "/g/" + link + "/?step=-1", "/g/" + link + "/?step=1e3",
		"/g/" + link + "/?step=99999999999999999999", "/t/t1.0123456789abcdef0123456789abcdef/../", "/favicon.ico/",
	} {
		resp, body := raw(t, addr, "GET "+path+" HTTP/1.1\r\nHost: kaleun.example\r\nConnection: close\r\n\r\n")
		switch {
		case resp.StatusCode == http.StatusNotFound, resp.StatusCode == http.StatusBadRequest:
		case resp.StatusCode == http.StatusMovedPermanently:
			loc := resp.Header.Get("Location")
			if strings.HasPrefix(loc, "/") || strings.Contains(loc, "\\") || strings.Contains(loc, ":") {
				t.Errorf("GET %s: redirected to %q, which may leave the site", path, loc)
			}
		default:
			t.Errorf("GET %s: %d, want 404 (or a redirect on the site)\n%.200s", path, resp.StatusCode, body)
		}
		if resp.StatusCode != http.StatusBadRequest && resp.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: no strict headers: %v", path, resp.Header)
		}
	}
	// The page itself, for comparison, and a redirect of a link without
	// its final slash, which stays relative.
	if resp, _ := raw(t, addr, "GET "+game+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); resp.StatusCode != 200 {
		t.Fatalf("the game's page: %d", resp.StatusCode)
	}
	if resp, _ := raw(t, addr, "GET "+strings.TrimSuffix(game, "/")+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); resp.StatusCode != 301 || resp.Header.Get("Location") != "./"+link+"/" {
		t.Errorf("the link without its slash: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
}

// HEAD of every page answers as GET does, headers and all, without a body.
func TestWebHeadAnswersAsGet(t *testing.T) {
	addr, game := attackSite(t, short())
	for _, path := range []string{"/", "/style.css", "/favicon.ico", "/verify/", "/verify/verify.js", "/verify/verifier.wasm", game, game + "?step=2", game + "audit", game + "audit.json", game + "picture?n=0", "/t/t1.0123456789abcdef0123456789abcdef/", "/nowhere"} {
		get, _ := raw(t, addr, "GET "+path+" HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
		head, body := raw(t, addr, "HEAD "+path+" HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
		if head.StatusCode != get.StatusCode || body != "" {
			t.Errorf("HEAD %s: %d with %d bytes, GET %d", path, head.StatusCode, len(body), get.StatusCode)
		}
		for _, k := range []string{"Content-Type", "Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Content-Encoding", "ETag", "Cache-Control"} {
			if head.Header.Get(k) != get.Header.Get(k) {
				t.Errorf("HEAD %s: %s %q, GET's %q", path, k, head.Header.Get(k), get.Header.Get(k))
			}
		}
	}
}

// A GET with a body (which no page reads) is answered as one without, and
// the body is never read far: a large one, sent at once, ends the
// connection after the answer instead of being read to its end; a body
// of many chunks is treated alike.
func TestWebGetWithABodyIsNotRead(t *testing.T) {
	addr, _ := attackSite(t, short())
	resp, body := raw(t, addr, "GET /verify/ HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world")
	if resp.StatusCode != 200 || !strings.Contains(body, "Verify an audit file") {
		t.Fatalf("a GET with a small body: %d", resp.StatusCode)
	}
	for _, framing := range []string{"Content-Length: 1073741824\r\n", "Transfer-Encoding: chunked\r\n"} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n"+framing+"\r\n")
		// A body sent as fast as the socket takes it, beside the answer.
		sent := make(chan int64, 1)
		go func() {
			chunk := []byte(strings.Repeat("a", 64<<10))
			if strings.HasPrefix(framing, "Transfer") {
				chunk = []byte(fmt.Sprintf("%x\r\n%s\r\n", len(chunk), chunk))
			}
			var n int64
			for n < 1<<30 {
				w, err := c.Write(chunk)
				n += int64(w)
				if err != nil {
					break
				}
			}
			sent <- n
		}()
		r := bufio.NewReader(c)
		resp, err := http.ReadResponse(r, nil)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %v %v", framing, resp, err)
		}
		io.Copy(io.Discard, resp.Body)
		// The server closes the connection instead of reading on.
		if _, err := r.ReadByte(); err == nil {
			t.Errorf("%s: the connection goes on after the answer", framing)
		}
		c.Close()
		if n := <-sent; n >= 1<<30 {
			t.Errorf("%s: the server read the whole 1 GiB body", framing)
		} else {
			t.Logf("%s: the server stopped reading after %d KiB sent", strings.TrimSpace(framing), n>>10)
		}
	}
}

// Slow-loris as adapters/slack's TestSlackHTTPDropsSlowClients tries it:
// many connections at once, some dripping their headers a byte at a time,
// some stalled in a large body, some idle before their first byte. The
// server closes every one of them soon after its limit, and serves a real
// request meanwhile.
func TestWebDropsManySlowClientsAtOnce(t *testing.T) {
	lim := short()
	lim.MaxConns = 512
	addr, _ := attackSite(t, lim)
	const dripping, stalled, idle = 100, 100, 100
	var conns []net.Conn
	for i := 0; i < dripping+stalled+idle; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		switch {
		case i < dripping:
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\nX-Drip: ")
		case i < dripping+stalled:
			io.WriteString(c, "GET /verify/ HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nabc")
		}
		conns = append(conns, c)
	}
	start := time.Now()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the drip: a byte a connection every 100 ms
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				for _, c := range conns[:dripping+stalled] {
					c.Write([]byte("a"))
				}
			}
		}
	}()
	defer func() { close(stop); wg.Wait() }()
	// A reader meanwhile is served at once.
	resp, err := (&http.Client{Timeout: 2 * time.Second}).Get("http://" + addr + "/verify/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a real request among the slow clients: %v %v", resp, err)
	}
	resp.Body.Close()
	// Each is closed by the server within its limit and some slack.
	limit := lim.Read + 2*time.Second
	var open []int
	for i, c := range conns {
		c.SetReadDeadline(start.Add(limit))
		_, err := io.Copy(io.Discard, c)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			open = append(open, i)
		}
	}
	if len(open) > 0 {
		t.Errorf("%d of %d slow connections still open %s after they began (first: %v)", len(open), len(conns), limit, open[:min(5, len(open))])
	}
	t.Logf("%d dripping, %d stalled and %d idle connections, all closed by the server within %s", dripping, stalled, idle, time.Since(start).Round(time.Millisecond))
}
