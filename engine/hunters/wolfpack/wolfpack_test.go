package wolfpack

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/testsize"
)

func newPack(t testing.TB, seed uint64, members ...string) (*State, []engine.Event, engine.Dice) {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules(h)
	setup := `{"name":"Wotan"`
	for i, m := range members {
		setup += `,"` + string(rune('1'+i)) + `":"` + m + `"`
	}
	d := dice.NewFast(seed)
	st, events, err := r.New([]byte(setup+"}"), d)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State), events, d
}

// commander answers a pack prompt as the built-in commander would.
func commander(s *State, p *engine.Prompt) string {
	seat, _, _ := strings.Cut(p.Token, ".")
	return hunters.Command(s.Career(s.index(seat)))
}

// A pack of six plays its patrol to the end, every boat answering at its
// own pace (here, the boats take turns in a shuffled order). Checked step by
// step: 13.5.2's Jun-42 VIIC Atlantic patrol; 13.5.3's convoy for the whole
// pack at the first Atlantic box; 13.5.4's draw each round (one boat +1,
// the rest -1); at most three rounds per battle (13.5.5); the end when every
// boat is done (13.5.6).
func TestWolfpackPlaysItsPatrolToTheEnd(t *testing.T) {
	offers, latecomers := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		// Under -race (testsize): only as many patrols as it takes to see a
		// boat offered to join and one join.
		if seed > uint64(testsize.Scale(12, 1)) && offers > 0 && latecomers > 0 {
			break
		}
		s, events, d := newPack(t, seed, "Prien", "Kretschmer", "Schepke", "Lemp", "Kuppisch", "Endrass")
		for i := range s.Members {
			c := s.Career(i)
			if c.Boat.Type != "VIIC" || c.Career.Month.String() != "1942-06" || c.Patrol.Assignment != "atlantic" {
				t.Fatalf("13.5.2: boat %d is a %s in %s on %s", i, c.Boat.Type, c.Career.Month, c.Patrol.Assignment)
			}
		}
		all := append([]engine.Event(nil), events...)
		decisions := 0
		for s.Outcome() == nil {
			pending := s.PendingAll()
			if len(pending) == 0 {
				t.Fatalf("seed %d: the pack waits for nobody (battle %+v)", seed, s.Battle)
			}
			p := pending[decisions%len(pending)]
			if p.Kind == "hunters.pack_join" {
				offers++ // 13.5.5: a boat with nothing (or a ship) may join on the second round
			}
			next, evs, err := s.Apply(engine.Choice{Token: p.Token, Key: commander(s, p)}, d)
			if err != nil {
				t.Fatalf("seed %d decision %d (%s): %v", seed, decisions, p.Kind, err)
			}
			s = next.(*State)
			all = append(all, evs...)
			if b := s.Battle; b != nil && b.Round > 3 {
				t.Fatalf("13.5.5: round %d", b.Round)
			}
			decisions++
			if decisions > 20000 {
				t.Fatal("the pack never gets home")
			}
		}
		first, draws, plus := -1, 0, 0
		for i, e := range all {
			if e.Case == "13.5.3" && first < 0 {
				first = i
			}
			if e.Case == "13.5.4" && e.Kind == engine.KindNote {
				draws++
				plus += strings.Count(e.Text, "draws the escorts")
			}
		}
		if first < 0 || draws == 0 || plus != draws {
			t.Fatalf("seed %d: 13.5.3 at %d, %d draws", seed, first, draws)
		}
		for _, e := range all {
			if strings.Contains(e.Text, "attacks the convoy with the pack (round 2 of 3)") {
				latecomers++
			}
		}
		// 13.5.3: every boat that reached the Atlantic attacks the first convoy together.
		reached := 0
		for _, e := range all {
			if e.Case == "13.5.3" {
				reached++
			}
		}
		for _, e := range all {
			if e.Case == "13.5.5" && strings.Contains(e.Text, "attacks a convoy") {
				if got := strings.Count(e.Text, ",") + 1; got != reached {
					t.Fatalf("seed %d: %d boats reached the Atlantic, the first battle has %d: %s", seed, reached, got, e.Text)
				}
				break
			}
		}
		o := s.Outcome()
		if len(o.Fields) != 6 || o.Score != s.Total() {
			t.Fatalf("outcome %+v", o)
		}
	}
	if offers == 0 || latecomers == 0 {
		t.Fatalf("13.5.5: no boat was offered to join (%d) or joined (%d) a battle on its second round", offers, latecomers)
	}
}

// The draw of 13.5.4 sets the detection modifier each boat's escorts face.
func TestWolfpackDrawSetsTheDetectionModifier(t *testing.T) {
	s, _, d := newPack(t, 7, "Prien", "Kretschmer", "Schepke")
	mods := map[int]int{}
	for i := 0; i < 3000 && s.Outcome() == nil; i++ {
		pending := s.PendingAll()
		p := pending[0]
		next, evs, err := s.Apply(engine.Choice{Token: p.Token, Key: commander(s, p)}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
		for _, e := range evs {
			if e.Roll != nil && e.Roll.Chart == "E2" && e.Roll.Case == "9.6.7" {
				for _, m := range e.Roll.Modifiers {
					if strings.HasPrefix(m.Reason, "wolfpack") {
						mods[m.Value]++
					}
				}
			}
		}
	}
	if mods[-1] == 0 || len(mods) > 2 {
		t.Fatalf("detection modifiers from the pack: %v", mods)
	}
}

// Issue 17: in a pack set up with numbers=own (every wolfpack tournament's
// from now on) each boat has its own number, 14.4.1's in order, so that the
// players of one thread can tell their boats apart; a pack set up before
// keeps the one number its log was played with.
func TestEachBoatItsOwnNumber(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules(h)
	numbers := func(setup string) []string {
		t.Helper()
		st, _, err := r.New([]byte(setup), dice.NewFast(1))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var out []string
		for i := range s.Members {
			out = append(out, s.Career(i).Boat.Number)
		}
		return out
	}
	if got := strings.Join(numbers(`{"name":"Wotan","1":"Prien","2":"Kretschmer","3":"Schepke","numbers":"own"}`), " "); got != "U-69 U-70 U-71" {
		t.Errorf("numbers=own: %s, want U-69 U-70 U-71", got)
	}
	if got := strings.Join(numbers(`{"name":"Wotan","1":"Prien","2":"Kretschmer","3":"Schepke"}`), " "); got != "U-69 U-69 U-69" {
		t.Errorf("a pack set up before: %s, want its one number", got)
	}
}
