package xxi

import (
	"testing"
)

// yardWith puts the listed counters into a shipyard's squares.
func (s *State) yardWith(t *testing.T, yard string, ids ...string) {
	t.Helper()
	for _, id := range ids {
		s.place(t, id, yardAt(yard))
	}
}

var costA = []string{"hull-A2", "hull-A3", "systems-D2", "systems-D3", "crew-F2", "crew-F3"}

// 8.1: "to build a Type XXI A flotilla, you need two Hull, two System,
// and two Crew counters at the same Shipyard plus one IBG Command counter
// from the Counter Allocation Box"; 8.4 scraps them, puts the IBG on the
// MDT and the XXI in Valentin.
func Test8_1BuildModelA(t *testing.T) {
	s := setUpOnly(t, "")
	s.yardWith(t, "12", costA...)
	s.place(t, "ibg-1", AtAlloc)
	s = atPhase(t, s, PhaseConstruction)
	s.step(t, nil, s.constructionPhase)
	if s.Step != stepBuild || !hasKey(s.Pending().Options, "build:A:12") {
		t.Fatalf("8.1: no build of model A at Hamburg offered (step %q)", s.Step)
	}
	refused(t, s, "build:B:12") // 8.0: A first
	refused(t, s, "build:A:8")  // 8.1: the resources are at Hamburg
	next, _ := apply(t, s, "build:A:12")
	for _, id := range costA {
		if next.counter(id).At != AtScrap {
			t.Errorf("8.4: %s at %s, want the Scrap Pile", id, next.counter(id).At)
		}
	}
	if next.counter("ibg-1").At != "mdt:A" || next.counter("XXI-1").At != AtValentin || next.Built[0] != "A" {
		t.Fatalf("8.4: IBG at %s, XXI-1 at %s, built %v", next.counter("ibg-1").At, next.counter("XXI-1").At, next.Built)
	}
	if next.Phase != PhaseBattle {
		t.Fatalf("8.4: one build a turn, yet phase %d", next.Phase)
	}
}

// 8.1: missing a resource or the IBG, no build is offered; 8.2 no
// substitution: an IBG does not stand for a Crew (XXI-A17).
func Test8_2NoBuildWithoutTheExactResources(t *testing.T) {
	s := setUpOnly(t, "")
	s.yardWith(t, "12", costA[:5]...)
	s.place(t, "ibg-1", AtAlloc)
	s.place(t, "ibg-2", AtAlloc)
	s = atPhase(t, s, PhaseConstruction)
	s.step(t, nil, s.constructionPhase)
	if s.Step == stepBuild {
		t.Fatalf("8.2: a build offered with a Crew short: %v", keysOf(s.Pending().Options))
	}
}

// 8.3: Danzig's four squares hold model C's four (2/1/1) but never A's
// six; 8.5: every XXI upgrades to the newest model, Type VIIs never.
func Test8_3DanzigBuildsCAnd8_5Upgrades(t *testing.T) {
	s := setUpOnly(t, "")
	s.Built = []string{"A", "B"}
	s.place(t, "XXI-1", AtValentin)
	s.place(t, "XXI-2", AtValentin)
	s.counter("XXI-1").Depleted = true
	s.yardWith(t, "18", "hull-A2", "hull-A3", "systems-D2", "crew-F2")
	s.place(t, "ibg-1", AtAlloc)
	s = atPhase(t, s, PhaseConstruction)
	s.step(t, nil, s.constructionPhase)
	next, _ := apply(t, s, "build:C:18")
	c := next.pack.Tracks.Models[2]
	for _, id := range []string{"XXI-1", "XXI-2", "XXI-3"} {
		if r := next.ratings(next.counter(id)); r.Engine != c.Engine || r.Defense != c.Defense {
			t.Errorf("8.5: %s rates %+v, want model C's", id, r)
		}
	}
	if r := next.ratings(next.counter("VII-1")); r.Engine != 2 || r.Silence != 2 || r.Attack != 2 || r.Defense != 2 {
		t.Errorf("8.5, XXI-A22: a Type VII rates %+v", r)
	}
	// Danzig cannot hold model A's six (8.3).
	a := setUpOnly(t, "")
	a.yardWith(t, "18", "hull-A2", "hull-A3", "systems-D2", "crew-F2")
	a.place(t, "ibg-1", AtAlloc)
	a = atPhase(t, a, PhaseConstruction)
	a.step(t, nil, a.constructionPhase)
	if a.Step == stepBuild {
		t.Fatal("8.3: model A offered at Danzig")
	}
}

// XXI-A9 and A10 both ways: after D, a fifth XXI at D's cost (repeat_d)
// with its IBG to the Scrap Pile (scrap) or on the MDT (mdt); or none
// (not_allowed).
func TestXXIA9A10FifthBuild(t *testing.T) {
	for _, tc := range []struct {
		ruling, ibg string
		build       bool
	}{{"", AtScrap, true}, {"A10=mdt", "mdt:D", true}, {"A9=not_allowed", "", false}} {
		s := setUpOnly(t, tc.ruling)
		s.Built = []string{"A", "B", "C", "D"}
		for i := 1; i <= 4; i++ {
			s.place(t, "XXI-"+itoa(i), AtValentin)
		}
		s.yardWith(t, "12", "hull-A2", "systems-D2", "crew-F2")
		s.place(t, "ibg-1", AtAlloc)
		s = atPhase(t, s, PhaseConstruction)
		s.step(t, nil, s.constructionPhase)
		offered := s.Step == stepBuild && hasKey(s.Pending().Options, "build:D:12")
		if offered != tc.build {
			t.Fatalf("XXI-A9 %q: fifth build offered %v, want %v", tc.ruling, offered, tc.build)
		}
		if !offered {
			continue
		}
		next, _ := apply(t, s, "build:D:12")
		if got := next.counter("ibg-1").At; got != tc.ibg {
			t.Errorf("XXI-A10 %q: the fifth build's IBG at %s, want %s", tc.ruling, got, tc.ibg)
		}
		if next.count(AtPen, nil) != 0 || next.nextModel() != nil {
			t.Errorf("8.1: five XXIs built, yet a sixth is possible")
		}
	}
}
