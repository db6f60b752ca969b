// Package webhook is what an outbound webhook needs besides the store: the
// payload's schema, its signature, the retry schedule, the check of a
// target URL and the HTTP client that delivers one event. It knows no game
// and no store (bot/webhooks.go ties it to them); docs/operators/webhooks.md
// is its public description.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The headers of a delivery.
const (
	HeaderSignature = "X-Kaleun-Signature"
	HeaderTimestamp = "X-Kaleun-Request-Timestamp"
	HeaderDelivery  = "X-Kaleun-Delivery"
	HeaderEvent     = "X-Kaleun-Event"
)

// SignatureVersion prefixes the signed text and the signature, as Slack's
// "v0": a later scheme would be v2, sent beside this one.
const SignatureVersion = "v1"

// Sign is the signature of body sent at ts under secret: "v1=" and the hex
// HMAC-SHA256 of "v1:" + the unix seconds + ":" + body. The timestamp is
// signed so that a captured delivery cannot be replayed later (receivers
// refuse one older than a few minutes).
func Sign(secret string, ts time.Time, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(m, "%s:%d:", SignatureVersion, ts.Unix())
	m.Write(body)
	return SignatureVersion + "=" + hex.EncodeToString(m.Sum(nil))
}

// Verify checks a delivery's signature and that its timestamp is within
// tolerance of now, as a receiver does (docs/operators/webhooks.md has it
// in Go and Python); the tests' receiver uses it.
func Verify(secret, signature, timestamp string, body []byte, now time.Time, tolerance time.Duration) error {
	sec, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return fmt.Errorf("timestamp %q is not unix seconds", timestamp)
	}
	ts := time.Unix(sec, 0)
	if d := now.Sub(ts); d > tolerance || d < -tolerance {
		return fmt.Errorf("timestamp %s is %s from now: a replay, or a clock off", ts.UTC().Format(time.RFC3339), d)
	}
	want := Sign(secret, ts, body)
	if !strings.HasPrefix(signature, SignatureVersion+"=") || !hmac.Equal([]byte(signature), []byte(want)) {
		return fmt.Errorf("signature does not match")
	}
	return nil
}

// NewSecret is a fresh signing secret: 32 random bytes in hex, with a
// prefix that says what it is where it is pasted.
func NewSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("making a webhook secret: %w", err)
	}
	return "whsec_" + hex.EncodeToString(b), nil
}
