package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/kaleun/kaleun/bot/webhook"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// Outbound webhooks (docs/operators/webhooks.md). Every commit tells the
// store what the game waits for now and how it ended (webhookChange); the
// store queues an event for the game's webhook and its tournament's, if
// either is set, in the commit's own transaction. A loop apart from the
// decisions (cmd/kaleun's, through RunWebhooks) takes the events due,
// signs and posts them, and records each delivered or when to retry it:
// a decision never waits for a receiver.

// WebhookOptions turn the webhooks on (Options.Webhooks; nil: events are
// neither queued nor sent, and the command says webhooks are off).
type WebhookOptions struct {
	Client *webhook.Client
	// Lease is how long a take of an event is this replica's (0: three
	// client timeouts), past which another replica sends it again.
	Lease time.Duration
	// Jitter draws the retry schedule's jitter in [0, 1) (nil: math/rand).
	Jitter func() float64
	// Schedule is the retry schedule (zero: webhook.DefaultSchedule).
	Schedule webhook.Schedule
}

// webhookBatch is how many events one run takes at most, and
// webhookSenders how many it posts at once.
const (
	webhookBatch   = 50
	webhookSenders = 8
)

// webhookChange is what a commit of rec, whose state is now st, tells
// the webhooks: the prompts pending (whose turn) or the result. A terminal
// game has no webhook (no organiser sets one): nil, which spares its
// commits the store's look-up.
func webhookChange(rec *persist.GameRecord, st engine.State) *persist.WebhookChange {
	if strings.HasPrefix(rec.Key, "terminal/") {
		return nil
	}
	ch := &persist.WebhookChange{Game: rec.ID, GameName: rec.Game, Tournament: rec.Tournament, Place: rec.Key, Decision: rec.Decisions}
	if st == nil {
		return ch
	}
	if o := st.Outcome(); o != nil {
		ch.End = &persist.HookEnd{Summary: o.Summary, Score: o.Score, Level: o.Level}
		return ch
	}
	for _, p := range pendingAll(st) {
		t := persist.HookTurn{Token: p.Token, Prompt: promptSummary(p), Case: p.Case}
		if id, name := answerer(rec, p); id != "" {
			t.Players = []persist.HookPlayer{{ID: id, Name: name}}
		}
		ch.Pending = append(ch.Pending, t)
	}
	return ch
}

// startChange is what a game made to wait for its Start (or a
// challenge for its acceptance) tells the webhooks: its first turn is that.
func startChange(rec *persist.GameRecord) *persist.WebhookChange {
	ch := webhookChange(rec, nil)
	if ch == nil {
		return nil
	}
	t := persist.HookTurn{Token: startToken, Prompt: "Start the game"}
	if inv := invitees(rec); len(inv) > 0 {
		t.Prompt = "Accept the challenge"
		for _, p := range inv {
			t.Players = append(t.Players, persist.HookPlayer{ID: p.ID, Name: p.Name})
		}
	} else if rec.Owner != "" {
		t.Players = []persist.HookPlayer{{ID: rec.Owner, Name: rec.OwnerName}}
	}
	ch.Pending = []persist.HookTurn{t}
	return ch
}

// promptSummary is a prompt in one short line: its title and subject, or
// its text's first line. A private or secret prompt's text may hold what
// only its player may see: its summary says only that it is one.
func promptSummary(p *engine.Prompt) string {
	if p.Private || p.Secret {
		return "A private decision"
	}
	s := strings.TrimSpace(strings.Join([]string{p.Title, p.Subject}, " "))
	if s == "" {
		s, _, _ = strings.Cut(strings.TrimSpace(p.Text), "\n")
	}
	return cut(s, 200)
}

// kickWebhooks wakes the delivery loop after a commit that may have queued
// events (it does not wait: the loop may be busy, and polls anyway).
func (s *Service) kickWebhooks() {
	if s.hooks == nil {
		return
	}
	select {
	case s.hookKick <- struct{}{}:
	default:
	}
}

// WebhookKicks is what wakes the delivery loop before its next poll.
func (s *Service) WebhookKicks() <-chan struct{} { return s.hookKick }

// WebhookRun says what one run of RunWebhooks did.
type WebhookRun struct {
	Sent, Retried, Dropped int
}

// RunWebhooks takes the webhook events due at now, posts each, and records
// it delivered, to retry (with the jittered backoff, a 429's Retry-After),
// or dropped (a 4xx, a refused address, tried for longer than the schedule's For).
func (s *Service) RunWebhooks(ctx context.Context, now time.Time) (WebhookRun, error) {
	var run WebhookRun
	if s.hooks == nil {
		return run, nil
	}
	evs, hooks, err := s.store.TakeWebhooks(ctx, now, s.hookLease(), webhookBatch)
	if err != nil {
		return run, err
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, webhookSenders)
	var errs []error
	for i := range evs {
		ev, hook := evs[i], hooks[i]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			what, err := s.sendWebhook(ctx, ev, hook)
			if what != "" {
				s.metrics.WebhookAttempt(what)
			}
			mu.Lock()
			defer mu.Unlock()
			switch what {
			case ops.WebhookSent:
				run.Sent++
			case ops.WebhookRetry:
				run.Retried++
			case ops.WebhookDropped:
				run.Dropped++
			}
			if err != nil {
				errs = append(errs, err)
			}
		}()
	}
	wg.Wait()
	return run, errors.Join(errs...)
}

func (s *Service) hookLease() time.Duration {
	if s.hooks.Lease > 0 {
		return s.hooks.Lease
	}
	return 3 * webhook.DefaultTimeout
}

// sendWebhook makes one attempt at one event.
func (s *Service) sendWebhook(ctx context.Context, ev persist.WebhookEvent, hook persist.Webhook) (string, error) {
	body, err := s.webhookBody(ctx, ev)
	if err != nil {
		return "", err
	}
	at := s.now()
	res := s.hooks.Client.Send(ctx, hook.URL, hook.Secret, ev.Delivery, ev.Type, body, at)
	if res.Err != nil && ctx.Err() != nil {
		// Shutting down: the lease runs out, and the event is sent again.
		return "", nil
	}
	if res.Err == nil {
		s.log.Info("webhook delivered", "target", ev.Target, "delivery", ev.Delivery, "type", ev.Type, "attempt", ev.Attempt, "status", res.Status)
		return ops.WebhookSent, s.store.WebhookDelivered(ctx, ev)
	}
	jitter := rand.Float64
	if s.hooks.Jitter != nil {
		jitter = s.hooks.Jitter
	}
	if next, ok := s.hooks.Schedule.RetryAt(res, ev.Attempt, ev.FirstTry, s.now(), jitter()); ok {
		s.log.Warn("webhook failed, to retry", "target", ev.Target, "delivery", ev.Delivery, "attempt", ev.Attempt, "status", res.Status, "retry_at", next, "err", res.Err)
		_, err := s.store.WebhookRetry(ctx, ev, next, res.Err.Error())
		return ops.WebhookRetry, err
	}
	s.log.Error("webhook dropped", "target", ev.Target, "delivery", ev.Delivery, "attempt", ev.Attempt, "status", res.Status, "err", res.Err)
	return ops.WebhookDropped, s.store.WebhookDelivered(ctx, ev)
}

// webhookBody is an event's payload (webhook.Payload), the same at every
// attempt: the link to the game's page is derived from its id.
func (s *Service) webhookBody(ctx context.Context, ev persist.WebhookEvent) ([]byte, error) {
	p := webhook.Payload{Version: webhook.PayloadVersion, Type: ev.Type, Delivery: ev.Delivery, Created: ev.Created.UTC(),
		Target: ev.Target, Tournament: ev.Tournament}
	if ev.Game != "" {
		pl := placeOf(ev.Place)
		p.Game = &webhook.Game{ID: ev.Game, Kind: ev.GameName, Decision: ev.Decision,
			Place: webhook.Place{Platform: pl.Platform, Space: pl.Space, Channel: pl.Channel, Thread: pl.Thread}}
		if s.webBase != "" {
			if link, err := s.store.Link(ctx, ev.Game); err == nil {
				p.Game.URL = s.webBase + web.GamePath(link)
			}
		}
	}
	if t := ev.Turn; t != nil {
		p.Turn = &webhook.Turn{Players: []webhook.Player{}, Prompt: t.Prompt, Case: t.Case}
		for _, pl := range t.Players {
			p.Turn.Players = append(p.Turn.Players, webhook.Player{ID: pl.ID, Name: pl.Name})
		}
	}
	if e := ev.End; e != nil {
		p.End = &webhook.End{Summary: e.Summary, Score: e.Score, Level: e.Level}
	}
	b, err := json.Marshal(p)
	if err == nil && len(b) > webhook.MaxBody {
		// Only the texts can be long: cut them to fit the cap.
		if p.Turn != nil {
			p.Turn.Prompt = cut(p.Turn.Prompt, 500)
		}
		if p.End != nil {
			p.End.Summary = cut(p.End.Summary, 2000)
		}
		b, err = json.Marshal(p)
	}
	if err != nil {
		return nil, fmt.Errorf("webhook delivery %s: %w", ev.Delivery, err)
	}
	return b, nil
}
