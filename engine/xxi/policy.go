package xxi

import (
	"strings"
)

// The built-in player (`kaleun sim xxi`, and the routine choices): a
// documented policy, not a strong one (docs/players/xxi.md):
//
//   - draws (physical mode): the first kind offered;
//   - movement: one target shipyard, the undevastated yard able to hold
//     the next model's cost with the most of it in its squares (Hamburg
//     on a tie); put the resources that model still needs into its
//     squares; move needed resources one link nearer to it, the nearest
//     first, then the others; Done when no move brings one nearer;
//   - construction: build whenever a build is offered;
//   - battle: sail every full-strength flotilla to the Atlantic Ocean when
//     convoys are there, else to the Western Approaches when convoys are
//     there; take every test; after depth charges continue at full
//     strength and abort Depleted; go home after an Open Ocean hit;
//     attack the weakest convoy at full strength, leave Depleted;
//   - Constant Retreat: a Crew counter outside the shipyard squares first;
//   - repair: pay with an IBG Command while two or more wait, else with a
//     resource outside the shipyard squares, else skip;
//   - turn marker: a Devastation marker, then a convoy, a flotilla, the
//     rest; never stop.
func BuiltIn(s *State) string {
	a := s.current()
	if a == nil || len(a.Options) == 0 {
		return ""
	}
	keys := make([]string, len(a.Options))
	for i, o := range a.Options {
		keys[i] = o.Key
	}
	pick := func(pred func(string) bool) string {
		for _, k := range keys {
			if pred(k) {
				return k
			}
		}
		return ""
	}
	or := func(k, def string) string {
		if k != "" {
			return k
		}
		return def
	}
	switch s.Step {
	case stepMove, stepBuild:
		if k := pick(func(k string) bool { return strings.HasPrefix(k, "build:") }); k != "" {
			return k
		}
		return or(s.movePolicy(keys), keys[len(keys)-1])
	case stepBattle:
		return or(s.battlePolicy(a.Kind, keys), keys[0])
	case stepRetreat:
		return or(pick(func(k string) bool {
			return !strings.HasPrefix(s.counter(strings.TrimPrefix(k, "remove:")).At, "yard:")
		}), keys[0])
	case stepRepair:
		ibgs := s.count(AtAlloc, func(c Counter) bool { return c.Kind == KindIBG })
		if k := pick(func(k string) bool { return strings.HasPrefix(k, "repair:") && strings.Contains(k, ":ibg-") }); k != "" && ibgs >= 2 {
			return k
		}
		return or(pick(func(k string) bool {
			if !strings.HasPrefix(k, "repair:") || strings.Contains(k, ":ibg-") {
				return false
			}
			return !strings.HasPrefix(s.counter(k[strings.LastIndex(k, ":")+1:]).At, "yard:")
		}), "skip")
	case stepMarker:
		for _, want := range []string{KindDevastation, KindConvoy, KindVII, KindXXI, KindArmy, KindIBG, ""} {
			if k := pick(func(k string) bool {
				id, ok := strings.CutPrefix(k, "marker:")
				return ok && (want == "" || s.counter(id).Kind == want)
			}); k != "" {
				return k
			}
		}
		return or(pick(func(k string) bool { return k == "next" }), keys[0])
	}
	return keys[0]
}

// targetYard is the shipyard the built-in player gathers resources at.
func (s *State) targetYard() string {
	m := s.nextModel()
	best, bestN := "", -1
	for _, id := range []string{"12", "8", "18"} {
		sp := s.space(id)
		if sp == nil || s.devastated(id) != nil || m != nil && sp.Shipyard < m.Cost.Total() {
			continue
		}
		if n := s.count(yardAt(id), nil); n > bestN {
			best, bestN = id, n
		}
	}
	return best
}

// need is what the next model still needs in the target yard's squares.
func (s *State) need(yard string) map[string]int {
	out := map[string]int{}
	m := s.nextModel()
	if m == nil || yard == "" {
		return out
	}
	out[KindHull], out[KindSystems], out[KindCrew] = m.Cost.Hull, m.Cost.Systems, m.Cost.Crew
	for _, c := range s.at(yardAt(yard)) {
		out[c.Kind]--
	}
	return out
}

// distances are the links from every space to the yard, through spaces
// not devastated (7.2).
func (s *State) distances(yard string) map[string]int {
	d := map[string]int{yard: 0}
	queue := []string{yard}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range s.neighbours(x) {
			if _, seen := d[n]; !seen && s.devastated(n) == nil {
				d[n] = d[x] + 1
				queue = append(queue, n)
			}
		}
	}
	return d
}

func (s *State) movePolicy(keys []string) string {
	yard := s.targetYard()
	if yard == "" {
		return ""
	}
	need := s.need(yard)
	for _, k := range keys {
		if id, ok := strings.CutPrefix(k, "yard:"); ok {
			c := s.counter(id)
			if c.At == spaceAt(yard) && need[c.Kind] > 0 {
				return k
			}
		}
	}
	dist := s.distances(yard)
	best, bestScore := "", 1<<30
	for _, k := range keys {
		rest, ok := strings.CutPrefix(k, "move:")
		if !ok {
			continue
		}
		id, to, _ := strings.Cut(rest, ":")
		c := s.counter(id)
		from, okF := dist[strings.TrimPrefix(c.At, "space:")]
		dt, okT := dist[to]
		if !okT || okF && dt >= from {
			continue
		}
		score := dt
		if need[c.Kind] <= 0 {
			score += 100 // needed resources first
		}
		if score < bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

func (s *State) battlePolicy(kind string, keys []string) string {
	b := s.Battle
	depleted := false
	if b.Mission != nil {
		for _, f := range b.FlotillaState {
			if f.ID == b.Mission.Flotilla {
				depleted = f.Depleted
			}
		}
	}
	has := func(path string) bool {
		for _, c := range b.ConvoyState {
			if c.Path == path && !c.Sunk {
				return true
			}
		}
		return false
	}
	pick := func(pred func(string) bool) string {
		for _, k := range keys {
			if pred(k) {
				return k
			}
		}
		return ""
	}
	switch {
	case strings.HasSuffix(kind, ".sail"):
		for _, p := range s.pack.Tracks.Paths {
			if has(p.ID) {
				if k := pick(func(k string) bool { return strings.HasPrefix(k, "sail:") && strings.HasSuffix(k, ":"+p.ID) }); k != "" {
					return k
				}
			}
		}
		return pick(func(k string) bool { return !strings.HasPrefix(k, "sail:") })
	case strings.HasSuffix(kind, ".encounter"):
		return pick(func(k string) bool { return k == "test" })
	case strings.HasSuffix(kind, ".after_dc"):
		if depleted {
			return pick(func(k string) bool { return k == "abort" })
		}
		return pick(func(k string) bool { return k == "continue" })
	case strings.HasSuffix(kind, ".open_ocean_hit"):
		return pick(func(k string) bool { return k == "home" })
	case strings.HasSuffix(kind, ".convoy"):
		if depleted {
			return pick(func(k string) bool { return !strings.HasPrefix(k, "attack:") })
		}
		best, bestV := "", 99
		for _, k := range keys {
			if id, ok := strings.CutPrefix(k, "attack:"); ok {
				if v := s.counter(id).Value; v < bestV {
					best, bestV = k, v
				}
			}
		}
		return best
	}
	return ""
}

// RoutineChoice implements engine.Routine: at a deadline, for a player
// who chose autopilot, only a step with no real choice is taken: the turn
// marker when a single kind of counter can mark it (stopping the game is
// never routine). Every other decision waits for the player.
func (s *State) RoutineChoice() (string, bool) {
	a := s.current()
	if a == nil || s.Step != stepMarker || len(a.Options) != 2 {
		return "", false
	}
	return a.Options[0].Key, true
}
