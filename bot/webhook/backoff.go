package webhook

import "time"

// The retry schedule: the n-th failed attempt waits about
// FirstRetry·2^(n-1), at most MaxRetryWait, jittered down to half of that
// so that a receiver that was down for everyone is not hit by every
// replica's retries at once; an event not delivered MaxAge after it
// happened is dropped. With the defaults: 30 s, 1 min, 2 min ... 1 h, then
// hourly, for 24 h (about 30 attempts).
const (
	FirstRetry   = 30 * time.Second
	MaxRetryWait = time.Hour
	MaxAge       = 24 * time.Hour
)

// Backoff is how long to wait after the attempt-th failed attempt (1 for
// the first), jitter in [0, 1) (rand.Float64: the caller's, so tests can
// fix it): between half and all of the doubling wait.
func Backoff(attempt int, jitter float64) time.Duration {
	d := FirstRetry
	for i := 1; i < attempt && d < MaxRetryWait; i++ {
		d *= 2
	}
	d = min(d, MaxRetryWait)
	return d/2 + time.Duration(float64(d/2)*jitter)
}

// RetryAt is when the event created at created, whose attempt-th attempt
// failed at now with res, is tried again; ok false: never (refused for
// good, or too old).
func RetryAt(res Result, attempt int, created, now time.Time, jitter float64) (at time.Time, ok bool) {
	if !res.Retry {
		return time.Time{}, false
	}
	wait := Backoff(attempt, jitter)
	if res.RetryAfter > 0 {
		wait = min(max(wait, res.RetryAfter), MaxRetryWait)
	}
	at = now.Add(wait)
	if at.Sub(created) > MaxAge {
		return time.Time{}, false
	}
	return at, true
}
