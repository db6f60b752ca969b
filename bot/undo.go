package bot

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
	"github.com/kaleun/kaleun/persist/canonjson"
)

// Undo: a player takes back his last decision and its prompt comes back.
// The dice never rewind: the bot rebuilds the state the decision answered by
// replaying the log from the setup with the logged dice (audit.Rebuild), and
// the decision taken again rolls the next dice of the game. The log keeps
// everything: a void entry names the decisions taken back and the dice they
// had rolled. An undo with no die rolled since is free; after dice it marks
// the career (the game's views show the mark), needs the other player's
// consent in a game for several, and is refused in a tournament.

// The button tokens of undo: the Undo button under a decision's message
// (its key: the decision's number), and the other player's answer to a
// request (its key: the decision and the log entry the request was made at).
//
// An undo that will mark the career (dice were rolled since) asks its
// player first, privately: sureUndoToken's Yes (its key: the decision and
// the log entry the question was asked at, so that it does nothing once the
// game has moved) or its No (noKey).
const (
	undoToken     = "undo"
	consentToken  = "undo-yes"
	declineToken  = "undo-no"
	sureUndoToken = "undo-sure"
)

// undoButton is the Undo button for the decision just taken, for its decider.
func undoButton(gameID string, decision int) Option {
	return Option{ID: optionID(gameID, undoToken, strconv.Itoa(decision)), Label: "Undo", Style: StyleQuiet}
}

// withUndoButton puts the Undo button on the next prompt a decision brought
// (a decision's result is the prompt's own message, its buttons gone: issue
// 17): the button goes with that prompt's buttons when it is answered, so no
// stale Undo is left in the channel. With no new prompt in the channel, the
// `undo` command still serves.
func withUndoButton(ms []Message, b Option) {
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Prompt != nil && !ms[i].Prompt.Private && len(ms[i].Options) > 0 {
			ms[i].Options = append(ms[i].Options, b)
			return
		}
	}
}

// undoFinished answers `undo` where the last game has ended.
func (s *Service) undoFinished(ctx context.Context, place Place) (Reply, error) {
	rec, _, err := s.gameFor(ctx, place, nil, "")
	if err != nil || rec == nil {
		return private("There is no game in this channel: nothing to undo."), err
	}
	return private(fmt.Sprintf("Game %s is over: the decision that ended it stands, and no undo brings a finished game back.", rec.ID)), nil
}

// offersUndo says whether a game lets its players take back decisions.
func offersUndo(g *engine.Game) bool {
	ok := g != nil && g.Undo != nil
	return ok
}

// undo takes back the user's last decision in force; decision, when not
// -1, is the one his Undo button was under, which must still be that one.
// sure says the user has answered Yes to the question an undo after dice
// asks first (confirmUndo).
func (s *Service) undo(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, user User, decision int, sure bool) (Reply, error) {
	rules := s.games[rec.Game]
	if !offersUndo(rules) {
		return private("This game has no undo: its decisions stand."), nil
	}
	if st == nil {
		return private("The game has not started: there is nothing to undo yet."), nil
	}
	seat, ok := deciderSeat(rec, user)
	if !ok {
		return private(fmt.Sprintf("Only the %s can undo their own decisions here.", players(rec))), nil
	}
	t, err := s.rebuild(ctx, rec)
	if errors.Is(err, errNoRebuild) {
		return private(err.Error() + ". Nothing changed."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	last, ok := t.Last(seat)
	switch {
	case decision >= 0 && !t.InForce(decision):
		return private(fmt.Sprintf("That Undo button is for decision %d, which is not in force any more (it was undone already): nothing changed.", decision)), nil
	case !ok:
		return private("You have no decision to undo in this game."), nil
	case decision >= 0 && decision != last:
		return private(fmt.Sprintf("That Undo button is for decision %d, and your last decision is %d: `undo` takes back your decisions one at a time, the last first.", decision, last)), nil
	}
	by := user.Name
	if s := seatedUser(rec, user.ID); s != nil {
		by = s.Name // as the game knows him
	} else if user.ID == rec.Owner && rec.OwnerSince > 0 {
		// A commander by a substitute's handover: as its log entry names
		// him, which verify holds his undos to.
		by = rec.OwnerName
	}
	v, others, err := t.Plan(last, by, seat)
	if errors.Is(err, audit.ErrUndo) {
		return private(strings.TrimPrefix(err.Error(), audit.ErrUndo.Error()+": ") + ". Nothing changed."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	needsOthers := v.AfterDice() || len(others) > 0
	switch {
	case needsOthers && rec.Tournament != "":
		return private(fmt.Sprintf("Decision %d cannot be undone: in a tournament a decision stands once %s, so that every entrant plays the dice as they fall. Nothing changed.", last, why(v, others))), nil
	case v.AfterDice() && !sure:
		return confirmUndo(rec, user, v), nil
	case needsOthers && len(rec.Seats) > 1:
		return s.askConsent(rec, User{ID: user.ID, Name: by}, v, others), nil
	}
	return s.void(ctx, place, rec, st, t, v)
}

// confirmUndo asks a player, for him alone, whether he means an undo that
// marks his career for good (issue 28): a misclick on Undo, or an `undo`
// typed for the wrong game, must not mark it. Nothing changes until he
// answers Yes, and a Yes the game has moved past does nothing.
func confirmUndo(rec *persist.GameRecord, user User, v audit.Void) Reply {
	choice := ""
	if v.Choice != "" {
		choice = " (" + strings.TrimPrefix(v.Choice, "Decision: ") + ")"
	}
	text := fmt.Sprintf("Undo decision %d%s? Its dice were seen (%s): the undo discards them, never to be rolled again, the decision taken again rolls fresh dice, and your career is marked for good (`status`, the log sheet, its end, the leaderboard and `kaleun verify` say so). An undo with no die rolled since is free; this one is not.",
		v.Decision, choice, diceNames(v.Dice))
	if len(rec.Seats) > 1 {
		text += " The other player is then asked to allow it."
	}
	key := fmt.Sprintf("%d.%d", v.Decision, rec.Seq)
	return Reply{Private: []Message{{
		Title: "Undo, and mark the career?",
		Text:  text,
		Owner: user.ID,
		Tone:  ToneDanger,
		Options: []Option{
			{ID: optionID(rec.ID, sureUndoToken, key), Label: "Undo it (marked)", Style: StyleDanger},
			{ID: optionID(rec.ID, sureUndoToken, noKey), Label: "Keep the decision", Style: StyleSafe},
		},
	}}}
}

// sureUndo answers the question confirmUndo asked.
func (s *Service) sureUndo(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, user User, key string) (Reply, error) {
	if key == noKey {
		return Reply{Update: &Message{Text: "Nothing changed: the decision stands.", Tone: ToneDone}}, nil
	}
	decision, seq, ok := parseConsentKey(key)
	if !ok {
		return private("That button is not one of Kaleun's."), nil
	}
	if seq != rec.Seq {
		return disarmed("The game has moved on since you were asked: nothing changed. `undo` asks again."), nil
	}
	r, err := s.undo(ctx, place, rec, st, user, decision, true)
	if err == nil && len(r.Public) > 0 {
		// The question becomes its answer; the undo (or the request for
		// the other player's consent) follows in the channel.
		r.Update, r.Disarm = &Message{Text: "Confirmed.", Tone: ToneDone}, false
	}
	return r, err
}

// why says what makes an undo more than a misclick.
func why(v audit.Void, others []string) string {
	if v.AfterDice() {
		return fmt.Sprintf("its dice were seen (%s)", diceNames(v.Dice))
	}
	return "another player has decided since"
}

func diceNames(ks []int64) string {
	if len(ks) == 1 {
		return fmt.Sprintf("die #%d", ks[0])
	}
	return fmt.Sprintf("%d dice, #%d–%d", len(ks), ks[0], ks[len(ks)-1])
}

// deciderSeat is the seat a user answers for: his seat in a game for
// several, "" for the commander of a solitaire game.
func deciderSeat(rec *persist.GameRecord, user User) (string, bool) {
	if len(rec.Seats) > 0 {
		if seat := seatedUser(rec, user.ID); seat != nil {
			return seat.Seat, true
		}
		return "", false
	}
	return "", rec.Owner == "" || rec.Owner == user.ID
}

// askConsent asks the other players of a game for several to allow an undo
// that takes back their decisions or dice they saw.
func (s *Service) askConsent(rec *persist.GameRecord, user User, v audit.Void, others []string) Reply {
	var asked []persist.Seat
	for _, seat := range rec.Seats {
		if seat.ID != user.ID {
			asked = append(asked, seat)
		}
	}
	key := fmt.Sprintf("%d.%d", v.Decision, rec.Seq)
	text := fmt.Sprintf("%s asks to undo decision %d: %s. %s: allow it? If allowed, the log records the undo with the dice it discards, the decision taken again rolls fresh dice, and %s's career is marked.",
		user.Name, v.Decision, why(v, others), seatNames(asked), user.Name)
	if !v.AfterDice() {
		text = fmt.Sprintf("%s asks to undo decision %d: %s, and his undo takes that back too. %s: allow it?", user.Name, v.Decision, why(v, others), seatNames(asked))
	}
	return Reply{Public: []Message{{
		Title:   "Undo?",
		Text:    text,
		Mention: asked[0].ID,
		Owner:   asked[0].ID,
		Options: []Option{{ID: optionID(rec.ID, consentToken, key), Label: "Allow the undo"}, {ID: optionID(rec.ID, declineToken, key), Label: "Refuse"}},
	}}}
}

// consent answers a request to undo: only another player may allow or
// refuse it, and only while the game stands where it was asked.
func (s *Service) consent(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, user User, token, key string) (Reply, error) {
	decision, seq, ok := parseConsentKey(key)
	if !ok {
		return private("That button is not one of Kaleun's."), nil
	}
	me := seatedUser(rec, user.ID)
	if me == nil {
		return private("Only the players of this game answer a request to undo."), nil
	}
	if seq != rec.Seq {
		return private("The game has moved on since that request: nothing changed. The player may ask again with `undo`."), nil
	}
	t, err := s.rebuild(ctx, rec)
	if errors.Is(err, errNoRebuild) {
		return private(err.Error() + ". Nothing changed."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	var asker *persist.Seat
	for i := 1; i < len(t.Live); i++ {
		if t.Live[i].Number == decision && t.Live[i].Prompt != nil {
			asker = seatOf(rec, t.Live[i].Prompt.Seat)
		}
	}
	switch {
	case asker == nil:
		return private("That decision is no longer in force: nothing changed."), nil
	case asker.ID == user.ID:
		return private("The other player answers your request: your click changed nothing."), nil
	case token == declineToken:
		return Reply{Public: []Message{{Text: fmt.Sprintf("%s refused to let %s undo decision %d: it stands.", user.Name, asker.Name, decision)}}}, nil
	}
	v, _, err := t.Plan(decision, asker.Name, asker.Seat)
	if errors.Is(err, audit.ErrUndo) {
		return private(strings.TrimPrefix(err.Error(), audit.ErrUndo.Error()+": ") + ". Nothing changed."), nil
	}
	if err != nil {
		return Reply{}, err
	}
	v.Consent = me.Name
	return s.void(ctx, place, rec, st, t, v)
}

func parseConsentKey(key string) (decision int, seq uint64, ok bool) {
	d, q, found := strings.Cut(key, ".")
	n, err1 := strconv.Atoi(d)
	m, err2 := strconv.ParseUint(q, 10, 64)
	return n, m, found && err1 == nil && err2 == nil
}

// void commits an undo: its void entry and the state it brings back, with
// the dice cursor where it was, before anything is shown. before is the
// game as it stood: the messages of its prompts that the undo takes back
// lose their buttons.
func (s *Service) void(ctx context.Context, place Place, rec *persist.GameRecord, before engine.State, t *audit.Timeline, v audit.Void) (Reply, error) {
	if err := t.Void(v); err != nil {
		return Reply{}, fmt.Errorf("undoing decision %d of game %s: %w", v.Decision, rec.ID, err)
	}
	st := t.State
	b, err := st.Encode()
	if err != nil {
		return Reply{}, err
	}
	raw, _ := audit.VoidEntry(v)
	next := *rec
	next.State = b
	next.Updated = s.now()
	next.Shown = nil // the decisions it noted may be the one voided
	entries := []persist.NewEntry{{Event: raw}}
	var plan persist.CommitPlan
	if s.scheduling(rec.Key) {
		due, err := s.schedule(ctx, &next, st)
		if err != nil {
			return Reply{}, err
		}
		plan = persist.CommitPlan{Due: due, Schedule: true}
	}
	// The prompts the undo brings back are turns again.
	plan.Webhook = webhookChange(&next, st)
	stored, err := s.store.CommitWith(ctx, &next, entries, plan)
	if err != nil {
		return Reply{}, err
	}
	s.kickWebhooks()
	*rec = next
	s.log.Info("decision undone", "game", rec.ID, "decision", v.Decision, "after_dice", v.AfterDice(), "by", v.By)
	r := Reply{Public: eventMessages(stored)}
	if v.AfterDice() {
		r.Public = append(r.Public, Message{Text: "Marked: " + audit.UndoneText(t.Undone[v.Seat]) + "."})
	}
	// The prompts the undo took back are stale: where their messages are
	// in the chat, they say so and lose their buttons (the one clicked, if
	// any, is disarmed below), so that no live copy of a voided prompt is
	// left — an undo confirmed from a question, or typed, clicks none.
	var gone []string
	for tok := range tokens(before) {
		if !tokens(st)[tok] {
			gone = append(gone, tok)
		}
	}
	slices.Sort(gone)
	for _, tok := range gone {
		ref := promptRef(rec.ID, tok)
		where, err := s.PromptMessages(ctx, ref)
		if err != nil {
			// The undo is committed: its message keeps its buttons, whose
			// click is refused as stale.
			s.log.Warn("finding the messages of a prompt an undo took back", "prompt", ref, "err", err)
			continue
		}
		if len(where) > 0 {
			r.Answered = append(r.Answered, Answer{Ref: ref, InPlace: true,
				Message: Message{Text: fmt.Sprintf("↩ Taken back by undo %d: this decision is asked again below.", v.N), Tone: ToneDone}})
		}
	}
	more, err := s.turnOf(ctx, rec, st)
	if err != nil {
		return Reply{}, err
	}
	r.Public = append(r.Public, more.Public...)
	r.Private = append(r.Private, more.Private...)
	// The message clicked (the prompt that carried the Undo button, or the
	// consent question) is stale now: its buttons go (issue 17).
	r.Disarm = true
	return r, nil
}

// errNoRebuild: the log does not rebuild the game's state.
var errNoRebuild = errors.New("this game cannot be undone")

// rebuild replays a game's log to the state it stands at, and checks that
// the replay gives the very state stored: a log the rules of this kaleun
// no longer rebuild (a game begun under older rules) is not undone.
func (s *Service) rebuild(ctx context.Context, rec *persist.GameRecord) (*audit.Timeline, error) {
	entries, err := s.store.Events(ctx, rec.ID, 1, 0)
	if err != nil {
		return nil, err
	}
	rules := s.games[rec.Game]
	setups := []json.RawMessage{rec.Setup}
	if rules != nil && rules.FormerSetups != nil {
		// A game begun before a default of its rules changed replays as
		// its setup read then.
		for _, former := range rules.FormerSetups(rec.Setup) {
			setups = append(setups, former)
		}
	}
	var first error
	for _, setup := range setups {
		t, err := audit.Rebuild(rules, setup, entries)
		if err != nil {
			first = cmp.Or(first, fmt.Errorf("rebuilding game %s from its log: %w", rec.ID, err))
			continue
		}
		b, err := t.State.Encode()
		if err != nil {
			return nil, err
		}
		if sameState(b, rec.State) {
			return t, nil
		}
	}
	if first != nil && len(setups) == 1 {
		return nil, first
	}
	return nil, fmt.Errorf("%w: game %s was begun under other rules than this kaleun's, and its log no longer rebuilds the state it is in", errNoRebuild, rec.ID)
}

func sameState(a, b json.RawMessage) bool {
	ca, err1 := canonjson.JCS(a)
	cb, err2 := canonjson.JCS(b)
	return err1 == nil && err2 == nil && bytes.Equal(ca, cb)
}
