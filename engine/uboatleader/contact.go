package uboatleader

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The Tactical phase's Contact sub-phase (UBL-6.1-6.6): one active boat at
// a time rolls for contacts, draws a Convoy card for each, engages or
// withdraws, sets the display up and may call a wolfpack.

func init() {
	register("tactical_begin", &opDef{act: func(s *State, st Step) { s.Phase = "tactical"; s.push(Step{Op: "tac_pick"}) }})
	register("tac_pick", &opDef{ask: (*State).askTacPick, answer: (*State).answerTacPick, act: (*State).autoTacPick})
	register("contact_ask", &opDef{ask: (*State).askContact, answer: (*State).answerContact, act: (*State).contactUnfit})
	register("contact_draw", &opDef{act: (*State).contactDraw})
	register("air_pick", &opDef{ask: (*State).askAirPick, answer: (*State).answerAirPick})
	register("convoy_drawn", &opDef{act: func(s *State, st Step) { s.Battle.Convoy = s.takeDrawn() }})
	register("engage", &opDef{ask: (*State).askEngage, answer: (*State).answerEngage})
	register("battle_setup", &opDef{act: (*State).battleSetup})
	register("place_boat", &opDef{ask: (*State).askPlaceBoat, answer: (*State).answerPlaceBoat})
	register("place_side", &opDef{ask: (*State).askPlaceSide, answer: (*State).answerPlaceSide})
	register("wolfpack", &opDef{ask: (*State).askWolfpack, answer: (*State).answerWolfpack, act: func(s *State, st Step) {}})
	register("wolf_roll", &opDef{act: (*State).wolfRoll})
}

// tacCandidates may be active: at sea, not in a Searched box (UBL-6.1).
func (s *State) tacCandidates() []int {
	var out []int
	for i := range s.Fleet {
		if b := &s.Fleet[i]; s.atSea(b) && !b.Searched {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) askTacPick(st Step) *ask {
	c := s.tacCandidates()
	if len(c) <= 1 {
		return nil
	}
	a := &ask{Case: "UBL-6.1", Text: "Tactical phase (UBL-6.1): which U-boat is active next? It completes its whole Tactical phase before the next."}
	for _, i := range c {
		b := &s.Fleet[i]
		extra := ""
		if b.Attacker {
			extra = ", Attacker marker"
		}
		a.Options = append(a.Options, opt(fmt.Sprint(i), s.f("%s in %s, stress %d%s; %d+%d torpedoes", s.boatName(i), s.areaName(b.At), b.Stress, extra, b.Ready.Torps(), b.Stored.Torps()), "UBL-6.1"))
	}
	return a
}

func (s *State) answerTacPick(st Step, key string) {
	s.push(Step{Op: "contact_ask", Boat: atoi(key)})
}

func (s *State) autoTacPick(st Step) {
	if c := s.tacCandidates(); len(c) == 1 {
		s.push(Step{Op: "contact_ask", Boat: c[0]})
	}
}

// toSearched ends a boat's Tactical phase in its area's Searched box, and
// the next boat is picked.
func (s *State) toSearched(i int) {
	s.Fleet[i].Searched = true
	s.push(Step{Op: "tac_pick"})
}

func (s *State) askContact(st Step) *ask {
	b := &s.Fleet[st.Boat]
	if b.unfit() {
		return nil
	}
	mods := s.contactMods(st.Boat)
	var parts []string
	for _, m := range mods {
		parts = append(parts, fmt.Sprintf("%+d %s", m.Value, m.Reason))
	}
	text := fmt.Sprintf("%s is active in %s (UBL-6.1): roll for contacts on the area's table", s.boatName(st.Boat), s.areaName(b.At))
	if len(parts) > 0 {
		text += " (" + strings.Join(parts, ", ") + ")"
	}
	return &ask{Case: "UBL-6.1", Text: text + ", or skip to the Searched box?",
		Options: []engine.Option{opt("roll", "Roll for contacts", "UBL-6.1"), opt("skip", "Skip: to the Searched box", "UBL-6.1")}}
}

// contactUnfit: an Unfit boat goes straight to the Searched box (UBL-6.1).
func (s *State) contactUnfit(st Step) {
	s.note("UBL-6.1", "%s is Unfit: it goes to the Searched box.", s.boatName(st.Boat))
	s.toSearched(st.Boat)
}

// contactMods are the contact roll's modifiers (UBL-6.2 "Modificatori di
// Contatto"), their signs by the ruling contact_penalties.
func (s *State) contactMods(i int) []mod {
	b := &s.Fleet[i]
	m := s.marks(b.At)
	var mods []mod
	if m.Intelligence {
		mods = append(mods, mod{Value: 2, Reason: "Intelligence marker", Case: "UBL-4.4"})
	}
	if s.has(b, AbilitySearcher) {
		mods = append(mods, mod{Value: 1, Reason: "Searcher", Case: "UBL-1.7"})
	}
	if m.UBoatAlerts > 0 {
		mods = append(mods, mod{Value: -2 * m.UBoatAlerts, Reason: count(m.UBoatAlerts, "U-Boat Alert marker"), Case: "UBL-6.2"})
	}
	if s.ruling("contact_penalties") == "attacker_marker" && b.Attacker {
		mods = append(mods, mod{Value: -2, Reason: "Attacker marker", Case: "UBL-6.2"})
	}
	if s.ruling("contact_penalties") == "mission_marker" && contains(b.Missions, "attack") {
		mods = append(mods, mod{Value: -2, Reason: "Attack mission marker", Case: "UBL-6.2"})
	}
	if b.ContactMod != 0 {
		mods = append(mods, mod{Value: b.ContactMod, Reason: "Event cards", Case: "UBL-6.2"})
	}
	return mods
}

func (s *State) answerContact(st Step, key string) {
	i := st.Boat
	b := &s.Fleet[i]
	if key == "skip" {
		s.note("UBL-6.1", "%s does not search: it goes to the Searched box.", s.boatName(i))
		s.toSearched(i)
		return
	}
	table := s.board().area(b.At).Contacts
	n := 0
	s.d10("UBL-6.2", fmt.Sprintf("Contacts for %s in %s", b.ID, s.areaName(b.At)), s.contactMods(i), func(_, total int) string {
		for _, band := range table {
			if band.Max == nil || total <= *band.Max {
				n = band.N
				break
			}
		}
		return count(n, "contact")
	})
	if n == 0 {
		s.toSearched(i)
		return
	}
	s.Battle = &Battle{Active: i, Contacts: n, Area: b.At}
	s.push(Step{Op: "contact_draw"})
}

// contactDraw draws the next Convoy card, two under Air Search (UBL-6.3,
// UBL-4.2), and takes one contact off the counter.
func (s *State) contactDraw(st Step) {
	bt := s.Battle
	bt.Contacts--
	*bt = Battle{Active: bt.Active, Contacts: bt.Contacts, Area: bt.Area} // a fresh display
	if s.marks(bt.Area).AirSearch {
		s.note("UBL-4.2", "Air Search in %s: two Convoy cards, keep one.", s.areaName(bt.Area))
		s.push(Step{Op: "draw", Key: DeckConvoys}, Step{Op: "draw", Key: DeckConvoys}, Step{Op: "air_pick"}, Step{Op: "engage"})
		return
	}
	s.push(Step{Op: "draw", Key: DeckConvoys}, Step{Op: "convoy_drawn"}, Step{Op: "engage"})
}

func (s *State) convoyText(n int) string {
	c := s.convoyCard(n)
	kinds := map[string]int{}
	for _, p := range c.Ships {
		kinds[p.Kind]++
	}
	var parts []string
	for _, k := range []string{ShipMerchant, ShipWarship, ShipEscort, ShipFleetEscort} {
		if kinds[k] > 0 {
			parts = append(parts, count(kinds[k], map[string]string{ShipMerchant: "merchant", ShipWarship: "warship", ShipEscort: "escort", ShipFleetEscort: "fleet escort"}[k]))
		}
	}
	name := ""
	if c.Name != "" {
		name = " " + c.Name
	}
	t := fmt.Sprintf("#%d%s, type %s: %s", c.Number, name, c.Type, strings.Join(parts, ", "))
	if c.Torpedo != 0 {
		t += fmt.Sprintf("; %+d to torpedo attacks", c.Torpedo)
	}
	if c.Gun != 0 {
		t += fmt.Sprintf("; %+d to gun attacks", c.Gun)
	}
	return t
}

func (s *State) askAirPick(st Step) *ask {
	a := &ask{Case: "UBL-4.2", Text: "Air Search (UBL-4.2): which Convoy card does the boat take?"}
	for _, n := range s.Drawn[:2] {
		a.Options = append(a.Options, opt(fmt.Sprint(n), s.convoyText(n), "UBL-4.2"))
	}
	return a
}

func (s *State) answerAirPick(st Step, key string) {
	a, b := s.takeDrawn(), s.takeDrawn()
	chosen, other := a, b
	if fmt.Sprint(b) == key {
		chosen, other = b, a
	}
	s.Battle.Convoy = chosen
	if s.ruling("air_search_unchosen") == "deck_bottom" {
		if !s.physical() {
			d := s.Decks[DeckConvoys]
			d.Draw = append(d.Draw, other)
		}
		s.note("UBL-4.2", "Convoy card #%d goes under the deck (air_search_unchosen=deck_bottom).", other)
		return
	}
	s.discard(DeckConvoys, other)
	s.note("UBL-4.2", "Convoy card #%d is discarded.", other)
}

func (s *State) askEngage(st Step) *ask {
	bt := s.Battle
	return &ask{Case: "UBL-6.4", Text: s.f("%s's contact (%d more after this): Convoy card %s. Attack, or withdraw (UBL-6.4)?", s.boatName(bt.Active), bt.Contacts, s.convoyText(bt.Convoy)),
		Options: []engine.Option{opt("engage", "Attack: set up the Tactical Display", "UBL-6.5"), opt("withdraw", "Withdraw: straight to the Post-combat sub-phase", "UBL-6.4")}}
}

func (s *State) answerEngage(st Step, key string) {
	if key == "withdraw" {
		s.note("UBL-6.4", "%s withdraws from Convoy card #%d.", s.boatName(s.Battle.Active), s.Battle.Convoy)
		s.push(Step{Op: "post_combat"})
		return
	}
	s.Battle.Engaged = true
	s.push(Step{Op: "battle_setup"})
}

// battleSetup places the ship counters where the Convoy card shows them
// (UBL-6.5), the Battle Location in the map area, a U-Boat Alert the first
// time each boat draws a Convoy card there (ruling uboat_alert), and the
// active boat.
func (s *State) battleSetup(st Step) {
	bt := s.Battle
	c := s.convoyCard(bt.Convoy)
	bt.Type = c.Type
	bt.Ships = bt.Ships[:0]
	for _, p := range c.Ships {
		bt.Ships = append(bt.Ships, Ship{Pos: p.Pos, Kind: p.Kind, Area: p.Area})
	}
	s.note("UBL-6.5", "Battle Location: %s. The display is set up from Convoy card %s.", s.areaName(bt.Area), s.convoyText(bt.Convoy))
	if s.ruling("uboat_alert") == "on_draw" {
		s.uboatAlert(bt.Active, "UBL-6.5", "draws a Convoy card")
	}
	s.push(Step{Op: "place_boat", Boat: bt.Active}, Step{Op: "wolfpack"}, Step{Op: "identify"}, Step{Op: "round"})
}

// uboatAlert places a U-Boat Alert marker in the battle's area, once a turn
// for each boat there.
func (s *State) uboatAlert(i int, cas, why string) {
	b := &s.Fleet[i]
	area := s.Battle.Area
	if contains(b.Drew, area) {
		return
	}
	b.Drew = append(b.Drew, area)
	s.setMarks(area, func(m *Marks) { m.UBoatAlerts++ })
	s.note(cas, "U-Boat Alert marker in %s: %s %s there (%s, -2 each to contact rolls).", s.areaName(area), b.ID, why, count(s.marks(area).UBoatAlerts, "marker"))
}

// startAreas: any long-range area; an Infiltrator also a medium or short
// one (UBL-6.5, UBL-1.7).
func (s *State) startAreas(i int) []string {
	d := s.display()
	out := append([]string(nil), d.ring[RingLong]...)
	if s.has(&s.Fleet[i], AbilityInfiltrator) {
		out = append(out, d.ring[RingMedium]...)
		out = append(out, d.ring[RingShort]...)
	}
	return out
}

func (s *State) askPlaceBoat(st Step) *ask {
	a := &ask{Case: "UBL-6.5", Text: s.f("Where does %s start on the display (UBL-6.5)?\n%s", s.boatName(st.Boat), s.displayBrief())}
	for _, id := range s.startAreas(st.Boat) {
		a.Options = append(a.Options, opt(s.display().code(id), s.areaLabel(id), "UBL-6.5"))
	}
	return a
}

func (s *State) answerPlaceBoat(st Step, key string) {
	id, _ := s.display().idOf(key)
	s.push(Step{Op: "place_side", Boat: st.Boat, Area: id})
}

func (s *State) askPlaceSide(st Step) *ask {
	c := s.card(&s.Fleet[st.Boat])
	return &ask{Case: "UBL-6.5", Text: s.f("%s starts in %s: surfaced (speed %d, torpedoes and gun, easier to detect) or submerged (speed %d, no gun)?", s.boatName(st.Boat), s.display().name(st.Area), c.Speed.Surfaced, c.Speed.Submerged),
		Options: []engine.Option{opt("surfaced", "Surfaced", "UBL-6.5"), opt("submerged", "Submerged", "UBL-6.5")}}
}

func (s *State) answerPlaceSide(st Step, key string) {
	s.Battle.Boats = append(s.Battle.Boats, OnDisp{Boat: st.Boat, Area: st.Area, Surfaced: key == "surfaced"})
	s.note("UBL-6.5", "%s starts %s in %s.", s.boatName(st.Boat), key, s.display().name(st.Area))
}

// wolfCandidates: other boats in the same map area, at sea, neither in a
// Searched box nor Unfit, not yet called at this set-up (UBL-6.6).
func (s *State) wolfCandidates() []int {
	bt := s.Battle
	var out []int
	for i := range s.Fleet {
		b := &s.Fleet[i]
		if i == bt.Active || !s.atSea(b) || b.At != bt.Area || b.Searched || b.unfit() || containsInt(bt.Called, i) || s.dispOf(i) != nil {
			continue
		}
		out = append(out, i)
	}
	return out
}

func (s *State) askWolfpack(st Step) *ask {
	c := s.wolfCandidates()
	if len(c) == 0 {
		return nil
	}
	wp := s.camp().Wolfpack
	a := &ask{Case: "UBL-6.6", Text: s.f("Wolfpack (UBL-6.6): call other U-boats in %s to the attack? Each joins on a modified %d or more (-2 with an Attacker marker).", s.areaName(s.Battle.Area), wp.Joins)}
	for _, i := range c {
		b := &s.Fleet[i]
		extra := ""
		if b.Attacker {
			extra = ", Attacker marker -2"
		}
		a.Options = append(a.Options, opt(fmt.Sprintf("call:%d", i), s.f("Call %s (stress %d%s)", s.boatName(i), b.Stress, extra), "UBL-6.6"))
		if s.buyable("radio_call") {
			a.Options = append(a.Options, opt(fmt.Sprintf("radio:%d", i), s.f("Radio Call %s for %s SO: it joins without a roll", b.ID, costText(s.optionDef("radio_call").Cost)), "UBL-4.7"))
		}
	}
	a.Options = append(a.Options, opt("done", "No more calls: to battle", "UBL-6.6"))
	return a
}

func (s *State) answerWolfpack(st Step, key string) {
	if key == "done" {
		return
	}
	kind, n, _ := strings.Cut(key, ":")
	i := atoi(n)
	s.Battle.Called = append(s.Battle.Called, i)
	if kind == "radio" {
		s.pay("radio_call", s.boatName(i)+" joins the wolfpack")
		s.push(Step{Op: "place_boat", Boat: i}, Step{Op: "wolfpack"})
		return
	}
	s.push(Step{Op: "wolf_roll", Boat: i}, Step{Op: "wolfpack"})
}

// wolfRoll: the called boat joins on the sheet's Wolfpack table; an
// unmodified roll in the sheet's stress range stresses the active boat and
// alerts the convoy (UBL-6.6).
func (s *State) wolfRoll(st Step) {
	i := st.Boat
	b := &s.Fleet[i]
	wp := s.camp().Wolfpack
	var mods []mod
	if b.Attacker {
		mods = append(mods, mod{Value: -2, Reason: "Attacker marker", Case: "UBL-6.6"})
	}
	nat, total := s.d10("UBL-6.6", fmt.Sprintf("%s answers the wolfpack call", b.ID), mods, func(_, total int) string {
		if total >= wp.Joins {
			return "joins the wolfpack"
		}
		return "fails to join"
	})
	if containsInt(wp.StressNaturals, nat) {
		s.addStress(s.Battle.Active, 1, "UBL-6.6", fmt.Sprintf("the wolfpack call's unmodified %d", nat))
		s.Battle.Alerts++
		s.note("UBL-6.6", "The convoy is alerted: an Alert marker on the display (%d).", s.Battle.Alerts)
	}
	if total >= wp.Joins {
		s.push(Step{Op: "place_boat", Boat: i})
	}
}
