package uboot

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// §10.3.5: "The repair requirement of all environmental conditions is 1
// [repair icon] and the required supply token"; "Activate the sailor …
// with a regular activation token (or two activation tokens if they don't
// have the repair specialization icon). One environmental condition token
// is then removed"; "When removing an environmental condition token,
// increase morale by 2."
func TestRemoveEnvironmentalCondition_10_3_5(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(5, "N1") // no repair icon
	s.Sections[5].Env = map[string]int{"leak": 1}
	s.Sections[5].Res = nil
	s.Morale = 4
	if len(s.repairProblems()) != 0 {
		t.Fatalf("the water pump is not in section 5: no repair")
	}
	s.Sections[5].Res = []string{"pump"}
	s, _ = enter(t, s, nil, "order", "o:repair", "env:5:leak", "+N1", "go")
	if s.Sections[5].Env["leak"] != 0 || moraleSpaces[s.Morale] != "IX" || s.slots("N1") != "act act" {
		t.Fatalf("leak removed, morale +2 (VII → IX), a non-specialist takes 2: %v %s %q", s.Sections[5].Env, moraleSpaces[s.Morale], s.slots("N1"))
	}
	if !has(s.Sections[5].Res, "pump") {
		t.Fatalf("supplies are never used up")
	}
}

// §10.3.5: toxic gas "can only be removed by being vented out of the
// U-boat after surfacing".
func TestGasVentedBySurfacing_10_3_5(t *testing.T) {
	s := board(t, `{}`)
	s.Up = false
	s.Morale = 4
	s.Sections[2].Env = map[string]int{"gas": 1}
	s.Sections[2].Res = []string{"rebreathers"}
	s.place(2, "E3")
	if len(s.repairProblems()) != 0 {
		t.Fatalf("no Repair order removes toxic gas")
	}
	s.place(5, "E1")
	s.place(6, "E4")
	s.place(3, "E2", "F4")
	s, _ = enter(t, s, nil, "order", "o:surface", "+E1", "+E4", "+E2", "+F4", "go")
	if s.Sections[2].Env["gas"] != 0 || moraleSpaces[s.Morale] != "IX" {
		t.Fatalf("surfaced: the gas is vented, morale +2 from VII (the order paid on the Order Track): %s", moraleSpaces[s.Morale])
	}
}

// §10.3.2: "Activate each sailor in the repair crew with a technical
// condition token of the corresponding color"; the app gives the crew
// size; "The app will indicate when repairs have been completed. You can
// then remove the … token … and flip the repair crew's technical condition
// tokens to their activation side."
func TestTechnicalRepair_10_3_2(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(6, "E1", "E4") // both have the repair icon
	s, _ = enter(t, s, nil, "app", "tech", "yellow", "s:6", "order", "o:repair", "tech:6:0", "n:2", "+E1", "+E4", "go")
	if s.slots("E1") != "yellow" || s.slots("E4") != "yellow" {
		t.Fatalf("busy with yellow tokens: %q %q", s.slots("E1"), s.slots("E4"))
	}
	s, _ = enter(t, s, nil, "app", "fixed", "t:6:0")
	if len(s.Sections[6].Tech) != 0 || s.slots("E1") != "act" {
		t.Fatalf("done: token off the Technical View, crew's tokens flipped: %v %q", s.Sections[6].Tech, s.slots("E1"))
	}
}

// §10.3.7: "1. Decrease morale by one"; "A Hull Breach requires a repair
// crew of 5 … Activate them with regular activation tokens … without the
// 'Repair' specialization must take two"; "Only AFTER the repair order has
// been issued and the repair crew has been activated can the Chief
// Engineer start solving the puzzle."
func TestHullBreach_10_3_7(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s, _ = enter(t, s, nil, "app", "breach", "s:3")
	if moraleSpaces[s.Morale] != "X" || !s.Sections[3].Breach {
		t.Fatalf("a breach: morale −1: %s", moraleSpaces[s.Morale])
	}
	s, _ = enter(t, s, nil, "app")
	if offers(s, "sealed:3") {
		t.Fatalf("no repair crew yet: the puzzle may not start")
	}
	s.Draft = nil
	s.place(3, "E1", "E3", "E4", "F1")
	s, _ = enter(t, s, nil, "order")
	if offers(s, "o:repair") {
		t.Fatalf("four sailors cannot supply 5 repair icons")
	}
	s.Draft = nil
	s.place(3, "F2")
	s, _ = enter(t, s, nil, "order", "o:repair", "breach:3", "+E1", "+E3", "+E4", "+F1", "+F2", "go")
	if s.slots("E1") != "act" || s.slots("F1") != "act act" {
		t.Fatalf("specialists 1, non-specialists 2: %q %q", s.slots("E1"), s.slots("F1"))
	}
	s, _ = enter(t, s, nil, "app", "sealed:3")
	if s.Sections[3].Breach || s.Sections[3].Flooded {
		t.Fatalf("sealed")
	}
}

// §10.3.7: "place a flooded section token … Any sailors remaining inside
// are now KIA, and any resources left inside are lost"; §10.3.6: "If a
// second section becomes flooded, the U-Boat will sink!"
func TestFlooding_10_3_6_10_3_7(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(2, "F3")
	s, _ = enter(t, s, nil, "app", "breach", "s:2", "app", "flood:2")
	if !s.Sections[2].Flooded || !s.sailor(figIndex("F3")).KIA || len(s.Sections[2].Res) != 0 {
		t.Fatalf("flooded, F3 KIA, the toolbox and supply lost: %+v", s.Sections[2])
	}
	if s.End != nil {
		t.Fatalf("one flooded section: the boat floats")
	}
	s, _ = enter(t, s, nil, "app", "breach", "s:5", "app", "flood:5")
	if s.End == nil || s.End.Reason != "lost" {
		t.Fatalf("a second flooded section sinks the boat")
	}
}

// §7.4: a hull breach for an exhausted crew loses the boat.
func TestBreachExhausted_7_4(t *testing.T) {
	s := board(t, `{}`)
	s.Morale = moraleFinal
	s, _ = enter(t, s, nil, "app", "breach", "s:4")
	if s.End == nil {
		t.Fatalf("exhausted crew, hull breach: the boat is lost")
	}
}

// §10.3.9 and ruling hatches (digest §15.6), both ways: with section 2
// flooded and the boat surfaced, a sailor in 1 leaves through the hatch,
// and is activated; underwater he cannot.
func TestHatches_10_3_9(t *testing.T) {
	for _, c := range []struct {
		ruling, to string
	}{{"deck", "to:7"}, {"direct", "to:6"}} {
		s := board(t, `{"rulings":"hatches=`+c.ruling+`"}`)
		s.emptyBoard()
		s.place(1, "C1")
		s.Sections[2].Flooded = true
		s, _ = enter(t, s, nil, "mob", "m:C1")
		if !offers(s, c.to) {
			t.Fatalf("hatches=%s: %s offered: %v", c.ruling, c.to, keysOf(s.Pending()))
		}
		s, _ = enter(t, s, nil, c.to)
		if s.slots("C1") != "act" {
			t.Fatalf("hatches=%s: through the hatch he is activated: %q", c.ruling, s.slots("C1"))
		}
		u := board(t, `{"rulings":"hatches=`+c.ruling+`"}`)
		u.emptyBoard()
		u.place(1, "C1")
		u.Sections[2].Flooded = true
		u.Up = false
		u, _ = enter(t, u, nil, "mob", "m:C1")
		if offers(u, c.to) || offers(u, "to:2") {
			t.Fatalf("hatches=%s: submerged, C1 is cut off: %v", c.ruling, keysOf(u.Pending()))
		}
	}
}

// Ruling toolboxes (§5.2 step 9, digest §15.9), both ways.
func TestRulingToolboxes_5_2(t *testing.T) {
	a := board(t, `{}`)
	b := board(t, `{"rulings":"toolboxes=II-in-2"}`)
	if !has(a.Sections[2].Res, "toolbox-I") || !has(b.Sections[2].Res, "toolbox-II") || !has(b.Sections[4].Res, "toolbox-I") {
		t.Fatalf("I-in-2: %v; II-in-2: %v / %v", a.Sections[2].Res, b.Sections[2].Res, b.Sections[4].Res)
	}
}

// Ruling morale-start (§7.3, digest §15.1), both ways.
func TestRulingMoraleStart_7_3(t *testing.T) {
	if s := board(t, `{}`); moraleSpaces[s.Morale] != "XI" {
		t.Fatalf("default XI: %s", moraleSpaces[s.Morale])
	}
	if s := board(t, `{"rulings":"morale-start=VIII"}`); moraleSpaces[s.Morale] != "VIII" {
		t.Fatalf("VIII: %s", moraleSpaces[s.Morale])
	}
	if _, _, err := NewRules().New([]byte(`{"rulings":"morale-start=XII"}`), &script{}); err == nil {
		t.Fatalf("a value the ruling lacks is refused")
	}
}

// §7.7: "The Captain can play one card during each 'Address the crew'
// order. The order must be paid for and the Captain (or another sailor
// carrying out this order) must be activated as normal before applying
// the card's effects"; "Return the card to the box after playing it."
func TestAddressTheCrew_7_7(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(2, "C3") // address icon
	s.Hand = []string{"cc-rum"}
	s.Morale = 5
	s, _ = enter(t, s, nil, "order", "o:address", "k:cc-rum", "+C3", "go")
	if len(s.Hand) != 0 || s.slots("C3") != "act" || moraleSpaces[s.Morale] != "VIII" || s.Order != 1 {
		t.Fatalf("paid, C3 activated, the rum +2 (VI → VIII), the card gone: hand %v, %q, %s", s.Hand, s.slots("C3"), moraleSpaces[s.Morale])
	}
	for _, d := range s.Decks {
		if has(d.Bottom, "cc-rum") {
			t.Fatalf("a played Captain's card goes back to the box, not to a deck")
		}
	}
	if s.feasible(OrderDef{ID: "address", Parts: []PartDef{{Icon: "address", Count: 1, Max: 1}}}) {
		t.Fatalf("an empty hand: no Address the crew")
	}
}

// §10.3.2: "If a technical condition is being repaired and the number of
// sailors in the repair crew drops below the level required by the
// repair, then the order is stopped … all the technical condition tokens
// in the repair crew's activation spaces must be flipped"; "A paused
// repair can be resumed if enough sailors are activated for repairs in
// the corresponding section. It does not require another 'Repair' order."
func TestRepairPausedAndResumed_10_3_2(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(6, "E1", "E4")
	s, _ = enter(t, s, nil, "app", "tech", "red", "s:6", "order", "o:repair", "tech:6:0", "n:2", "+E1", "+E4", "go")
	s, _ = enter(t, s, nil, "mob", "m:E1", "to:5", "stop", "end")
	if s.slots("E4") != "act" || s.slots("E1") != "act" || len(s.Sections[6].Tech[0].Crew) != 0 {
		t.Fatalf("E1 moved: the crew of 2 is short, both tokens flipped: %q %q %+v", s.slots("E1"), s.slots("E4"), s.Sections[6].Tech[0])
	}
	order := s.Order
	s.place(6, "E3")
	if !offers(s, "resume") {
		t.Fatalf("two sailors in 6 again: the repair may resume")
	}
	s, _ = enter(t, s, nil, "resume", "tech:6:0", "+E3", "+E4", "go")
	if s.Order != order || s.slots("E3") != "red" || s.techState(s.Sections[6].Tech[0]) == "awaiting repair" || len(s.Sections[6].Tech[0].Crew) != 2 {
		t.Fatalf("resumed without an order: order %d→%d, E3 %q, %+v", order, s.Order, s.slots("E3"), s.Sections[6].Tech[0])
	}
	// §6.8: at the watch change the incoming watch takes over; a KIA
	// counterpart leaves the crew short and the repair stops.
	s.Sailors[1][figIndex("E4")].KIA = true
	s, _ = enter(t, s, nil, "watch")
	if len(s.Sections[6].Tech[0].Crew) != 0 {
		t.Fatalf("E4's counterpart is KIA: the repair is paused: %+v", s.Sections[6].Tech[0])
	}
}

// §10.3.1: "left alone, a condition grows more severe" — as the app says.
func TestConditionGrowsWorse_10_3_1(t *testing.T) {
	s := board(t, `{}`)
	s, _ = enter(t, s, nil, "app", "tech", "green", "s:5", "app", "worse", "t:5:0")
	if s.Sections[5].Tech[0].Colour != "yellow" {
		t.Fatalf("green → yellow: %+v", s.Sections[5].Tech)
	}
}

// §10.3.3: "the cards must be evenly distributed between the two toolbox
// spaces"; "Cards located in toolbox I can only be played to boost
// repairs in the section where toolbox marker I is located"; "The basic
// effect requires that at least one sailor with the [repair]
// specialization is in the repair crew. The advanced effect requires …
// the most experienced sailor"; "There must always be at least one real
// sailor"; "The card stays there … until that repair is completed".
func TestChiefEngineerCards_10_3_3(t *testing.T) {
	s := board(t, `{}`)
	if len(s.Toolboxes["toolbox-I"]) != 3 || len(s.Toolboxes["toolbox-II"]) != 3 {
		t.Fatalf("6 house cards split evenly: %v", s.Toolboxes)
	}
	s.emptyBoard()
	s.Toolboxes["toolbox-I"] = []string{"ce-welder"} // +2
	s.Toolboxes["toolbox-II"] = []string{"ce-manual"}
	s.Sections[2].Res = []string{"toolbox-I"}
	s.place(2, "E3") // a repair specialist, not the crown
	s, _ = enter(t, s, nil, "app", "tech", "red", "s:2", "order", "o:repair", "tech:2:0", "n:3")
	if offers(s, "k:ce-manual") || !offers(s, "k:ce-welder") {
		t.Fatalf("only the toolbox in section 2 gives cards: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "k:ce-welder", "+E3", "go")
	c := s.Sections[2].Tech[0]
	if c.Need != 3 || len(c.Crew) != 1 || c.Card != "ce-welder" || len(s.Toolboxes["toolbox-I"]) != 0 {
		t.Fatalf("a crew of 3: E3 and the welder's +2: %+v, toolbox %v", c, s.Toolboxes)
	}
	s, _ = enter(t, s, nil, "app", "fixed", "t:2:0")
	if !has(s.CEDiscard, "ce-welder") {
		t.Fatalf("the card is discarded with the finished repair")
	}
	// Without a repair specialist the basic effect does not count.
	n := board(t, `{}`)
	n.emptyBoard()
	n.Toolboxes["toolbox-I"] = []string{"ce-welder"}
	n.Sections[2].Res = []string{"toolbox-I"}
	n.place(2, "N1", "N2")
	n, _ = enter(t, n, nil, "app", "tech", "green", "s:2", "order", "o:repair", "tech:2:0", "n:3", "k:ce-welder", "+N1")
	if offers(n, "go") {
		t.Fatalf("no repair specialist: the +2 does not count")
	}
}

// §10.3.3: the advanced effect with the CE's crown sailor (house: E1 in
// watch 1).
func TestChiefEngineerCardAdvanced_10_3_3(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.Toolboxes["toolbox-I"] = []string{"ce-manual"} // +1, +2 advanced
	s.Sections[2].Res = []string{"toolbox-I"}
	s.place(2, "E1", "E3", "E4")
	s, _ = enter(t, s, nil, "app", "breach", "s:2", "order", "o:repair", "breach:2", "k:ce-manual", "+E3", "+E4")
	if offers(s, "go") {
		t.Fatalf("E3 and E4 with the basic +1 make 3 of 5: not enough")
	}
	s, _ = enter(t, s, nil, "+E1")
	if !offers(s, "go") {
		t.Fatalf("with the crown sailor E1 the advanced +2: 3 sailors and 2 make 5: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "go")
	if !s.Sections[2].Crew || s.Sections[2].BreachCard != "ce-manual" {
		t.Fatalf("the crew is activated, the card beside the breach: %+v", s.Sections[2])
	}
}

// §10.3.3: the +1/+2 cards "increase the effective number of sailors in
// the repair crew": E4 and the welder's +2 are the crew of 3 the app was
// given, so the status shows the repair under way, not paused, and still so once the next watch has taken it over (§6.8).
func TestCardMadeCrewIsUnderRepair_10_3_3(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.Toolboxes["toolbox-I"] = []string{"ce-welder"} // +2
	s.Sections[2].Res = []string{"toolbox-I"}
	s.place(2, "E4")
	s, _ = enter(t, s, nil, "app", "tech", "red", "s:2", "order", "o:repair", "tech:2:0", "n:3", "k:ce-welder", "+E4", "go")
	if got := statusLine(t, s, "2:"); !strings.Contains(got, "under repair by E4") || !strings.Contains(got, "+2") {
		t.Fatalf("E4 and the +2 card are a crew of 3: %q", got)
	}
	s, _ = enter(t, s, nil, "watch")
	if got := statusLine(t, s, "2:"); !strings.Contains(got, "under repair by E4") {
		t.Fatalf("after the watch change E4's counterpart (a repair specialist) and the card go on: %q %+v", got, s.Sections[2].Tech[0])
	}
}

// statusLine is the status view's line beginning with prefix.
func statusLine(t *testing.T, s *State, prefix string) string {
	t.Helper()
	v, err := s.View("status")
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range v.Sections {
		for _, l := range sec.Lines {
			if strings.HasPrefix(l, prefix) {
				return l
			}
		}
	}
	t.Fatalf("no status line %q", prefix)
	return ""
}

// §6.6.1: "All of the Chief Engineer's sailors have been fully activated
// when the Captain plays the 'beer' card. This means that the Chief
// Engineer must activate two of his sailors … both of the sailors have
// taken one excess activation each, so the Captain will need to move the
// activation token on the Morale Track by one space." The CE chooses the
// two; nothing else is entered until he has.
func TestBeerActivatesTwoCESailors_6_6_1(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(2, "C3")
	s.place(5, "E1", "E2", "E3", "E4")
	for _, f := range []string{"E1", "E2", "E3", "E4"} {
		s.sailor(figIndex(f)).Slots = []string{"act", "act", "act"}
	}
	s.Hand = []string{"cc-beer"}
	excess := s.Excess
	s, _ = enter(t, s, nil, "order", "o:address", "k:cc-beer", "+C3", "go")
	p := s.Pending()
	if p.Kind != "uboot.ceactivate" || p.Seat != ce || !reflect.DeepEqual(keysOf(p), []string{"+E1", "+E2", "+E3", "+E4"}) {
		t.Fatalf("the beer played: the Chief Engineer chooses two of his sailors: %s %q %v", p.Kind, p.Seat, keysOf(p))
	}
	s, _ = enter(t, s, nil, "+E2")
	if offers(s, "go") || offers(s, "+E2") {
		t.Fatalf("one chosen of two: no go, E2 not twice: %v", keysOf(s.Pending()))
	}
	s, evs := enter(t, s, nil, "+E4", "go")
	if s.Excess != excess-1 || s.Pending().Kind != "uboot.board" {
		t.Fatalf("two full sailors, one excess each: the marker moves one space: %d → %d (%s)", excess, s.Excess, s.Pending().Kind)
	}
	if !strings.Contains(fmt.Sprint(evs), "E2 +1 act (1 excess), E4 +1 act (1 excess)") {
		t.Fatalf("the activation is logged: %v", evs)
	}

	// With room: two activation tokens, no excess; a card without
	// ce_activates asks nothing.
	s = board(t, `{}`)
	s.emptyBoard()
	s.place(2, "C3")
	s.place(5, "E1", "E3")
	s.Hand = []string{"cc-beer", "cc-rum"}
	excess = s.Excess
	s, _ = enter(t, s, nil, "order", "o:address", "k:cc-beer", "+C3", "go", "+E1", "+E3", "go")
	if s.slots("E1") != "act" || s.slots("E3") != "act" || s.Excess != excess {
		t.Fatalf("E1 and E3 activated, no excess: %q %q, marker %d → %d", s.slots("E1"), s.slots("E3"), excess, s.Excess)
	}
	s, _ = enter(t, s, nil, "order", "o:address", "k:cc-rum", "+C3", "go")
	if s.Pending().Kind != "uboot.board" {
		t.Fatalf("the rum makes nobody activate: %s", s.Pending().Kind)
	}

	// One CE sailor on the model: he alone.
	s = board(t, `{}`)
	s.emptyBoard()
	s.place(2, "C3")
	s.place(5, "E4")
	s.Hand = []string{"cc-beer"}
	s, _ = enter(t, s, nil, "order", "o:address", "k:cc-beer", "+C3", "go", "+E4", "go")
	if s.slots("E4") != "act" || s.Pending().Kind != "uboot.board" {
		t.Fatalf("one CE sailor left: he is activated: %q %s", s.slots("E4"), s.Pending().Kind)
	}
}

// §6.6.1 with the owner's cards: a Captain's card is asked how many CE
// sailors it activates, and an entered beer asks the CE as the pack's does.
func TestOwnBeerAsksTheCE_6_6_1(t *testing.T) {
	s := board(t, `{"cards":"own"}`)
	s, _ = enter(t, s, nil, "new", "v:1")
	if p := s.Pending(); !strings.Contains(p.Text, "Chief Engineer's sailors") || !offers(s, "v:2") {
		t.Fatalf("a Captain's card: how many CE sailors it activates: %q %v", p.Text, keysOf(p))
	}
	s, _ = enter(t, s, nil, "v:2", "ok")
	for s.Pending().Kind == "uboot.draw" {
		s, _ = enter(t, s, nil, "new", "v:1", "v:0", "ok")
	}
	if c, _, _ := s.card("own:captain:1"); c.CEActivates != 2 {
		t.Fatalf("entered with 2: %+v", c)
	}
	s.emptyBoard()
	s.place(2, "C3")
	s.place(5, "E1", "E3")
	s, _ = enter(t, s, nil, "order", "o:address", "k:own:captain:1", "+C3", "go")
	if s.Pending().Kind != "uboot.ceactivate" {
		t.Fatalf("the entered beer asks the CE: %s", s.Pending().Kind)
	}
}
