package hunters

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// Exact odds. Where one roll on one chart decides what happens next, its
// chance is exact: the advisor plays the option on a copy of the state, the
// built-in commander choosing on, and records the rolls the play comes to.
// For each roll that decides (decisiveRolls), it plays the same course
// again once for every face of the roll's dice (36 courses for 2d6, 100 for
// 1d10+1d10), the dice before it scripted to what they were, and reads the
// result the rules give each face. The figures come from the rules
// themselves, with every modifier in force: there is no second copy of a
// chart to drift from them.

// decisiveRolls are the rolls whose result decides the immediate outcome
// of a choice, by chart and case: a torpedo's or a shell's hit (U1), a dud
// (U2), the escorts' detection closing in and after firing (E2), a
// depth-charge or air attack (E3), the crash dive (A1), the flak (A2), the
// additional flooding (E4, 10.1.3), going below test depth (9.6.4), what a
// travel box brings (E1, 8.1), the additional round (9.4.3), switching to
// night (8.3.2), the shadowing aircraft (9.8.3), resupply (14.9), following
// (9.7.6, 9.7.7), the escort's direction against evasive maneuvers (14.8)
// and an upgrade request (11.4.3, 11.4.5). Rolls that only say how much
// (damage points, damage boxes, identities) are left to the estimates.
var decisiveRolls = map[[2]string]bool{
	{"U1", "9.2.3"}: true, {"U1", "9.3.3"}: true, {"U2", "9.2.4"}: true,
	{"E2", "9.2.2"}: true, {"E2", "9.6.7"}: true,
	{"E3", "9.6.8"}: true, {"E3", "9.8.2"}: true, {"E3", "9.8.3"}: true, {"E3", "11.4.7"}: true, {"E3", "12.1"}: true,
	{"A1", "9.8.1"}: true, {"A2", "9.8.3"}: true, {"E4", "10.1.3"}: true, {"", "9.6.4"}: true,
	{"E1", "8.1"}: true, {"E1", "9.4.3"}: true, {"E1", "8.3.2"}: true, {"E1", "9.8.3"}: true, {"E1", "14.9"}: true,
	{"", "9.7.6"}: true, {"", "9.7.7"}: true, {"", "14.8"}: true, {"", "11.4.3"}: true, {"", "11.4.5"}: true,
	{"", "11.4.7"}: true,
}

// horizonRolls end the immediate outcome of a choice: the next escort
// detection roll, which ends a round of combat (9.6.7), and what the next
// travel box brings (8.1). The rolls after them are other outcomes'.
var horizonRolls = map[[2]string]bool{{"E2", "9.6.7"}: true, {"E1", "8.1"}: true}

const (
	// maxExactRolls caps the rolls listed for an option: those most courses
	// of play come to, a roll with other modifiers counting as another.
	maxExactRolls = 5
	// exactProbes is how many courses of play (each with dice of its own)
	// look for the rolls an option comes to.
	exactProbes = 12
	// probeDecisions caps the decisions a probe follows.
	probeDecisions = 40
)

// probeDice hands out a script of faces, then faces of a seeded source of
// its own, keeping every face.
type probeDice struct {
	script []int
	rest   *dice.Fast
	faces  []int
}

func (p *probeDice) Roll(sides int) (int, error) {
	var f int
	if n := len(p.faces); n < len(p.script) {
		f = p.script[n]
		if f < 1 || f > sides {
			return 0, fmt.Errorf("the probe's face %d at die %d cannot show on a d%d: the course of play changed", f, n+1, sides)
		}
	} else {
		f, _ = p.rest.Roll(sides)
	}
	p.faces = append(p.faces, f)
	return f, nil
}

// sidesOf lists the dice of a roll's notation, one entry a die.
func sidesOf(notation string) []int {
	switch notation {
	case "1d6":
		return []int{6}
	case "2d6", "d66":
		return []int{6, 6}
	case "1d10":
		return []int{10}
	case "1d10+1d10":
		return []int{10, 10}
	case "1d20":
		return []int{20}
	}
	return nil
}

// rollAt is a roll of a probe, and where its dice fall.
type rollAt struct {
	roll  *engine.Roll
	probe int // which probe met it first
	die   int // the number of its first die in the probe's course
	dice  []int
}

// probe plays the option on work, a copy of s, with dice d, recording, up
// to the end of the first encounter, of the patrol or of the game (or as
// long as until allows), and returns the rolls made before that end.
func (s *State) probe(work *State, key string, d *probeDice, until func(*State) bool) ([]engine.Event, error) {
	work.copyFrom(s)
	work.scratch.tally.reset()
	start := work.Decision
	stop := func(w *State) bool {
		t := &w.scratch.tally
		return t.enc.passed || t.patrol.passed || w.Decision-start > probeDecisions || (until != nil && until(w))
	}
	events, err := work.playFrom(key, d, true, stop)
	if err != nil {
		return nil, err
	}
	cut := len(events)
	for _, m := range []moment{work.scratch.tally.enc, work.scratch.tally.patrol} {
		if m.passed && m.events < cut {
			cut = m.events
		}
	}
	return events[:cut], nil
}

// rollsIn lists the decisive rolls of a probe's events, with their dice, up
// to the first horizon roll.
func rollsIn(events []engine.Event, probe int) []rollAt {
	var out []rollAt
	die := 0
	for _, e := range events {
		r := e.Roll
		if r == nil {
			continue
		}
		k := [2]string{r.Chart, r.Case}
		if decisiveRolls[k] {
			out = append(out, rollAt{roll: r, probe: probe, die: die, dice: sidesOf(r.Dice)})
		}
		if horizonRolls[k] {
			break
		}
		die += len(r.Faces)
	}
	return out
}

// exactOdds lists the exact odds of the decisive rolls the option leads to.
func (s *State) exactOdds(work *State, key string, seed uint64) ([]engine.ExactOdds, error) {
	type kind struct {
		at     rollAt
		probes int // how many probes met it
		first  int // in how many it was the first decisive roll
	}
	var kinds []*kind
	byKey := map[string]*kind{}
	var courses [exactProbes][]int
	for p := 0; p < exactProbes; p++ {
		d := &probeDice{rest: dice.NewFast(seed + uint64(p)*0x9e3779b97f4a7c15)}
		events, err := s.probe(work, key, d, nil)
		if err != nil {
			return nil, err
		}
		courses[p] = d.faces
		seen := map[string]bool{}
		for n, r := range rollsIn(events, p) {
			k := rollName(r.roll) // the same roll with the same modifiers
			if i := strings.Index(r.roll.Purpose, " at "); i >= 0 {
				k = strings.Replace(k, r.roll.Purpose, r.roll.Purpose[:i], 1) // at whichever ship
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			kd := byKey[k]
			if kd == nil {
				kd = &kind{at: r}
				byKey[k] = kd
				kinds = append(kinds, kd)
			}
			kd.probes++
			if n == 0 {
				kd.first++
			}
		}
	}
	// The rolls most courses of play come to, listed in the order they come.
	sort.SliceStable(kinds, func(i, j int) bool { return kinds[i].probes > kinds[j].probes })
	if len(kinds) > maxExactRolls {
		kinds = kinds[:maxExactRolls]
	}
	sort.SliceStable(kinds, func(i, j int) bool { return kinds[i].at.die < kinds[j].at.die })
	var out []engine.ExactOdds
	for _, kd := range kinds {
		counts, order, total, err := s.enumerate(work, key, kd.at, courses[kd.at.probe], seed)
		if err != nil {
			return nil, err
		}
		name := rollName(kd.at.roll)
		// The roll every course of play comes to first is made at once; any
		// other only if the play comes to it.
		when := ""
		if kd.first < exactProbes {
			when = "if it comes to it"
		}
		for _, res := range order {
			out = append(out, engine.ExactOdds{
				What: name + " → " + res, Roll: name, Result: res, When: when,
				P: float64(counts[res]) / float64(total), Fraction: strconv.Itoa(counts[res]) + "/" + strconv.Itoa(total),
			})
		}
	}
	return out, nil
}

// enumerate plays the probe's course again for every face of the roll's
// dice and counts the results, in the order they first come.
func (s *State) enumerate(work *State, key string, at rollAt, course []int, seed uint64) (map[string]int, []string, int, error) {
	counts := map[string]int{}
	var order []string
	faces := make([]int, len(at.dice))
	for i := range faces {
		faces[i] = 1
	}
	total := 0
	for {
		script := append(append([]int(nil), course[:at.die]...), faces...)
		d := &probeDice{script: script, rest: dice.NewFast(seed)}
		made := func(*State) bool { return len(d.faces) >= len(script) }
		events, err := s.probe(work, key, d, made)
		if err != nil {
			return nil, nil, 0, err
		}
		r := rollAtDie(events, at.die)
		if r == nil || r.Chart != at.roll.Chart || r.Case != at.roll.Case {
			return nil, nil, 0, fmt.Errorf("the course of play to %s changed on replay", rollName(at.roll))
		}
		if _, ok := counts[r.Result]; !ok {
			order = append(order, r.Result)
		}
		counts[r.Result]++
		total++
		// the next combination of faces, the last die fastest
		i := len(faces) - 1
		for i >= 0 && faces[i] == at.dice[i] {
			faces[i] = 1
			i--
		}
		if i < 0 {
			break
		}
		faces[i]++
	}
	return counts, order, total, nil
}

// rollAtDie finds the roll whose first die is die.
func rollAtDie(events []engine.Event, die int) *engine.Roll {
	k := 0
	for _, e := range events {
		if e.Roll == nil {
			continue
		}
		if k == die {
			return e.Roll
		}
		k += len(e.Roll.Faces)
		if k > die {
			return nil
		}
	}
	return nil
}

// rollName names a roll as its line does, without the dice's faces:
// "G7a torpedo at Sagadahoc [U1] (9.2.3): 2d6 -1 UZO (surfaced)".
func rollName(r *engine.Roll) string {
	var b strings.Builder
	b.WriteString(r.Purpose)
	if r.Chart != "" {
		b.WriteString(" [" + r.Chart + "]")
	}
	if r.Case != "" {
		b.WriteString(" (" + r.Case + ")")
	}
	b.WriteString(": " + r.Dice)
	for _, m := range r.Modifiers {
		fmt.Fprintf(&b, " %+d %s", m.Value, m.Reason)
	}
	return b.String()
}
