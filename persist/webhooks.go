package persist

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Outbound webhooks: an organiser's URL that receives a small event at
// each turn change and at each game's end (docs/operators/webhooks.md).
//
// Three buckets, none shared with anything else:
//   - "webhooks" holds each target's URL and secret, keyed by its target
//     ("game:ID" or "tournament:ID").
//   - "webhook_games" holds, per game with a webhook, the prompt tokens
//     last announced and the game's event counter: a commit announces only
//     the prompts it made pending.
//   - "webhook_outbox" holds the events still to deliver, keyed by target,
//     game and the game's event number, so a target's events of one game
//     are delivered in order: only the first of each is ever taken.
//
// An event enters the outbox in the transaction that commits the decision
// it reports (CommitPlan.Webhook), so a kill -9 loses none; a replica
// takes one by leasing it (its NotBefore moved past the send's timeout, in
// a write transaction that a concurrent take of the same entry conflicts
// with), so two replicas never send the same event at once; and one that
// dies mid-send leaves the lease to run out, when another sends it again
// under the same delivery id (X-Kaleun-Delivery), for the receiver to
// drop as the same event.
var (
	bucketWebhooks      = []byte("webhooks")
	bucketWebhookGames  = []byte("webhook_games")
	bucketWebhookOutbox = []byte("webhook_outbox")
)

func isWebhookBucket(name []byte) bool {
	for _, b := range [][]byte{bucketWebhooks, bucketWebhookGames, bucketWebhookOutbox} {
		if bytes.Equal(b, name) {
			return true
		}
	}
	return false
}

// errStop ends a walk of a bucket early.
var errStop = errors.New("stop")

// ErrNoWebhook: the target has no webhook.
var ErrNoWebhook = errors.New("no webhook set")

// Webhook is one target's URL and signing secret.
type Webhook struct {
	// Target is "game:ID" or "tournament:ID" (GameTarget, TournamentTarget).
	Target string `json:"target"`
	URL    string `json:"url"`
	Secret string `json:"secret"`
	// By is who set it (the organiser), at Set.
	By     string    `json:"by"`
	ByName string    `json:"by_name,omitempty"`
	Set    time.Time `json:"set"`
}

// GameTarget and TournamentTarget name a webhook's target.
func GameTarget(id string) string       { return "game:" + id }
func TournamentTarget(id string) string { return "tournament:" + id }

// HookPlayer is a player a turn waits for.
type HookPlayer struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

// HookTurn is one prompt a commit made pending, as an event tells it.
type HookTurn struct {
	Token   string       `json:"token"`
	Players []HookPlayer `json:"players,omitempty"`
	Prompt  string       `json:"prompt,omitempty"`
	Case    string       `json:"case,omitempty"`
}

// HookEnd is a game's result, as its end event tells it.
type HookEnd struct {
	Summary string `json:"summary"`
	Score   int    `json:"score"`
	Level   string `json:"level,omitempty"`
}

// WebhookChange is what a commit tells the webhooks: every prompt pending
// after it (the store keeps those not announced yet) and, at the end, the
// result. The bot fills it at every commit; a game without a webhook (nor
// its tournament) costs two reads.
type WebhookChange struct {
	Game, GameName, Tournament, Place string
	Decision                          int
	Pending                           []HookTurn
	End                               *HookEnd
}

// WebhookEvent is one event to deliver to one target.
type WebhookEvent struct {
	// Delivery is its id, the same at every attempt and on every replica.
	Delivery   string    `json:"delivery"`
	Type       string    `json:"type"` // "turn", "end" or "test"
	Target     string    `json:"target"`
	Game       string    `json:"game,omitempty"`
	GameName   string    `json:"game_name,omitempty"`
	Tournament string    `json:"tournament,omitempty"`
	Place      string    `json:"place,omitempty"`
	Decision   int       `json:"decision"`
	Seq        uint64    `json:"seq"`
	Created    time.Time `json:"created"`
	Turn       *HookTurn `json:"turn,omitempty"`
	End        *HookEnd  `json:"end,omitempty"`
	// Attempt counts the takes; NotBefore is when it may be taken next (a
	// take's lease, or a retry's backoff); LastError says why the last
	// attempt failed.
	Attempt   int       `json:"attempt"`
	NotBefore time.Time `json:"not_before"`
	// FirstTry is when it was first taken: retries are bounded from it.
	FirstTry  time.Time `json:"first_try"`
	LastError string    `json:"last_error,omitempty"`

	key []byte
}

// Event types.
const (
	HookTypeTurn = "turn"
	HookTypeEnd  = "end"
	HookTypeTest = "test"
)

// hookGame is a game's webhook bookkeeping.
type hookGame struct {
	Seq     uint64   `json:"seq"`
	Pending []string `json:"pending,omitempty"`
}

// testGame stands for "no game" in a test event's outbox key.
const testGame = "~test"

func outboxKey(target, game string, seq uint64) []byte {
	k := make([]byte, 0, len(target)+len(game)+10)
	k = append(append(k, target...), 0)
	k = append(append(k, game...), 0)
	return binary.BigEndian.AppendUint64(k, seq)
}

// outboxQueue is the target-and-game prefix of an outbox key: its queue.
func outboxQueue(k []byte) []byte {
	if len(k) < 8 {
		return k
	}
	return k[:len(k)-8]
}

func deliveryID(target, game string, seq uint64) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d", target, game, seq))
	return hex.EncodeToString(h[:12])
}

// SetWebhook stores a target's webhook, replacing any.
func (s *Store) SetWebhook(ctx context.Context, w Webhook) error {
	b, err := json.Marshal(w)
	if err != nil {
		return err
	}
	return s.update(ctx, "set the webhook of "+w.Target, func(tx kvTx) error {
		return tx.Bucket(bucketWebhooks).Put([]byte(w.Target), b)
	})
}

// GetWebhook reads a target's webhook (ErrNoWebhook: none).
func (s *Store) GetWebhook(ctx context.Context, target string) (Webhook, error) {
	var w Webhook
	err := s.view(ctx, "read the webhook of "+target, func(tx kvTx) error {
		var err error
		w, err = webhookIn(tx, target)
		return err
	})
	return w, err
}

func webhookIn(tx kvTx, target string) (Webhook, error) {
	var w Webhook
	b := tx.Bucket(bucketWebhooks)
	if b == nil {
		return w, ErrNoWebhook // a file from before webhooks, opened to read
	}
	v := b.Get([]byte(target))
	if v == nil {
		return w, ErrNoWebhook
	}
	if err := json.Unmarshal(v, &w); err != nil {
		return w, fmt.Errorf("the webhook of %s is damaged: %w", target, err)
	}
	return w, nil
}

// ClearWebhook removes a target's webhook and the events it has not yet
// received: a cleared URL gets nothing more.
func (s *Store) ClearWebhook(ctx context.Context, target string) (had bool, err error) {
	err = s.update(ctx, "clear the webhook of "+target, func(tx kvTx) error {
		had = tx.Bucket(bucketWebhooks).Get([]byte(target)) != nil
		if err := outboxTurn(tx); err != nil {
			return err
		}
		if err := tx.Bucket(bucketWebhooks).Delete([]byte(target)); err != nil {
			return err
		}
		ob := tx.Bucket(bucketWebhookOutbox)
		prefix := append([]byte(target), 0)
		var drop [][]byte
		c := ob.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			drop = append(drop, slices.Clone(k))
		}
		for _, k := range drop {
			if err := ob.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	return had, err
}

// QueueWebhookTest puts a test event in the target's outbox, delivered as
// the others are (signed, retried).
func (s *Store) QueueWebhookTest(ctx context.Context, target string, now time.Time) (WebhookEvent, error) {
	var ev WebhookEvent
	err := s.update(ctx, "queue a test of the webhook of "+target, func(tx kvTx) error {
		if _, err := webhookIn(tx, target); err != nil {
			return err
		}
		seq := uint64(now.UnixNano())
		ev = WebhookEvent{Delivery: deliveryID(target, testGame, seq), Type: HookTypeTest, Target: target, Seq: seq, Created: now, NotBefore: now}
		return putOutbox(tx, outboxKey(target, testGame, seq), ev)
	})
	return ev, err
}

func putOutbox(tx kvTx, k []byte, ev WebhookEvent) error {
	v, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketWebhookOutbox).Put(k, v)
}

// EndedWithoutResult is the summary of a game's end that no rule decided
// (abandoned, withdrawn, or a seed's reveal that ended it).
const EndedWithoutResult = "The game ended without a result (abandoned or withdrawn)."

// endedWithoutResult is the change of a game archived with no commit
// telling its end.
func endedWithoutResult(rec *GameRecord) *WebhookChange {
	return &WebhookChange{Game: rec.ID, GameName: rec.Game, Tournament: rec.Tournament, Place: rec.Key, Decision: rec.Decisions,
		End: &HookEnd{Summary: EndedWithoutResult}}
}

// changedAt is when a game's record last changed, as the bot's clock
// said (persist has none): its last decision, or its creation for a game
// still waiting for its Start.
func changedAt(rec *GameRecord) time.Time {
	if rec.Updated.IsZero() {
		return rec.Created
	}
	return rec.Updated
}

// queueWebhookChange writes, inside a commit, the events a change brings
// to the game's webhook and its tournament's: a turn event per prompt not
// announced before, and the end.
func queueWebhookChange(tx kvTx, ch *WebhookChange, now time.Time) error {
	if ch == nil || tx.Bucket(bucketWebhooks) == nil {
		return nil
	}
	var targets []string
	for _, t := range []string{GameTarget(ch.Game), TournamentTarget(ch.Tournament)} {
		if t == TournamentTarget("") {
			continue
		}
		if tx.Bucket(bucketWebhooks).Get([]byte(t)) != nil {
			targets = append(targets, t)
		}
	}
	gb := tx.Bucket(bucketWebhookGames)
	if len(targets) == 0 {
		if gb.Get([]byte(ch.Game)) != nil && ch.End != nil {
			return gb.Delete([]byte(ch.Game))
		}
		return nil
	}
	var hg hookGame
	if v := gb.Get([]byte(ch.Game)); v != nil {
		if err := json.Unmarshal(v, &hg); err != nil {
			hg = hookGame{} // bookkeeping, not the game: start it again
		}
	}
	var events []WebhookEvent
	now = now.UTC()
	base := WebhookEvent{Game: ch.Game, GameName: ch.GameName, Tournament: ch.Tournament, Place: ch.Place, Decision: ch.Decision, Created: now, NotBefore: now}
	pending := make([]string, 0, len(ch.Pending))
	for _, p := range ch.Pending {
		pending = append(pending, p.Token)
		if slices.Contains(hg.Pending, p.Token) {
			continue // announced by the commit that made it pending
		}
		ev := base
		ev.Type, ev.Turn = HookTypeTurn, &p
		events = append(events, ev)
	}
	if ch.End != nil {
		ev := base
		ev.Type, ev.End = HookTypeEnd, ch.End
		events = append(events, ev)
	}
	for _, ev := range events {
		hg.Seq++
		for _, t := range targets {
			e := ev
			e.Target, e.Seq, e.Delivery = t, hg.Seq, deliveryID(t, ch.Game, hg.Seq)
			if err := putOutbox(tx, outboxKey(t, ch.Game, hg.Seq), e); err != nil {
				return err
			}
		}
	}
	if ch.End != nil {
		return gb.Delete([]byte(ch.Game))
	}
	hg.Pending = pending
	v, err := json.Marshal(hg)
	if err != nil {
		return err
	}
	return gb.Put([]byte(ch.Game), v)
}

// outboxTurn makes a transaction that takes, retries or removes outbox
// entries write one row every such transaction writes: on PostgreSQL
// (repeatable read), two of them at once conflict and one runs again
// from a fresh snapshot. Without it, a take working from a snapshot in
// which an event another process has since delivered is still there would
// write the event back (a put of a deleted row inserts it) and send it
// again. A commit's new events are new keys, which touch nothing taken.
func outboxTurn(tx kvTx) error {
	gb := tx.Bucket(bucketWebhookGames)
	n := uint64(0)
	if v := gb.Get(outboxTurnKey); len(v) == 8 {
		n = binary.BigEndian.Uint64(v)
	}
	return gb.Put(outboxTurnKey, binary.BigEndian.AppendUint64(nil, n+1))
}

// outboxTurnKey is no game's id (ids have no zero byte).
var outboxTurnKey = []byte("\x00outbox")

// TakeWebhooks leases up to limit events due at now, each the first of
// its queue (a target's events of one game go in order), until now+lease:
// no other take returns them before. A target whose webhook was cleared
// loses its events here. Each comes with its target's webhook as it
// stands (a rotated secret signs the retry).
func (s *Store) TakeWebhooks(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]WebhookEvent, []Webhook, error) {
	var evs []WebhookEvent
	var hooks []Webhook
	// A read first: a poll that finds nothing due (nearly every one) writes
	// nothing, which on a bbolt file would be a sync per poll.
	due := false
	if err := s.view(ctx, "look for webhook events due", func(tx kvTx) error {
		ob := tx.Bucket(bucketWebhookOutbox)
		if ob == nil {
			return nil
		}
		return ob.ForEach(func(k, v []byte) error {
			var ev WebhookEvent
			if json.Unmarshal(v, &ev) != nil || !ev.NotBefore.After(now) {
				due = true
				return errStop
			}
			return nil
		})
	}); err != nil && !errors.Is(err, errStop) {
		return nil, nil, err
	}
	if !due {
		return nil, nil, nil
	}
	err := s.update(ctx, "take the webhook events due", func(tx kvTx) error {
		evs, hooks = nil, nil // (a transaction may run again)
		ob := tx.Bucket(bucketWebhookOutbox)
		if ob == nil {
			return nil
		}
		var lastQueue []byte
		var drop [][]byte
		var take []WebhookEvent
		c := ob.Cursor()
		for k, v := c.First(); k != nil && len(take) < limit; k, v = c.Next() {
			q := outboxQueue(k)
			if lastQueue != nil && bytes.Equal(q, lastQueue) {
				continue // not the first of its queue
			}
			lastQueue = slices.Clone(q)
			var ev WebhookEvent
			if err := json.Unmarshal(v, &ev); err != nil {
				drop = append(drop, slices.Clone(k)) // damaged: an outbox, not a game
				lastQueue = nil
				continue
			}
			ev.key = slices.Clone(k)
			if ev.NotBefore.After(now) {
				continue
			}
			take = append(take, ev)
		}
		if len(drop) == 0 && len(take) == 0 {
			return nil // an idle tick writes nothing
		}
		if err := outboxTurn(tx); err != nil {
			return err
		}
		for _, k := range drop {
			if err := ob.Delete(k); err != nil {
				return err
			}
		}
		for _, ev := range take {
			w, err := webhookIn(tx, ev.Target)
			if errors.Is(err, ErrNoWebhook) {
				if err := ob.Delete(ev.key); err != nil {
					return err
				}
				continue
			}
			if err != nil {
				return err
			}
			ev.Attempt++
			if ev.Attempt == 1 {
				ev.FirstTry = now.UTC()
			}
			ev.NotBefore = now.Add(lease).UTC()
			if err := putOutbox(tx, ev.key, ev); err != nil {
				return err
			}
			evs, hooks = append(evs, ev), append(hooks, w)
		}
		return nil
	})
	return evs, hooks, err
}

// WebhookDelivered removes an event its target has taken.
func (s *Store) WebhookDelivered(ctx context.Context, ev WebhookEvent) error {
	return s.update(ctx, "record webhook delivery "+ev.Delivery, func(tx kvTx) error {
		if err := outboxTurn(tx); err != nil {
			return err
		}
		return tx.Bucket(bucketWebhookOutbox).Delete(ev.key)
	})
}

// WebhookRetry sets when a failed event is tried again, if this replica's
// take is still the last (a replica whose lease ran out, and whose event
// another has taken since, changes nothing). It reports whether it did.
func (s *Store) WebhookRetry(ctx context.Context, ev WebhookEvent, at time.Time, why string) (bool, error) {
	ok := false
	err := s.update(ctx, "schedule the retry of webhook delivery "+ev.Delivery, func(tx kvTx) error {
		ok = false
		if err := outboxTurn(tx); err != nil {
			return err
		}
		ob := tx.Bucket(bucketWebhookOutbox)
		v := ob.Get(ev.key)
		if v == nil {
			return nil
		}
		var cur WebhookEvent
		if err := json.Unmarshal(v, &cur); err != nil || cur.Attempt != ev.Attempt {
			return nil
		}
		cur.NotBefore, cur.LastError = at.UTC(), why
		ok = true
		return putOutbox(tx, ev.key, cur)
	})
	return ok, err
}

// WebhookOutbox lists the events still to deliver, in order (for tests and
// operators).
func (s *Store) WebhookOutbox(ctx context.Context) ([]WebhookEvent, error) {
	var out []WebhookEvent
	err := s.view(ctx, "read the webhook outbox", func(tx kvTx) error {
		ob := tx.Bucket(bucketWebhookOutbox)
		if ob == nil {
			return nil
		}
		return ob.ForEach(func(k, v []byte) error {
			var ev WebhookEvent
			if err := json.Unmarshal(v, &ev); err != nil {
				return fmt.Errorf("webhook outbox entry %x: %w", k, err)
			}
			ev.key = slices.Clone(k)
			out = append(out, ev)
			return nil
		})
	})
	return out, err
}
