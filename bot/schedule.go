package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// Reminders and deadlines. Every pending prompt of a chat game has an owner
// (the player it waits for) and due times: reminders after so much of his
// active time (quiet hours and vacation stop his clock), the last of them
// sent to the channel and directly, and a deadline at which the bot does
// what the game allows: roll for an absent enemy, or take a routine decision
// for a player who opted in (`prefs autopilot:on`). The due times are
// committed with the decision that makes the prompt, in persist: the ticker
// that reads them owns nothing, so a restart loses none and a deadline that
// passed while the bot was down runs at the first tick, once.

// Notice is what a tick has to say: messages for a game's channel, and for
// a player directly.
type Notice struct {
	Place Place
	// Answered are results of prompts answered without a click (a
	// deadline): adapters show each where they posted its prompt.
	Answered []Answer
	Channel  []Message
	DirectTo string
	Direct   []Message
	// Sticky, when set, names a message that stays up to date: an adapter
	// that still knows the message it last posted under this name edits it
	// (the first channel message) rather than posting anew.
	Sticky string
	// Reminder marks a reminder (counted when delivered).
	Reminder bool
	// Delivery, on what a tick delivers, names the notice for the
	// platform: its message i carries the key Delivery+"."+i (bot.Deliver),
	// the same at every attempt, so that a platform that deduplicates by a
	// key (Discord's enforce_nonce) creates the message once, and an
	// adapter retrying can find what it posted before. The notice stays due
	// in the database until it is delivered (Service.Delivered).
	Delivery string
	// Retry: an earlier attempt at this notice may have reached the
	// platform (its replica died mid-delivery, or a call failed): the
	// adapter posts only what it does not find there already.
	Retry bool
	// ack is the due time the notice is delivered for (see Delivered).
	ack *persist.Due
}

// scheduling reports whether the games of a place get due times: reminders,
// deadlines or idle limits.
func (s *Service) scheduling(key string) bool {
	return (len(s.reminders) > 0 || s.deadline > 0 || s.idleEnd > 0) && !strings.HasPrefix(key, "terminal/")
}

// schedule computes the due times of a game's pending prompts, and its idle
// limits.
func (s *Service) schedule(ctx context.Context, rec *persist.GameRecord, st engine.State) ([]persist.Due, error) {
	due := s.idleDue(rec)
	for _, p := range pendingAll(st) {
		d, err := s.promptDue(ctx, rec, p)
		if err != nil {
			return nil, err
		}
		due = append(due, d...)
	}
	return due, nil
}

// promptDue is one prompt's reminders and deadline.
func (s *Service) promptDue(ctx context.Context, rec *persist.GameRecord, p *engine.Prompt) ([]persist.Due, error) {
	user, name := answerer(rec, p)
	if user == "" {
		return nil, nil
	}
	prompt, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("encoding the pending prompt: %w", err)
	}
	prefs, err := s.store.Prefs(ctx, playerKey(rec.Key, user))
	if err != nil {
		return nil, err
	}
	now := s.now()
	target, pace, err := s.paceFor(ctx, rec, user)
	if err != nil {
		return nil, err
	}
	due := s.dueTimes(persist.Due{Key: rec.Key, GameID: rec.ID, Token: p.Token, User: user, Name: name, Since: now, Prompt: prompt, PaceTarget: target, PaceNow: pace}, prefs)
	if isAway(rec, user) {
		// The autopilot plays for him: it said so once; no more reminders
		// until he plays again, only the deadline at which it acts.
		var deadlines []persist.Due
		for _, d := range due {
			if d.Kind == persist.DueDeadline {
				deadlines = append(deadlines, d)
			}
		}
		due = deadlines
	}
	return due, nil
}

// startDue is the due times of a game waiting for its Start: its commander
// (or the player invited) is reminded, and at the deadline the game goes as
// startDeadline says.
func (s *Service) startDue(ctx context.Context, rec *persist.GameRecord) ([]persist.Due, error) {
	if !s.scheduling(rec.Key) {
		return nil, nil
	}
	m := s.startMessage(rec)
	p := &engine.Prompt{Token: startToken, Actor: engine.Commander, Kind: "start", Text: m.Text}
	for _, o := range m.Options {
		target, err := parseOptionID(o.ID)
		if err != nil {
			return nil, err
		}
		p.Options = append(p.Options, engine.Option{Key: strings.TrimPrefix(target.key, sureKey), Label: o.Label})
	}
	prompt, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	user, name := rec.Owner, rec.OwnerName
	if inv := invitees(rec); len(inv) > 0 {
		user, name = inv[0].ID, inv[0].Name
	}
	prefs, err := s.store.Prefs(ctx, playerKey(rec.Key, user))
	if err != nil {
		return nil, err
	}
	target, pace, err := s.paceFor(ctx, rec, user)
	if err != nil {
		return nil, err
	}
	due := s.dueTimes(persist.Due{Key: rec.Key, GameID: rec.ID, Token: startToken, User: user, Name: name, Since: s.now(), Prompt: prompt, PaceTarget: target, PaceNow: pace}, prefs)
	return append(due, s.idleDue(rec)...), nil
}

// startDeadline: an unanswered challenge expires; a tournament career starts
// without its Kommandant's entropy (the seed was committed all along); a
// solitaire game simply waits.
func (s *Service) startDeadline(ctx context.Context, place Place, rec *persist.GameRecord, d persist.Due, act *acting) ([]Notice, error) {
	switch {
	case len(invitees(rec)) > 0:
		res := Message{Text: fmt.Sprintf("⌛ %s did not answer %s's challenge in time: game %s is withdrawn, nothing was rolled.", d.Name, rec.OwnerName, rec.ID), Tone: ToneEnd}
		n := []Notice{{Place: place, Answered: []Answer{{Ref: promptRef(rec.ID, startToken), Message: res}}}}
		deliver, err := act.notices(n)
		if err != nil {
			return nil, err
		}
		if err := s.store.ArchiveDelivering(ctx, rec.Key, deliver); err != nil {
			return nil, err
		}
		s.metrics.DeadlineActed(ops.DeadlineExpired)
		return n, nil
	case rec.Tournament != "":
		r, err := s.start(ctx, place, rec, "Start", how{note: fmt.Sprintf("⌛ %s did not press Start in time: the career starts on the seed committed at its creation", d.Name), act: act})
		if err != nil {
			return nil, err
		}
		s.metrics.DeadlineActed(ops.DeadlineStarted)
		// r.Elsewhere carries the tournament's standings, which no longer say
		// the player waits for the Start.
		return append([]Notice{{Place: place, Answered: r.Answered, Channel: r.Public}}, r.Elsewhere...), nil
	}
	n := []Notice{{Place: place, Channel: []Message{{Text: fmt.Sprintf("⏰ Game %s still waits for %s's Start.", rec.ID, d.Name), Mention: d.User, Jump: promptRef(rec.ID, startToken), Tone: ToneAlert}}}}
	if err := s.dropDueSaying(ctx, d, n, act); err != nil {
		return nil, err
	}
	s.metrics.DeadlineActed(ops.DeadlineWaits)
	return n, nil
}

// dueTimes lays out a prompt's reminders and deadline from when it began
// (base.Since), copying base's game, prompt and player into each.
func (s *Service) dueTimes(base persist.Due, prefs persist.Prefs) []persist.Due {
	since := base.Since
	var due []persist.Due
	deadline := time.Time{}
	if s.deadline > 0 {
		deadline = activeAdd(since, s.deadline, prefs)
	}
	for i, after := range s.reminders {
		at := activeAdd(since, after, prefs)
		if !deadline.IsZero() && !at.Before(deadline) {
			break
		}
		r := base
		r.At, r.Kind, r.N, r.Deadline, r.Remind = at, persist.DueReminder, i+1, deadline, prefs.Remind
		due = append(due, r)
	}
	if n := len(due); n > 1 {
		due[n-1].Last = true // the last reminder escalates
	}
	if !deadline.IsZero() {
		d := base
		d.At, d.Kind, d.Prompt = deadline, persist.DueDeadline, nil // a deadline reads the game itself
		due = append(due, d)
	}
	return due
}

// playerKey names a player's preferences: per platform and server.
func playerKey(gameKey, user string) string {
	parts := strings.SplitN(gameKey, "/", 3)
	if len(parts) < 2 {
		return gameKey + "/" + user
	}
	return parts[0] + "/" + parts[1] + "/" + user
}

// placeOf reads a game key back into its place.
func placeOf(key string) Place {
	parts := strings.SplitN(key, "/", 4)
	for len(parts) < 4 {
		parts = append(parts, "")
	}
	return Place{Platform: parts[0], Space: parts[1], Channel: parts[2], Thread: parts[3]}
}

// tickLimit bounds what one call of Tick takes; the next tick takes the rest.
const tickLimit = 5000

// Tick takes what is due at now, acts on the deadlines, and returns the
// notices to deliver: reminders, and what the deadlines brought. It is
// safe to call at any pace and after any pause: what was due while nothing
// ticked is found now. What it returns stays due, leased to this caller,
// until Delivered says the platform took it; RunTick does both.
func (s *Service) Tick(ctx context.Context, now time.Time) ([]Notice, error) {
	notices, _, err := s.tick(ctx, now, tickLimit, nil)
	return notices, err
}

// tick takes at most limit due times, of the platforms named when any
// are, and acts on each; taken is how many it took.
func (s *Service) tick(ctx context.Context, now time.Time, limit int, platforms []string) (notices []Notice, taken int, err error) {
	ctx, leave := s.enter(ctx, ops.ByDeadline)
	defer leave(&err)
	take := persist.Take{Limit: limit, Lease: s.leaseFor}
	if platforms != nil {
		take.Only = func(d persist.Due) bool { return slices.Contains(platforms, placeOf(d.Key).Platform) }
	}
	due, err := s.store.TakeDue(ctx, now, take)
	if err != nil {
		return nil, 0, err
	}
	for _, d := range due {
		n, err := s.takeUp(ctx, now, d)
		if err != nil {
			// Left leased: taken again when its lease runs out.
			s.log.Error("a due reminder or deadline failed", "game", d.GameID, "kind", d.Kind, "attempt", d.Attempt, "err", err)
			s.metrics.Error(errorKind(err))
			continue
		}
		notices = append(notices, n...)
	}
	return notices, len(due), nil
}

// takeUp acts on one due time taken by a tick and addresses what it
// brings: the notices of a reminder are delivered for the reminder itself,
// those of an action for the deliver entry its commit wrote.
func (s *Service) takeUp(ctx context.Context, now time.Time, d persist.Due) ([]Notice, error) {
	if d.Kind == persist.DueDamaged {
		s.log.Error("a damaged due entry was dropped from the index", "entry", d.Key)
		s.metrics.Error(ops.ErrStorage)
		return nil, nil
	}
	sends := d.Kind == persist.DueReminder || d.Kind == persist.DueIdleWarn || d.Kind == persist.DueDeliver
	if sends && d.Attempt > 1 {
		limit := maxDeliveryAttempts
		if isFollowCopy(d) {
			limit = maxFollowAttempts // a spectator's copy: never worth a storm
		}
		if d.Attempt > limit {
			s.log.Error("gave up delivering a notice: the platform refused it each time", "game", d.GameID, "kind", d.Kind, "attempts", d.Attempt-1, "place", d.Key)
			s.metrics.DeliveryRetried(ops.DeliveryGivenUp)
			return nil, s.store.DoneDue(ctx, d)
		}
		s.log.Warn("delivering again what an earlier tick took and did not confirm", "game", d.GameID, "kind", d.Kind, "attempt", d.Attempt)
		s.metrics.DeliveryRetried(ops.DeliveryRetried)
	}
	act := &acting{due: d, now: now, lease: s.leaseFor(persist.Due{Attempt: 1})}
	var n []Notice
	var err error
	if d.Kind == persist.DueDeliver {
		n, err = s.reshow(ctx, d)
	} else {
		n, err = s.dueNow(beginCall(ctx, ops.ByDeadline), d, act)
	}
	if err != nil {
		return nil, err
	}
	ack := &d
	if !sends {
		ack = act.deliver
	}
	switch {
	case len(n) == 0 && sends:
		return nil, s.store.DoneDue(ctx, d) // nothing left to say (its prompt was answered)
	case len(n) == 0:
		return nil, nil
	case ack == nil:
		// An action that recorded no delivery (a legacy game's end found
		// in its place): delivered once, as before.
		return n, nil
	}
	return addressed(n, ack), nil
}

// dueNow handles one due time. A reminder carries its prompt: the index
// holds only the current prompt's due times, so it is sent as it is. A
// deadline acts under the game's lock on the game as it stands, and is
// dropped if its prompt has been answered (or its game is gone).
// act is the tick's work on d, which the commits of its action write
// their deliver entry through.
func (s *Service) dueNow(ctx context.Context, d persist.Due, act *acting) ([]Notice, error) {
	place := placeOf(d.Key)
	if d.Kind == persist.DueIdleWarn || d.Kind == persist.DueIdleEnd {
		return s.idleNow(ctx, place, d, act)
	}
	if d.Kind == persist.DueReminder && len(d.Prompt) > 0 {
		var p engine.Prompt
		if err := json.Unmarshal(d.Prompt, &p); err != nil {
			return nil, fmt.Errorf("game %s: the reminder's prompt: %w", d.GameID, err)
		}
		return []Notice{*s.reminder(place, d.GameID, &p, d, s.reminderSince(ctx, d))}, nil
	}
	unlock, err := s.lockPlace(ctx, d.Key)
	if err != nil {
		return nil, err
	}
	defer unlock()
	rec, st, err := s.load(ctx, place)
	var ended *endedError
	if errors.As(err, &ended) {
		return []Notice{{Place: place, Channel: []Message{ended.end}}}, nil
	}
	if errors.Is(err, persist.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if rec.AwaitingStart && rec.ID == d.GameID && d.Token == startToken && d.Kind == persist.DueDeadline {
		return s.startDeadline(ctx, place, rec, d, act)
	}
	p := promptByToken(st, d.Token)
	if rec.ID != d.GameID || p == nil {
		if d.Kind == persist.DueDeadline {
			return nil, s.dropDue(ctx, d)
		}
		return nil, nil
	}
	if d.Kind == persist.DueReminder {
		return []Notice{*s.reminder(place, rec.ID, p, d, s.sinceLastTurn(ctx, rec, st, d.User, rec.Seq))}, nil
	}
	_, d.Name = answerer(rec, p)
	prefs, err := s.store.Prefs(ctx, playerKey(d.Key, d.User))
	if err != nil {
		return nil, err
	}
	return s.deadlinePassed(ctx, place, rec, st, p, d, d.Name, prefs, act)
}

// reminder pings the player the prompt waits for, where asked to be
// pinged; the last reminder before the deadline goes everywhere. It says
// what waits and until when, and links to the game: the prompt's buttons
// are in the game, not copied here.
//
// It opens with what happened since he last acted (since: see since.go).
func (s *Service) reminder(place Place, gameID string, p *engine.Prompt, d persist.Due, since []string) *Notice {
	what := p.Subject
	if what == "" {
		what = "Game " + gameID
	}
	text := fmt.Sprintf("⏰ %s waits on you: _%s_ (reminder %d)", what, awaited(p), d.N)
	if d.PaceTarget > 0 {
		text += "\n" + paceReminder(d.PaceTarget, d.PaceNow)
	}
	m := withSince(Message{Text: text, Mention: d.User, Due: d.Deadline, Jump: promptRef(gameID, p.Token), Tone: ToneAlert}, since)
	n := &Notice{Place: place, Reminder: true}
	how := d.Remind
	if d.Last {
		how = "both"
	}
	dm := m
	dm.Mention = ""
	switch how {
	case "dm":
		n.DirectTo, n.Direct = d.User, []Message{dm}
	case "both":
		n.Channel = []Message{m}
		n.DirectTo, n.Direct = d.User, []Message{dm}
	default:
		n.Channel = []Message{m}
	}
	return n
}

// optionCase is " (case)" of a prompt's option, or "" when it cites none.
func optionCase(p *engine.Prompt, key string) string {
	for _, o := range p.Options {
		if o.Key == key && o.Case != "" {
			return " (" + o.Case + ")"
		}
	}
	return ""
}

// awaited names what a reminded prompt waits for: the Start, the answer to
// a challenge, or the decision by its meaning (its rule case when it has
// no title).
func awaited(p *engine.Prompt) string {
	switch {
	case p.Token == startToken && p.HasOption("decline"):
		return "answer to the challenge (Accept or Decline)"
	case p.Token == startToken:
		return "Start"
	case p.Title != "":
		return strings.ToLower(p.Title[:1]) + p.Title[1:]
	case p.Case != "":
		return "decision (" + p.Case + ")"
	}
	return "decision"
}

// deadlinePassed does what the game allows for an absent player: the
// enemy's roll, or a routine decision under autopilot; otherwise it says the
// game waits.
func (s *Service) deadlinePassed(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, p *engine.Prompt, d persist.Due, name string, prefs persist.Prefs, act *acting) ([]Notice, error) {
	key, why, autopilot, action := "", "", false, ops.DeadlineRolled
	if k, reason, ok := engine.AbsentChoice(st, p.Token); ok && p.HasOption(k) {
		key, why = k, fmt.Sprintf("⌛ %s's deadline passed: %s", name, reason)
	}
	switch {
	case key != "":
	case p.Actor == engine.Opponent && p.HasOption(rollKey):
		key, why = rollKey, fmt.Sprintf("⌛ %s did not roll for the enemy in time: the bot rolls%s", name, optionCase(p, rollKey))
	case prefs.Autopilot:
		action = ops.DeadlineAutopilot
		// In a game of several prompts, the absent player's own boat's.
		if k, ok := engine.RoutineChoice(st, p.Token); ok {
			if p.HasOption(k) {
				key, why, autopilot = k, "🤖 autopilot", true
				if !isAway(rec, d.User) {
					// Said once: from now on it plays quietly, and reminds no more.
					why = fmt.Sprintf("🤖 %s's deadline passed: as they asked, the built-in commander takes their routine decisions from now on, without reminders, until they play again", name)
				}
			}
		}
	}
	if key == "" {
		m := Message{Text: fmt.Sprintf("⌛ %s's deadline passed. This decision is theirs alone: the game waits for it (a player or a channel manager may `abandon`).", name),
			Mention: d.User, Jump: promptRef(rec.ID, p.Token), Tone: ToneAlert}
		n := []Notice{{Place: place, Channel: []Message{m}}}
		if err := s.dropDueSaying(ctx, d, n, act); err != nil {
			return nil, err
		}
		s.metrics.DeadlineActed(ops.DeadlineWaits)
		return n, nil
	}
	r, err := s.decide(ctx, place, rec, st, engine.Choice{Token: p.Token, Key: key}, how{by: d.User, note: why, atDeadline: true, autopilot: autopilot, act: act})
	if err != nil {
		return nil, err
	}
	s.metrics.DeadlineActed(action)
	return append([]Notice{{Place: place, Answered: r.Answered, Channel: r.Public}}, r.Elsewhere...), nil
}

// dropDue removes one due time from its game's schedule.
func (s *Service) dropDue(ctx context.Context, d persist.Due) error { return s.store.DropDue(ctx, d) }

// dropDueSaying removes one due time acted on, and records, in the same
// transaction, the notices saying what came of it: they are delivered even
// if this replica dies before it has sent them.
func (s *Service) dropDueSaying(ctx context.Context, d persist.Due, n []Notice, act *acting) error {
	deliver, err := act.notices(n)
	if err != nil {
		return err
	}
	return s.store.ReplaceDue(ctx, d, deliver)
}

// reminderSince is "since your last turn" for a reminder that carries its
// prompt, read from the game as it stands without taking its lock (a
// reminder changes nothing); nil when the game has moved on, or nothing
// happened since its player last acted.
func (s *Service) reminderSince(ctx context.Context, d persist.Due) []string {
	if d.Token == startToken || !summarizes(d.Key) {
		return nil // before its Start a game has no decisions to tell of: nothing is read
	}
	rec, err := s.store.Load(ctx, d.Key)
	if err != nil || rec.ID != d.GameID || rec.AwaitingStart {
		return nil
	}
	if a, ok := rec.Acted[d.User]; !ok || a.Seq >= rec.Seq {
		return nil // nothing since: the state is not even decoded
	}
	rules := s.games.Rules(rec.Game)
	if rules == nil {
		return nil
	}
	st, err := rules.Decode(rec.State)
	if err != nil {
		s.log.Warn("decoding a game for since-your-last-turn", "game", rec.ID, "err", err)
		return nil
	}
	return s.sinceLastTurn(ctx, rec, st, d.User, rec.Seq)
}
