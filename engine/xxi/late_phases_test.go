package xxi

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// withArmies puts n armies on the track in box.
func (s *State) withArmies(t *testing.T, n, box int) {
	t.Helper()
	for i := 1; i <= n; i++ {
		s.place(t, "army-"+itoa(i), AtGWT)
	}
	s.GWT = box
}

// 10.0: "Ignore this phase if no Allied Army counters are on the GWT";
// 10.1: each army rolls 1d6, any 6 advances all one space.
func Test10_1AlliedAssaults(t *testing.T) {
	s := atPhase(t, setUpOnly(t, ""), PhaseGrindingWar)
	if evs := s.step(t, nil, s.grindingWarPhase); len(rolls(evs)) != 0 {
		t.Fatal("10.0: rolled with no army on the track")
	}
	s = setUpOnly(t, "")
	s.withArmies(t, 3, 1)
	s = atPhase(t, s, PhaseGrindingWar)
	evs := s.step(t, []int{5, 5, 5}, s.grindingWarPhase)
	if r := rolls(evs); len(r) != 1 || r[0].Dice != "3d6" || s.GWT != 1 {
		t.Fatalf("10.1: no 6, yet box %d (%v)", s.GWT, r)
	}
	s = setUpOnly(t, "")
	s.withArmies(t, 3, 1)
	s = atPhase(t, s, PhaseGrindingWar)
	s.step(t, []int{1, 6, 2}, s.grindingWarPhase)
	if s.GWT != 2 {
		t.Fatalf("10.1: a 6, yet box %d, want 2", s.GWT)
	}
}

// 10.3: from Stubborn Defense a 6 enters Constant Retreat; there a 6
// removes a Crew counter of the player's choice from the map (lettered
// spaces included), else a counter of the allocation box, else nothing;
// XXI-A14: to the Scrap Pile, or out of the game.
func Test10_3ConstantRetreat(t *testing.T) {
	top := 5 // the house track's six boxes
	s := setUpOnly(t, "")
	s.withArmies(t, 1, top-1)
	s = atPhase(t, s, PhaseGrindingWar)
	s.step(t, []int{6}, s.grindingWarPhase)
	if s.GWT != top || s.box().Name != "Constant Retreat" {
		t.Fatalf("10.3: Stubborn Defense's 6 gave box %d", s.GWT)
	}
	for _, tc := range []struct{ ruling, to string }{{"", AtScrap}, {"A14=out", AtOut}} {
		s := setUpOnly(t, tc.ruling)
		s.withArmies(t, 1, top)
		s.place(t, "crew-F2", yardAt("12"))
		s = atPhase(t, s, PhaseGrindingWar)
		s.step(t, []int{6}, s.grindingWarPhase)
		if s.GWT != top || s.Step != stepRetreat {
			t.Fatalf("10.3: Constant Retreat's 6 left box %d, step %q", s.GWT, s.Step)
		}
		opts := keysOf(s.Pending().Options)
		if strings.Join(opts, " ") != "remove:crew-F1 remove:crew-F2 remove:crew-G1" {
			t.Fatalf("10.3: removal choices %v, want the three Crew counters", opts)
		}
		refused(t, s, "remove:hull-A1")
		next, _ := apply(t, s, "remove:crew-G1")
		if got := next.counter("crew-G1").At; got != tc.to {
			t.Errorf("XXI-A14 %q: the removed Crew is at %s, want %s", tc.ruling, got, tc.to)
		}
	}
	// No Crew on the map: one counter of the allocation box; one choice
	// only is taken without a prompt.
	s = setUpOnly(t, "")
	s.clearMap()
	s.withArmies(t, 1, top)
	s.place(t, "ibg-1", AtAlloc)
	s = atPhase(t, s, PhaseGrindingWar)
	s.step(t, []int{6}, s.grindingWarPhase)
	if s.counter("ibg-1").At != AtScrap || s.Step != "" {
		t.Fatalf("10.3: with no Crew the IBG is at %s (step %q)", s.counter("ibg-1").At, s.Step)
	}
}

// 11.1: every Depleted flotilla in Valentin flips to full strength; 11.2:
// one Devastation marker removed by a resource of its icon or an IBG, both
// to the Scrap Pile; XXI-A12: from anywhere on the map, or at the hub.
func Test11Repair(t *testing.T) {
	s := setUpOnly(t, "")
	s.counter("VII-1").Depleted = true
	s.place(t, "dev-1", spaceAt("7")) // a hull marker
	s.place(t, "ibg-1", AtAlloc)
	s = atPhase(t, s, PhaseRepair)
	s.step(t, nil, s.repairPhase)
	if s.counter("VII-1").Depleted {
		t.Fatal("11.1: VII-1 still Depleted")
	}
	opts := s.Pending().Options
	for _, k := range []string{"repair:7:hull-A1", "repair:7:hull-B1", "repair:7:hull-C1", "repair:7:ibg-1", "skip"} {
		if !hasKey(opts, k) {
			t.Errorf("11.2: %s not offered (%v)", k, keysOf(opts))
		}
	}
	refused(t, s, "repair:7:crew-F1") // not the marker's icon
	next, _ := apply(t, s, "repair:7:hull-B1")
	if next.devastated("7") != nil || next.counter("dev-1").At != AtScrap || next.counter("hull-B1").At != AtScrap {
		t.Fatal("11.2: the repair did not scrap the marker and the payment")
	}
	// XXI-A12 at_hub: no resource is on the devastated hub, so only the
	// IBG pays.
	s = setUpOnly(t, "A12=at_hub")
	s.place(t, "dev-1", spaceAt("7"))
	s.place(t, "ibg-1", AtAlloc)
	s = atPhase(t, s, PhaseRepair)
	s.step(t, nil, s.repairPhase)
	if got := strings.Join(keysOf(s.Pending().Options), " "); got != "repair:7:ibg-1 skip" {
		t.Fatalf("XXI-A12 at_hub: options %s", got)
	}
}

// 12.1: convoys move from the Atlantic Ocean to the Western Approaches;
// 12.2: the turn marked with a Scrap Pile counter of the player's choice.
func Test12EndPhase(t *testing.T) {
	s := setUpOnly(t, "")
	s.place(t, "convoy-1", areaAt("atlantic"))
	s.place(t, "dev-1", AtScrap)
	s.place(t, "ibg-1", AtScrap)
	s = atPhase(t, s, PhaseEnd)
	s.step(t, nil, s.endPhase)
	if s.counter("convoy-1").At != areaAt("western-approaches") || s.Tally.ConvoysToWA != 1 {
		t.Fatal("12.1: the convoy did not move to the Western Approaches")
	}
	if got := strings.Join(keysOf(s.Pending().Options), " "); got != "marker:ibg-1 marker:dev-1 stop" {
		t.Fatalf("12.2: options %s", got)
	}
	refused(t, s, "marker:hull-A1") // the Scrap Pile is not empty
	next, _ := apply(t, s, "marker:dev-1", 1, 1, 1, 1, 1, 1, 1)
	if next.counter("dev-1").At != AtGTR || next.Turn != 2 || next.Markers[0] != "dev-1" {
		t.Fatalf("12.2: dev-1 at %s, turn %d", next.counter("dev-1").At, next.Turn)
	}
}

// 12.2 with XXI-A16 both ways: an empty Scrap Pile, the marker from the
// map or the allocation box, or from the map only.
func Test12_2XXIA16BothWays(t *testing.T) {
	for _, tc := range []struct {
		ruling string
		box    bool
	}{{"", true}, {"A16=map_only", false}} {
		s := setUpOnly(t, tc.ruling)
		s.place(t, "ibg-1", AtAlloc)
		s = atPhase(t, s, PhaseEnd)
		s.step(t, nil, s.endPhase)
		opts := s.Pending().Options
		if !hasKey(opts, "marker:hull-A1") || hasKey(opts, "marker:ibg-1") != tc.box {
			t.Errorf("XXI-A16 %q: options %v", tc.ruling, keysOf(opts))
		}
	}
}

// XXI-A1: the game ends at the end of the Götterdämmerung track, or when
// the player stops, with a report and no verdict.
func TestXXIA1StopAndTrackEndGiveAReport(t *testing.T) {
	s := setUpOnly(t, "")
	s = atPhase(t, s, PhaseEnd)
	s.step(t, nil, s.endPhase)
	next, evs := apply(t, s, "stop")
	o := next.Outcome()
	if o == nil || o.Level != "report" || !next.Stopped || !strings.Contains(o.Summary, "No victory") {
		t.Fatalf("stop: outcome %+v", o)
	}
	if evs[len(evs)-1].Kind != "end" {
		t.Fatal("stop: no end event")
	}
	s = setUpOnly(t, "")
	s.Turn = s.track().Months
	s = atPhase(t, s, PhaseEnd)
	s.step(t, nil, s.endPhase)
	next, _ = apply(t, s, "marker:hull-A1")
	if next.Outcome() == nil || next.Stopped {
		t.Fatal("12.2: the track's last month marked, yet the game goes on")
	}
	if _, _, err := next.Apply(engineChoice("stop"), dice.NewScripted(nil)); err == nil {
		t.Fatal("a finished game took a choice")
	}
}

// Encode and Decode round-trip; a game refuses a pack other than its own,
// by SHA-256 (engine.PackKit's binding, as U-Boat Leader's).
func TestEncodeDecodeAndPackBinding(t *testing.T) {
	r := houseRules(t)
	st, _, err := r.New([]byte(`{}`), dice.NewFast(7))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := st.Encode()
	back, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.Encode(); !bytes.Equal(again, b) {
		t.Fatal("Encode→Decode→Encode differs")
	}
	other := *r.packs[0]
	other.SHA256 = strings.Repeat("0", 64)
	if _, err := NewRulesWith(&other).Decode(b); err == nil || !strings.Contains(err.Error(), r.packs[0].SHA256) {
		t.Fatalf("a game decoded with another pack: %v", err)
	}
	if s := st.(*State); s.Setup.PackSHA256 != r.packs[0].SHA256 {
		t.Fatalf("the game records SHA-256 %q", s.Setup.PackSHA256)
	}
}

// Issue 30 item 4: an owner's pack that gives victory levels as data has
// them applied by the report, which says they are the owner's; the house
// pack gives none, and the report declares none.
func TestOwnersVictoryLevelsApplied(t *testing.T) {
	six, two := 6, 2
	for _, tc := range []struct {
		sunk  int
		level string
	}{{7, "decisive"}, {3, "defeat"}} {
		s := setUpOnly(t, "")
		p := *s.pack
		p.Meta.ID = "mine"
		p.Meta.Victory = &content.Victory{Source: "14.0, page 15", Levels: []content.VictoryLevel{
			{Name: "Decisive", When: []content.Condition{{Figure: "convoys_sunk", AtLeast: &six}, {Figure: "convoys_to_wa", AtMost: &two}}},
			{Name: "Defeat"},
		}}
		s.pack = &p
		s.Tally.ConvoysSunk = tc.sunk
		s.Done = true
		o := s.Outcome()
		if o.Level != tc.level || !strings.Contains(o.Summary, "by the owner's victory levels (14.0, page 15; pack mine), not kaleun's") {
			t.Errorf("%d sunk: level %q, summary %s", tc.sunk, o.Level, o.Summary)
		}
	}
}
