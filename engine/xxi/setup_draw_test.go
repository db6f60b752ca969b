package xxi

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
)

// 13.0: one Hull on A, B and C, Systems on D and E, Crew on F and G; two
// Type VIIs in Valentin, five XXIs in the Prototype Pen; one VII, the
// Convoy 6, three Priority Transports and two AA set aside; all the rest
// (13+6+6 resources, 10 IBG, 7 convoys, 8 armies, 8 Devastation: 58) in
// the Counter Draw Pile.
func Test13_0SetUp(t *testing.T) {
	s := setUpOnly(t, "")
	want := map[string]string{"A": KindHull, "B": KindHull, "C": KindHull, "D": KindSystems, "E": KindSystems, "F": KindCrew, "G": KindCrew}
	for sp, kind := range want {
		on := s.at(spaceAt(sp))
		if len(on) != 1 || on[0].Kind != kind || on[0].Letter != sp {
			t.Errorf("13.0: space %s holds %s, want one %s %s", sp, labels(on), kind, sp)
		}
	}
	if n := s.count(AtValentin, func(c Counter) bool { return c.Kind == KindVII }); n != 2 {
		t.Errorf("13.0: %d Type VIIs in Valentin, want 2", n)
	}
	if n := s.count(AtPen, func(c Counter) bool { return c.Kind == KindXXI }); n != 5 {
		t.Errorf("13.0: %d Type XXIs in the Prototype Pen, want 5", n)
	}
	aside := map[string]int{}
	for _, c := range s.at(AtAside) {
		aside[c.Kind]++
		if c.Kind == KindConvoy && c.Value != 6 {
			t.Errorf("13.0: the convoy set aside is the %d, want the +6", c.Value)
		}
	}
	if aside[KindVII] != 1 || aside[KindConvoy] != 1 || aside[KindPriority] != 3 || aside[KindAA] != 2 {
		t.Errorf("13.0: set aside %v", aside)
	}
	if n := s.count(AtCDP, nil); n != 58 {
		t.Errorf("13.0: %d counters in the Counter Draw Pile, want 58", n)
	}
	if s.TP != 0 || s.GWT != -1 || s.Turn != 1 || s.Phase != PhaseDraw {
		t.Errorf("13.0: TP %d, GWT %d, turn %d, phase %d", s.TP, s.GWT, s.Turn, s.Phase)
	}
}

// 4.0: "On the first turn of the game, you draw six counters"; each blind
// draw is a die of as many faces as the pile holds, logged as a roll event
// naming the counter drawn, the pile taken in counter order.
func Test4_0BlindDrawsAreLoggedRolls(t *testing.T) {
	s := atPhase(t, setUpOnly(t, ""), PhaseDraw)
	pile := s.at(AtCDP)
	wantFirst := pile[0].ID // face 1: the first of 58
	evs := s.step(t, []int{1, 1, 1, 1, 1, 1}, s.drawPhase)
	rs := rolls(evs)
	if len(rs) != 6 {
		t.Fatalf("4.0: %d draws on turn 1, want 6", len(rs))
	}
	for i, r := range rs {
		if r.Case != "4.0" || r.Dice != "1d"+itoa(58-i) {
			t.Errorf("4.0: draw %d is %+v", i+1, r)
		}
	}
	if !strings.HasPrefix(rs[0].Result, wantFirst+" ") || s.counter(wantFirst).At != AtAlloc {
		t.Errorf("4.0: the first draw gave %q, want %s, in the Counter Allocation Box", rs[0].Result, wantFirst)
	}
	if len(s.Drawn) != 6 || s.count(AtAlloc, nil) != 6 || s.Phase != PhaseAllocation {
		t.Errorf("4.0: drawn %v, allocation box %d, phase %d", s.Drawn, s.count(AtAlloc, nil), s.Phase)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// 4.0 with XXI-A15 both ways: an empty pile is refilled with the Scrap
// Pile and the turn markers but the current one (4.0), or with the Scrap
// Pile but one resource that stays to mark the turn (2.4.5); U-boats
// never return (2.1.1).
func Test4_0RefillXXIA15BothWays(t *testing.T) {
	for _, tc := range []struct {
		ruling          string
		cdp, scrap, gtr int
	}{
		{"", 3 + 1, 1, 1},      // hull-A2, dev-1, convoy-1, and the older marker army-1; VII-1 stays scrapped
		{"A15=2.4.5", 2, 2, 2}, // dev-1, convoy-1; hull-A2 stays; markers stay; VII-1 stays
	} {
		s := setUpOnly(t, tc.ruling)
		for _, c := range s.at(AtCDP) {
			c.At = AtOut
		}
		s.place(t, "hull-A2", AtScrap)
		s.place(t, "dev-1", AtScrap)
		s.place(t, "convoy-1", AtScrap)
		s.place(t, "VII-1", AtScrap)
		s.place(t, "army-1", AtGTR)
		s.place(t, "army-2", AtGTR)
		s.Markers = []string{"army-1", "army-2"}
		s.step(t, nil, func() { s.refill() })
		if got := s.count(AtCDP, nil); got != tc.cdp {
			t.Errorf("XXI-A15 %q: %d counters back in the pile, want %d", tc.ruling, got, tc.cdp)
		}
		if s.counter("VII-1").At != AtScrap {
			t.Errorf("XXI-A15 %q: a U-boat went back to the pile (2.1.1)", tc.ruling)
		}
		if got := s.count(AtScrap, nil); got != tc.scrap {
			t.Errorf("XXI-A15 %q: %d left in the Scrap Pile, want %d", tc.ruling, got, tc.scrap)
		}
		if got := s.count(AtGTR, nil); got != tc.gtr || s.Markers[len(s.Markers)-1] != "army-2" {
			t.Errorf("XXI-A15 %q: %d markers left (%v), want %d ending with the current one", tc.ruling, got, s.Markers, tc.gtr)
		}
	}
}

// 4.0 in physical mode (issue 30 item 3): the draw is a prompt, one
// choice per kind of counter still in the cup, and no die is rolled.
func Test4_0PhysicalDrawIsAChoicePerKind(t *testing.T) {
	r := houseRules(t)
	st, evs, err := r.New([]byte(`{"draws":"physical"}`), dice.NewScripted(nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(rolls(evs)) != 0 {
		t.Fatalf("a physical game rolled for its draw: %v", rolls(evs))
	}
	s := st.(*State)
	p := s.Pending()
	if p.Kind != "xxi.draw" {
		t.Fatalf("the first prompt is %s, want xxi.draw", p.Kind)
	}
	// 13 Hull in 3 letters, 6 Systems in 2, 6 Crew in 2, IBG, the 7
	// convoys' 4 values (3, 4, 5, 6), Army, Devastation's 3 icons.
	want := []string{"draw:hull-A", "draw:hull-B", "draw:hull-C", "draw:systems-D", "draw:systems-E", "draw:crew-F", "draw:crew-G", "draw:ibg",
		"draw:convoy-v3", "draw:convoy-v4", "draw:convoy-v5", "draw:convoy-v6", "draw:army", "draw:dev-hull", "draw:dev-systems", "draw:dev-crew"}
	if strings.Join(keysOf(p.Options), " ") != strings.Join(want, " ") {
		t.Fatalf("4.0 physical: options %v, want %v", keysOf(p.Options), want)
	}
	refused(t, s, "draw:VII")
	next, evs := apply(t, s, "draw:army")
	if len(rolls(evs)) != 0 || next.counter("army-1").At != AtAlloc || next.DrawLeft != 5 {
		t.Fatalf("4.0 physical: army-1 at %s, %d left, rolls %v", next.counter("army-1").At, next.DrawLeft, rolls(evs))
	}
	// The cup's last army gone, the kind is no longer offered.
	for i := 2; i <= 8; i++ {
		next.place(t, "army-"+itoa(i), AtAlloc)
	}
	if hasKey(next.Pending().Options, "draw:army") {
		t.Fatal("4.0 physical: an empty kind is still offered")
	}
}

// 5.1, 5.2: resources to their letter's space (duplicates too), convoys to
// the Atlantic Ocean, the first army to the bottom box (XXI-A3), IBG and
// Devastation markers stay in the Counter Allocation Box.
func Test5_1Allocation(t *testing.T) {
	s := setUpOnly(t, "")
	for _, id := range []string{"hull-A2", "hull-A3", "convoy-2", "army-1", "army-2", "ibg-1", "dev-1"} {
		s.place(t, id, AtAlloc)
		s.Drawn = append(s.Drawn, id)
	}
	s = atPhase(t, s, PhaseAllocation)
	s.step(t, nil, s.allocationPhase)
	for id, want := range map[string]string{"hull-A2": spaceAt("A"), "hull-A3": spaceAt("A"), "convoy-2": areaAt("atlantic"), "army-1": AtGWT, "army-2": AtGWT, "ibg-1": AtAlloc, "dev-1": AtAlloc} {
		if got := s.counter(id).At; got != want {
			t.Errorf("5.1: %s at %s, want %s", id, got, want)
		}
	}
	if s.GWT != 0 {
		t.Errorf("5.1: the armies are in box %d, want the bottom box 0", s.GWT)
	}
}
