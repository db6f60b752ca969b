package uboatleader

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// Special Missions (UBL-4.9 Mine, UBL-4.10 Attack, UBL-4.11 Predone;
// UBL-5.4 "Risolvere Missioni Speciali"): a boat with the marker enters its
// area's box, which ends its move, draws the box's Event cards and carries
// out the mission; a boat made Unfit on the way fails and goes to the
// area's Searched box.

func init() {
	register("mission_box", &opDef{act: (*State).missionBox})
	register("mission_enter", &opDef{act: (*State).missionEnter})
	register("mine_lay", &opDef{act: (*State).mineLay})
	register("attack_break", &opDef{ask: (*State).askAttackBreak, answer: (*State).answerAttackBreak, act: (*State).attackBreakAct})
	register("attack_ships", &opDef{act: (*State).attackShips})
	register("attack_setup", &opDef{act: (*State).attackSetup})
	register("attack_done", &opDef{act: (*State).attackDone})
	register("raider_fire", &opDef{ask: (*State).askRaider, answer: (*State).answerRaider, act: func(s *State, st Step) {
		if !s.missionFailed(st.Boat) {
			s.missionEnd(st)
		}
	}})
}

// missionBox enters a box: the area's Moving cards first unless the
// ruling mission_box_draws is box_only (UBL-5.1 against UBL-4.10's example).
func (s *State) missionBox(st Step) {
	i := st.Boat
	b := &s.Fleet[i]
	b.InBox = st.Key
	s.note(optionInfo[st.Key].Case, "%s enters the %s box in %s.", s.boatName(i), optionInfo[st.Key].Name, s.areaName(b.At))
	enter := Step{Op: "mission_enter", Boat: i, Key: st.Key}
	if s.ruling("mission_box_draws") == "box_and_moving" {
		n := s.board().area(b.At).Moving
		s.note("UBL-5.1", "Entering a Special Mission box draws the area's Moving cards: %d (mission_box_draws=box_and_moving).", n)
		s.push(s.eventsStep(i, n), enter)
		return
	}
	s.push(enter)
}

// failed: Unfit on the way, the mission fails (UBL-4.9-4.11); the marker
// stays on the boat.
func (s *State) missionFailed(i int) bool {
	b := &s.Fleet[i]
	if !b.inPlay() {
		b.InBox = ""
		return true
	}
	if !b.unfit() {
		return false
	}
	s.note(optionInfo[b.InBox].Case, "%s is Unfit: the %s fails, and it goes to the Searched box of %s.", s.boatName(i), optionInfo[b.InBox].Name, s.areaName(b.At))
	b.InBox, b.Searched = "", true
	return true
}

func (s *State) missionEnter(st Step) {
	i := st.Boat
	if s.missionFailed(i) {
		return
	}
	a := s.board().area(s.Fleet[i].At)
	switch st.Key {
	case "mine":
		// UBL-4.9: one Event card (the box prints how many) to enter it.
		s.push(s.eventsStep(i, a.Mine.Events), Step{Op: "mine_lay", Boat: i})
	case "attack":
		// UBL-4.10: the box's cards one at a time, breaking off after any.
		s.push(Step{Op: "attack_break", Boat: i, N: a.Attack.Events, Key: "first"})
	case "raider":
		s.push(s.eventsStep(i, a.Raider.Events), Step{Op: "raider_fire", Boat: i, N: a.Raider.Attacks})
	}
}

// mineLay scores the box's VP for the mines laid (UBL-4.9).
func (s *State) mineLay(st Step) {
	i := st.Boat
	if s.missionFailed(i) {
		return
	}
	b := &s.Fleet[i]
	mines := b.Ready.Mine + b.Stored.Mine
	vp := 0
	for _, r := range s.board().area(b.At).Mine.VP {
		if mines >= r.Mines {
			vp = r.VP
		}
	}
	b.Ready.Mine, b.Stored.Mine = 0, 0
	s.note("UBL-4.9", "%s lays %d mines in %s.", s.boatName(i), mines, s.areaName(b.At))
	b.VP += vp
	s.addVP(vp, "UBL-4.9", fmt.Sprintf("%s's minefield in %s", b.ID, s.areaName(b.At)))
	s.missionEnd(Step{Boat: i})
}

// missionEnd removes the marker and puts the boat in its area's Searched
// box.
func (s *State) missionEnd(st Step) {
	b := &s.Fleet[st.Boat]
	if b.InBox == "" {
		return
	}
	b.Missions = removeString(b.Missions, b.InBox)
	b.InBox, b.Searched = "", true
}

func (s *State) askAttackBreak(st Step) *ask {
	i := st.Boat
	if st.N == 0 || !s.Fleet[i].inPlay() || s.Fleet[i].unfit() {
		return nil
	}
	if st.Key == "first" {
		return nil // the first card is drawn on entering
	}
	return &ask{Case: "UBL-4.10", Text: s.f("Attack mission: %s has %s left to draw in the box (stress %d). Go on, or break off?", s.boatName(i), count(st.N, "Event card"), s.Fleet[i].Stress),
		Options: []engine.Option{opt("go", s.f("Draw the next Event card (%d left)", st.N), "UBL-4.10"), opt("break", "Break off: to the Searched box, keeping the Attack marker", "UBL-4.10")}}
}

func (s *State) attackBreakAct(st Step) {
	i := st.Boat
	if s.missionFailed(i) {
		return
	}
	if st.N == 0 {
		s.push(Step{Op: "attack_ships", Boat: i})
		return
	}
	s.answerAttackBreak(st, "go")
}

func (s *State) answerAttackBreak(st Step, key string) {
	i := st.Boat
	if key == "break" {
		b := &s.Fleet[i]
		b.InBox, b.Searched = "", true
		s.note("UBL-4.10", "%s breaks off: it goes to the Searched box and keeps its Attack marker.", s.boatName(i))
		return
	}
	s.push(Step{Op: "draw", Key: DeckEvents}, Step{Op: "event_resolve", Boat: i}, Step{Op: "attack_break", Boat: i, N: st.N - 1})
}

// attackShips draws the box's ships from the ship deck the ruling names
// (UBL-4.10's "mazzo Navi").
func (s *State) attackShips(st Step) {
	b := &s.Fleet[st.Boat]
	n := s.board().area(b.At).Attack.Ships
	deck := DeckWarships
	if s.ruling("attack_ship_deck") == "merchants" {
		deck = DeckMerchants
	}
	steps := make([]Step, 0, n+1)
	for k := 0; k < n; k++ {
		steps = append(steps, Step{Op: "draw", Key: deck})
	}
	steps = append(steps, Step{Op: "attack_setup", Boat: st.Boat, N: n, Key: deck})
	s.push(steps...)
}

// attackSetup lays the ships out for one round of torpedo attacks at range
// 0, from the Ready and the Stored boxes (UBL-4.10).
func (s *State) attackSetup(st Step) {
	bt := &Battle{Type: "mission", Area: s.Fleet[st.Boat].At, Active: st.Boat}
	kind := ShipWarship
	if st.Key == DeckMerchants {
		kind = ShipMerchant
	}
	for k := 0; k < st.N; k++ {
		n := s.takeDrawn()
		bt.Ships = append(bt.Ships, Ship{Pos: fmt.Sprintf("T%d", k+1), Kind: kind, Deck: st.Key, Card: n, Area: missionArea})
	}
	bt.Boats = []OnDisp{{Boat: st.Boat, Area: missionArea}}
	s.Battle = bt
	s.push(Step{Op: "uboat_attack", Boat: st.Boat, Key: "mission"}, Step{Op: "attack_done", Boat: st.Boat})
}

// missionArea is where the targets of an Attack mission lie: at range 0.
const missionArea = "box"

// attackDone: ships not sunk are discarded and score nothing (UBL-4.10).
func (s *State) attackDone(st Step) {
	bt := s.Battle
	for _, sh := range bt.Ships {
		s.discard(sh.Deck, sh.Card)
	}
	s.Battle = nil
	s.missionEnd(st)
}

func (s *State) askRaider(st Step) *ask {
	i := st.Boat
	b := &s.Fleet[i]
	if st.N == 0 || !b.inPlay() || b.unfit() {
		return nil
	}
	if b.Ready.Torps()+b.Stored.Torps() == 0 && b.Gun == 0 {
		return nil
	}
	a := &ask{Case: "UBL-4.11", Text: s.f("Raider mission: %s may make %d more %s, one at a time; each modified 8 or more scores 1 VP. %s, %s.", s.boatName(i), st.N, map[bool]string{true: "attack", false: "attacks"}[st.N == 1], count(b.Ready.Torps()+b.Stored.Torps(), "torpedo"), count(b.Gun, "gun round"))}
	if b.Ready.Torps()+b.Stored.Torps() > 0 {
		a.Options = append(a.Options, opt("torpedo", "Attack with a torpedo", "UBL-4.11"))
	}
	if b.Gun > 0 {
		a.Options = append(a.Options, opt("gun", "Attack with a gun round", "UBL-4.11"))
	}
	a.Options = append(a.Options, opt("stop", "Stop: the mission is over", "UBL-4.11"))
	return a
}

func (s *State) answerRaider(st Step, key string) {
	i := st.Boat
	b := &s.Fleet[i]
	if key == "stop" {
		s.missionEnd(st)
		return
	}
	var mods []mod
	what := "a gun round"
	if key == "torpedo" {
		what = "a torpedo"
		if b.Stored.Torps() > 0 {
			takeTorpedo(&b.Stored)
		} else {
			takeTorpedo(&b.Ready)
		}
		if s.ruling("raider_modifiers") == "skill" {
			mods = append(mods, mod{Value: s.row(b).TS, Reason: "TS", Case: "UBL-6.13"})
		}
	} else {
		b.Gun--
		if s.ruling("raider_modifiers") == "skill" {
			mods = append(mods, mod{Value: s.row(b).GS, Reason: "GS", Case: "UBL-6.15"})
		}
	}
	_, total := s.d10("UBL-4.11", fmt.Sprintf("Raider attack by %s with %s (range 0)", b.ID, what), mods, func(_, total int) string {
		if total >= 8 {
			return "1 VP"
		}
		return "no VP"
	})
	if total >= 8 {
		b.VP++
		s.addVP(1, "UBL-4.11", b.ID+"'s raider attack")
	}
	s.push(Step{Op: "raider_fire", Boat: i, N: st.N - 1})
}

func removeString(list []string, x string) []string {
	for i, y := range list {
		if y == x {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}
