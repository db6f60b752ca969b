package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/webhook"
)

// webhooksConfig is the [webhooks] section: outbound webhooks, which an
// organiser sets per game or tournament (docs/operators/webhooks.md).
type webhooksConfig struct {
	Enabled bool `toml:"enabled"`
	// AllowPrivate lets webhooks reach loopback, private and link-local
	// addresses (off: a URL that resolves to one is refused at send time).
	AllowPrivate bool   `toml:"allow_private"`
	Timeout      string `toml:"timeout"`
	Poll         string `toml:"poll"`
	// The retry schedule (webhook.Schedule): the first wait, the longest,
	// and how long an event is tried before it is dropped.
	RetryFirst   string `toml:"retry_first"`
	RetryMaxWait string `toml:"retry_max_wait"`
	RetryFor     string `toml:"retry_for"`

	timeout, poll time.Duration
	schedule      webhook.Schedule
}

func (w *webhooksConfig) check(path string) error {
	for _, f := range []struct {
		key string
		v   string
		d   *time.Duration
	}{{"webhooks.timeout", w.Timeout, &w.timeout}, {"webhooks.poll", w.Poll, &w.poll},
		{"webhooks.retry_first", w.RetryFirst, &w.schedule.First}, {"webhooks.retry_max_wait", w.RetryMaxWait, &w.schedule.MaxWait}, {"webhooks.retry_for", w.RetryFor, &w.schedule.For}} {
		d, err := time.ParseDuration(f.v)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s: %s is %q: give a duration such as \"10s\"", path, f.key, f.v)
		}
		*f.d = d
	}
	if w.schedule.First > w.schedule.MaxWait {
		return fmt.Errorf("%s: webhooks.retry_first (%s) is longer than webhooks.retry_max_wait (%s)", path, w.schedule.First, w.schedule.MaxWait)
	}
	if w.timeout > time.Minute {
		return fmt.Errorf("%s: webhooks.timeout is %s: at most 1m (a receiver should answer at once and work later)", path, w.timeout)
	}
	return nil
}

// options are the bot's webhook options from the section (nil: off).
func (w *webhooksConfig) options() *bot.WebhookOptions {
	if !w.Enabled {
		return nil
	}
	c := webhook.NewClient(&webhook.Dialer{AllowPrivate: w.AllowPrivate}, w.timeout)
	return &bot.WebhookOptions{Client: c, Lease: 3 * w.timeout, Schedule: w.schedule}
}

// startWebhooks delivers the webhook events every poll, and at once after
// a commit that queued some; stop waits for the run under way (whose posts
// give up when ctx is done: their events are retried once their lease runs
// out, here or on another replica).
func startWebhooks(ctx context.Context, svc *bot.Service, poll time.Duration, log *slog.Logger) (stop func()) {
	done, quit := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			for {
				run, err := svc.RunWebhooks(ctx, time.Now().UTC())
				if err != nil && ctx.Err() == nil {
					log.Error("webhooks", "err", err)
				}
				if run.Sent+run.Retried+run.Dropped == 0 || ctx.Err() != nil || stopping(quit) {
					break // (a full batch: take the next at once)
				}
			}
			select {
			case <-ctx.Done():
				return
			case <-quit:
				return
			case <-t.C:
			case <-svc.WebhookKicks():
			}
		}
	}()
	return func() { close(quit); <-done }
}

func stopping(quit chan struct{}) bool {
	select {
	case <-quit:
		return true
	default:
		return false
	}
}
