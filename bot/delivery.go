package bot

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Delivering what a tick brings, once. A tick leases each due time it takes
// (persist.TakeDue): a reminder stays in the database until the platform
// has taken it (Delivered), and an action taken at a due time — a
// deadline's decision, a withdrawn challenge, a game ended for idleness —
// writes, in the transaction that commits it, a deliver entry saying what
// it brings. A replica killed anywhere between the take and the platform's
// answer leaves its lease to run out; another replica's tick (or its own,
// restarted) takes the due time over and delivers it again under the same
// delivery keys (Notice.Delivery), with Retry set, so that the platform
// shows nothing twice. So nothing a tick owes the channel is lost, and
// nothing is sent twice.

// DefaultDeliveryLease is how long a tick's take of a due time lasts when
// Options.DeliveryLease is not set: long enough for a tick's batch to be
// delivered at the platforms' rate limits, short enough that a killed
// replica's reminders are taken over within minutes.
const DefaultDeliveryLease = 2 * time.Minute

// maxDeliveryAttempts bounds the takes of something to deliver: a platform
// that refuses it that many times (a channel deleted, the bot removed) is
// not asked again. Each lease is twice the one before, up to 32 leases:
// with the default, tries over about two hours.
const maxDeliveryAttempts = 8

// tickBatch is how many due times RunTick takes at once: what it takes is
// leased until delivered, so a batch must be deliverable within a lease.
const tickBatch = 100

// leaseFor is the lease of a take: twice the last one, from the
// configured lease, for what keeps failing.
func (s *Service) leaseFor(d persist.Due) time.Duration {
	shift := min(max(d.Attempt-1, 0), 5)
	return s.lease << shift
}

// acting is a tick's work on one due time. The action is handed it (how.act
// for decide and start), so that the commits it makes write its deliver
// entry with them.
type acting struct {
	due   persist.Due
	now   time.Time
	lease time.Duration
	// deliver is the action's deliver entry, once a commit has written it.
	deliver *persist.Due
	// shown is the decision the action took (and the auto-rolls it
	// brought), as it can be rendered again from the log.
	shown *shownDecision
}

// delivery is a deliver entry's body: notices rendered when the action
// committed (texts that need no game), or what to render them from.
type delivery struct {
	Notices  []Notice       `json:"notices,omitempty"`
	Decision *shownDecision `json:"decision,omitempty"`
	IdleEnd  *idleEnded     `json:"idle_end,omitempty"`
	// Follow is a follower's copy of a decision (follow.go).
	Follow *followBody `json:"follow,omitempty"`
	// Session is a scheduled session's reminder, rendered when it falls
	// due (session.go).
	Session *sessionDelivery `json:"session,omitempty"`
}

// shownDecision is what afterSeen needs to render a decision taken at a
// due time again, from its game's log: the decision's entries, the prompt
// it answered and how, the prompts pending before it (not posted again)
// and those it made pending (posted with its result).
type shownDecision struct {
	// From is the decision's first log entry; Through the game's decision
	// count after it and the auto-rolls it brought.
	From    uint64 `json:"from"`
	Through int    `json:"through"`
	// Prompt is the prompt answered (none for a game's Start, whose Label
	// and Ref say what was pressed).
	Prompt json.RawMessage `json:"prompt,omitempty"`
	Token  string          `json:"token,omitempty"`
	Key    string          `json:"key,omitempty"`
	Label  string          `json:"label,omitempty"`
	Ref    string          `json:"ref,omitempty"`
	Before []string        `json:"before,omitempty"`
	Made   []string        `json:"made,omitempty"`
	// How the bot decided, for whom.
	By         string `json:"by,omitempty"`
	Note       string `json:"note,omitempty"`
	AtDeadline bool   `json:"at_deadline,omitempty"`
	Autopilot  bool   `json:"autopilot,omitempty"`
}

// idleEnded is a game ended for idleness, rendered again from the entries
// its end added to its log.
type idleEnded struct {
	From  uint64    `json:"from"`
	Since time.Time `json:"since"`
}

// entry is the action's deliver entry, with body: the same entry (one
// key) however many commits the action makes.
func (a *acting) entry(body delivery) (*persist.Due, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("encoding what a %s delivers: %w", a.due.Kind, err)
	}
	if a.deliver == nil {
		d := a.due
		a.deliver = &persist.Due{At: a.now, Key: d.Key, GameID: d.GameID, Token: d.Kind + ":" + d.Token, Kind: persist.DueDeliver, N: d.N,
			User: d.User, Name: d.Name, Lease: a.now.Add(a.lease), Attempt: 1}
	}
	a.deliver.Body = b
	return a.deliver, nil
}

// notices is the deliver entry of an action whose notices need no game to
// render: they are stored as they are.
func (a *acting) notices(ns []Notice) (*persist.Due, error) {
	if a == nil {
		return nil, nil
	}
	return a.entry(delivery{Notices: ns})
}

// decided records, before a decision at a due time commits, what its
// result is rendered from; a decision the action's decision brought (an
// auto-roll) adds to it.
func (a *acting) decided(rec *persist.GameRecord, before engine.State, c engine.Choice, h how) error {
	if a == nil || a.shown != nil {
		return nil
	}
	sd, err := newShownDecision(rec, before, c, h)
	a.shown = sd
	return err
}

// newShownDecision is what renders a decision about to commit again: the
// prompt it answers and the prompts pending before it.
func newShownDecision(rec *persist.GameRecord, before engine.State, c engine.Choice, h how) (*shownDecision, error) {
	sd := &shownDecision{From: rec.Seq + 1, Token: c.Token, Key: c.Key, By: h.by, Note: h.note, AtDeadline: h.atDeadline, Autopilot: h.autopilot}
	if p := promptByToken(before, c.Token); p != nil {
		b, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("encoding the prompt answered: %w", err)
		}
		sd.Prompt = b
	}
	for t := range tokens(before) {
		sd.Before = append(sd.Before, t)
	}
	slices.Sort(sd.Before)
	return sd, nil
}

// started records a game's Start pressed at its deadline.
func (a *acting) started(rec *persist.GameRecord, label string, h how) {
	if a == nil || a.shown != nil {
		return
	}
	a.shown = &shownDecision{From: rec.Seq + 1, Label: label, Ref: promptRef(rec.ID, startToken), By: h.by, Note: h.note, AtDeadline: h.atDeadline, Autopilot: h.autopilot}
}

// committing is the deliver entry of a commit the action makes, the game
// at rec (its decision counted) and st after it; nil outside an action.
func (a *acting) committing(rec *persist.GameRecord, st engine.State) (*persist.Due, error) {
	if a == nil || a.shown == nil {
		return nil, nil
	}
	a.shown.committed(rec, st)
	return a.entry(delivery{Decision: a.shown})
}

// committed completes sd at a commit of its decision (or of an auto-roll
// it brought): the decisions it now covers and the prompts it made pending.
func (sd *shownDecision) committed(rec *persist.GameRecord, st engine.State) {
	sd.Through = rec.Decisions
	sd.Made = nil
	for t := range tokens(st) {
		if !slices.Contains(sd.Before, t) {
			sd.Made = append(sd.Made, t)
		}
	}
	slices.Sort(sd.Made)
}

// deliveryKey names a due time's notices for the platforms: short (a
// Discord nonce holds 25 characters, with the notice and message numbers
// after it), the same at every attempt.
func deliveryKey(d persist.Due) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%d\x00%s\x00%s\x00%s\x00%d", d.At.UnixNano(), d.Key, d.Kind, d.Token, d.N))
	return base32.HexEncoding.WithPadding(base32.NoPadding).EncodeToString(h[:10])
}

// addressed gives each of a due time's notices its delivery key, and the
// due time they are delivered for.
func addressed(ns []Notice, ack *persist.Due) []Notice {
	key := deliveryKey(*ack)
	for i := range ns {
		ns[i].Delivery = fmt.Sprintf("%s.%d", key, i+1)
		ns[i].Retry = ack.Attempt > 1
		ns[i].ack = ack
	}
	return ns
}

// Delivered records that the platforms took these notices: the due times
// they were delivered for leave the database. Give it every notice of a
// due time or none (RunTick does): one not given is delivered again when
// its lease runs out.
func (s *Service) Delivered(ctx context.Context, ns []Notice) error {
	var done []persist.Due
	for i, n := range ns {
		if n.ack == nil || (i > 0 && ns[i-1].ack == n.ack) {
			continue
		}
		done = append(done, *n.ack)
	}
	return s.store.DoneDue(ctx, done...)
}

// RunTick is one tick of the ticker: it takes what is due at now in the
// places of the platforms named (the ones this replica serves; the others'
// due times wait for a replica that serves them), a batch at a time, hands
// each notice to send, and records each due time delivered once send has
// taken all its notices. A notice send refuses (or that dies with the
// process) stays due: its lease runs out and a later tick delivers it
// again, from its first notice, under the same keys. It returns how many
// notices send took.
func (s *Service) RunTick(ctx context.Context, now time.Time, platforms []string, send func(context.Context, Notice) error) (sent int, err error) {
	platforms = append([]string{}, platforms...) // none named: none taken
	acks := s.startAcker(ctx)
	defer acks.close()
	for {
		notices, taken, err := s.tick(ctx, now, tickBatch, platforms)
		if err != nil {
			return sent, err
		}
		for i := 0; i < len(notices); {
			j := i + 1
			for j < len(notices) && notices[j].ack != nil && notices[j].ack == notices[i].ack {
				j++
			}
			group, ok := notices[i:j], true
			for _, n := range group {
				if err := send(ctx, n); err != nil {
					ok = false // the rest of its group waits for the retry, which sends it whole
					break
				}
				sent++
			}
			if ok && group[0].ack != nil {
				acks.add(*group[0].ack)
			}
			i = j
		}
		if taken < tickBatch || ctx.Err() != nil {
			return sent, ctx.Err()
		}
	}
}

// acker records deliveries as done in the background, as many at once as
// came in while the last write was under way: one write per notice would
// hold a file's single writer for a sync each (a thousand reminders, a
// thousand syncs), while a platform call is slower than a write anyway. A
// process killed with deliveries not yet recorded has them delivered again
// under the same keys, which the platforms show once.
type acker struct {
	s       *Service
	ctx     context.Context
	mu      sync.Mutex
	pending []persist.Due
	kick    chan struct{}
	done    chan struct{}
}

func (s *Service) startAcker(ctx context.Context) *acker {
	a := &acker{s: s, ctx: ctx, kick: make(chan struct{}, 1), done: make(chan struct{})}
	go a.run()
	return a
}

func (a *acker) add(d persist.Due) {
	a.mu.Lock()
	a.pending = append(a.pending, d)
	a.mu.Unlock()
	select {
	case a.kick <- struct{}{}:
	default: // a write is due already: it takes this one too
	}
}

func (a *acker) run() {
	defer close(a.done)
	for range a.kick {
		a.flush()
	}
	a.flush()
}

func (a *acker) flush() {
	a.mu.Lock()
	ds := a.pending
	a.pending = nil
	a.mu.Unlock()
	if len(ds) == 0 {
		return
	}
	if err := a.s.store.DoneDue(a.ctx, ds...); err != nil {
		// Delivered, but not recorded: the retry's keys keep the platform
		// from showing it twice.
		a.s.log.Error("recording deliveries", "notices", len(ds), "err", err)
		a.s.metrics.Error(errorKind(err))
	}
}

// close waits for the last deliveries to be recorded.
func (a *acker) close() {
	close(a.kick)
	<-a.done
}

// reshow renders again what a deliver entry delivers, for a replica that
// takes over a delivery another one did not finish.
func (s *Service) reshow(ctx context.Context, d persist.Due) ([]Notice, error) {
	var body delivery
	if err := json.Unmarshal(d.Body, &body); err != nil {
		return nil, fmt.Errorf("game %s: what a %s delivers is damaged: %w", d.GameID, d.Token, err)
	}
	switch {
	case body.Decision != nil:
		return s.reshowDecision(ctx, d, body.Decision)
	case body.IdleEnd != nil:
		return s.reshowIdleEnd(ctx, d, body.IdleEnd)
	case body.Follow != nil:
		return s.reshowFollow(ctx, d, body.Follow)
	case body.Session != nil:
		return s.sessionReminder(ctx, d, body.Session)
	}
	return body.Notices, nil
}

// gameOf is the game a delivery is about: in its place, or finished.
func (s *Service) gameOf(ctx context.Context, key, id string) (*persist.GameRecord, engine.State, error) {
	rec, err := s.store.Load(ctx, key)
	if errors.Is(err, persist.ErrNotFound) || (err == nil && rec.ID != id) {
		rec, err = s.store.Find(ctx, id)
	}
	if err != nil {
		return nil, nil, err
	}
	rules := s.games.Rules(rec.Game)
	if rules == nil {
		return nil, nil, fmt.Errorf("game %s is a %q game, which this kaleun does not play", rec.ID, rec.Game)
	}
	st, err := rules.Decode(rec.State)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return rec, st, nil
}

// reshowDecision renders a decision taken at a due time from its log: its
// result, the prompts it made pending that still are, and the game's
// standings and pinned view as they stand.
func (s *Service) reshowDecision(ctx context.Context, d persist.Due, sd *shownDecision) ([]Notice, error) {
	place := placeOf(d.Key)
	unlock, err := s.lockPlace(ctx, d.Key)
	if err != nil {
		return nil, err
	}
	defer unlock()
	rec, st, err := s.gameOf(ctx, d.Key, d.GameID)
	if err != nil {
		return nil, err
	}
	r, err := s.renderShown(ctx, place, rec, st, sd, false)
	if err != nil {
		return nil, err
	}
	return append([]Notice{{Place: place, Answered: r.Answered, Channel: r.Public}}, r.Elsewhere...), nil
}

// renderShown renders a decision again from its game's log, as decide
// rendered it (inPlace: as a click on its prompt's message): its result,
// the prompts it made pending that still are, and elsewhere the standings
// of its tournament as they stand. The caller holds the place's lock.
func (s *Service) renderShown(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, sd *shownDecision, inPlace bool) (Reply, error) {
	entries, err := s.store.Events(ctx, rec.ID, sd.From, 0)
	if err != nil {
		return Reply{}, err
	}
	var stored []persist.EventRecord
	for _, e := range entries {
		if e.Decision <= sd.Through {
			stored = append(stored, e)
		}
	}
	sn := seen{key: sd.Key, label: sd.Label, ref: sd.Ref, before: map[string]bool{},
		how: how{by: sd.By, note: sd.Note, atDeadline: sd.AtDeadline, autopilot: sd.Autopilot, inPlace: inPlace}}
	for _, t := range sd.Before {
		sn.before[t] = true
	}
	if len(sd.Prompt) > 0 {
		var p engine.Prompt
		if err := json.Unmarshal(sd.Prompt, &p); err != nil {
			return Reply{}, fmt.Errorf("game %s: the prompt a decision answered: %w", rec.ID, err)
		}
		sn.prompt = &p
	}
	r, err := s.afterSeen(ctx, place, rec, st, stored, sn)
	if err != nil {
		return Reply{}, err
	}
	// Only the prompts the decision made: a later one was posted by the
	// decision that made it.
	var public []Message
	for _, m := range r.Public {
		for _, t := range sd.Made {
			if m.Ref == promptRef(rec.ID, t) {
				public = append(public, m)
			}
		}
	}
	if sn.prompt != nil && st.Outcome() == nil && rec.Decisions == sd.Through && s.games[rec.Game].Undo != nil {
		// (As decide offers it; a Start is not undone.)
		withUndoButton(public, undoButton(rec.ID, rec.Decisions))
	}
	r.Public = public
	if rec.Tournament != "" {
		if t, err := s.tournamentByID(ctx, rec.Tournament); err == nil && t != nil && t.Status == "running" {
			if m, err := s.standings(ctx, t); err == nil {
				r.Elsewhere = append(r.Elsewhere, Notice{Place: placeOf(t.Key), Channel: []Message{m}, Sticky: "standings:" + t.ID})
			}
		}
	}
	return r, nil
}

// reshowIdleEnd renders a game's end for idleness from its log.
func (s *Service) reshowIdleEnd(ctx context.Context, d persist.Due, ie *idleEnded) ([]Notice, error) {
	rec, err := s.store.Find(ctx, d.GameID)
	if err != nil {
		return nil, err
	}
	stored, err := s.store.Events(ctx, rec.ID, ie.From, 0)
	if err != nil {
		return nil, err
	}
	return []Notice{{Place: placeOf(d.Key), Channel: []Message{idleEndMessage(rec, stored, ie.Since)}}}, nil
}
