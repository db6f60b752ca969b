package duel

import (
	"slices"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// The tournament page's chart of a duel (13.1): each seat's series is its
// own career's, patrol by patrol (hunters.State.ScoreSeries), ending at
// the tonnage its standing counts; a seat the duel lacks has none.
func TestDuelScoreSeriesIsEachSeatsCareer13_1(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(5)
	st, _, err := r.New([]byte(`{"boat":"VIIB","start":"1940-01","end":"1940-09"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := play(t, st.(*State), d, nil)
	for i, seat := range Seats {
		got, ok := engine.ScoreSeriesOf(s, seat)
		if !ok || !slices.Equal(got, s.CareerOf(i).ScoreSeries("")) || got[len(got)-1].Score != s.CareerOf(i).Career.Tons || len(got) < 2 {
			t.Errorf("seat %s: %+v, its career's %+v", seat, got, s.CareerOf(i).ScoreSeries(""))
		}
	}
	if got, _ := engine.ScoreSeriesOf(s, "c"); got != nil {
		t.Errorf("seat c: %+v", got)
	}
}
