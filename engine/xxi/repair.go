package xxi

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// repairPhase is 11.0: every Depleted flotilla in Valentin restored
// (11.1), then the optional repair of one Devastation marker (11.2).
func (s *State) repairPhase() {
	if !s.Entered {
		s.Entered = true
		var flipped []string
		for _, c := range s.at(AtValentin) {
			if c.Depleted {
				c.Depleted = false
				flipped = append(flipped, c.ID)
			}
		}
		if len(flipped) > 0 {
			s.note("11.1", "Repair Phase: %s back to full strength in the Valentin U-boat Shelter.", strings.Join(flipped, ", "))
		}
	}
	if len(s.repairOptions()) > 1 {
		s.Step = stepRepair
		return
	}
	s.nextPhase()
}

// repairOptions are repair:HUB:PAYMENT for each devastated hub and each
// way to pay: a resource with the marker's icon (XXI-A12: from anywhere on
// the map; at_hub: on the hub) or an IBG Command; and skip (11.2).
func (s *State) repairOptions() []engine.Option {
	var out []engine.Option
	var ibg *Counter
	for _, c := range s.at(AtAlloc) {
		if c.Kind == KindIBG {
			ibg = c
			break
		}
	}
	for _, h := range hubs() {
		m := s.devastated(h)
		if m == nil {
			continue
		}
		var pay []*Counter
		for i := range s.Counters {
			c := &s.Counters[i]
			if c.Kind != m.Icon {
				continue
			}
			onMap := strings.HasPrefix(c.At, "space:") || strings.HasPrefix(c.At, "yard:")
			if s.ruling("A12") == "at_hub" {
				onMap = c.At == spaceAt(h) || c.At == yardAt(h)
			}
			if onMap {
				pay = append(pay, c)
			}
		}
		if ibg != nil {
			pay = append(pay, ibg)
		}
		for _, c := range alike(pay) {
			from := ""
			if c.Kind != KindIBG {
				from = " " + s.where(c.At)
			}
			out = append(out, engine.Option{Key: "repair:" + h + ":" + c.ID, Label: fmt.Sprintf("Repair hub %s (%s marker) paying %s%s", s.spaceName(h), m.Icon, c.Label(), from),
				Short: fmt.Sprintf("Repair %s with %s", h, c.Label()), Case: "11.2"})
		}
	}
	if len(out) == 0 {
		return []engine.Option{{Key: "skip", Label: "Repair nothing", Case: "11.2", Safe: true}}
	}
	return append(out, engine.Option{Key: "skip", Label: "Repair nothing this turn", Short: "Skip", Case: "11.2", Safe: true})
}

// repair applies repair:HUB:PAYMENT: the marker and the payment to the
// Scrap Pile (11.2).
func (s *State) repair(key string) {
	parts := strings.Split(key, ":")
	m := s.devastated(parts[1])
	pay := s.counter(parts[2])
	was := s.where(pay.At)
	m.At, pay.At = AtScrap, AtScrap
	s.Tally.Repaired++
	s.note("11.2", "Hub %s repaired: its %s and the %s paid (%s) go to the Scrap Pile.", s.spaceName(parts[1]), m.Label(), pay.Label(), was)
}
