package uboot

import (
	"slices"
	"strings"
	"testing"
)

// §6.4: "Pay for the order and announce Mobilization … Do not activate the
// sailors who are mobilizing"; "A sailor may never backtrack within a
// single mobilization"; "Sailors cannot enter or move through flooded
// sections"; "Sections 3 and 8 are adjacent only when the U-boat is
// surfaced".
func TestMobilizationPaths_6_4(t *testing.T) {
	s := board(t, `{}`)
	s.place(3, "E2")
	s, _ = enter(t, s, nil, "mob")
	if s.Order != 1 {
		t.Fatalf("a Mobilization costs one space: token on %s", orderSpaces[s.Order])
	}
	s, _ = enter(t, s, nil, "m:E2")
	if !offers(s, "to:8") || !offers(s, "to:2") || !offers(s, "to:4") {
		t.Fatalf("surfaced, from 3: 2, 4 and 8: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "to:4")
	if offers(s, "to:3") {
		t.Fatalf("no backtracking: 3 is on E2's path: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "stop", "m:E2")
	if offers(s, "to:3") {
		t.Fatalf("no backtracking within one Mobilization, even when he is moved again")
	}
	s, _ = enter(t, s, nil, "stop", "end")
	if s.slots("E2") != "" {
		t.Fatalf("mobilizing sailors are not activated: %q", s.slots("E2"))
	}
	// Flooded sections, and 3-8 underwater.
	s.Sections[5].Flooded = true
	s.Up = false
	s, _ = enter(t, s, nil, "mob", "m:E2")
	if offers(s, "to:5") {
		t.Fatalf("a flooded section cannot be entered")
	}
	s, _ = enter(t, s, nil, "to:3")
	if offers(s, "to:8") {
		t.Fatalf("underwater nobody moves between 3 and 8")
	}
}

// §6.4: "Any sailor moving from or through a section with a resource token
// may take it with him and place it in any section he moves into or
// through"; "A given sailor can move only one resource token per
// Mobilization."
func TestMobilizationCarriesOneResource_6_4(t *testing.T) {
	s := board(t, `{}`)
	s.place(2, "F3")
	s, _ = enter(t, s, nil, "mob", "m:F3", "take:toolbox-I", "to:3", "to:4")
	if offers(s, "take:toolbox-II") {
		t.Fatalf("one resource token per sailor per Mobilization")
	}
	s, _ = enter(t, s, nil, "stop")
	if !has(s.Sections[4].Res, "toolbox-I") || has(s.Sections[2].Res, "toolbox-I") {
		t.Fatalf("toolbox I dropped in 4: %v / %v", s.Sections[2].Res, s.Sections[4].Res)
	}
	s, _ = enter(t, s, nil, "m:F3")
	if offers(s, "take:toolbox-I") || offers(s, "take:toolbox-II") {
		t.Fatalf("he has carried one already this Mobilization")
	}
}

// §6.7: "If a busy sailor moves, he immediately stops carrying out his
// order. Flip his 'busy' token to its activation side."
func TestBusySailorWhoMovesStops_6_7(t *testing.T) {
	s := board(t, `{}`)
	s.place(8, "N1")
	s, _ = enter(t, s, nil, "order", "o:observe", "+N1", "go")
	if s.slots("N1") != "obs" {
		t.Fatalf("an observer is activated with an observation token: %q", s.slots("N1"))
	}
	s, _ = enter(t, s, nil, "mob", "m:N1", "to:7", "stop", "end")
	if s.slots("N1") != "act" {
		t.Fatalf("moved: his token flipped to its activation side: %q", s.slots("N1"))
	}
}

// §6.4, §6.12: "Sailors who moved into or through a hazardous section and
// all sailors remaining in that section after movement … are affected";
// "Sailors who have moved out of a section are not affected"; "draw as
// many crew tokens as there are sailors in the affected section".
func TestHazardousCrossing_6_4_6_12(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(1, "C1")       // crosses 2 on his way to 3
	s.place(2, "F3", "F4") // F3 stays, F4 moves out to 1
	s.Sections[2].Env = map[string]int{"fire": 1}
	d := &script{}
	s, _ = enter(t, s, d, "mob", "m:C1", "to:2", "to:3", "stop", "m:F4", "to:1", "stop")
	d.sides = nil
	s, evs := enter(t, s, d, "end")
	if got := rolls(evs, "6.12"); got != 2 {
		t.Fatalf("C1 crossed, F3 stayed, F4 left: 2 crew tokens, drew %d", got)
	}
}

// §6.12: "if there are two 'fire' tokens and three sailors, then draw two
// crew tokens per sailor for a total of six tokens"; a drawn token that
// matches a sailor there wounds him, and he gets a wound card of the type
// (fire → burns).
func TestCrewDamageTimesTokens_6_12(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(5, "E1", "E2", "E3")
	s.Sections[5].Env = map[string]int{"fire": 1}
	// Morale −1 draws a deck-1 card (face 1), then the crew tokens: E1
	// (index 12) first, a hit, then misses.
	d := &script{faces: []int{1, 13}}
	s, evs := enter(t, s, d, "app", "env", "fire", "s:5")
	if got := rolls(evs, "6.12"); got != 6 {
		t.Fatalf("2 fires × 3 sailors: 6 crew tokens, drew %d", got)
	}
	if rolls(evs, "8.8") != 1 || len(s.sailor(figIndex("E1")).Cards) != 1 {
		t.Fatalf("E1 drawn: one burns card for him: %d wound draws, cards %v", rolls(evs, "8.8"), s.sailor(figIndex("E1")).Cards)
	}
	if c, deck, _ := s.card(s.sailor(figIndex("E1")).Cards[0].Card); deck != "burns" {
		t.Fatalf("fire causes burns: %s from %s", c.ID, deck)
	}
	if moraleSpaces[s.Morale] != "X" {
		t.Fatalf("§10.3.4: placing an environmental condition is morale −1: %s", moraleSpaces[s.Morale])
	}
}

// Ruling crew-bag (§6.12, digest §15.4), both ways: 2 gas × 9 sailors = 18
// tokens: "refill" draws 18, "cap" 16.
func TestRulingCrewBag_6_12(t *testing.T) {
	for _, c := range []struct {
		ruling string
		draws  int
	}{{"refill", 18}, {"cap", 16}} {
		s := board(t, `{"rulings":"crew-bag=`+c.ruling+`"}`)
		s.emptyBoard()
		s.place(3, "C1", "C2", "C3", "C4", "F1", "F2", "F3", "F4", "N1")
		s.Sections[3].Res = nil
		s.Up = false
		s.Sections[3].Env = map[string]int{"gas": 1}
		d := &script{faces: []int{16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16}}
		_, evs := enter(t, s, d, "app", "env", "gas", "s:3")
		if got := draws(evs, "6.12"); got != c.draws {
			t.Errorf("crew-bag=%s: drew %d crew tokens, want %d", c.ruling, got, c.draws)
		}
	}
}

// §10.3.5: toxic gas while surfaced: "resolve crew damage once … without
// placing a toxic gas token", "the Morale Track is unaffected";
// rebreathers in the section spare its crew.
func TestToxicGas_10_3_5(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(4, "N1", "N2")
	s, evs := enter(t, s, nil, "app", "env", "gas", "s:4")
	if s.Sections[4].Env["gas"] != 0 || s.Morale != 0 || rolls(evs, "6.12") != 2 {
		t.Fatalf("surfaced gas: token %d, morale %s, %d draws", s.Sections[4].Env["gas"], moraleSpaces[s.Morale], rolls(evs, "6.12"))
	}
	s.Up = false
	s.Sections[4].Res = []string{"rebreathers"}
	s, evs = enter(t, s, nil, "app", "env", "gas", "s:4")
	if s.Sections[4].Env["gas"] != 1 || rolls(evs, "6.12") != 0 {
		t.Fatalf("rebreathers: the token is placed but nobody draws: %d draws", rolls(evs, "6.12"))
	}
}

// §6.5: "Sailors without a required specialization icon may carry out the
// given order, but each such sailor must be activated one additional
// time"; on easy "sailors who have the required specialization do not
// activate … and sailors without … must be activated only once".
func TestOrderActivations_6_5(t *testing.T) {
	for _, c := range []struct {
		captain       string
		spec, nonSpec int
	}{{"medium", 1, 2}, {"easy", 0, 1}} {
		s := board(t, `{"captain":"`+c.captain+`"}`)
		s.emptyBoard()
		s.place(3, "F1", "N1") // F1 has helm, N1 has not
		s, _ = enter(t, s, nil, "order", "o:course", "+F1", "+N1", "go")
		if got := s.sailor(figIndex("F1")).count("act"); got != c.spec {
			t.Errorf("%s: the helmsman takes %d activations, want %d", c.captain, got, c.spec)
		}
		if got := s.sailor(figIndex("N1")).count("act"); got != c.nonSpec {
			t.Errorf("%s: the non-specialist takes %d, want %d", c.captain, got, c.nonSpec)
		}
	}
}

// §6.5: "the sailor(s) carrying out the order must be present in the
// specified section(s) [and] collectively match the number of
// specialization icons"; reload is x3 in the tube's section (§7.5).
func TestOrderRequirements_6_5_7_5(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(1, "C1", "C2")
	s.place(2, "C3")
	s, _ = enter(t, s, nil, "order")
	if offers(s, "o:reload") {
		t.Fatalf("reload needs 3 sailors in 1 or 6: two there")
	}
	s.Draft = nil
	s.place(1, "C3")
	s, _ = enter(t, s, nil, "order", "o:reload", "+C1", "+C2")
	if offers(s, "go") {
		t.Fatalf("two of three chosen: not yet")
	}
	s, _ = enter(t, s, nil, "+C3", "go")
	if s.Order != 1 {
		t.Fatalf("paid one space")
	}
	// §7.5: dive needs 1 in 5, 1 in 6 and 2 in 3.
	s.place(5, "E1")
	s.place(6, "E4")
	s.place(3, "E2", "E3")
	s, _ = enter(t, s, nil, "order", "o:dive", "+E1", "+E4", "+E2", "+E3", "go")
	if s.Up {
		t.Fatalf("dived")
	}
}

// §10.3.5: lighting failure: "one additional sailor in this section must
// be activated whenever an order in this section is to be carried out",
// "A single activation token is placed regardless of the … icons".
func TestLightingFailureSurcharge_10_3_5(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(3, "F1", "F2", "N1")
	s.Sections[3].Env = map[string]int{"lighting": 1}
	s, _ = enter(t, s, nil, "order", "o:course", "+F1", "+F2")
	if offers(s, "go") {
		t.Fatalf("two helmsmen in a dark section: one more sailor needed")
	}
	s, _ = enter(t, s, nil, "+N1", "go")
	if s.slots("N1") != "act" {
		t.Fatalf("the extra sailor takes one token whatever his icons: %q", s.slots("N1"))
	}
}

// §6.9: "Wound tokens must be placed first, followed by fatigue tokens,
// with activation tokens placed last"; no room: "discard enough activation
// tokens", each an excess activation; "'Busy' tokens should only be
// discarded if there are no activation tokens left".
func TestHealthCardPlacement_6_9(t *testing.T) {
	s := board(t, `{}`)
	i := figIndex("E1")
	s.sailor(i).Slots = []string{"act", "act", "act"}
	c, _, _ := s.card("bu-face") // 1 wound, 1 fatigue
	s.d = &script{}
	ex := s.placeHealth(i, c)
	if s.slots("E1") != "act wnd fat" || ex != 2 {
		t.Fatalf("rulebook's example: two activation tokens discarded, two excess: %q, %d", s.slots("E1"), ex)
	}
	s.sailor(i).Slots = []string{"green", "fat", "fat"}
	s.sailor(i).Wounds = 0
	c2, _, _ := s.card("po-nausea") // 1 fatigue
	s.placeHealth(i, c2)
	if s.slots("E1") != "fat fat fat" {
		t.Fatalf("no activation token left: the busy token goes: %q", s.slots("E1"))
	}
}

// §6.10: "If a sailor receives a second wound token, then he is dead …
// Place a KIA token … remove his figure"; "decrease morale by two"; "when a
// watch change brings the live counterpart back into play, return the
// figure … in a freely chosen section"; "when a watch change would bring a
// KIA sailor back on duty, remove their figure again".
func TestKIA_6_10(t *testing.T) {
	s := board(t, `{}`)
	i := figIndex("E1")
	s.d = &script{}
	c, _, _ := s.card("gs-graze")
	s.placeHealth(i, c)
	s.placeHealth(i, c)
	if !s.sailor(i).KIA || s.Figures[i].Sec != 0 || s.slots("E1") != "kia" {
		t.Fatalf("a second wound kills: %+v", s.sailor(i))
	}
	if moraleSpaces[s.Morale] != "IX" {
		t.Fatalf("morale −2 for a KIA: %s", moraleSpaces[s.Morale])
	}
	s.d = nil
	s, _ = enter(t, s, nil, "watch")
	p := s.Pending()
	if p.Kind != "uboot.return" || !strings.Contains(p.Subject, "E1") {
		t.Fatalf("step 5: E1's watch 2 sailor lives: his figure comes back: %s %s", p.Kind, p.Subject)
	}
	s, _ = enter(t, s, nil, "r:6")
	if s.Figures[i].Sec != 6 {
		t.Fatalf("returned into the chosen section 6")
	}
	s, _ = enter(t, s, nil, "watch")
	if s.Figures[i].Sec != 0 {
		t.Fatalf("the dead sailor's watch is back: the figure leaves the model")
	}
}

// §6.10: "All sailors in Section 7 and 8 become KIA after the U-boat dives.
// Morale cannot decrease by more than six when that happens."
func TestDiveKillsOutsideCappedAtSix_6_10(t *testing.T) {
	s := board(t, `{}`)
	s.place(8, "N1", "N2", "N3", "N4")
	s.place(5, "E1")
	s.place(6, "E4")
	s.place(3, "E2", "E3")
	s, _ = enter(t, s, nil, "order", "o:dive", "+E1", "+E4", "+E2", "+E3", "go")
	for _, f := range []string{"N1", "N2", "N3", "N4"} {
		if !s.sailor(figIndex(f)).KIA {
			t.Fatalf("%s was outside: KIA", f)
		}
	}
	// paid on the Order Track; 4 KIA would be −8: capped at −6.
	if moraleSpaces[s.Morale] != "V" {
		t.Fatalf("morale −6 at most: %s", moraleSpaces[s.Morale])
	}
}

// §6.8 step 4: "Each player then discards one activation token from each
// sailor"; "If a sailor has a busy token … transfer the busy token to the
// next watch sailor … do not discard an activation token from that
// sailor"; the counterpart without the icon "must be activated one
// additional time"; a treated card sheds one health token "EVEN IF you
// have already transferred a busy token".
func TestWatchChangeTokens_6_8(t *testing.T) {
	s := board(t, `{}`)
	c1 := figIndex("C1")
	n1 := figIndex("N2")
	s.sailor(c1).Slots = []string{"act", "act"}
	s.sailor(n1).Slots = []string{"obs", "act", "fat"}
	s.sailor(n1).Cards = []Health{{Card: "m1-headache", Treated: true, Left: 1}}
	s.Order = 5
	s, _ = enter(t, s, nil, "watch")
	if s.Watch != 2 || s.Order != 0 {
		t.Fatalf("steps 1 and 4: watch 2 on duty, Order Track on VIII")
	}
	if got := strings.Join(s.Sailors[0][c1].Slots, " "); got != "act" {
		t.Fatalf("C1 discards one activation token: %q", got)
	}
	if got := strings.Join(s.Sailors[0][n1].Slots, " "); got != "act" {
		t.Fatalf("N2 hands over his busy token (keeps his activation) and sheds the treated fatigue: %q", got)
	}
	// N2's watch 2 sailor: meal + gun20, no observation icon: +1 activation.
	if got := s.slots("N2"); got != "obs act" {
		t.Fatalf("the counterpart takes the observation token and, without the icon, an activation: %q", got)
	}
	if len(s.Sailors[0][n1].Cards) != 0 {
		t.Fatalf("§8.6: a treated card with no tokens left is discarded")
	}
	if !slices.Contains(s.Decks["morale1"].Bottom, "m1-headache") {
		t.Fatalf("§7.3: a card a sailor gets rid of goes to the bottom of its deck")
	}
}

// §6.8 step 2: "Players resolve crew damage from all hazardous
// environmental conditions" — everyone in them, before the tiles flip.
func TestWatchChangeCrewDamage_6_8(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(2, "F3", "F4")
	s.Sections[2].Env = map[string]int{"electrical": 1}
	_, evs := enter(t, s, nil, "watch")
	if rolls(evs, "6.12") != 2 {
		t.Fatalf("two sailors in the hazard: 2 crew tokens, %d", rolls(evs, "6.12"))
	}
}

// §8.3: "once at least one observer is busy, more can be added without a
// new order by activating them with observation tokens"; "More observers,
// up to 6".
func TestMoreObserversWithoutAnOrder_8_3(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(8, "N1", "N2", "N3", "N4", "C4", "F1", "F2")
	if offers(s, "obs") {
		t.Fatalf("nobody observing yet: an order is needed")
	}
	s, _ = enter(t, s, nil, "order", "o:observe", "+N1", "+N2", "+N3", "+N4", "+C4", "go")
	order := s.Order
	s, _ = enter(t, s, nil, "obs", "+F1", "go")
	if s.Order != order || s.slots("F1") != "obs act" {
		t.Fatalf("F1 added free, a non-specialist with an extra activation: order %d→%d, %q", order, s.Order, s.slots("F1"))
	}
	if offers(s, "obs") {
		t.Fatalf("6 observers: no more count")
	}
}

// §6.8, optional rule: "Players who have chosen easy difficulty may slide
// their crew tiles instead of flipping them … fewer Mobilizations
// necessary": a sliding role's figures keep their icons (Kaleun's reading
// of "slide", digest §15.7); the others' change with the watch.
func TestSimpleWatchChange_6_8(t *testing.T) {
	s := board(t, `{"simple":"on","nav":"easy","ce":"hard"}`)
	n2, e1 := figIndex("N2"), figIndex("E1")
	nav1, ce1 := s.def(n2).Icons, s.def(e1).Icons
	s, _ = enter(t, s, nil, "watch")
	if !slices.Equal(s.def(n2).Icons, nav1) {
		t.Fatalf("the easy Navigator slides: N2 keeps %v, has %v", nav1, s.def(n2).Icons)
	}
	if slices.Equal(s.def(e1).Icons, ce1) {
		t.Fatalf("the hard CE flips: E1's icons change from %v", ce1)
	}
	off := board(t, `{"nav":"easy"}`)
	off, _ = enter(t, off, nil, "watch")
	if slices.Equal(off.def(n2).Icons, nav1) {
		t.Fatalf("without the optional rule every tile flips")
	}
}

// §7.5.2 "max 6x", §8.3 "up to a maximum of 6": the order takes at most
// six observers, so a seventh is not offered (every step offered is a
// legal one, doc.go), nor one more than make six with "obs".
func TestNoSeventhObserverOffered_8_3(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(8, "N1", "N2", "N3", "N4", "C4", "F1", "F2")
	s, _ = enter(t, s, nil, "order", "o:observe", "+N1", "+N2", "+N3", "+N4", "+C4", "+F1")
	if !offers(s, "go") || offers(s, "+F2") {
		t.Fatalf("six observers chosen: go, and no seventh: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "clear", "+N1", "+N2", "+N3", "+N4", "go", "obs", "+C4")
	if !offers(s, "+F1") {
		t.Fatalf("five of six: one more may join: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "+F1")
	if offers(s, "+F2") {
		t.Fatalf("four busy and two added make six: no seventh: %v", keysOf(s.Pending()))
	}
}
