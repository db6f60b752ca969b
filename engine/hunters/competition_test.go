package hunters

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// 13.2-13.4: each format's start date and boats; a Survival Kommandant
// lost before Jun-43 does not qualify (13.3.1); 15.1's top ten.
func TestTournamentFormatsAndStandings(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	for _, c := range []struct {
		format            string
		organiser, joiner map[string]string
		boat, start       string
	}{
		{"top", map[string]string{"length": "long"}, nil, "VIIA", "1939-09"},
		{"top", map[string]string{"length": "short", "boat": "IXC"}, nil, "IXC", "1941-05"},
		{"survival", map[string]string{"length": "short"}, nil, "VIIC", "1941-05"},
		{"mixed", map[string]string{"length": "long"}, map[string]string{"boat": "VIIB"}, "VIIB", "1939-09"},
	} {
		setup, err := r.EntrantSetup(c.format, c.organiser, c.joiner, "Prien")
		if err != nil || setup["boat"] != c.boat || setup["start"] != c.start || setup["kommandant"] != "Prien" {
			t.Errorf("%s %v: %v %v", c.format, c.organiser, setup, err)
		}
	}
	for _, bad := range []struct {
		format            string
		organiser, joiner map[string]string
	}{
		{"top", map[string]string{"length": "long", "boat": "VIIC"}, nil},
		{"top", map[string]string{}, nil},
		{"mixed", map[string]string{"length": "short"}, nil},
		{"mixed", map[string]string{"length": "long"}, map[string]string{"boat": "VIIC"}}, // not yet available in Sep-39
		{"chess", map[string]string{"length": "long"}, nil},
	} {
		if _, err := r.EntrantSetup(bad.format, bad.organiser, bad.joiner, "Prien"); err == nil {
			t.Errorf("%s %v %v accepted", bad.format, bad.organiser, bad.joiner)
		}
	}
	s := bare(t, "VIIC", "1942-01", "")
	s.Career.Tons = 50000
	s.Over, s.Career.Fate = &engine.Outcome{}, "sunk"
	if st := r.Standing("survival", map[string]string{"length": "short"}, s, ""); st.Qualifies || st.Score != 50000 || !st.Over {
		t.Errorf("a sunk Kommandant in a Survival tournament: %+v", st)
	}
	if st := r.Standing("top", map[string]string{"length": "short"}, s, ""); !st.Qualifies {
		t.Errorf("dead or alive in Top Tonnage: %+v", st)
	}
	s.Career.Fate = "survived"
	if st := r.Standing("mixed", map[string]string{"length": "short", "win": "survival"}, s, ""); !st.Qualifies {
		t.Errorf("a survivor: %+v", st)
	}
	if l := r.Legends(); len(l) != 10 || l[0].Name != "Otto Kretschmer" || l[0].Score != 273043 {
		t.Errorf("15.1: %+v", l)
	}
}
