package webhook

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"
)

// The signature of a known body, computed apart (Python's hmac module, as
// docs/operators/webhooks.md's snippet does).
func TestSignatureKnownVector(t *testing.T) {
	ts := time.Unix(1764820800, 0)
	got := Sign("whsec_test", ts, []byte(`{"version":1}`))
	want := "v1=4c95afa3bd7a545705b3d6fd60555d20511abd6e65e18a00840a329ce8a57a28"
	if got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
	if err := Verify("whsec_test", want, "1764820800", []byte(`{"version":1}`), ts.Add(time.Minute), 5*time.Minute); err != nil {
		t.Fatal(err)
	}
	for name, check := range map[string]error{
		"another body":   Verify("whsec_test", want, "1764820800", []byte(`{"version":2}`), ts, 5*time.Minute),
		"another secret": Verify("whsec_other", want, "1764820800", []byte(`{"version":1}`), ts, 5*time.Minute),
		"a replay":       Verify("whsec_test", want, "1764820800", []byte(`{"version":1}`), ts.Add(6*time.Minute), 5*time.Minute),
	} {
		if check == nil {
			t.Errorf("%s verified", name)
		}
	}
}

// The retry schedule doubles from 30 s to an hour, jittered to between
// half and all of it; a 4xx is not retried, a 429's Retry-After is kept,
// and nothing is retried past 24 h.
func TestBackoffSchedule(t *testing.T) {
	var got []string
	for n := 1; n <= 9; n++ {
		got = append(got, DefaultSchedule.Backoff(n, 0.999999).Round(time.Second).String())
	}
	want := "[30s 1m0s 2m0s 4m0s 8m0s 16m0s 32m0s 1h0m0s 1h0m0s]"
	if strings.Join(got, " ") != strings.Trim(want, "[]") {
		t.Fatalf("top of the schedule: %v, want %s", got, want)
	}
	if b := DefaultSchedule.Backoff(3, 0); b != time.Minute {
		t.Fatalf("jitter 0 of the 3rd wait: %s, want half of 2m", b)
	}
	t0 := time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)
	if _, ok := DefaultSchedule.RetryAt(Result{Status: 404}, 1, t0, t0, 0); ok {
		t.Error("a 404 retried")
	}
	if at, ok := DefaultSchedule.RetryAt(Result{Status: 429, Retry: true, RetryAfter: 10 * time.Minute}, 1, t0, t0, 0); !ok || at.Sub(t0) != 10*time.Minute {
		t.Errorf("429 Retry-After 600: %s %v", at.Sub(t0), ok)
	}
	if _, ok := DefaultSchedule.RetryAt(Result{Status: 503, Retry: true}, 30, t0, t0.Add(23*time.Hour+45*time.Minute), 0); ok {
		t.Error("retried past 24 h")
	}
	// Every attempt, jitter at its top: the whole schedule fits in MaxAge.
	now, n := t0, 0
	for {
		at, ok := DefaultSchedule.RetryAt(Result{Retry: true}, n+1, t0, now, 0.999)
		if !ok {
			break
		}
		now, n = at, n+1
	}
	if n < 25 || n > 40 {
		t.Errorf("%d retries in 24 h", n)
	}
	// An operator's schedule (the end-to-end tests' fast one).
	fast := Schedule{First: 200 * time.Millisecond, MaxWait: time.Second, For: time.Minute}
	if b := fast.Backoff(5, 0.999999).Round(time.Millisecond); b != time.Second {
		t.Errorf("the fast schedule's 5th wait: %s", b)
	}
}

// Bad URLs are refused when set.
func TestBadURLsRefused(t *testing.T) {
	for _, u := range []string{"ftp://example.org/", "example.org/hook", "https://", "https://user:pw@example.org/", "https://example.org/#x", "javascript:alert(1)", "https://example.org/" + strings.Repeat("a", MaxURLLength)} {
		if CheckURL(u) == "" {
			t.Errorf("%q accepted", u)
		}
	}
	for _, u := range []string{"https://example.org/hook", "http://example.org:8080/a?b=c"} {
		if why := CheckURL(u); why != "" {
			t.Errorf("%q refused: %s", u, why)
		}
	}
}

// fakeResolver resolves every name to its address.
type fakeResolver struct{ addr netip.Addr }

func (f fakeResolver) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return []netip.Addr{f.addr}, nil
}

// Loopback, private, link-local and mapped addresses are refused at send
// time unless allow_private, whether named or resolved, and the dialer
// connects to the address it checked.
func TestPrivateAddressesRefusedAtSendTime(t *testing.T) {
	for _, a := range []string{"127.0.0.1", "10.1.2.3", "192.168.0.1", "172.16.0.1", "169.254.169.254", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "0.0.0.0", "100.64.0.1"} {
		if !Private(netip.MustParseAddr(a)) {
			t.Errorf("%s is not private", a)
		}
	}
	if Private(netip.MustParseAddr("93.184.215.14")) {
		t.Error("a public address refused")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	// A name that resolves to loopback (as a rebinding DNS answer would).
	d := &Dialer{Resolver: fakeResolver{netip.MustParseAddr("127.0.0.1")}}
	res := NewClient(d, time.Second).Send(t.Context(), "http://hook.example:"+port+"/", "s", "id", "test", []byte(`{}`), time.Now())
	if !errors.Is(res.Err, ErrRefusedAddress) || res.Retry {
		t.Fatalf("loopback by name: %+v", res)
	}
	res = NewClient(&Dialer{}, time.Second).Send(t.Context(), srv.URL, "s", "id", "test", []byte(`{}`), time.Now())
	if !errors.Is(res.Err, ErrRefusedAddress) {
		t.Fatalf("loopback by address: %+v", res)
	}
	d.AllowPrivate = true
	if res := NewClient(d, time.Second).Send(t.Context(), "http://hook.example:"+port+"/", "s", "id", "test", []byte(`{}`), time.Now()); res.Err != nil {
		t.Fatalf("allowed: %+v", res)
	}
}

// What each answer comes to: 2xx delivered; 5xx, 429 and timeouts retried;
// 4xx and redirects not; the headers signed.
func TestSendClassifiesAnswers(t *testing.T) {
	var mu sync.Mutex
	status := 0
	var got http.Header
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		status := status
		if status != -1 {
			got, body = r.Header.Clone(), string(b)
		}
		mu.Unlock()
		switch status {
		case 302:
			w.Header().Set("Location", "http://example.org/")
		case 429:
			w.Header().Set("Retry-After", "120")
		case -1:
			time.Sleep(300 * time.Millisecond)
			return
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	c := NewClient(&Dialer{AllowPrivate: true}, 200*time.Millisecond)
	now := time.Unix(1764820800, 0)
	for _, tc := range []struct {
		status      int
		ok, retry   bool
		retryAfterS int
	}{{200, true, false, 0}, {204, true, false, 0}, {500, false, true, 0}, {503, false, true, 0}, {429, false, true, 120}, {400, false, false, 0}, {410, false, false, 0}, {302, false, false, 0}, {-1, false, true, 0}} {
		mu.Lock()
		status = tc.status
		mu.Unlock()
		res := c.Send(t.Context(), srv.URL, "whsec_test", "d1", "turn", []byte(`{"version":1}`), now)
		if (res.Err == nil) != tc.ok || res.Retry != tc.retry || res.RetryAfter != time.Duration(tc.retryAfterS)*time.Second {
			t.Errorf("status %d: %+v", tc.status, res)
		}
	}
	mu.Lock()
	if got.Get(HeaderSignature) != "v1=4c95afa3bd7a545705b3d6fd60555d20511abd6e65e18a00840a329ce8a57a28" ||
		got.Get(HeaderTimestamp) != "1764820800" || got.Get(HeaderDelivery) != "d1" || got.Get(HeaderEvent) != "turn" || body != `{"version":1}` {
		t.Errorf("headers %v body %q", got, body)
	}
	mu.Unlock()
	if res := c.Send(t.Context(), srv.URL, "s", "d", "turn", make([]byte, MaxBody+1), now); res.Err == nil || res.Retry {
		t.Errorf("an oversized body: %+v", res)
	}
}
