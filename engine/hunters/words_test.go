package hunters

import (
	"strings"
	"testing"
)

func TestTonsAndCounts(t *testing.T) {
	for n, want := range map[int]string{0: "0 t", 800: "800 t", 8500: "8,500 t", 42300: "42,300 t", 1234567: "1,234,567 t"} {
		if got := Tons(n); got != want {
			t.Errorf("Tons(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "0 hits", 1: "1 hit", -1: "-1 hit", 2: "2 hits"} {
		if got := plural(n, "hit", "hits"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
	first, plain := bare(t, "VIIC", "1941-03", "wording=first"), bare(t, "VIIC", "1941-03", "")
	if first.tons(8500) != "8500 t" || plain.tons(8500) != "8,500 t" || first.count(1, "hit", "hits") != "1 hits" || plain.count(1, "hit", "hits") != "1 hit" {
		t.Fatal("the wording ruling picks the words")
	}
	if first.tubes([]string{"G7a", "", ""}) != "[G7a  ]" || plain.tubes([]string{"G7a", "", ""}) != "[G7a empty empty]" || plain.tubes([]string{""}) != "[empty]" {
		t.Fatalf("tubes: %q %q", first.tubes([]string{"G7a", "", ""}), plain.tubes([]string{"G7a", "", ""}))
	}
	if first.allAt(1, 2) != "This and the 1 others at #2" || plain.allAt(1, 2) != "This and the other one at #2" || plain.allAt(3, 2) != "This and the 3 others at #2" {
		t.Fatal("the aiming option's words")
	}
}

// 14.8.4: with the hydrophones damaged there is no evasive maneuver, and the
// log says why it was not offered.
func TestEvasiveManeuversSayWhyNotWithDamagedHydrophones(t *testing.T) {
	for _, c := range []struct {
		rules string
		note  bool
	}{{"14.8", true}, {"14.8,wording=first", false}, {"", false}} {
		s := withPatrol(t, bare(t, "VIIC", "1941-03", c.rules), "atlantic", 3)
		encounter(t, s, "convoy", true, false, "large_freighter:8000")
		s.Boat.Sys[sysHydrophones] = Damaged
		s.Phase = phDC
		evs := run(t, s, nil, func() { s.stepDC() })
		if got := strings.Contains(dump(evs), "No evasive maneuver: with the hydrophones damaged"); got != c.note || s.Phase != phDCRoll {
			t.Errorf("rules %q: note %v (want %v), phase %s\n%s", c.rules, got, c.note, s.Phase, dump(evs))
		}
	}
}

// 10.6.2: a second light wound makes a severe one, a second severe wound
// kills, and the log says so in words.
func TestASecondWoundSaysWhatItMeans(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	s.Crew.Generic[0].Health = LW
	s.Crew.Generic[1].Health = SW
	evs := run(t, s, nil, func() {
		s.wound(&s.Crew.Generic[0], "crew box 1", "LW")
		s.wound(&s.Crew.Generic[1], "crew box 2", "SW")
	})
	text := dump(evs)
	for _, want := range []string{
		"crew box 1 is wounded again: two light wounds make a severe one → SW (severely wounded: out of action until he recovers).",
		"crew box 2 is wounded again: a second severe wound kills him → KIA (killed in action).",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%s", want, text)
		}
	}
	if s.Crew.Generic[0].Health != SW || s.Crew.Generic[1].Health != KIA {
		t.Fatal("10.6.2: LW+LW = SW, SW+SW = KIA")
	}
}
