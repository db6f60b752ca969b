package xxi

import (
	"strings"
	"testing"
)

// 6.0: "roll 3d6 and place one Bombing Devastation marker on that hub
// city space. All resource counters currently occupying that space are
// destroyed"; a shipyard's squares too; a second marker on a hub is
// rerolled.
func Test6_0BombingDestroysAndRerolls(t *testing.T) {
	s := setUpOnly(t, "")
	s.place(t, "hull-A2", spaceAt("12"))
	s.place(t, "crew-F2", yardAt("12"))
	s.place(t, "dev-1", spaceAt("8")) // Bremen already devastated
	s.place(t, "dev-2", AtAlloc)
	s.Drawn = []string{"dev-2"}
	s = atPhase(t, s, PhaseBombing)
	// 2+3+3 = 8, Bremen: devastated, reroll; 4+4+4 = 12, Hamburg.
	evs := s.step(t, []int{2, 3, 3, 4, 4, 4}, s.bombingPhase)
	rs := rolls(evs)
	if len(rs) != 2 || rs[0].Total != 8 || !strings.Contains(rs[0].Result, "reroll") || rs[1].Total != 12 || rs[0].Dice != "3d6" {
		t.Fatalf("6.0: rolls %+v", rs)
	}
	if s.counter("dev-2").At != spaceAt("12") {
		t.Fatalf("6.0: dev-2 at %s, want on Hamburg", s.counter("dev-2").At)
	}
	if s.counter("hull-A2").At != AtScrap || s.counter("crew-F2").At != AtScrap {
		t.Fatalf("6.0: Hamburg's city and squares not destroyed: %s, %s", s.counter("hull-A2").At, s.counter("crew-F2").At)
	}
}

// 6.0 with XXI-A4 both ways: two markers drawn are two rolls
// (per_marker), or one roll placing one, the other waiting (one_roll).
func Test6_0XXIA4BothWays(t *testing.T) {
	for _, tc := range []struct {
		ruling string
		faces  []int
		placed int
	}{{"", []int{1, 1, 1, 2, 2, 2}, 2}, {"A4=one_roll", []int{1, 1, 1}, 1}} {
		s := setUpOnly(t, tc.ruling)
		s.place(t, "dev-1", AtAlloc)
		s.place(t, "dev-2", AtAlloc)
		s.Drawn = []string{"dev-1", "dev-2"}
		s = atPhase(t, s, PhaseBombing)
		s.step(t, tc.faces, s.bombingPhase)
		if s.counter("dev-1").At != spaceAt("3") {
			t.Errorf("XXI-A4 %q: the first marker drawn is at %s, want hub 3", tc.ruling, s.counter("dev-1").At)
		}
		if got := s.Tally.Bombed; got != tc.placed {
			t.Errorf("XXI-A4 %q: %d placed, want %d", tc.ruling, got, tc.placed)
		}
		if tc.placed == 1 && s.counter("dev-2").At != AtAlloc {
			t.Errorf("XXI-A4 one_roll: the second marker is at %s, want waiting in the allocation box", s.counter("dev-2").At)
		}
	}
}

// 7.1: "On the first turn of the game, with Stable Fronts, you receive
// 1d6 + 6"; higher boxes give their fixed points.
func Test7_1TransportPoints(t *testing.T) {
	s := atPhase(t, setUpOnly(t, ""), PhaseMovement)
	evs := s.step(t, []int{4}, s.movementPhase)
	if s.TP != 10 || len(rolls(evs)) != 1 || rolls(evs)[0].Case != "7.1" {
		t.Fatalf("7.1: %d TP from %v, want 4 + 6", s.TP, rolls(evs))
	}
	s = setUpOnly(t, "")
	s.place(t, "army-1", AtGWT)
	s.GWT = 3
	s = atPhase(t, s, PhaseMovement)
	s.step(t, []int{4}, s.movementPhase)
	if want := 4 + s.pack.Tracks.GrindingWar[3].Transport; s.TP != want {
		t.Fatalf("7.1: %d TP in box 4, want %d", s.TP, want)
	}
}

// 7.2: "A resource counter in hub city space A can be moved, at a cost of
// 1 Transportation Point, to either space G, 13, 14, or D"; never into a
// devastated space; once a turn; the free transfer into a shipyard's
// squares, up to its squares (2.5).
func Test7_2Moves(t *testing.T) {
	s := setUpOnly(t, "")
	s.place(t, "dev-1", spaceAt("14"))
	s = atPhase(t, s, PhaseMovement)
	s.step(t, []int{1}, s.movementPhase) // 7 TP
	if s.Step != stepMove {
		t.Fatalf("7.2: no movement prompt (step %q)", s.Step)
	}
	opts := s.Pending().Options
	for _, want := range []string{"move:hull-A1:G", "move:hull-A1:13", "move:hull-A1:D", "done"} {
		if !hasKey(opts, want) {
			t.Errorf("7.2: %s not offered", want)
		}
	}
	if hasKey(opts, "move:hull-A1:14") {
		t.Error("7.2: a move into devastated 14 is offered")
	}
	refused(t, s, "move:hull-A1:14")
	refused(t, s, "move:hull-A1:7") // not a neighbour
	next, _ := apply(t, s, "move:hull-A1:13")
	if next.counter("hull-A1").At != spaceAt("13") || next.TP != 6 {
		t.Fatalf("7.2: hull-A1 at %s with %d TP", next.counter("hull-A1").At, next.TP)
	}
	// "Each Resource counter moves a maximum of one space per turn."
	refused(t, next, "move:hull-A1:A")
	for _, o := range next.Pending().Options {
		if strings.HasPrefix(o.Key, "move:hull-A1:") {
			t.Fatalf("7.2: hull-A1 offered a second move: %s", o.Key)
		}
	}
	// Done ends the phase; the points left are lost (7.1).
	after, _ := apply(t, next, "done")
	if after.Phase <= PhaseMovement || after.TP != 0 {
		t.Fatalf("7.2: done left phase %d with %d TP", after.Phase, after.TP)
	}
}

// 7.2's free transfer (XXI-A11): a resource on a shipyard city goes into
// the squares for no point, even one that arrived this turn; Danzig takes
// four (2.5); under construction_too it is offered in 8.0 as well.
func Test7_2FreeYardTransferXXIA11BothWays(t *testing.T) {
	s := setUpOnly(t, "")
	s.clearMap()
	s.place(t, "hull-A1", spaceAt("4"))
	s.place(t, "hull-A2", spaceAt("18"))
	s.yardWith(t, "18", "hull-B2", "hull-B3", "hull-B4", "hull-C2")
	s = atPhase(t, s, PhaseMovement)
	s.step(t, []int{1}, s.movementPhase)
	next, _ := apply(t, s, "move:hull-A1:12")
	if !hasKey(next.Pending().Options, "yard:hull-A1") {
		t.Fatal("XXI-A11: a resource arrived this turn on Hamburg cannot go into its squares")
	}
	if hasKey(next.Pending().Options, "yard:hull-A2") {
		t.Fatal("2.5: Danzig's four squares are full, yet a fifth is offered")
	}
	tp := next.TP
	next, _ = apply(t, next, "yard:hull-A1")
	if next.counter("hull-A1").At != yardAt("12") || next.TP != tp {
		t.Fatalf("7.2: the transfer put hull-A1 at %s and cost %d TP", next.counter("hull-A1").At, tp-next.TP)
	}
	for _, tc := range []struct {
		ruling string
		offer  bool
	}{{"", false}, {"A11=construction_too", true}} {
		s := setUpOnly(t, tc.ruling)
		s.clearMap()
		s.place(t, "hull-A1", spaceAt("12"))
		s.place(t, "ibg-1", AtAlloc)
		s = atPhase(t, s, PhaseConstruction)
		s.step(t, nil, s.constructionPhase)
		offered := s.Step == stepBuild && hasKey(s.Pending().Options, "yard:hull-A1")
		if offered != tc.offer {
			t.Errorf("XXI-A11 %q: the transfer offered in 8.0: %v, want %v", tc.ruling, offered, tc.offer)
		}
	}
}
