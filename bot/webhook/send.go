package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// MaxBody bounds a payload: a summary that would make it longer is cut
// (Trim), so a receiver never gets more than this.
const MaxBody = 16 << 10

// DefaultTimeout bounds one attempt, connection to answer.
const DefaultTimeout = 10 * time.Second

// Result is what one attempt came to.
type Result struct {
	Status int // the HTTP status, 0 when none came
	// Retry: a 5xx, a 408, a 429, a timeout or a connection error; a 4xx
	// (the receiver refused it), a 3xx (redirects are not followed) or a
	// refused address is not retried.
	Retry      bool
	RetryAfter time.Duration // a 429's (or 503's) Retry-After
	Err        error         // nil: delivered (a 2xx)
}

// Client delivers events.
type Client struct {
	http *http.Client
}

// NewClient is a client that dials through d, gives each attempt timeout,
// follows no redirect and uses no proxy (a proxy would resolve the host
// itself, past the address check).
func NewClient(d *Dialer, timeout time.Duration) *Client {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &Client{http: &http.Client{
		Transport: tr,
		Timeout:   timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

// Send posts body to url, signed with secret at now, as delivery id of
// event type typ.
func (c *Client) Send(ctx context.Context, url, secret, delivery, typ string, body []byte, now time.Time) Result {
	if len(body) > MaxBody {
		return Result{Err: fmt.Errorf("payload of %d bytes, above the %d bytes cap", len(body), MaxBody)}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return Result{Err: fmt.Errorf("webhook request: %w", err)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Kaleun-Webhook/1")
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(now.Unix(), 10))
	req.Header.Set(HeaderSignature, Sign(secret, now, body))
	req.Header.Set(HeaderDelivery, delivery)
	req.Header.Set(HeaderEvent, typ)
	resp, err := c.http.Do(req)
	if err != nil {
		if errors.Is(err, ErrRefusedAddress) {
			return Result{Err: err}
		}
		return Result{Retry: true, Err: err} // a timeout, a refused connection, a shutdown...
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10)) // (lets the connection be reused)
	return classify(resp, now)
}

func classify(resp *http.Response, now time.Time) Result {
	r := Result{Status: resp.StatusCode}
	switch s := resp.StatusCode; {
	case s >= 200 && s < 300:
		return r
	case s == http.StatusTooManyRequests || s == http.StatusServiceUnavailable:
		r.Retry, r.RetryAfter = true, retryAfter(resp.Header.Get("Retry-After"), now)
	case s >= 500 || s == http.StatusRequestTimeout:
		r.Retry = true
	case s >= 300 && s < 400:
		r.Err = fmt.Errorf("the receiver answered %s, a redirect, which webhooks do not follow: set the final URL", resp.Status)
		return r
	}
	r.Err = fmt.Errorf("the receiver answered %s", resp.Status)
	return r
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
