package web

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// short are limits a test can wait out.
func short() Limits {
	return Limits{ReadHeader: 300 * time.Millisecond, Read: 600 * time.Millisecond, Write: 2 * time.Second, Idle: 800 * time.Millisecond,
		MaxHeaderBytes: 4 << 10, MaxConns: 32}
}

func listen(t *testing.T, lim Limits) *Server {
	t.Helper()
	s, err := Listen("127.0.0.1:0", site(t, []byte("\x00asm fake")), lim, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// closedWithin dials, writes what first says, then trickles a byte every
// 100 ms, and returns how long the server took to close the connection
// (failing past limit).
func closedWithin(t *testing.T, addr, first string, limit time.Duration) time.Duration {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	io.WriteString(c, first)
	gone := make(chan struct{})
	go func() {
		io.Copy(io.Discard, c) // whatever the server answers, until it closes
		close(gone)
	}()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-gone:
			return time.Since(start)
		case <-tick.C:
			c.Write([]byte("a")) // a header or a body that never ends
			if time.Since(start) > limit {
				t.Fatalf("the connection is still open after %s", limit)
			}
		}
	}
}

// A client that sends its headers a byte at a time, or a body a byte at
// a time (to a GET or to a refused POST), or nothing at all after its
// first request, is cut off by the limits: the connection is closed
// within them (real sockets on loopback).
func TestWebSlowRequestsTimeOut(t *testing.T) {
	lim := short()
	s := listen(t, lim)
	slack := 700 * time.Millisecond
	d := closedWithin(t, s.Addr(), "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", lim.ReadHeader+slack)
	t.Logf("slow headers: closed after %s (read_header %s)", d.Round(time.Millisecond), lim.ReadHeader)
	for _, m := range []string{"GET", "POST"} {
		d = closedWithin(t, s.Addr(), m+" /verify/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n", lim.Read+slack)
		t.Logf("a slow body to %s: closed after %s (read %s)", m, d.Round(time.Millisecond), lim.Read)
	}
	// Idle after one answer: closed after the idle limit.
	c, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	c.SetReadDeadline(time.Now().Add(lim.Idle + slack))
	if _, err := c.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("an idle connection after %s: %v, want closed by the server", time.Since(start), err)
	}
}

// Headers larger than the limit are refused (431), never read on.
func TestWebHugeHeadersAreRefused(t *testing.T) {
	lim := short()
	s := listen(t, lim)
	req, _ := http.NewRequest("GET", "http://"+s.Addr()+"/", nil)
	req.Header.Set("X-Huge", strings.Repeat("a", 64<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("64 KiB of headers: %d", resp.StatusCode)
	}
}

// A flood: thousands of requests from many clients at once, new
// connections and kept-alive ones, and more connections held open than the
// server serves at once. Every request is answered, none crashes it, it
// answers at once when the flood is over, and its goroutines come back
// down (nothing is left behind per connection).
func TestWebSurvivesAFlood(t *testing.T) {
	// Limits a loaded machine's clients keep to (a client descheduled past
	// a 300 ms header limit is cut off, rightly); TestWebSlowRequestsTimeOut
	// holds the server to them. The held connections take every slot
	// until their header limit cuts them off: the flood waits that long.
	lim := Limits{ReadHeader: 2 * time.Second, Read: 4 * time.Second, Write: 10 * time.Second, Idle: 10 * time.Second, MaxHeaderBytes: 4 << 10, MaxConns: 32}
	s := listen(t, lim)
	base := runtime.NumGoroutine()
	// Connections held open doing nothing, more than MaxConns: they wait
	// for a slot or time out, they do not starve the server for good.
	var held []net.Conn
	for i := 0; i < lim.MaxConns+16; i++ {
		c, err := net.Dial("tcp", s.Addr())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	const clients, each = 64, 40
	var ok, failed atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			tr := &http.Transport{DisableKeepAlives: i%2 == 0, MaxIdleConnsPerHost: 1}
			defer tr.CloseIdleConnections()
			cl := &http.Client{Transport: tr, Timeout: 10 * time.Second}
			for j := 0; j < each; j++ {
				path := []string{"/", "/verify/", "/style.css", "/nowhere"}[j%4]
				resp, err := cl.Get("http://" + s.Addr() + path)
				if err != nil {
					failed.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == 200 || resp.StatusCode == 404 {
					ok.Add(1)
				} else {
					failed.Add(1)
				}
			}
		}(i)
	}
	wg.Wait()
	took := time.Since(start)
	if failed.Load() != 0 || ok.Load() != clients*each {
		t.Fatalf("%d answered, %d failed, of %d: %v", ok.Load(), failed.Load(), clients*each, firstErr.Load())
	}
	t.Logf("%d requests from %d clients, with %d idle connections held: all answered in %s", clients*each, clients, len(held), took.Round(time.Millisecond))
	for _, c := range held {
		c.Close()
	}
	held = nil
	resp, err := (&http.Client{Timeout: 2 * time.Second}).Get("http://" + s.Addr() + "/verify/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after the flood: %v %v", resp, err)
	}
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second) // the clients closed their idle connections
	for runtime.NumGoroutine() > base+10 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base+10 {
		t.Errorf("%d goroutines after the flood, %d before it", n, base)
	}
}

// Close returns while the listener waits for a slot (every connection
// taken), and the defaults are what serve runs with.
func TestWebClosesWhenFullAndKeepsItsLimits(t *testing.T) {
	lim := short()
	lim.MaxConns = 2
	s, err := Listen("127.0.0.1:0", site(t, nil), lim, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp", s.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	done := make(chan error)
	go func() { done <- s.Close() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Close hangs with every slot taken")
	}
	d := DefaultLimits()
	s2, err := Listen("127.0.0.1:0", site(t, nil), d, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	srv := s2.srv
	got := fmt.Sprint(srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout, srv.MaxHeaderBytes, cap(s2.ln.(*limited).slots))
	if got != "5s 10s 1m0s 1m0s 16384 512" {
		t.Errorf("the server runs with %s", got)
	}
}
