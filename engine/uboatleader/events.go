package uboatleader

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Event cards (UBL-5.3 "Risolvere carte Evento"): drawn one at a time and
// each resolved before the next; a card split in halves uses the half of
// the campaign's year (UBL-1.8). Their effects are the pack's (pack.go,
// Effect); the rulebook prints none.

func init() {
	register("events", &opDef{act: (*State).eventsNext})
	register("event_resolve", &opDef{act: (*State).eventResolve})
	register("effect", &opDef{ask: (*State).askEffect, answer: (*State).answerEffect, act: (*State).effect})
	register("event_done", &opDef{act: func(s *State, st Step) { s.discard(DeckEvents, st.N) }})
}

// eventsStep draws n cards for boat i. A boat that is Unfit already (it
// sails for port) goes on drawing; one an Event card makes Unfit stops.
func (s *State) eventsStep(i, n int) Step {
	st := Step{Op: "events", Boat: i, N: n}
	if s.Fleet[i].unfit() {
		st.Key = "homeward"
	}
	return st
}

func (s *State) eventsNext(st Step) {
	b := &s.Fleet[st.Boat]
	if st.N <= 0 || !b.inPlay() || b.unfit() && st.Key != "homeward" {
		return
	}
	next := st
	next.N--
	s.push(Step{Op: "draw", Key: DeckEvents}, Step{Op: "event_resolve", Boat: st.Boat}, next)
}

// campaignYear is the year whose half of an Event card applies: the
// campaign's first (a reading: the sheets name their years, the text
// says only "the year of the campaign").
func (s *State) campaignYear() int { return s.camp().Start.Year }

// eventHalf is the text and effects of a card for the campaign's year.
func (s *State) eventHalf(e *EventCard) (string, []Effect, bool) {
	if len(e.Halves) == 0 {
		return e.Text, e.Effects, true
	}
	y := s.campaignYear()
	for _, h := range e.Halves {
		if y >= h.From && y <= h.To {
			return h.Text, h.Effects, true
		}
	}
	return "", nil, false
}

func (s *State) eventResolve(st Step) {
	n := s.takeDrawn()
	e := s.eventCard(n)
	text, effs, ok := s.eventHalf(e)
	if !ok {
		s.note("UBL-5.3", "%s: no half for %d, no effect.", eventTitle(e), s.campaignYear())
		s.discard(DeckEvents, n)
		return
	}
	if text != "" {
		s.note("UBL-5.3", "%s for %s: %s", eventTitle(e), s.Fleet[st.Boat].ID, text)
	}
	steps := make([]Step, 0, len(effs)+1)
	for k := range effs {
		steps = append(steps, Step{Op: "effect", Boat: st.Boat, N: n, Ship: k})
	}
	steps = append(steps, Step{Op: "event_done", N: n})
	s.push(steps...)
}

func (s *State) effectOf(st Step) Effect {
	_, effs, _ := s.eventHalf(s.eventCard(st.N))
	return effs[st.Ship]
}

// canPay reports whether the boat has what a trade asks.
func (s *State) canPay(b *Boat, t *Trade) bool {
	switch t.Pay {
	case "stored_torpedo":
		return b.Stored.Torps() >= t.N
	case "ready_torpedo":
		return b.Ready.Torps() >= t.N
	case "any_torpedo":
		return b.Ready.Torps()+b.Stored.Torps() >= t.N
	case "gun_round":
		return b.Gun >= t.N
	}
	return false
}

var payNames = map[string]string{"stored_torpedo": "stored torpedo", "ready_torpedo": "ready torpedo", "any_torpedo": "torpedo", "gun_round": "gun round"}

func (s *State) askEffect(st Step) *ask {
	e := s.effectOf(st)
	b := &s.Fleet[st.Boat]
	if e.Trade == nil || !b.inPlay() || !s.canPay(b, e.Trade) {
		return nil
	}
	t := e.Trade
	card := s.eventCard(st.N)
	what := count(t.N, payNames[t.Pay])
	gain := fmt.Sprintf("%d VP", t.VP)
	if t.XP > 0 {
		gain += fmt.Sprintf(" and %d XP", t.XP)
	}
	return &ask{Case: "UBL-5.3", Text: s.f("%s: %s may spend %s for %s.", eventTitle(card), s.boatName(st.Boat), what, gain),
		Options: []engine.Option{opt("pay", "Spend "+what+" for "+gain, "UBL-5.3"), opt("keep", "Keep the weapons", "UBL-5.3")}}
}

func (s *State) answerEffect(st Step, key string) {
	if key != "pay" {
		return
	}
	e := s.effectOf(st)
	b := &s.Fleet[st.Boat]
	t := e.Trade
	for k := 0; k < t.N; k++ {
		switch t.Pay {
		case "stored_torpedo":
			takeTorpedo(&b.Stored)
		case "ready_torpedo":
			takeTorpedo(&b.Ready)
		case "any_torpedo":
			if b.Stored.Torps() > 0 {
				takeTorpedo(&b.Stored)
			} else {
				takeTorpedo(&b.Ready)
			}
		case "gun_round":
			b.Gun--
		}
	}
	card := s.eventCard(st.N)
	b.XP += t.XP
	b.VP += t.VP
	s.addVP(t.VP, "UBL-5.3", b.ID+", "+eventTitle(card))
}

// takeTorpedo spends one torpedo from a box, a standard one first.
func takeTorpedo(l *Load) string {
	switch {
	case l.Std > 0:
		l.Std--
		return "std"
	case l.FAT > 0:
		l.FAT--
		return "fat"
	case l.T5 > 0:
		l.T5--
		return "t5"
	}
	return ""
}

// effect applies an effect that needs no decision (or a trade the boat
// cannot pay).
func (s *State) effect(st Step) {
	e := s.effectOf(st)
	i := st.Boat
	b := &s.Fleet[i]
	if !b.inPlay() {
		return
	}
	card := s.eventCard(st.N)
	why := eventTitle(card)
	switch {
	case e.Stress != nil:
		s.eventStress(i, *e.Stress, why)
	case e.VP != nil:
		b.VP += *e.VP
		s.addVP(*e.VP, "UBL-5.3", b.ID+", "+why)
	case e.UBoatAlert != nil:
		s.setMarks(b.At, func(m *Marks) { m.UBoatAlerts += *e.UBoatAlert })
		s.note("UBL-5.3", "%s: %s in %s (UBL-6.2: -2 to contact rolls there each).", why, count(*e.UBoatAlert, "U-Boat Alert marker"), s.areaName(b.At))
	case e.ContactMod != nil:
		b.ContactMod += *e.ContactMod
		s.note("UBL-6.2", "%s: %+d to %s's contact rolls this turn.", why, *e.ContactMod, b.ID)
	case e.RollEV != nil:
		ev := s.ev(b)
		var band EVBand
		s.d10("UBL-5.3", fmt.Sprintf("%s: %s rolls with its evasion", why, b.ID), []mod{{Value: ev, Reason: "EV", Case: "UBL-1.7"}}, func(_, total int) string {
			for _, x := range e.RollEV {
				if x.Max == nil || total <= *x.Max {
					band = x
					break
				}
			}
			var out []string
			if band.Stress != 0 {
				out = append(out, fmt.Sprintf("%+d stress", band.Stress))
			}
			if band.VP != 0 {
				out = append(out, fmt.Sprintf("%+d VP", band.VP))
			}
			if len(out) == 0 {
				return "no effect"
			}
			return strings.Join(out, ", ")
		})
		if band.Stress != 0 {
			s.eventStress(i, band.Stress, why)
		}
		if band.VP != 0 {
			b.VP += band.VP
			s.addVP(band.VP, "UBL-5.3", b.ID+", "+why)
		}
	case e.Trade != nil:
		s.note("UBL-5.3", "%s: %s has no %s to spend.", why, b.ID, payNames[e.Trade.Pay])
	}
}

// eventStress adds an Event card's stress; a boat it makes Unfit stops
// (UBL-5.1).
func (s *State) eventStress(i, n int, why string) {
	was := s.Fleet[i].unfit()
	s.addStress(i, n, "UBL-5.3", why)
	if !was && s.Fleet[i].unfit() {
		s.becameUnfit(i)
	}
}

// eventTitle names an Event card: its number and printed name (a card
// entered from the player's own deck has only its number).
func eventTitle(e *EventCard) string {
	if e.Name == "" {
		return fmt.Sprintf("Event #%d", e.Number)
	}
	return fmt.Sprintf("Event #%d %s", e.Number, e.Name)
}
