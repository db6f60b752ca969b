package hunters

import (
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
)

// The tournament page's chart (engine.ScoreSeries) reads the patrol log
// sheet (3.5): a point for the start at 0 t, one per completed patrol with
// the tonnage so far, and, while a patrol at sea has sunk ships its row
// does not carry yet, a last point with the career's tonnage as it stands.
// Checked before every decision of whole careers played by the built-in
// commander.
func TestScoreSeriesFollowsThePatrolLogSheet3_5(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	raw := []byte(`{"boat":"VIIC","start":"1940-10"}`)
	su, err := r.ParseSetup(raw)
	if err != nil {
		t.Fatal(err)
	}
	s := &State{pack: r.pack}
	seenAtSea, seenPatrols := false, false
	for i := range 20 {
		d := dice.NewFast(uint64(7000 + i))
		if err := r.Restart(s, su, d); err != nil {
			t.Fatal(err)
		}
		check := func(s *State) bool {
			pts := s.ScoreSeries("")
			if len(pts) == 0 || pts[0].Score != 0 || pts[0].Label != "start, "+s.Career.Start.Label() {
				t.Fatalf("career %d: the series does not start at 0 t in its first month: %+v", i, pts)
			}
			if last := pts[len(pts)-1].Score; last != s.Career.Tons {
				t.Fatalf("career %d: the series ends at %d t, the career has %d t: %+v", i, last, s.Career.Tons, pts)
			}
			completed := 0
			for _, row := range s.Career.Log {
				if row.Result != "" || row.Loss != "" {
					completed++
				}
			}
			want := completed + 1
			if sum := pts[completed].Score; sum != s.Career.Tons {
				want++
				seenAtSea = true
			}
			if len(pts) != want {
				t.Fatalf("career %d: %d points for %d completed patrols: %+v", i, len(pts), completed, pts)
			}
			for j := 1; j < len(pts); j++ {
				if pts[j].Score < pts[j-1].Score {
					t.Fatalf("career %d: the tonnage fell from %d to %d: %+v", i, pts[j-1].Score, pts[j].Score, pts)
				}
			}
			seenPatrols = seenPatrols || completed > 1
			return false
		}
		if err := s.play(d, check); err != nil {
			t.Fatal(err)
		}
		check(s)
		if s.ScoreSeries("b") != nil {
			t.Fatal("a solitaire career answers for seat b")
		}
	}
	if !seenAtSea || !seenPatrols {
		t.Fatalf("the careers never showed a patrol at sea with ships sunk (%v) or two completed patrols (%v)", seenAtSea, seenPatrols)
	}
}
