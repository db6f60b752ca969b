package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// ScoreSeries implements engine.ScoreSeries: the career's tonnage after
// each patrol, read off the patrol log sheet (3.5), whose row of a
// completed patrol carries the tonnage it sank (its S or F, or its loss,
// written). The series starts at 0 in the career's first month and ends
// at the career's tonnage as it stands: a patrol at sea adds a last point
// with what it has sunk so far. A solitaire career is seat "".
func (s *State) ScoreSeries(seat string) []engine.ScorePoint {
	if seat != "" {
		return nil
	}
	out := []engine.ScorePoint{{Label: "start, " + s.Career.Start.Label(), Score: 0}}
	total, n := 0, 0
	for _, row := range s.Career.Log {
		if row.Result == "" && row.Loss == "" {
			continue // a refit, a month in port, or the patrol at sea
		}
		n++
		total += row.Tons
		out = append(out, engine.ScorePoint{Label: fmt.Sprintf("patrol %d, %s", n, row.Month.Label()), Score: total})
	}
	if total != s.Career.Tons {
		// At sea: the ships sunk on a patrol count from the moment they go
		// down (9.2.6), before its row is closed (7.5).
		out = append(out, engine.ScorePoint{Label: fmt.Sprintf("patrol %d at sea, %s", n+1, s.Career.Month.Label()), Score: s.Career.Tons})
	}
	return out
}
