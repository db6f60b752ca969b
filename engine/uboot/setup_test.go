package uboot

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaleun/kaleun/engine"
)

// §2, §6.2: the house pack holds 16 figures and 32 sailors of two icons.
func TestHousePackChecksClean_2_6_2(t *testing.T) {
	p, err := LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Figures) != 16 || len(p.Sailors) != 32 {
		t.Fatalf("figures %d, sailors %d: want 16 and 32", len(p.Figures), len(p.Sailors))
	}
	if !strings.Contains(p.Meta.Label, "not the publisher's") {
		t.Fatalf("the house pack's label %q must say it is house content", p.Meta.Label)
	}
}

// A pack's check lists every problem at once, each naming its file.
func TestPackCheckListsEveryProblem(t *testing.T) {
	fs := fstest.MapFS{}
	for name, b := range PackTemplate() {
		fs[name] = &fstest.MapFile{Data: b}
	}
	if _, err := LoadPack(fs, "."); err != nil {
		t.Fatalf("the template (the house pack's values) must check clean: %v", err)
	}
	crew := strings.Replace(string(fs["crew.yaml"].Data), "{figure: C1, watch: 1, icons: [reload, torpedoes]}", "{figure: C1, watch: 1, icons: [reload]}", 1)
	crew = strings.Replace(crew, "{figure: C1, shape: circle, start: 1}", "{figure: C1, shape: circle, start: 7}", 1)
	fs["crew.yaml"] = &fstest.MapFile{Data: []byte(crew)}
	_, err := LoadPack(fs, ".")
	pe, ok := err.(*engine.PackError)
	if !ok || len(pe.Problems) != 2 {
		t.Fatalf("want 2 problems (two icons §6.2, a start in 1-4 §5.2), got %v", err)
	}
	for _, p := range pe.Problems {
		if !strings.HasPrefix(p, "crew.yaml: ") {
			t.Fatalf("problem %q does not name its file", p)
		}
	}
}

// §5.2, §7.2, §7.3, §6.6.1: the board as set up.
func TestSetUp_5_2_7_2_7_3(t *testing.T) {
	s := board(t, `{"captain":"medium"}`)
	if s.Order != 0 || orderSpaces[s.Order] != "VIII" {
		t.Errorf("§7.2: the Order Track starts on VIII, not %s", orderSpaces[s.Order])
	}
	if moraleSpaces[s.Morale] != "XI" {
		t.Errorf("§7.3 (ruling morale-start): the Morale Track starts on XI, not %s", moraleSpaces[s.Morale])
	}
	if s.Excess != moraleFinal {
		t.Errorf("§7.3: a medium Captain's excess marker starts on the rightmost space, not %d", s.Excess)
	}
	if s.Watch != 1 || !s.Up {
		t.Errorf("§6.2: the first watch is on duty, surfaced")
	}
	if !has(s.Sections[2].Res, "toolbox-I") || !has(s.Sections[4].Res, "toolbox-II") {
		t.Errorf("§5.2 step 9: a toolbox in 2 and one in 4: %v %v", s.Sections[2].Res, s.Sections[4].Res)
	}
	n := 0
	for sec := 1; sec <= 6; sec++ {
		for _, r := range s.Sections[sec].Res {
			if has(supplyKinds, r) {
				n++
			}
		}
		if k := len(s.Sections[sec].Res); k > 2 {
			t.Errorf("§5.2 step 9: at most one supply a section")
		}
	}
	if n != 5 {
		t.Errorf("§5.2 step 9: 5 supplies in sections 1-6, found %d", n)
	}
	for _, r := range roleIDs {
		if s.Cigs[r] != 2 {
			t.Errorf("§5.2 step 10: 2 cigarettes for the %s", r)
		}
	}
	for i := range figureIDs {
		if sec := s.Figures[i].Sec; sec < 1 || sec > 4 {
			t.Errorf("§5.2 step 6: %s starts in section %d, not 1-4", figureIDs[i], sec)
		}
	}
	if len(s.Hand) != 3 {
		t.Errorf("§7.7: the Captain's hand of the pack's size, %d", len(s.Hand))
	}
	if e := board(t, `{"captain":"easy"}`); e.Excess != -1 {
		t.Errorf("§6.6.1: an easy Captain tracks no excess activations")
	}
}

// §5.2 step 6, §7.7, §10.3.3: the pyramid's 6 provisions, the Captain's
// cards and the CE's cards' split are drawn through the dice, each in a
// roll event.
func TestSetUpDrawsAreAudited_5_2(t *testing.T) {
	d := &script{}
	st, evs, err := NewRules().New(nil, d)
	if err != nil {
		t.Fatal(err)
	}
	// The sixth CE card is the last one: taken without a die.
	if rolls(evs, "7.7") != 3 || rolls(evs, "5.2") != 6 || rolls(evs, "10.3.3") != 5 || draws(evs, "10.3.3") != 6 || len(d.sides) != 14 {
		t.Fatalf("3 Captain's cards dealt, 6 provisions drawn, 6 CE cards dealt: %d dice, %d, %d and %d roll events", len(d.sides), rolls(evs, "7.7"), rolls(evs, "5.2"), rolls(evs, "10.3.3"))
	}
	s := st.(*State)
	for k, p := range s.Pyramid {
		if p == "" {
			t.Fatalf("§5.2 step 6: the pyramid's space %d is empty", k+1)
		}
	}
}

// §6.4: 1-6 in a row, 7-8, and 3-8 only while surfaced; nothing else.
func TestAdjacency_6_4(t *testing.T) {
	for _, c := range []struct {
		a, b int
		up   bool
		want bool
	}{{1, 2, false, true}, {5, 6, false, true}, {1, 3, true, false}, {6, 7, true, false}, {7, 8, false, true},
		{3, 8, true, true}, {3, 8, false, false}, {4, 8, true, false}, {2, 7, true, false}} {
		if got := adjacent(c.a, c.b, c.up); got != c.want {
			t.Errorf("adjacent(%d, %d, surfaced %v) = %v, want %v", c.a, c.b, c.up, got, c.want)
		}
	}
}

// An auditable die has 2 to 255 sides: a pile of one is taken without a
// die. (Found by the chat door test: the sixth CE card was "drawn" with a
// d1.)
func TestPileOfOneTakesNoDie(t *testing.T) {
	s := board(t, `{}`)
	d := &script{}
	s.d = d
	s.Decks["events"] = &Deck{Hidden: []string{"ev-mould"}}
	id, err := s.drawCard("events", "8.7", "Event card")
	if err != nil || id != "ev-mould" || len(d.sides) != 0 {
		t.Fatalf("the last card, no die: %q %v %v", id, err, d.sides)
	}
}
