package battle

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// turn is one Apply at work: the copy it changes, the dice it rolls and
// the events it logs.
type turn struct {
	p  *Phase
	d  engine.Dice
	ev []engine.Event
}

func (t *turn) note(cas, format string, args ...any) {
	t.ev = append(t.ev, engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, args...)})
}

// roll rolls n d6 for purpose and compares the highest with target: "if
// any one die equals or exceeds" is how every roll of 9.0 reads (9.2, 9.4,
// 9.6, 9.7, 9.8). It logs the roll with result ok or notOK.
func (t *turn) roll(n int, cas, purpose string, target int, ok, notOK string) (bool, error) {
	if t.d == nil {
		return false, fmt.Errorf("%s (%s): no dice to roll", purpose, cas)
	}
	faces := make([]int, n)
	for i := range faces {
		f, err := t.d.Roll(6)
		if err != nil {
			return false, fmt.Errorf("%s (%s): %w", purpose, cas, err)
		}
		faces[i] = f
	}
	hi := slices.Max(faces)
	res := notOK
	if hi >= target {
		res = ok
	}
	r := &engine.Roll{Case: cas, Purpose: purpose, Dice: strconv.Itoa(n) + "d6", Faces: faces, Natural: hi, Total: hi, Result: res, Highest: true}
	t.ev = append(t.ev, engine.Event{Kind: engine.KindRoll, Case: cas, Text: r.String(), Roll: r})
	return hi >= target, nil
}

// flotilla is the mission's flotilla, in the copy.
func (t *turn) flotilla() *Flotilla { return t.p.flotilla(t.p.Mission.Flotilla) }

// path is the mission's path.
func (t *turn) path() content.Path { return t.p.path(t.p.Mission.Path) }

// hit applies one hit (2.1.1, 2.1.2): Full-strength to Depleted, Depleted
// to sunk. It reports whether the flotilla was sunk, which ends its
// mission.
func (t *turn) hit(cas string) bool {
	f := t.flotilla()
	if f.Depleted {
		f.Sunk = true
		t.note(cas, "%s, already Depleted, is sunk and goes to the Scrap Pile (%s).", f.ID, cas)
		t.p.Mission = nil
		return true
	}
	f.Depleted = true
	t.note(cas, "%s is hit and flips to its Depleted side (%s).", f.ID, cas)
	return false
}

// home ends the mission in Valentin, where the flotilla stays until next
// turn (9.9).
func (t *turn) home(cas, how string) {
	f := t.flotilla()
	state := "Full-strength"
	if f.Depleted {
		state = "Depleted"
	}
	t.note(cas, "%s %s and reaches the Valentin U-boat Shelter, %s; it stays there until next turn (9.9).", f.ID, how, state)
	t.p.Mission = nil
}

// run carries the phase on until it waits for a decision: it rolls the
// encounter tests XXI-A7 "after_dc_only" takes without asking, starts the
// next declared mission (XXI-A8 "together") and ends the phase when no
// flotilla can sail (9.1).
func (t *turn) run() error {
	for !t.p.Over {
		m := t.p.Mission
		if m == nil {
			if !t.next() {
				return nil
			}
			continue
		}
		if m.Step == StepEncounter && t.p.Rulings.A7 == A7AfterDCOnly {
			if err := t.encounterTest(); err != nil {
				return err
			}
			continue
		}
		return nil
	}
	return nil
}

// next, between missions, starts a declared one or ends the phase; it
// reports whether a mission started.
func (t *turn) next() bool {
	p := t.p
	if p.Rulings.A8 == A8Together && !p.Launched && len(p.Declared) > 0 && len(p.sailOptions()) == 0 {
		// Every flotilla that could sail is declared: nothing is left to
		// decide before the missions go.
		t.launch()
	}
	if p.Launched {
		if len(p.Declared) == 0 {
			t.end("Every declared mission is over (XXI-A8 together): the Battle Phase ends (9.9).")
			return false
		}
		o := p.Declared[0]
		p.Declared = p.Declared[1:]
		t.begin(o)
		return true
	}
	if len(p.Declared) == 0 && len(p.sailOptions()) == 0 {
		t.end("No Full-strength flotilla in Valentin can sail: the Battle Phase ends (9.1).")
	}
	return false
}

func (t *turn) end(text string) {
	t.p.Over = true
	t.note("9.1", "%s", text)
}

func (t *turn) launch() {
	t.p.Launched = true
	var names []string
	for _, o := range t.p.Declared {
		names = append(names, o.Flotilla+" to the "+t.p.path(o.Path).Area.Name)
	}
	t.note("9.1", "The declared missions sail, to be resolved in turn: %v (XXI-A8 together).", names)
}

// begin starts a flotilla's mission on its path (9.1).
func (t *turn) begin(o Order) {
	t.p.Mission = &Mission{Flotilla: o.Flotilla, Path: o.Path, Step: StepEncounter}
	f := t.flotilla()
	f.Sailed = true
	pa := t.path()
	t.note("9.1", "%s leaves Valentin for the %s; its first encounter space is %s.", f.ID, pa.Area.Name, pa.Spaces[0].Name)
	if !t.p.hasConvoy(pa.ID) {
		t.note("XXI-A20", "Warning: no convoy is in the %s; a flotilla that gets there has nothing to attack and heads home (9.9, XXI-A20).", pa.Area.Name)
	}
}
