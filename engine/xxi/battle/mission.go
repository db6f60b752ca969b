package battle

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

// answer applies a legal key of the prompt of kind.
func (t *turn) answer(kind, key string) error {
	switch kind {
	case KindSail:
		return t.sail(key)
	case KindEncounter:
		if key == "test" {
			return t.encounterTest()
		}
		return t.tripHome("aborts the mission (9.1)")
	case KindAfterDC, KindOpenOceanHit:
		switch key {
		case "continue":
			return t.enterSpace()
		case "home":
			t.home("9.3", "returns directly from the Open Ocean, with no Dangerous Trip Home test (9.3),")
			return nil
		}
		return t.tripHome("aborts the mission (9.5)")
	case KindConvoy:
		if key == "leave" {
			return t.tripHome("heads home (9.9)")
		}
		return t.attack(strings.TrimPrefix(key, "attack:"))
	}
	return fmt.Errorf("battle: prompt kind %q has no handler", kind)
}

// sail is the 9.1 decision between missions.
func (t *turn) sail(key string) error {
	p := t.p
	switch key {
	case "end":
		for _, o := range p.Declared {
			p.flotilla(o.Flotilla).Sailed = false
			t.note("9.1", "%s's mission is called off: it stays in Valentin (XXI-A8 together).", o.Flotilla)
		}
		p.Declared = nil
		t.end("The player ends the Battle Phase (9.1).")
		return nil
	case "go":
		t.launch()
		return nil
	}
	rest := strings.TrimPrefix(key, "sail:")
	fid, pid, _ := strings.Cut(rest, ":")
	o := Order{Flotilla: fid, Path: pid}
	if p.Rulings.A8 == A8Together {
		p.flotilla(fid).Sailed = true
		p.Declared = append(p.Declared, o)
		t.note("9.1", "%s is declared for a mission to the %s (XXI-A8 together).", fid, p.path(pid).Area.Name)
		if !p.hasConvoy(pid) {
			t.note("XXI-A20", "Warning: no convoy is in the %s (XXI-A20).", p.path(pid).Area.Name)
		}
		return nil
	}
	t.begin(o)
	return nil
}

// isOpenOcean: 9.3's special case is the Open Ocean space, the Atlantic
// path's first (9.1).
func isOpenOcean(s content.Encounter) bool { return strings.EqualFold(s.Name, "Open Ocean") }

// encounterTest is 9.2: the space's Engine or Silence test; on a failure
// the depth-charge attack of 9.4 (9.3 in the Open Ocean), then the choice
// of 9.5 (or 9.3's).
func (t *turn) encounterTest() error {
	m := t.p.Mission
	f := t.flotilla()
	sp := t.path().Spaces[m.Space]
	n := f.Ratings.Engine
	if sp.Test == content.Silence {
		n = f.Ratings.Silence
	}
	purpose := fmt.Sprintf("%s's %s test to enter %s, %d+", f.ID, testName(sp.Test), sp.Name, sp.Target)
	pass, err := t.roll(n, "9.2", purpose, sp.Target, "pass", "fail")
	if err != nil {
		return err
	}
	if pass {
		return t.enterSpace()
	}
	open := isOpenOcean(sp)
	hit := false
	if sp.DepthCharges == 0 {
		t.note("9.2", "%s fails and is detected, but %s has no depth-charge icon: no attack (9.4).", f.ID, sp.Name)
	} else {
		t.note("9.2", "%s fails and is detected: %dd6 of depth charges from %s (9.4).", f.ID, sp.DepthCharges, sp.Name)
		// XXI-A21: "a number of depth charge attacks" is one roll of as
		// many dice as icons, and at most one hit (9.4's note, 9.10).
		purpose := fmt.Sprintf("Depth charges against %s in %s, %d+ (its Defense)", f.ID, sp.Name, f.Ratings.Defense)
		if hit, err = t.roll(sp.DepthCharges, "9.4", purpose, f.Ratings.Defense, "hit", "miss"); err != nil {
			return err
		}
	}
	if hit && t.hit("9.4") {
		return nil
	}
	if open && hit {
		m.Step = StepOpenOceanHit
		return nil
	}
	m.Step = StepAfterDC
	return nil
}

// enterSpace puts the flotilla in the space it tried (9.2, 9.5) and moves
// it on: to the next space's test, or after the fourth into its convoy
// area (9.2).
func (t *turn) enterSpace() error {
	m := t.p.Mission
	f := t.flotilla()
	pa := t.path()
	t.note("9.2", "%s enters %s.", f.ID, pa.Spaces[m.Space].Name)
	m.Space++
	if m.Space < len(pa.Spaces) {
		m.Step = StepEncounter
		return nil
	}
	// "success at the fourth encounter space allows the U-boat flotilla
	// to automatically enter the Atlantic Ocean or Western Approaches".
	t.note("9.2", "%s enters the %s.", f.ID, pa.Area.Name)
	if !t.p.hasConvoy(pa.ID) {
		return t.tripHome(fmt.Sprintf("finds no convoy in the %s to attack (9.9, XXI-A20)", pa.Area.Name))
	}
	m.Step = StepConvoy
	return nil
}

// attack is 9.7's convoy attack on convoy id, then 9.8's depth charges.
func (t *turn) attack(id string) error {
	m := t.p.Mission
	f := t.flotilla()
	pa := t.path()
	c := t.p.convoy(id)
	purpose := fmt.Sprintf("%s's attack on %s, %d+", f.ID, c.ID, c.Value)
	sunk, err := t.roll(f.Ratings.Attack, "9.7", purpose, c.Value, "sunk", "missed")
	if err != nil {
		return err
	}
	m.Attacks++
	if sunk {
		c.Sunk = true
		t.note("9.7", "%s is sunk and goes to the Scrap Pile (9.7).", c.ID)
	} else {
		t.note("9.7", "%s's attack fails: %s stays in the %s (9.7).", f.ID, c.ID, pa.Area.Name)
	}
	// 9.8: "successful or not, the U-boat flotilla is detected".
	purpose = fmt.Sprintf("Depth charges against %s in the %s, %d+ (its Defense)", f.ID, pa.Area.Name, f.Ratings.Defense)
	hit, err := t.roll(pa.Area.DepthCharges, "9.8", purpose, f.Ratings.Defense, "hit", "miss")
	if err != nil {
		return err
	}
	if hit && t.hit("9.8") {
		return nil
	}
	if !t.p.hasConvoy(pa.ID) {
		// "Surviving U-boat flotillas with no more convoys to attack move
		// to the Dangerous Trip Home space" (9.9).
		return t.tripHome(fmt.Sprintf("has no convoy left to attack in the %s (9.9)", pa.Area.Name))
	}
	m.Step = StepConvoy
	return nil
}

// tripHome is 9.6: the Dangerous Trip Home box's Engine test; a failure is
// one hit with no depth-charge roll.
func (t *turn) tripHome(why string) error {
	f := t.flotilla()
	pa := t.path()
	t.note("9.6", "%s %s and enters the Dangerous Trip Home box.", f.ID, why)
	for {
		purpose := fmt.Sprintf("%s's Dangerous Trip Home Engine test, %d+", f.ID, pa.Home.Target)
		pass, err := t.roll(f.Ratings.Engine, "9.6", purpose, pa.Home.Target, "pass", "fail")
		if err != nil {
			return err
		}
		if pass {
			t.home("9.6", "passes the Dangerous Trip Home test")
			return nil
		}
		if t.hit("9.6") {
			return nil
		}
		if t.p.Rulings.A5 == A5ReachesValentin {
			// XXI-A5 default: 9.6 only adds a hit.
			t.home("9.6", "survives the failed test (9.6, XXI-A5)")
			return nil
		}
		// XXI-A5 stays_out: it has not made it back; it tests again, and
		// a second failure sinks it.
		t.note("XXI-A5", "%s has not made it back: it stays in the Dangerous Trip Home box and tests again (9.6, XXI-A5 stays_out).", f.ID)
	}
}

func testName(test string) string {
	if test == content.Silence {
		return "Silence"
	}
	return "Engine"
}
