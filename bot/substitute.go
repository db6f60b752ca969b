package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// A substitute for a vanished player (issue 34 item 3): `substitute
// seat:@absent with:@newcomer` hands every seat the absent player holds in
// a game (and its command, if he owns it) to the newcomer. Who decides:
//
//   - in a tournament (a career, or a team game), its organiser alone, from
//     the tournament's channel or the game's own;
//   - in any other game, every player who remains and the newcomer, by
//     agreement: the first to run the command proposes, each other runs the
//     very same command to confirm, and the last confirmation hands the
//     seat over (in a duel: the remaining player and the newcomer).
//
// Nobody checks that the absent player is absent: the organiser (or the
// players who remain) decide that. The handover is an entry of the game's
// log (audit.KindSubstitute), committed with the new seats, the moved index
// of players' games, the tournament's career and a fresh plan of reminders
// for the prompt the newcomer inherits: his clock starts at the handover,
// and nothing scheduled for the absent player reaches him. The newcomer
// sees the seat's private view as it stands and what it receives from the
// handover on, nothing of it before; the replaced player may not come back
// into the game but by a handover the other way.

// substitute answers the command, in the channel of the game or of its
// tournament (the channel's lock held).
func (s *Service) substitute(ctx context.Context, c *commandCall) (Reply, error) {
	oldID, _, okOld := ParseUserArg(c.args["seat"])
	newID, newName, okNew := ParseUserArg(c.args["with"])
	if !okOld || !okNew {
		return private("Name the absent player and the newcomer: `substitute seat:@absent with:@newcomer`."), nil
	}
	if newName == "" {
		newName = "<@" + newID + ">"
	}
	if oldID == newID {
		return private("A player cannot substitute for himself: nothing changed."), nil
	}
	place := c.place
	rec, err := s.store.Load(ctx, place.Key())
	var tour *persist.Tournament
	if errors.Is(err, persist.ErrNotFound) {
		t, terr := s.store.TournamentAt(ctx, place.Key())
		if errors.Is(terr, persist.ErrNotFound) {
			return private("There is no running game here to pass a seat of: a finished game's seats stay as they were."), nil
		}
		if terr != nil {
			return Reply{}, terr
		}
		tour = t
		e := entrantOf(t, oldID)
		switch {
		case e == nil:
			return private(fmt.Sprintf("%s has no career in %s: nothing changed.", UserArg(oldID, ""), t.Name)), nil
		case e.Withdrawn:
			return private(fmt.Sprintf("%s has withdrawn from %s, and his career was archived with it: nothing is left to pass on.", e.Name, t.Name)), nil
		case e.Place == "":
			return private(fmt.Sprintf("%s's career has not been set up yet (the tournament has not started): `tournament remove` and a new entrant do it.", e.Name)), nil
		}
		place = placeOf(e.Place)
		unlock, lerr := s.lockPlace(ctx, e.Place)
		if lerr != nil {
			return Reply{}, lerr
		}
		defer unlock()
		if rec, err = s.store.Load(ctx, e.Place); errors.Is(err, persist.ErrNotFound) || err == nil && rec.ID != e.GameID {
			return private(fmt.Sprintf("%s's career is over: a finished game's seats stay as they were.", e.Name)), nil
		}
	}
	if err != nil {
		return Reply{}, err
	}
	if rec.Over {
		return private(fmt.Sprintf("Game %s is over: a finished game's seats stay as they were.", rec.ID)), nil
	}
	if tour == nil && rec.Tournament != "" {
		if tour, err = s.tournamentByID(ctx, rec.Tournament); err != nil {
			return Reply{}, err
		}
	}
	st, err := s.stateOf(rec)
	if err != nil {
		return Reply{}, err
	}
	h, why := handoverOf(rec, tour, oldID, User{ID: newID, Name: newName})
	if why != "" {
		return private(why), nil
	}
	if tour != nil {
		if c.user.ID != tour.Organiser {
			return private(fmt.Sprintf("Only the organiser of %s (%s) gives a career to a substitute: nothing changed.", tour.Name, tour.OrganiserName)), nil
		}
		h.by = []audit.Person{{ID: c.user.ID, Name: c.user.Name}}
		return s.handOver(ctx, c.place, place, rec, st, tour, h)
	}
	return s.agreeOnSubstitute(ctx, place, rec, st, c.user, h)
}

// handover is a substitute as checked: who gives up what to whom.
type handover struct {
	from, to  audit.Person
	seats     []string
	commander bool
	by        []audit.Person
}

// handoverOf finds what old holds in the game and checks the newcomer may
// take it; why says what is wrong, with nothing changed.
func handoverOf(rec *persist.GameRecord, tour *persist.Tournament, old string, newcomer User) (handover, string) {
	h := handover{to: audit.Person{ID: newcomer.ID, Name: newcomer.Name}, commander: rec.Owner == old}
	for _, st := range rec.Seats {
		if st.ID == old {
			h.seats = append(h.seats, st.Seat)
			h.from = audit.Person{ID: old, Name: st.Name}
		}
	}
	if h.commander {
		h.from = audit.Person{ID: old, Name: rec.OwnerName}
	}
	switch {
	case len(h.seats) == 0 && !h.commander:
		return h, fmt.Sprintf("%s holds no seat of game %s: nothing changed.", UserArg(old, ""), rec.ID)
	case rec.Owner == newcomer.ID || seatedUser(rec, newcomer.ID) != nil:
		return h, fmt.Sprintf("%s plays in game %s already, and a player holds one place in a game: name someone else.", newcomer.Name, rec.ID)
	}
	if tour != nil {
		if e := entrantOf(tour, newcomer.ID); e != nil {
			return h, fmt.Sprintf("%s has a career in %s already, and a player has one career in a tournament: name someone else.", newcomer.Name, tour.Name)
		}
	}
	return h, ""
}

// agreeOnSubstitute records user's agreement to a substitute outside a
// tournament, and hands the seat over once every player it needs agrees:
// the players who remain and the newcomer.
func (s *Service) agreeOnSubstitute(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, user User, h handover) (Reply, error) {
	needed := remainingPlayers(rec, h.from.ID)
	if len(needed) == 0 {
		return private(fmt.Sprintf("Nobody else plays game %s: outside a tournament the players who remain agree on a substitute, and a game for one has none (its commander may `abandon` it).", rec.ID)), nil
	}
	needed = append(needed, h.to.ID)
	if !slices.Contains(needed, user.ID) {
		return private(fmt.Sprintf("Only the players who remain and the newcomer agree on a substitute for %s: nothing changed.", h.from.Name)), nil
	}
	p := rec.Proposal
	fresh := p == nil || p.From != h.from.ID || p.To != h.to.ID
	if !fresh && slices.Contains(p.Agreed, user.ID) {
		return private("You have agreed to this substitute already: " + waitingFor(rec, p, needed) + "."), nil
	}
	next := *rec
	if fresh {
		next.Proposal = &persist.Proposal{From: h.from.ID, To: h.to.ID, ToName: h.to.Name, Agreed: []string{user.ID}, Proposed: s.now()}
	} else {
		q := *p
		q.Agreed = append(slices.Clone(p.Agreed), user.ID)
		next.Proposal = &q
	}
	var missing []string
	for _, id := range needed {
		if !slices.Contains(next.Proposal.Agreed, id) {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		for _, id := range next.Proposal.Agreed {
			h.by = append(h.by, audit.Person{ID: id, Name: nameIn(rec, id, h.to)})
		}
		return s.handOver(ctx, place, place, rec, st, nil, h)
	}
	if _, err := s.store.CommitEntries(ctx, &next, nil); err != nil {
		return Reply{}, fmt.Errorf("recording the proposal of a substitute in game %s: %w", rec.ID, err)
	}
	*rec = next
	verb := "agrees that"
	if fresh {
		verb = "proposes that"
	}
	// The hint names the players, not their mentions: a mention in it
	// would ping the absent player (Slack reads mentions in code too).
	text := fmt.Sprintf("🔁 %s %s **%s** takes over %s's place in game %s. %s: each confirms with the same command (`substitute`, seat: %s, with: %s).",
		user.Name, verb, h.to.Name, h.from.Name, rec.ID, waitingFor(rec, next.Proposal, needed), h.from.Name, h.to.Name)
	// One message in the channel for the whole agreement: the proposal,
	// edited as players agree and into the handover at the last (an edit
	// pings nobody: those it waits for are pinged when it is posted).
	m := Message{Text: text, Tone: ToneDone, Mentions: missing}
	return Reply{Private: []Message{{Text: "Noted: " + waitingFor(rec, next.Proposal, needed) + ".", Tone: ToneDone}},
		Elsewhere: []Notice{{Place: place, Channel: []Message{m}, Sticky: agreementSticky(rec.ID)}}}, nil
}

// agreementSticky names the message of a game's agreement on a substitute.
func agreementSticky(gameID string) string { return "substitute:" + gameID }

// remainingPlayers are a game's players but old, each once.
func remainingPlayers(rec *persist.GameRecord, old string) []string {
	var out []string
	for _, id := range append([]string{rec.Owner}, seatIDs(rec)...) {
		if id != "" && id != old && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func seatIDs(rec *persist.GameRecord) []string {
	out := make([]string, len(rec.Seats))
	for i, st := range rec.Seats {
		out[i] = st.ID
	}
	return out
}

// waitingFor names who has still to agree to a proposal.
func waitingFor(rec *persist.GameRecord, p *persist.Proposal, needed []string) string {
	var names []string
	for _, id := range needed {
		if !slices.Contains(p.Agreed, id) {
			names = append(names, nameIn(rec, id, audit.Person{ID: p.To, Name: p.ToName}))
		}
	}
	return "waiting for " + strings.Join(names, " and ")
}

// nameIn is a player's name in a game, the newcomer's included.
func nameIn(rec *persist.GameRecord, id string, newcomer audit.Person) string {
	if id == newcomer.ID {
		return newcomer.Name
	}
	if n := userName(rec, id); n != "" {
		return n
	}
	return "<@" + id + ">"
}

// handOver commits the handover: the log's entry, the seats and command,
// who is away or replaced, the since-your-last-turn mark, the tournament's
// career, the index of players' games and the inherited prompts' plan,
// all in one commit. asked is where the command was given, at the game's
// place.
func (s *Service) handOver(ctx context.Context, asked, at Place, rec *persist.GameRecord, st engine.State, tour *persist.Tournament, h handover) (Reply, error) {
	next := *rec
	from := rec.Seq + 1 // the handover's entry: the newcomer's from it on
	next.Seats = slices.Clone(rec.Seats)
	for i := range next.Seats {
		if next.Seats[i].ID == h.from.ID {
			next.Seats[i] = persist.Seat{Seat: next.Seats[i].Seat, ID: h.to.ID, Name: h.to.Name, Since: from}
		}
	}
	if h.commander {
		next.Owner, next.OwnerName, next.OwnerSince = h.to.ID, h.to.Name, from
	}
	next.Away = slices.DeleteFunc(slices.Clone(rec.Away), func(u string) bool { return u == h.from.ID })
	next.Replaced = append(slices.DeleteFunc(slices.Clone(rec.Replaced), func(u string) bool { return u == h.to.ID || u == h.from.ID }), h.from.ID)
	next.Proposal = nil
	next.Handovers++
	if summarizes(rec.Key) {
		// His "since your last turn" starts at the handover: nothing before.
		next.Acted = maps.Clone(rec.Acted)
		if next.Acted == nil {
			next.Acted = map[string]persist.Acted{}
		}
		delete(next.Acted, h.from.ID)
		next.Acted[h.to.ID] = persist.Acted{Seq: from, Decision: rec.Decisions, At: s.now(), Scores: scoresOf(st)}
	}
	sub := audit.Substitute{N: next.Handovers, Decision: rec.Decisions, Seats: h.seats, Commander: h.commander, From: h.from, To: h.to, By: h.by}
	if tour != nil {
		sub.Tournament = tour.ID
		t := *tour
		t.Entrants = slices.Clone(tour.Entrants)
		for i := range t.Entrants {
			if e := &t.Entrants[i]; e.User == h.from.ID && e.GameID == rec.ID {
				e.Was = append(slices.Clone(e.Was), persist.Former{User: e.User, Name: e.Name, From: rec.Decisions + 1})
				e.User, e.Name = h.to.ID, h.to.Name
			}
		}
		tour = &t
	}
	raw, _ := audit.SubstituteEntry(sub)
	plan := persist.CommitPlan{Schedule: s.scheduling(rec.Key), Tournament: tour, Leaving: []string{h.from.ID}}
	if plan.Schedule {
		var err error
		if plan.Due, plan.Replan, err = s.inheritedPlan(ctx, rec, &next, st); err != nil {
			return Reply{}, err
		}
	}
	if _, err := s.store.CommitWith(ctx, &next, []persist.NewEntry{{Event: raw}}, plan); err != nil {
		return Reply{}, fmt.Errorf("handing %s's seat in game %s to %s: %w", h.from.Name, rec.ID, h.to.Name, err)
	}
	*rec = next
	s.log.Info("substitute", "game", rec.ID, "from", h.from.ID, "to", h.to.ID)
	m := s.handoverMessage(rec, st, sub)
	var r Reply
	switch {
	case tour == nil:
		// The agreement's message becomes the handover (the newcomer was
		// pinged by it); he who agreed last is told here.
		r.Private = []Message{{Text: fmt.Sprintf("Done: %s plays in game %s from now on.", h.to.Name, rec.ID), Tone: ToneDone}}
		r.Elsewhere = []Notice{{Place: at, Channel: []Message{m}, Sticky: agreementSticky(rec.ID)}}
	case asked.Key() == at.Key():
		r.Public = []Message{m}
	default:
		r.Private = []Message{{Text: fmt.Sprintf("Done: %s plays %s's career of %s from now on (its thread has the news).", h.to.Name, h.from.Name, tour.Name), Tone: ToneDone}}
		r.Elsewhere = []Notice{{Place: at, Channel: []Message{m}}}
	}
	if tour != nil && tour.Status == "running" {
		if sm, err := s.standings(ctx, tour); err == nil {
			r.Elsewhere = append(r.Elsewhere, Notice{Place: placeOf(tour.Key), Channel: []Message{sm}, Sticky: "standings:" + tour.ID})
		} else {
			s.log.Error("standings after a substitute", "tournament", tour.ID, "err", err)
		}
	}
	return r, nil
}

// inheritedPlan is the game's due times after the handover, and the
// prompts laid out anew: those that waited for the replaced player, whose
// reminders and deadline now count from the handover, for the newcomer.
func (s *Service) inheritedPlan(ctx context.Context, before, after *persist.GameRecord, st engine.State) ([]persist.Due, []string, error) {
	if st == nil {
		due, err := s.startDue(ctx, after)
		return due, []string{startToken}, err
	}
	due, err := s.schedule(ctx, after, st)
	if err != nil {
		return nil, nil, err
	}
	var replan []string
	for _, p := range pendingAll(st) {
		if was, _ := answerer(before, p); was != "" {
			if now, _ := answerer(after, p); now != was {
				replan = append(replan, p.Token)
			}
		}
	}
	return due, replan, nil
}

// handoverMessage tells the game's channel: the newcomer is pinged, with a
// link to the prompt that waits for him, if one does.
func (s *Service) handoverMessage(rec *persist.GameRecord, st engine.State, sub audit.Substitute) Message {
	by := make([]string, len(sub.By))
	for i, p := range sub.By {
		by[i] = p.Name
	}
	how := "by agreement of " + strings.Join(by, " and ")
	if sub.Tournament != "" {
		how = "decided by the organiser, " + strings.Join(by, " and ")
	}
	text := fmt.Sprintf("🔁 **%s** takes over from %s in game %s (%s). The prompts, reminders and deadlines of %s place are %s's from now on; %s's buttons no longer act for it.",
		sub.To.Name, sub.From.Name, rec.ID, how, possessive(sub.From.Name), sub.To.Name, sub.From.Name)
	if pv := engine.PrivateViewOf(st); pv != "" {
		text += fmt.Sprintf(" `%s` shows %s the cards as they stand.", pv, sub.To.Name)
	}
	m := Message{Text: text, Tone: ToneDone, Mention: sub.To.ID, Footer: logFooter(rec)}
	for _, p := range pendingAll(st) {
		if id, _ := answerer(rec, p); id == sub.To.ID {
			m.Jump = promptRef(rec.ID, p.Token)
			break
		}
	}
	return m
}

func possessive(name string) string { return name + "'s" }

// stateOf decodes a game's state; nil while it waits for its Start.
func (s *Service) stateOf(rec *persist.GameRecord) (engine.State, error) {
	if rec.AwaitingStart {
		return nil, nil
	}
	rules := s.games.Rules(rec.Game)
	if rules == nil {
		return nil, fmt.Errorf("game %s is a %q game, which this kaleun does not play", rec.ID, rec.Game)
	}
	st, err := rules.Decode(rec.State)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return st, nil
}

// entrantOf is a tournament's entrant by user id.
func entrantOf(t *persist.Tournament, user string) *persist.Entrant {
	for i := range t.Entrants {
		if t.Entrants[i].User == user {
			return &t.Entrants[i]
		}
	}
	return nil
}

// replacedRefusal says why a player a substitute replaced may not take a
// place in the game again by himself; "" when he may.
func replacedRefusal(rec *persist.GameRecord, user string) string {
	if slices.Contains(rec.Replaced, user) {
		return "A substitute took your place in this game: only a handover the other way (`substitute`, by the organiser or the players' agreement) brings you back. Nothing changed."
	}
	return ""
}

// entrantLabel is a career's name in the standings: its player's, and the
// player he took it over from, with the decision he began at ("Lemp (for
// Prien from decision 57)"); a career handed back names whom it came back from.
func entrantLabel(e persist.Entrant) string {
	if len(e.Was) == 0 {
		return e.Name
	}
	last := e.Was[len(e.Was)-1]
	if e.User == e.Was[0].User {
		return fmt.Sprintf("%s (back from %s at decision %d)", e.Name, last.Name, last.From)
	}
	return fmt.Sprintf("%s (for %s from decision %d)", e.Name, e.Was[0].Name, last.From)
}
