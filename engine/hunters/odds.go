package hunters

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/simrun"
)

// The advisor (engine.Advisor): for each option of the pending decision,
// the exact chances of the rolls it leads to (exact.go) and estimates from
// rollouts to the end of the encounter and of the patrol. It works on
// copies of the state with random sources of its own: the state, the
// game's dice and the log are never touched.

// DefaultRollouts is the number of rollouts of each option.
const DefaultRollouts = 10000

// errSecretOdds refuses odds where the state holds the other player's
// secret (14.8.3): rollouts from it would tell it.
var errSecretOdds = errors.New("no odds at a secret choice: the figures would give away what the other player chose (14.8.3)")

// OddsHelp implements engine.AdvisedRules.
func (r *Rules) OddsHelp() string {
	return "Your options' odds: each roll's exact chance, and 10,000 simulated rollouts (only you see them)"
}

// OddsOffered implements engine.Advisor: the Odds button comes with every
// decision of the Kommandant's during an encounter. The token is the
// pending prompt's ("" for it), with its undo number after an undo.
func (s *State) OddsOffered(token string) bool {
	if s.Over != nil || !s.pendingToken(token) || s.Enc == nil {
		return false
	}
	d := s.handler().dec
	return d != nil && d.actorOf() == engine.Commander && !(d.secret && s.Settings.TwoPlayer)
}

// Odds implements engine.Advisor.
func (s *State) Odds(token string, b engine.OddsBudget) (*engine.Odds, error) {
	if s.Over != nil {
		return nil, engine.ErrGameOver
	}
	if !s.pendingToken(token) {
		return nil, fmt.Errorf("%w: prompt %s is not the pending one (%s)", engine.ErrStaleToken, token, s.token(s.Decision))
	}
	dec := s.handler().dec
	switch {
	case dec == nil:
		return nil, fmt.Errorf("hunters: state in phase %q waits for no decision", s.Phase)
	case dec.secret && s.Settings.TwoPlayer:
		return nil, errSecretOdds
	case dec.actorOf() == Pack:
		return nil, errors.New("the boat waits for its wolfpack: there is no decision to weigh")
	}
	n := b.Rollouts
	if n <= 0 {
		n = DefaultRollouts
	}
	seed := b.Seed
	if seed == 0 {
		seed = s.oddsSeed()
	}
	p := s.Pending()
	title, _, _ := strings.Cut(p.Text, "\n")
	out := &engine.Odds{Token: p.Token, Title: title}
	work := &State{pack: s.pack}
	for _, o := range p.Options {
		oo := engine.OptionOdds{Key: o.Key, Label: o.Label, Rollouts: n, Exact: []engine.ExactOdds{}}
		var err error
		exact, err := s.exactOdds(work, o.Key, seed)
		if err != nil {
			return nil, fmt.Errorf("odds of %q: %w", o.Key, err)
		}
		oo.Exact = append(oo.Exact, exact...)
		if oo.Estimates, err = s.estimates(work, o.Key, n, b.Workers, seed, ToPatrolEnd); err != nil {
			return nil, fmt.Errorf("odds of %q: %w", o.Key, err)
		}
		out.Options = append(out.Options, oo)
	}
	out.Notes = append(out.Notes,
		"Exact: the chance of each result of a roll, from its dice and every modifier in force when the play comes to it, the built-in commander choosing on; a roll marked \"if it comes to it\" comes after others, and only on the courses of play that lead to it.",
		fmt.Sprintf("Estimates: %s rollouts of each option from here, the built-in commander playing on, with the same dice for every option; 95%% intervals (Wilson for shares, normal for means).", thousands(n)))
	if s.Decision == 0 && s.Pack == nil {
		o, err := s.outlook(b.Workers)
		if err != nil {
			return nil, err
		}
		out.Notes = append(out.Notes, o)
	}
	return out, nil
}

// pendingToken reports whether a token names the pending prompt ("" does):
// after an undo a prompt's token carries the undo's number ("29u1", see
// token), so the bare decision number names a prompt from before it.
func (s *State) pendingToken(token string) bool {
	return token == "" || token == s.token(s.Decision)
}

// oddsSeed derives the rollouts' seed from the state: the same question
// gets the same answer, and the game's own dice are never drawn on.
func (s *State) oddsSeed() uint64 {
	b, err := s.Encode()
	if err != nil {
		return 1
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64() | 1
}

// lossFates are the ends of a career that lose the boat or the Kommandant.
func lostFate(fate string) bool {
	switch fate {
	case "sunk", "killed", "prisoner", "captured", "lost_at_sea":
		return true
	}
	return false
}

// Horizon is how far a rollout plays.
type Horizon int

const (
	// ToEncounterEnd plays to the end of the encounter under way (or, from a
	// decision outside one, of the next encounter).
	ToEncounterEnd Horizon = iota
	// ToPatrolEnd plays on to the end of the patrol (from port: of the
	// next patrol), or of the game if it ends first.
	ToPatrolEnd
)

// Rollouts plays n rollouts of the option key from s, each on a copy of s
// with the fast dice seeded by seed (never the game's), the built-in
// commander choosing after the option, to the horizon, and estimates what
// the option leads to. s is left as it was.
func (s *State) Rollouts(key string, n int, seed uint64, h Horizon) ([]engine.Estimate, error) {
	if s.Over != nil {
		return nil, engine.ErrGameOver
	}
	return s.estimates(&State{pack: s.pack}, key, n, 1, seed, h)
}

// estimates plays the rollouts in work: the option taken, then the built-in
// commander to the horizon, reading how things stood when the first
// encounter, and the patrol, ended.
func (s *State) estimates(work *State, key string, n, workers int, seed uint64, h Horizon) ([]engine.Estimate, error) {
	if n <= 0 {
		return nil, fmt.Errorf("hunters: %d rollouts", n)
	}
	inEncounter := s.Enc != nil
	stop := func(w *State) bool { return w.scratch.tally.patrol.passed }
	if h == ToEncounterEnd {
		stop = func(w *State) bool { return w.scratch.tally.enc.passed || w.scratch.tally.patrol.passed }
	}
	// Rollout i plays with its own fast dice, seeded seed+i whatever the
	// option (the same dice for every option), so that the rollouts can run
	// on several workers and still sum, in their order, to the same figures.
	type scratch struct {
		work *State
		d    *dice.Fast
	}
	first := true
	newScratch := func() scratch {
		if first { // the caller's work state for the first worker
			first = false
			return scratch{work, dice.NewFast(seed)}
		}
		return scratch{&State{pack: s.pack}, dice.NewFast(seed)}
	}
	play := func(sc scratch, i int) (rolloutEnd, error) {
		w := sc.work
		w.copyFrom(s)
		w.scratch.tally.reset()
		sc.d.Reseed(seed + uint64(i))
		if _, err := w.playFrom(key, sc.d, false, stop); err != nil {
			return rolloutEnd{}, err
		}
		t := &w.scratch.tally
		gone := w.Over != nil && lostFate(w.Career.Fate)
		var r rolloutEnd
		if inEncounter || h == ToEncounterEnd {
			end := t.enc
			if !end.passed { // lost in it, or a wolfpack's boat waiting in it
				end = w.moment()
				end.scuttled = end.scuttled || gone
			}
			r.encTons = float64(end.tons - s.Career.Tons)
			r.lost = end.scuttled
			r.damaged = !end.scuttled && (end.hull > s.Boat.Hull || worse(end.sys, s.Boat.Sys))
			r.detected = t.detected
		}
		if h == ToPatrolEnd {
			end := t.patrol
			if !end.passed {
				end = w.moment()
			}
			r.patrolTons = float64(end.tons - s.Career.Tons)
			r.lostPatrol = gone || end.scuttled
		}
		return r, nil
	}
	var encTons, patrolTons mean
	var damaged, lost, detected, lostPatrol int
	count := func(b bool, n *int) {
		if b {
			*n++
		}
	}
	fold := func(_ int, r rolloutEnd) bool {
		if inEncounter || h == ToEncounterEnd {
			encTons.add(r.encTons)
			count(r.lost, &lost)
			count(r.damaged, &damaged)
			count(r.detected, &detected)
		}
		if h == ToPatrolEnd {
			patrolTons.add(r.patrolTons)
			count(r.lostPatrol, &lostPatrol)
		}
		return true
	}
	if err := simrun.InOrder(n, workers, newScratch, play, fold); err != nil {
		return nil, err
	}
	this := "this"
	if !inEncounter {
		this = "the next"
	}
	var out []engine.Estimate
	if inEncounter || h == ToEncounterEnd {
		out = append(out,
			encTons.estimate("tonnage sunk from now to the end of "+this+" encounter", "t"),
			share("the boat leaves "+this+" encounter damaged (hull or a system)", damaged, n),
			share("the boat is lost in "+this+" encounter", lost, n),
			share("the escorts detect the boat in "+this+" encounter", detected, n))
	}
	if h == ToPatrolEnd {
		out = append(out,
			patrolTons.estimate("tonnage sunk from now to the end of the patrol", "t"),
			share("the boat is lost before the patrol ends", lostPatrol, n))
	}
	return out, nil
}

// rolloutEnd is how one rollout ended, for the estimates.
type rolloutEnd struct {
	encTons, patrolTons                 float64
	lost, damaged, detected, lostPatrol bool
}

// worse reports a system in a worse state than before (damaged, inoperable).
func worse(now, before [numSystems]Status) bool {
	for i := range now {
		if now[i] > before[i] {
			return true
		}
	}
	return false
}

// outlook is the career outlook of 10,000 simulated careers with this
// career's boat, start and rules: the numbers `kaleun sim` prints.
func (s *State) outlook(workers int) (string, error) {
	boat := s.Boat.Type
	if len(s.Career.Boats) > 0 {
		boat = s.Career.Boats[0]
	}
	su := Setup{Boat: boat, Start: s.Career.Start, Kommandant: s.Career.Kommandant, Settings: s.Settings}
	return Outlook(&Rules{pack: s.pack, outlooks: s.outlooks}, su, workers)
}
