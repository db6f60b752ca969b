package hunters

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// runUntil runs automatic phases one by one until s.Phase is want.
func runUntil(t *testing.T, s *State, want Phase, faces ...int) {
	t.Helper()
	run(t, s, faces, func() {
		for i := 0; s.Phase != want && s.Over == nil; i++ {
			h := handlerFor(s.Phase)
			if h.step == nil {
				t.Fatalf("stopped at decision %s before reaching %s", s.Phase, want)
			}
			h.step(s)
			if i > 1000 {
				t.Fatal("runaway")
			}
		}
	})
}

// 4.5's example: a Type VIIC carries 14 torpedoes, 8 G7a and 6 G7e, and may
// swap up to 3: 11 G7a + 3 G7e is allowed, 12 + 2 is not; 4.5.2 caps the G7e at 5.
func TestExample4_5TorpedoMix(t *testing.T) {
	s := bare(t, "VIIC", "1940-10", "")
	withPatrol(t, s, "atlantic", 0)
	s.beginLoading()
	keys := strings.Join(optionKeysOf(s), " ")
	if keys != "e3 e4 e5 e6 e7 e8 e9" {
		t.Fatalf("mix options %q", keys)
	}
	choose(t, s, "e3")
	if s.Refit.Load.E != 3 {
		t.Fatal("mix not recorded")
	}
	// 4.5 steps 4-6: every tube loaded and the reload boxes filled to capacity.
	choose(t, s, "f0a0")
	choose(t, s, "z0", 3, 5) // and the first box's encounter roll: none
	b := s.Boat
	if b.FwdA+b.FwdE != 8 || b.AftA+b.AftE != 1 || s.torpedoesAboard() != 14 || b.FwdE != 3 {
		t.Fatalf("load %+v", b)
	}
	r := bare(t, "VIIC", "1940-10", "4.5.2")
	withPatrol(t, r, "atlantic", 0)
	r.beginLoading()
	if keys := strings.Join(optionKeysOf(r), " "); keys != "e3 e4 e5" {
		t.Fatalf("4.5.2 mix options %q", keys)
	}
}

// 9.2.5's example: a large freighter of 10,000 t or more starts in the 4 box
// and 3 damage points move it to 1; a tanker under 10,000 t (3 box) taking 3 sinks.
func TestExample9_2_5CombatMatDamage(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 2)
	e := encounter(t, s, "convoy", true, true, "large_freighter:10600", "small_freighter:3000", "tanker:8900")
	if e.Targets[0].Points != 4 || e.Targets[2].Points != 3 {
		t.Fatalf("start boxes %d and %d", e.Targets[0].Points, e.Targets[2].Points)
	}
	run(t, s, []int{2}, func() { s.damageTarget(0, false) }) // U3 roll 2: 3 points
	if tg := e.Targets[0]; tg.Sunk || tg.Points-tg.Damage != 1 {
		t.Fatalf("large freighter %+v", tg)
	}
	run(t, s, []int{2}, func() { s.damageTarget(2, false) })
	if !e.Targets[2].Sunk || !s.Patrol.Targets[2].Sunk || s.Career.Tons != 8900 {
		t.Fatalf("tanker %+v", e.Targets[2])
	}
	if !s.Patrol.Targets[0].Damaged || s.Patrol.Targets[0].Sunk {
		t.Fatal("9.2.6: the freighter must be checked as damaged on the log")
	}
}

// 9.4.2's example: a 13,000 t tanker; three forward torpedoes score 2 damage,
// the aft torpedo 1 more; two points of deck-gun ammo are committed, the first
// sinks her, and the second is expended all the same.
func TestExample9_4_2UnescortedTanker(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 2)
	e := encounter(t, s, "tanker", false, false, "tanker:13000")
	e.Range, e.Surfaced, e.CombatRound = "close", true, 1
	s.Phase = phWeapon
	choose(t, s, "fwd")
	choose(t, s, "t1")
	choose(t, s, "t1")
	choose(t, s, "t1")
	// U1 hit (3+3, -1 UZO), U2 no dud (5), U3 1 point (4); again; then a miss (6+6).
	evs := choose(t, s, "hold", 3, 3, 5, 4, 2, 2, 6, 5, 6, 6)
	if r := findRoll(evs, "U1", "torpedo"); r == nil || r.Total != 5 {
		t.Fatalf("UZO -1 missing: %+v", r)
	}
	if e.Targets[0].Damage != 2 {
		t.Fatalf("after the forward salvo: %d damage", e.Targets[0].Damage)
	}
	if s.Phase != phWeapon || strings.Contains(strings.Join(optionKeysOf(s), " "), "fwd") {
		t.Fatalf("9.4.2: see the result, then another weapon type (not the forward tubes again): %v", optionKeysOf(s))
	}
	choose(t, s, "aft")
	choose(t, s, "t1", 2, 2, 5, 4) // hit, no dud, 1 point
	if e.Targets[0].Damage != 3 {
		t.Fatalf("after the aft torpedo: %d damage", e.Targets[0].Damage)
	}
	choose(t, s, "gun")
	choose(t, s, "t1")
	// First point: hit (3+3), U3 deck gun 4 = 1 point: sunk. Second: rolled anyway (miss).
	evs = choose(t, s, "t1", 3, 3, 4, 6, 6)
	if !e.Targets[0].Sunk || s.Boat.Ammo != 8 {
		t.Fatalf("sunk %v, ammo %d (want sunk, 8)", e.Targets[0].Sunk, s.Boat.Ammo)
	}
	n := 0
	for _, ev := range evs {
		if ev.Roll != nil && ev.Roll.Chart == "U1" {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("both committed ammo points must be fired, %d were", n)
	}
}

// 10.10.3's example: a Type VII returns with the periscope, fuel tanks and
// dive planes inoperable and 5 hull boxes: 1 + 1 + 2 = 4 months. 7 hull boxes
// would add 3.
func TestExample10_10_3RefitMonths(t *testing.T) {
	s := bare(t, "VIIC", "1941-01", "")
	withPatrol(t, s, "atlantic", 7)
	for _, i := range []int{sysPeriscope, sysFuelTanks, sysDivePlanes} {
		s.Boat.Sys[i] = Inoperable
	}
	s.Boat.Hull = 5
	s.Refit = &RefitState{Return: s.Career.Month + 1}
	run(t, s, nil, s.refitLength)
	if s.Refit.Months != 4 {
		t.Fatalf("refit %d months, want 4", s.Refit.Months)
	}
	s.Boat.Hull = 7
	run(t, s, nil, s.refitLength)
	// 1 + 1 + 3 = 5 months: 10.10.5 gives a new boat instead, out after one month.
	if s.Refit.NewBoat != "VIIC" || s.Refit.Months != 1 {
		t.Fatalf("7 hull + 3 inoperable: %+v", s.Refit)
	}
	// Two inoperable systems are repaired free (10.10.2): 1 + 0 + 2 (4 hull) = 3.
	s.Boat.Sys[sysPeriscope] = OK
	s.Boat.Hull = 4
	s.Refit = &RefitState{}
	run(t, s, nil, s.refitLength)
	if s.Refit.Months != 3 {
		t.Fatalf("refit %d months, want 3", s.Refit.Months)
	}
	// 11.2.1: a Korvettenkapitän shortens a 3-month refit to 2, not a 2-month one.
	s.Career.Rank = 2
	run(t, s, nil, s.refitLength)
	if s.Refit.Months != 2 {
		t.Fatalf("KKpt refit %d months, want 2", s.Refit.Months)
	}
	s.Boat.Hull = 1
	run(t, s, nil, s.refitLength)
	if s.Refit.Months != 2 {
		t.Fatalf("KKpt: a 2-month refit stays 2, got %d", s.Refit.Months)
	}
}

// 10.10.6's example: a Type IX patrols the British Isles in September:
// October is a P month, November the first R month, the next patrol December.
func TestExample10_10_6TypeIXPMonth(t *testing.T) {
	s := bare(t, "IXA", "1939-09", "")
	withPatrol(t, s, "british_isles", 8)
	s.Phase = phPatrolEnd
	runUntil(t, s, phLoadMix)
	var marks []string
	for _, r := range s.Career.Log {
		marks = append(marks, r.Month.Label()+":"+r.Mark)
	}
	if got := strings.Join(marks, " "); got != "Sep-39:patrol Oct-39:P Nov-39:R" {
		t.Fatalf("log %s", got)
	}
	if s.Career.NextPatrol != charts.MonthOf(1939, 12) {
		t.Fatalf("next patrol %s", s.Career.NextPatrol)
	}
	// 10.8.6: aborting before the halfway point, a Type IX has no P month.
	s2 := bare(t, "IXA", "1939-09", "")
	withPatrol(t, s2, "british_isles", 2) // box 3 of 9: before halfway
	run(t, s2, nil, func() { s2.startAbort("test", "10.8.5") })
	if !s2.Patrol.BeforeHalf {
		t.Fatal("box 3 of 9 is before the halfway point")
	}
	s2.Phase = phPatrolEnd
	runUntil(t, s2, phLoadMix)
	if s2.Career.NextPatrol != charts.MonthOf(1939, 11) {
		t.Fatalf("next patrol %s, want Nov-39 (no P month)", s2.Career.NextPatrol)
	}
}

// 11.2.3's example: a career from 9/39 rolls for promotion in 9/40, 9/41 and
// 9/42, and a final roll in 6/43 whenever the previous one was made.
func TestExample11_2_3PromotionTiming(t *testing.T) {
	s := bare(t, "VIIB", "1939-09", "")
	s.Career.Rank = 0
	check := func(ret charts.Month, months int, wantRoll bool, faces ...int) {
		t.Helper()
		s.Refit = &RefitState{Return: ret, Months: months}
		before := s.Career.PromotionDue
		run(t, s, faces, func() { s.promotion(false) })
		rolled := s.Career.PromotionDue != before
		if rolled != wantRoll {
			t.Fatalf("refit %s+%d: rolled %v, want %v (due %s)", ret, months, rolled, wantRoll, before)
		}
	}
	check(charts.MonthOf(1940, 7), 2, false)   // next patrol 9/40: not yet
	check(charts.MonthOf(1940, 9), 1, true, 5) // the refit reaches 9/40: roll (5 fails)
	if s.Career.PromotionDue != charts.MonthOf(1941, 9) || s.Career.Rank != 0 {
		t.Fatalf("due %s rank %d", s.Career.PromotionDue, s.Career.Rank)
	}
	check(charts.MonthOf(1941, 5), 1, false)
	check(charts.MonthOf(1941, 8), 2, true, 4) // covers 9/41: roll 4, promoted
	if s.Career.Rank != 1 || s.Career.PromotionDue != charts.MonthOf(1942, 9) {
		t.Fatalf("rank %d due %s", s.Career.Rank, s.Career.PromotionDue)
	}
	// A failed patrol in the period adds +1: a 4 then fails.
	s.Career.PeriodFailed = 1
	check(charts.MonthOf(1942, 9), 1, true, 4)
	if s.Career.Rank != 1 {
		t.Fatal("4 + 1 for an unsuccessful patrol must fail")
	}
	// The final roll in 6/43 comes even though 9/42's was made.
	s.Refit = &RefitState{Return: charts.MonthOf(1943, 5), Months: 2}
	run(t, s, []int{1}, func() { s.promotion(true) })
	if s.Career.Rank != 2 {
		t.Fatalf("final roll: rank %d", s.Career.Rank)
	}
}

// The Blennemann log sheet (3.5): U-235, a Type VIIC from Oct-40, patrols in
// Oct-40, Jan-41, May-41, Aug-41 and Dec-41, with R months between them.
func TestBlennemannLogSheetCalendar(t *testing.T) {
	s := bare(t, "VIIC", "1940-10", "")
	s.Career.Kommandant, s.Boat.Number = "Blennemann", "U-235"
	type patrol struct {
		assignment string
		hull       int
		faces      []int
	}
	patrols := []patrol{
		{"british_isles", 1, nil},      // R Nov-40, Dec-40
		{"atlantic", 4, nil},           // R Feb-41 .. Apr-41
		{"british_isles", 2, []int{5}}, // third success: crew advancement roll (5: crew Veteran)
		{"atlantic", 5, []int{6}},      // R Sep-41 .. Nov-41; promotion due 10/41 (6 fails)
	}
	for i, p := range patrols {
		s.Career.Month = s.Career.NextPatrol
		withPatrol(t, s, p.assignment, 7)
		s.Patrol.Targets = []LogTarget{{Name: "x", Tons: 5000, Kind: "small_freighter", Sunk: true}}
		s.Boat.Hull = p.hull
		s.Phase = phPatrolEnd
		runUntil(t, s, phLoadMix, p.faces...)
		if i == 2 && s.Crew.Quality != Veteran {
			t.Fatalf("advancement after the third success: quality %d", s.Crew.Quality)
		}
	}
	var got []string
	for _, r := range s.LogSheet() {
		if r.Mark != "" {
			got = append(got, r.Month.Label()+":"+r.Mark)
		}
	}
	want := "Oct-40:patrol Nov-40:R Dec-40:R Jan-41:patrol Feb-41:R Mar-41:R Apr-41:R May-41:patrol Jun-41:R Jul-41:R Aug-41:patrol Sep-41:R Oct-41:R Nov-41:R"
	if strings.Join(got, " ") != want {
		t.Fatalf("calendar\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	if s.Career.NextPatrol != charts.MonthOf(1941, 12) {
		t.Fatalf("next patrol %s, want Dec-41", s.Career.NextPatrol)
	}
	var circled []string
	for _, r := range s.Career.Log {
		if r.Advancement {
			circled = append(circled, r.Month.Label())
		}
	}
	if strings.Join(circled, " ") != "May-41" {
		t.Fatalf("11.1: the third success (May-41) carries the crew advancement mark, got %v", circled)
	}
}
