package hunters

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// testdata/saved-before-load-order.json is a state the kaleun of commit
// ee0d05e saved (cmd/kaleun's Encode, as bbolt stores it): a Type VIIC
// career of Mar-41 set up with the dice 1 (rank: OltzS), 3+4 (P1 7:
// Atlantic), waiting at its first torpedo-load prompt with its assignment
// already rolled, as torpedo_load_order's default then had it. It names no
// ruling.
func savedBeforeLoadOrder(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "saved-before-load-order.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// 4.4.2, 6.1: the default loads before the assignment; a game saved before
// that default plays on as it was begun, the assignment before each load,
// to the next refit and beyond.
func TestASavedGameKeepsTheLoadOrderItWasBegunWith(t *testing.T) {
	raw := savedBeforeLoadOrder(t)
	st, err := NewRulesWithPack(pack(t)).Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if got := s.Settings.Ruling("torpedo_load_order"); got != "after_assignment" {
		t.Fatalf("a state saved before the rulings were recorded plays %s", got)
	}
	if s.Patrol == nil || s.Patrol.Assignment != "atlantic" || s.Pending().Kind != "hunters.torpedo_mix" {
		t.Fatalf("the saved state is not at its load prompt after the assignment: %+v", s.Pending())
	}
	// The load finishes into the patrol already assigned: box 1 (Bay of Biscay, 4+4: none).
	choose(t, s, "e6")
	choose(t, s, "f0a0")
	choose(t, s, "z0", 4, 4)
	if s.Phase != phProceed || s.Patrol.Pos != 0 {
		t.Fatalf("after the load: phase %s, box %d", s.Phase, s.Patrol.Pos+1)
	}
	// Home and refit: the next assignment is rolled before the next load.
	s.Patrol.Pos = len(s.Patrol.Boxes) - 1
	s.Phase = phPatrolEnd
	runUntil(t, s, phAssign)
	runSteps(t, s, 3, 4) // P1 7
	if s.Phase != phLoadMix || s.Patrol == nil || s.Patrol.Assignment == "" {
		t.Fatalf("after the refit: phase %s, patrol %+v", s.Phase, s.Patrol)
	}
	// It survives being saved again: the ruling is now named.
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	again, err := NewRulesWithPack(pack(t)).Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.(*State).Settings.Ruling("torpedo_load_order"); got != "after_assignment" {
		t.Fatalf("saved again, the game plays %s", got)
	}
}

// A saved game names every ruling's value, the defaults too, so a later
// change of a default never reaches it; a new game loads first.
func TestASavedGameNamesEveryRuling(t *testing.T) {
	s, _ := newGame(t, map[string]string{"boat": "VIIC", "start": "1941-03", "rules": "diesel_repair=inoperable_at_once"}, 1)
	if s.Pending().Kind != "hunters.torpedo_mix" || s.Patrol != nil {
		t.Fatalf("4.4.2: the set-up ends with the load, before any assignment: %+v", s.Pending())
	}
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var saved struct {
		Settings struct {
			Rulings map[string]string `json:"rulings"`
		} `json:"settings"`
	}
	if err := json.Unmarshal(b, &saved); err != nil {
		t.Fatal(err)
	}
	for _, r := range Rulings {
		want := r.Default
		if r.Key == "diesel_repair" {
			want = "inoperable_at_once"
		}
		if got := saved.Settings.Rulings[r.Key]; got != want {
			t.Errorf("saved ruling %s = %q, want %q", r.Key, got, want)
		}
	}
	st, err := NewRulesWithPack(pack(t)).Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.(*State).Settings.Ruling("torpedo_load_order"); got != "before_assignment" {
		t.Fatalf("a new game saved and read again plays %s", got)
	}
}

// FormerRules and FormerSetups: the readings the kaleun before the change
// made of a setup that left torpedo_load_order to its default.
func TestFormerReadingsOfASetup(t *testing.T) {
	for _, c := range []struct {
		list string
		want []string
	}{
		{"", []string{"wording=first", "torpedo_load_order=after_assignment,wording=first"}},
		{"14.6, 14.7", []string{"14.6, 14.7,wording=first", "14.6, 14.7,torpedo_load_order=after_assignment,wording=first"}},
		{"torpedo_load_order=before_assignment", []string{"torpedo_load_order=before_assignment,wording=first"}},
		{"torpedo_load_order=after_assignment,14.6", []string{"torpedo_load_order=after_assignment,14.6,wording=first"}},
		{"torpedo_load_order=after_assignment,wording=first", nil},
		{"no_such_rule", nil},
	} {
		if got := FormerRules(c.list); !reflect.DeepEqual(got, c.want) {
			t.Errorf("FormerRules(%q) = %q, want %q", c.list, got, c.want)
		}
	}
	got := FormerSetups([]byte(`{"boat":"VIIB","kommandant":"Prien","rules":"14.6"}`))
	var reading map[string]string
	if len(got) != 2 || json.Unmarshal(got[1], &reading) != nil {
		t.Fatalf("FormerSetups: %q", got)
	}
	if want := map[string]string{"boat": "VIIB", "kommandant": "Prien", "rules": "14.6,torpedo_load_order=after_assignment,wording=first"}; !reflect.DeepEqual(reading, want) {
		t.Fatalf("former setup %v, want %v", reading, want)
	}
	if got := FormerSetups([]byte(`{"boat":"VIIB","rules":"torpedo_load_order=before_assignment,wording=plain"}`)); got != nil {
		t.Fatalf("a setup naming the ruling has no former reading: %q", got)
	}
	if got := FormerSetups([]byte(`not json`)); got != nil {
		t.Fatalf("garbage has no former reading: %q", got)
	}
}

// The former reading of a setup plays as the old kaleun did: the same dice
// make the very state it saved.
func TestTheFormerReadingPlaysAsTheOldKaleun(t *testing.T) {
	setup := []byte(`{"boat":"VIIC","start":"1941-03"}`)
	r := NewRulesWithPack(pack(t))
	former := r.FormerSetups(setup)
	if len(former) != 2 {
		t.Fatalf("readings %q", former)
	}
	st, _, err := r.New(former[1], &scriptDice{t: t, faces: []int{1, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	withoutSettings := func(b []byte) map[string]any {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "settings")
		return m
	}
	if got, want := withoutSettings(b), withoutSettings(savedBeforeLoadOrder(t)); !reflect.DeepEqual(got, want) {
		t.Fatalf("the former reading makes\n%v\nthe old kaleun saved\n%v", got, want)
	}
	// The setup as it reads now rolls only the rank before the load.
	now, _, err := r.New(setup, &scriptDice{t: t, faces: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	if p := now.Pending(); p.Kind != "hunters.torpedo_mix" || now.(*State).Patrol != nil {
		t.Fatalf("now: %+v", p)
	}
	var _ engine.Reread = r
}

// 4.4.2, 6.1: the load before or after the assignment, the dice fall in the
// same order and the built-in commander picks the same load (its mix never
// depended on the area): the same careers, but for the three decisions of
// an (M) patrol's second stowing (7.4.2). A VIIB from Sep-39 meets (M)
// patrols; a VIID's shafts take its mines and stow nothing again.
func TestTheLoadOrderLeavesSimulatedCareersAlone(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	for _, cfg := range []SimConfig{
		{Careers: 150, Boat: "VIIB", Start: "1939-09"},
		{Careers: 100, Boat: "VIID", Start: "1942-01"},
		{Careers: 100, Boat: "IXA", Start: "1939-09", Rules: "14.6,14.9"},
	} {
		sim := func(rules string) *SimReport {
			c := cfg
			c.Rules = rules
			rep, err := Simulate(r, c, func(i int) engine.Dice { return dice.NewFast(uint64(1000 + i)) })
			if err != nil {
				t.Fatal(err)
			}
			rep.Rules = ""
			return rep
		}
		after := "torpedo_load_order=after_assignment"
		if cfg.Rules != "" {
			after = cfg.Rules + "," + after
		}
		first, then := sim(cfg.Rules), sim(after)
		extra := first.Decisions - then.Decisions
		first.Decisions, then.Decisions = 0, 0
		if !reflect.DeepEqual(first, then) {
			t.Errorf("%s: careers differ with the load first\n%+v\n%+v", cfg.Boat, first, then)
		}
		if extra < 0 || extra%3 != 0 || (cfg.Boat == "VIID") != (extra == 0) {
			t.Errorf("%s: %d more decisions with the load first, want three for each (M) patrol of a boat without shafts", cfg.Boat, extra)
		}
	}
}
