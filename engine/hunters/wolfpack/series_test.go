package wolfpack

import (
	"slices"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// The tournament page's chart of a wolfpack (13.5): each seat's series is
// its boat's career's (hunters.State.ScoreSeries), ending at the tonnage
// the pack's standings count for it (13.5.1); a seat the pack lacks has
// none.
func TestWolfpackScoreSeriesIsEachBoats13_5(t *testing.T) {
	s, _, d := newPack(t, 3, "Prien", "Kretschmer")
	for n := 0; s.Outcome() == nil; n++ {
		if n > 20000 {
			t.Fatal("the pack's patrol does not end")
		}
		p := s.PendingAll()[0]
		next, _, err := s.Apply(engine.Choice{Token: p.Token, Key: commander(s, p)}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
	sums := s.Summaries()
	for i, m := range s.Members {
		got, ok := engine.ScoreSeriesOf(s, m.Seat)
		if !ok || len(got) < 2 || !slices.Equal(got, s.Career(i).ScoreSeries("")) || got[len(got)-1].Score != sums[i].Score {
			t.Errorf("seat %s: %+v, its boat's summary %+v", m.Seat, got, sums[i])
		}
	}
	if got, _ := engine.ScoreSeriesOf(s, "9"); got != nil {
		t.Errorf("seat 9: %+v", got)
	}
}
