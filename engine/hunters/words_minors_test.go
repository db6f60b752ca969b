package hunters

import (
	"strings"
	"testing"
)

// Issue 28's text minors: each message says what it means in the rulebook's
// words.

// A one-month refit is "1 month", not "1 months".
func TestRefitOfOneMonthIsSingular(t *testing.T) {
	s := bare(t, "VIIC", "1941-01", "")
	withPatrol(t, s, "atlantic", 7)
	s.Refit = &RefitState{Return: s.Career.Month + 1}
	evs := run(t, s, nil, s.refitLength)
	txt := dump(evs)
	if !strings.Contains(txt, "= 1 month.") || strings.Contains(txt, "1 months") {
		t.Fatalf("refit line:\n%s", txt)
	}
}

// One gun, one name: E4's "2cm Flak" and "Flak Gun(s)" results (10.6.4) read
// as the card prints them and as the status view names the gun.
func TestFlakGunsGoByTheRulebooksNames(t *testing.T) {
	s := airAt(t, "IXB", "1941-03", "")
	evs := run(t, s, nil, func() {
		s.damageSystem("all_flak_guns")
		s.damageSystem("flak_20mm")
		s.damageSystem("flak_37mm")
	})
	txt := dump(evs)
	if !strings.Contains(txt, "Flak Gun(s) damaged.") || !strings.Contains(txt, "2cm Flak: already damaged") || !strings.Contains(txt, "3.7cm Flak: already damaged") {
		t.Fatalf("damage lines:\n%s", txt)
	}
	for _, bad := range []string{"all flak guns", "flak 20mm", "flak 37mm"} {
		if strings.Contains(txt, bad) {
			t.Fatalf("%q in:\n%s", bad, txt)
		}
	}
}

// 9.6.4: going below test depth costs a hull box now; the prompt says what
// the count will be, not what it is before.
func TestTestDepthPromptCountsTheHullBoxItCosts(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Boat.Hull = 2
	txt := s.Pending().Text
	if !strings.Contains(txt, "1 hull damage (that makes 3 of 8)") {
		t.Fatalf("prompt: %q", txt)
	}
}

// An encounter's heading is a sentence: "Convoy: Day, escorted."
func TestEncounterHeadingIsCapitalised(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	encounter(t, s, "convoy", true, false, "tanker:9000")
	if got := s.engageText(); !strings.HasPrefix(got, "Convoy: Day, escorted.") {
		t.Fatalf("heading %q", got)
	}
}

// The log's marks have a key: the circle (parentheses) for sunk, the tick for
// damaged, the kind's letter and the patrol's S or F (7.5.2, 9.2.6).
func TestLogViewHasAKey(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	s.Career.Log = append(s.Career.Log, LogRow{Month: s.Career.Month, Mark: "patrol", Patrol: "Atlantic", Result: "S", Tons: 9000,
		Targets: []LogTarget{{Kind: "tanker", Name: "Athel", Tons: 9000, Sunk: true}, {Kind: "large_freighter", Name: "Clan", Tons: 7600, Damaged: true}}})
	v := s.logView()
	lines := strings.Join(v.Sections[0].Lines, "\n")
	if !strings.Contains(lines, "(t Athel 9,000)") || !strings.Contains(lines, "l Clan 7,600 ✓") {
		t.Fatalf("log:\n%s", lines)
	}
	if !strings.Contains(lines, "Key: (t Name 10,000) sunk, t Name 10,000 ✓ damaged; t tanker, l large freighter, s small freighter, c capital ship") ||
		!strings.Contains(lines, "S a successful patrol, F a failure") {
		t.Fatalf("no key:\n%s", lines)
	}
	if empty := bare(t, "VIIC", "1941-03", "").logView(); strings.Contains(strings.Join(empty.Sections[0].Lines, "\n"), "Key:") {
		t.Fatal("a key with nothing to read it on")
	}
}

// 7.2.1: a (W) patrol is called a Wolfpack patrol where it is assigned and
// in the status view.
func TestWolfpackPatrolIsCalledOne(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	s.Patrol = &Patrol{Assignment: "atlantic_W"}
	s.Phase = phAssigned
	evs := run(t, s, nil, s.stepAssigned)
	if txt := dump(evs); !strings.Contains(txt, "Atlantic (W), a Wolfpack patrol (7.2)") {
		t.Fatalf("assignment:\n%s", txt)
	}
	found := false
	for _, sec := range s.statusView().Sections {
		if strings.Contains(sec.Title, "Wolfpack patrol") {
			found = true
		}
	}
	if !found {
		t.Fatal("the status view does not call the patrol a Wolfpack patrol")
	}
}

// 9.2.1: while a salvo is aimed, each prompt says which tubes already aim
// at which ship, and how many are held.
func TestAimPromptSaysWhatIsAimed(t *testing.T) {
	s := escortedAt(t, "VIIC", "1941-03", "medium", false)
	s.Phase = phWeapon
	runSteps(t, s)
	choose(t, s, "fwd")
	choose(t, s, "t1")
	choose(t, s, "t1")
	choose(t, s, "hold")
	txt := s.Pending().Text
	if !strings.Contains(txt, "— 2 aimed (fwd 1 G7") || !strings.Contains(txt, "1 held") {
		t.Fatalf("prompt:\n%s", txt)
	}
	if strings.Count(txt, "aimed") != 1 {
		t.Fatalf("only the first ship has tubes aimed at it:\n%s", txt)
	}
}

// The combat mat of a boat sunk outright by depth charges shows that attack,
// not the one before it (issue 28).
func TestCombatMatShowsTheFatalAttack(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Enc.Incoming = 3 // the attack before
	// E2 5+6 = 11 +1 1941 = 12: detected with +1; E3 6+6 +1 = 13: U-boat sunk.
	choose(t, s, "hold_depth", 5, 6, 6, 6)
	if s.Over == nil {
		t.Fatal("the boat should be sunk")
	}
	c, ok := s.CombatSheet()
	if !ok || c.LastAttack != "Last attack on the boat: U-boat sunk" {
		t.Fatalf("combat mat %v: %q", ok, c.LastAttack)
	}
}

// A game begun before the words were mended replays to the words it logged
// (the wording ruling's "first"): issue 28's new names of the flak guns and
// of a Wolfpack patrol are not in its log, so they stay out of its replay.
func TestFirstWordsKeepTheFormerGunAndPatrolNames(t *testing.T) {
	s := airAt(t, "IXB", "1941-03", "wording=first")
	evs := run(t, s, nil, func() { s.damageSystem("flak_20mm") })
	if txt := dump(evs); !strings.Contains(txt, "flak 20mm damaged.") {
		t.Fatalf("first words' damage line:\n%s", txt)
	}
	p := &Patrol{Assignment: "atlantic_W", Wolfpack: true}
	if got := s.patrolWords(p); got != "Atlantic (W)" {
		t.Fatalf("first words' patrol: %q", got)
	}
	plain := bare(t, "VIIC", "1941-03", "")
	if got := plain.patrolWords(p); got != "Atlantic (W), a Wolfpack patrol (7.2)" {
		t.Fatalf("mended words' patrol: %q", got)
	}
}
