package hunters

import (
	"strconv"
	"strings"
	"testing"
)

// 14.3.2 ("If any ships sunk appear later due to an identical Target Roster
// die roll, please roll again") once all 20 small freighters of the North
// America roster are sunk: the roll is not repeated for ever; the repeat
// stands.
func TestHistoricalTargetingWithTheRosterAllSunk(t *testing.T) {
	s := bare(t, "VIIC", "1942-03", "14.3")
	withPatrol(t, s, "north_america", 5)
	for _, sh := range s.pack.T4.SmallFreighter {
		s.Career.Sunk = append(s.Career.Sunk, northAmericaRoster("small_freighter")+":"+strconv.Itoa(sh.Roll))
	}
	var tg Target
	evs := run(t, s, []int{7}, func() { tg, _ = s.identify("small_freighter") })
	if tg.Roll != 7 || !strings.Contains(dump(evs), "every ship of its roster") {
		t.Fatalf("target %+v\n%s", tg, dump(evs))
	}
}
