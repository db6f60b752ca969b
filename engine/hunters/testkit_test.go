package hunters

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// Test kit shared by the rule tests. Dice are scripted: every physical die
// the engine rolls must be listed, in order, and a test fails if the engine
// asks for more dice than scripted or leaves some unused (use t.done()).

type scriptDice struct {
	t     testing.TB
	faces []int
	pos   int
}

func (d *scriptDice) Roll(sides int) (int, error) {
	if d.pos >= len(d.faces) {
		return 0, fmt.Errorf("dice script ran out after %d faces (d%d wanted)", d.pos, sides)
	}
	f := d.faces[d.pos]
	if f < 1 || f > sides {
		return 0, fmt.Errorf("scripted face %d at position %d is impossible on a d%d", f, d.pos, sides)
	}
	d.pos++
	return f, nil
}

func (d *scriptDice) add(faces ...int) { d.faces = append(d.faces, faces...) }

func (d *scriptDice) left() int { return len(d.faces) - d.pos }

var testPack *charts.Pack

func pack(t testing.TB) *charts.Pack {
	t.Helper()
	if testPack == nil {
		p, err := charts.Default()
		if err != nil {
			t.Fatal(err)
		}
		testPack = p
	}
	return testPack
}

// bare returns a state with a fitted boat and crew but no patrol, at the
// given month, with optional rules/rulings as in the setup field "rules".
// Nothing has been rolled. Use it to build a situation field by field.
func bare(t testing.TB, boat, month, rules string) *State {
	t.Helper()
	set, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	m, err := charts.ParseMonth(month)
	if err != nil {
		t.Fatal(err)
	}
	s := &State{Schema: SchemaVersion, Settings: set, pack: pack(t)}
	s.Career = Career{Kommandant: "Test", Start: m, Month: m, NextPatrol: m, PromotionDue: m + 12, Rank: 1}
	s.Crew.Quality = Trained
	s.fitBoat(boat)
	s.Boat.Number = "U-1"
	return s
}

// withPatrol gives s a patrol on the named assignment, loaded with the
// mat's default mix (forward reloads take the G7e), at box pos.
func withPatrol(t testing.TB, s *State, assignment string, pos int) *State {
	t.Helper()
	s.Patrol = &Patrol{Assignment: assignment}
	d := &scriptDice{t: t}
	s.run = &runner{dice: d, record: true}
	s.Phase = phAssigned
	s.stepAssigned() // builds the track; rolls only for an Arctic assignment
	if s.Phase != phLoadMix {
		s.beginLoading() // the load as 4.5 and 7.4.2 make it for this assignment, whichever came first
	}
	m := s.mat()
	s.Refit.Load.E = m.Torpedoes.G7e
	if s.Refit.Load.Mines {
		s.Refit.Load.E = 0
	}
	s.finishLoading(0)
	s.run = nil
	s.Patrol.Pos = pos
	s.Patrol.Dir = 1
	return s
}

// encounter puts targets on the combat mat: kinds "small_freighter:4000",
// "large_freighter:7600", "tanker:9000", "capital_ship:Nelson".
func encounter(t testing.TB, s *State, typ string, escorted, night bool, targets ...string) *Encounter {
	t.Helper()
	e := &Encounter{Type: typ, Escorted: escorted, Night: night}
	for _, spec := range targets {
		kind, val, _ := strings.Cut(spec, ":")
		tg := Target{Kind: kind}
		if kind == "capital_ship" {
			for _, c := range s.pack.T5.Entries {
				if c.Name == val {
					tg.Name, tg.Tons, tg.Class, tg.KC, tg.Roster, tg.Roll = c.Name, c.Tons, c.Class, c.KnightsCross, "T5", c.Roll
				}
			}
			tg.Points = s.pack.U3.SinkPointsFor(true, tg.Tons)
			e.Capital = true
		} else {
			fmt.Sscan(val, &tg.Tons)
			tg.Name = fmt.Sprintf("%s %d", kind, tg.Tons)
			tg.Points = s.pack.U3.SinkPointsFor(false, tg.Tons)
		}
		e.Targets = append(e.Targets, tg)
	}
	s.Enc = e
	if s.Patrol != nil {
		s.logTargets()
	}
	return e
}

// run executes fn on s with scripted faces, recording events, and fails the
// test on a dice error. It returns the events.
func run(t testing.TB, s *State, faces []int, fn func()) []engine.Event {
	t.Helper()
	d := &scriptDice{t: t, faces: faces}
	s.run = &runner{dice: d, record: true}
	var failure error
	func() {
		defer func() {
			if r := recover(); r != nil {
				df, ok := r.(diceFailure)
				if !ok {
					panic(r)
				}
				failure = df.err
			}
		}()
		fn()
	}()
	evs := s.run.events
	s.run = nil
	if failure != nil {
		t.Fatalf("dice: %v\nevents so far:\n%s", failure, dump(evs))
	}
	if d.left() != 0 {
		t.Fatalf("%d scripted faces left unused (used %d)\nevents:\n%s", d.left(), d.pos, dump(evs))
	}
	return evs
}

// runSteps runs the automatic phases from s.Phase until a decision (or the end).
func runSteps(t testing.TB, s *State, faces ...int) []engine.Event {
	t.Helper()
	return run(t, s, faces, func() { s.advance() })
}

// choose answers the pending decision with key, then runs on; faces are the
// dice everything up to the next decision needs.
func choose(t testing.TB, s *State, key string, faces ...int) []engine.Event {
	t.Helper()
	d := &scriptDice{t: t, faces: faces}
	evs, err := s.ApplyInPlace(engine.Choice{Key: key}, d, true)
	if err != nil {
		t.Fatalf("choice %q in phase %s: %v", key, s.Phase, err)
	}
	if d.left() != 0 {
		t.Fatalf("%d scripted faces left unused after %q\nevents:\n%s", d.left(), key, dump(evs))
	}
	return evs
}

// newGame starts a career through the public API.
func newGame(t testing.TB, setup map[string]string, faces ...int) (*State, []engine.Event) {
	t.Helper()
	raw, _ := json.Marshal(setup)
	r := NewRulesWithPack(pack(t))
	d := &scriptDice{t: t, faces: faces}
	st, evs, err := r.New(raw, d)
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	if d.left() != 0 {
		t.Fatalf("%d scripted faces left unused\nevents:\n%s", d.left(), dump(evs))
	}
	return st.(*State), evs
}

func dump(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString("  ")
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// findRoll returns the first roll event on the chart whose purpose contains purpose.
func findRoll(evs []engine.Event, chart, purpose string) *engine.Roll {
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == chart && strings.Contains(e.Roll.Purpose, purpose) {
			return e.Roll
		}
	}
	return nil
}

// hasMod reports whether a roll carries a modifier whose reason contains reason.
func hasMod(r *engine.Roll, reason string) (int, bool) {
	for _, m := range r.Modifiers {
		if strings.Contains(m.Reason, reason) {
			return m.Value, true
		}
	}
	return 0, false
}

func optionKeysOf(s *State) []string {
	p := s.Pending()
	if p == nil {
		return nil
	}
	out := make([]string, len(p.Options))
	for i, o := range p.Options {
		out[i] = o.Key
	}
	return out
}
