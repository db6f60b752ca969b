package webhook

import "time"

// Schedule is the retry schedule: the n-th failed attempt waits about
// First·2^(n-1), at most MaxWait, jittered down to half of that so that a
// receiver that was down for everyone is not hit by every replica's
// retries at once; an event not delivered For after its first attempt is
// dropped. DefaultSchedule: 30 s, 1 min, 2 min ... 1 h, then hourly, for
// 24 h (about 30 attempts).
type Schedule struct {
	First, MaxWait, For time.Duration
}

// DefaultSchedule is [webhooks]' default (retry_first, retry_max_wait,
// retry_for).
var DefaultSchedule = Schedule{First: 30 * time.Second, MaxWait: time.Hour, For: 24 * time.Hour}

// orDefault fills what s leaves zero from DefaultSchedule.
func (s Schedule) orDefault() Schedule {
	if s.First <= 0 {
		s.First = DefaultSchedule.First
	}
	if s.MaxWait <= 0 {
		s.MaxWait = DefaultSchedule.MaxWait
	}
	if s.For <= 0 {
		s.For = DefaultSchedule.For
	}
	return s
}

// Backoff is how long to wait after the attempt-th failed attempt (1 for
// the first), jitter in [0, 1) (rand.Float64: the caller's, so tests can
// fix it): between half and all of the doubling wait.
func (s Schedule) Backoff(attempt int, jitter float64) time.Duration {
	s = s.orDefault()
	d := s.First
	for i := 1; i < attempt && d < s.MaxWait; i++ {
		d *= 2
	}
	d = min(d, s.MaxWait)
	return d/2 + time.Duration(float64(d/2)*jitter)
}

// RetryAt is when the event first tried at first, whose attempt-th attempt
// failed at now with res, is tried again; ok false: never (refused for
// good, or tried for too long).
func (s Schedule) RetryAt(res Result, attempt int, first, now time.Time, jitter float64) (at time.Time, ok bool) {
	s = s.orDefault()
	if !res.Retry {
		return time.Time{}, false
	}
	wait := s.Backoff(attempt, jitter)
	if res.RetryAfter > 0 {
		wait = min(max(wait, res.RetryAfter), s.MaxWait)
	}
	at = now.Add(wait)
	if at.Sub(first) > s.For {
		return time.Time{}, false
	}
	return at, true
}
