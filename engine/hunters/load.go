package hunters

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// Torpedo loading before a patrol (4.5, 4.5.2, 7.4.2, 11.4.6, 11.4.7) and
// reloading at sea (4.5.1, 9.2.8).

// LoadPlan is the torpedo load being chosen in port.
type LoadPlan struct {
	E     int  `json:"g7e"`
	FwdE  int  `json:"fwd_tubes_g7e"`
	AftE  int  `json:"aft_tubes_g7e"`
	Mines bool `json:"mines,omitempty"`
}

func init() {
	decisions[phLoadMix] = &decision{
		kind: "torpedo_mix", cas: "4.5",
		text: func(s *State) string {
			t := s.mat().Torpedoes
			return fmt.Sprintf("Torpedo load for the patrol: %d torpedoes to stow (the mat's mix is %d G7a / %d G7e, adjustable by %d). G7e leave no wake by day but lose accuracy at range.",
				s.loadCount(), t.G7a, t.G7e, t.MayAdjust)
		},
		options: func(s *State) []engine.Option {
			lo, hi := s.mixRange()
			out := s.opts()
			for e := lo; e <= hi; e++ {
				out = append(out, engine.Option{Key: numberedKey('e', e), Label: s.text(func() string { return fmt.Sprintf("%d G7a + %d G7e", s.loadCount()-e, e) }), Case: "4.5"})
			}
			return out
		},
		answer: func(s *State, key string) {
			e, _ := strconv.Atoi(key[1:])
			s.Refit.Load.E = e
			s.Phase = phLoadTubes
		},
	}
	decisions[phLoadTubes] = &decision{
		kind: "load_tubes", cas: "4.5",
		text: func(s *State) string {
			return "Which torpedoes go into the tubes? The rest go to the reload boxes (4.5 step 4-5)."
		},
		options: func(s *State) []engine.Option {
			return s.tubeOptions()
		},
		answer: func(s *State, key string) {
			f, a := parseTubeKey(key)
			s.Refit.Load.FwdE, s.Refit.Load.AftE = f, a
			s.Phase = phLoadAft
		},
	}
	decisions[phLoadAft] = &decision{
		kind: "load_aft_reloads", cas: "4.5",
		text: func(s *State) string { return "Which torpedo types go into the aft reload box?" },
		options: func(s *State) []engine.Option {
			return s.aftReloadOptions()
		},
		answer: func(s *State, key string) {
			z, _ := strconv.Atoi(key[1:])
			s.finishLoading(z)
			if s.Patrol == nil {
				s.Phase = phAssign // loaded before the assignment (ruling torpedo_load_order)
				return
			}
			s.Phase = phSail
		},
	}
	decisions[phReloadFwd] = reloadDecision(true)
	decisions[phReloadAft] = reloadDecision(false)
}

// loadCount is the number of torpedoes stowed this patrol.
func (s *State) loadCount() int {
	m := s.mat()
	if s.Refit.Load.Mines {
		return m.Reloads.Forward + m.Reloads.Aft // 7.4.2: mines fill the tubes
	}
	return m.Torpedoes.Load
}

// mixRange is the allowed number of G7e (4.5 step 3, 4.5.2, 7.4.2).
func (s *State) mixRange() (int, int) {
	m := s.mat()
	t := m.Torpedoes
	n := s.loadCount()
	lo, hi := t.G7e-t.MayAdjust, t.G7e+t.MayAdjust
	if s.Refit.Load.Mines {
		lo, hi = 0, n // 7.4.2: "adjust ... the reloads to balance out the load as desired"
	}
	if lo < 0 {
		lo = 0
	}
	if hi > n {
		hi = n
	}
	if s.Settings.on(opt452) {
		max := 5
		if s.isIX() {
			max = 6
		}
		if r := m.Reloads.Forward + m.Reloads.Aft; r < max {
			max = r // 4.5.2: every G7e begins as a reload
		}
		if hi > max {
			hi = max
		}
		if lo > hi {
			lo = hi
		}
	}
	return lo, hi
}

// beginLoading replenishes the boat for a patrol (6.1 step 3F).
func (s *State) beginLoading() {
	m := s.mat()
	if s.Refit == nil {
		s.Refit = s.newRefit()
	}
	s.Refit.Load = LoadPlan{}
	b := &s.Boat
	for i := range b.Fwd {
		b.Fwd[i] = ""
	}
	for i := range b.Aft {
		b.Aft[i] = ""
	}
	b.FwdA, b.FwdE, b.AftA, b.AftE, b.ShaftMines = 0, 0, 0, 0, 0
	if m.DeckGun != nil {
		b.Ammo = m.DeckGun.Ammo // 4.6.1, 4.6.2: ammo up to the gun's capacity
	}
	if s.Patrol != nil && s.Patrol.Mission == "minelaying" {
		if m.Mines != nil {
			b.ShaftMines = m.Mines.Count // 11.4.6: vertical shafts, no torpedo displaced
			s.say("11.4.6", func() string { return fmt.Sprintf("%d SMA mines are stowed in the vertical shafts.", b.ShaftMines) })
		} else {
			s.Refit.Load.Mines = true
			s.say("7.4.2", func() string {
				return fmt.Sprintf("Mines are loaded in every torpedo tube; the torpedo load drops to %d.", s.loadCount())
			})
		}
	}
	s.Phase = phLoadMix
}

// loadsFirst reports whether the torpedoes are loaded before the patrol
// assignment (ruling torpedo_load_order; 4.4.2, 6.1). Not in a Wolfpack
// tournament: 13.5.2 gives every boat its Atlantic assignment with its type
// and month, as the tournament's start, so the load follows it (no die is
// rolled for it, and no (M) mission takes the tubes).
func (s *State) loadsFirst() bool {
	return s.Pack == nil && s.Settings.ruling(rulTorpedoLoadOrder) == "before_assignment"
}

// toNextPatrol starts the next patrol: its assignment (6.1 step 1), or first
// its torpedo load (refit step F) when the load comes first. The career's
// date is the next patrol's month from now on: the boat is made ready for it.
func (s *State) toNextPatrol() {
	s.Career.Month = s.Career.NextPatrol
	if s.loadsFirst() {
		s.beginLoading()
		return
	}
	s.Phase = phAssign
}

// loadForMission follows an assignment made after the load: a minelaying (M)
// mission takes the tubes, so the torpedoes come out of them and the reloads
// are rebalanced (7.4.2, the whole load chosen again); a VIID stows its mines
// in its shafts without touching the torpedoes (11.4.6).
func (s *State) loadForMission() {
	if s.Patrol.Mission != "minelaying" {
		s.Phase = phSail
		return
	}
	if m := s.mat(); m.Mines != nil {
		s.Boat.ShaftMines = m.Mines.Count
		s.say("11.4.6", func() string {
			return fmt.Sprintf("%d SMA mines are stowed in the vertical shafts.", s.Boat.ShaftMines)
		})
		s.Phase = phSail
		return
	}
	s.note("7.4.2", "A minelaying mission: the torpedoes come out of the tubes for the mines, and the reloads are stowed again.")
	s.beginLoading()
}

// tubeKeys are the load_tubes option keys: f<G7e forward>a<G7e aft>.
var tubeKeys = [5][3]string{
	{"f0a0", "f0a1", "f0a2"}, {"f1a0", "f1a1", "f1a2"}, {"f2a0", "f2a1", "f2a2"},
	{"f3a0", "f3a1", "f3a2"}, {"f4a0", "f4a1", "f4a2"},
}

// parseTubeKey reads a key of tubeKeys (an offered option, so well formed).
func parseTubeKey(key string) (fwdE, aftE int) {
	return int(key[1] - '0'), int(key[3] - '0')
}

func (s *State) tubeOptions() []engine.Option {
	m := s.mat()
	pl := s.Refit.Load
	e := pl.E
	a := s.loadCount() - e
	if pl.Mines || s.Settings.on(opt452) {
		return s.optsOf(engine.Option{Key: "f0a0", Label: "G7a in every tube", Case: "4.5.2"})
	}
	out := s.opts()
	for f := 0; f <= m.Tubes.Forward; f++ {
		for af := 0; af <= m.Tubes.Aft; af++ {
			if f+af > e || (m.Tubes.Forward-f)+(m.Tubes.Aft-af) > a {
				continue
			}
			out = append(out, engine.Option{
				Key: tubeKeys[f][af],
				Label: s.text(func() string {
					return fmt.Sprintf("forward tubes %d G7a + %d G7e, aft %d G7a + %d G7e", m.Tubes.Forward-f, f, m.Tubes.Aft-af, af)
				}),
				Case: "4.5",
			})
		}
	}
	return out
}

func (s *State) aftReloadOptions() []engine.Option {
	m := s.mat()
	pl := s.Refit.Load
	tubesE, tubesA := pl.FwdE+pl.AftE, m.Tubes.Forward+m.Tubes.Aft-pl.FwdE-pl.AftE
	if pl.Mines {
		tubesE, tubesA = 0, 0
	}
	e := pl.E - tubesE
	a := s.loadCount() - pl.E - tubesA
	out := s.opts()
	for z := 0; z <= m.Reloads.Aft; z++ {
		if z > e || m.Reloads.Aft-z > a || e-z > m.Reloads.Forward || a-(m.Reloads.Aft-z) > m.Reloads.Forward {
			continue
		}
		out = append(out, engine.Option{Key: numberedKey('z', z), Label: s.text(func() string {
			return fmt.Sprintf("aft reloads %d G7a + %d G7e; forward reloads %d G7a + %d G7e", m.Reloads.Aft-z, z, a-(m.Reloads.Aft-z), e-z)
		}), Case: "4.5"})
	}
	if len(out) == 0 {
		panic(fmt.Sprintf("hunters: no legal reload split for %s with plan %+v", s.Boat.Type, pl))
	}
	return out
}

func (s *State) finishLoading(aftE int) {
	m := s.mat()
	pl := s.Refit.Load
	b := &s.Boat
	e, a := pl.E, s.loadCount()-pl.E
	fill := func(tubes []string, withE int) {
		for i := range tubes {
			switch {
			case pl.Mines:
				tubes[i] = Mine
			case i < withE:
				tubes[i] = G7e
				e--
			default:
				tubes[i] = G7a
				a--
			}
		}
	}
	fill(b.Fwd, pl.FwdE)
	fill(b.Aft, pl.AftE)
	b.AftE, b.AftA = aftE, m.Reloads.Aft-aftE
	b.FwdE, b.FwdA = e-aftE, a-b.AftA
	s.say("4.5", func() string {
		return fmt.Sprintf("Loaded: forward tubes %s, aft tubes %s; reloads forward %d G7a + %d G7e, aft %d G7a + %d G7e; deck gun ammo %d.",
			s.tubes(b.Fwd), s.tubes(b.Aft), b.FwdA, b.FwdE, b.AftA, b.AftE, b.Ammo)
	})
}

// reload starts reloading the empty tubes (9.2.8) and continues at then.
func (s *State) reload(then Phase) {
	s.Resume = then
	s.Phase = phReloadFwd
}

func reloadDecision(fwd bool) *decision {
	end := "aft"
	if fwd {
		end = "forward"
	}
	return &decision{
		kind: "reload_" + end, cas: "4.5.1",
		text: func(s *State) string {
			return fmt.Sprintf("Reload the empty %s tubes: which torpedo types?", end)
		},
		options: func(s *State) []engine.Option {
			empty, a, e := s.reloadState(fwd)
			n := empty
			if n > a+e {
				n = a + e
			}
			out := s.opts()
			for k := 0; k <= n; k++ {
				if k > e || n-k > a {
					continue
				}
				out = append(out, engine.Option{Key: numberedKey('e', k), Label: s.text(func() string { return fmt.Sprintf("%d G7a + %d G7e", n-k, k) }), Case: "4.5.1"})
			}
			if len(out) == 0 {
				out = append(out, engine.Option{Key: "e0", Label: "nothing to reload", Case: "4.5.1"})
			}
			return out
		},
		answer: func(s *State, key string) {
			k, _ := strconv.Atoi(key[1:])
			s.doReload(fwd, k)
			if fwd {
				s.Phase = phReloadAft
			} else {
				s.Phase = s.Resume
				s.Resume = phNone
			}
		},
	}
}

func (s *State) reloadState(fwd bool) (empty, a, e int) {
	b := &s.Boat
	tubes, ra, re := b.Aft, b.AftA, b.AftE
	if fwd {
		tubes, ra, re = b.Fwd, b.FwdA, b.FwdE
	}
	for _, t := range tubes {
		if t == "" {
			empty++
		}
	}
	return empty, ra, re
}

func (s *State) doReload(fwd bool, k int) {
	b := &s.Boat
	tubes, ra, re := &b.Aft, &b.AftA, &b.AftE
	if fwd {
		tubes, ra, re = &b.Fwd, &b.FwdA, &b.FwdE
	}
	loaded := 0
	for i, t := range *tubes {
		if t != "" {
			continue
		}
		switch {
		case k > 0 && *re > 0:
			(*tubes)[i] = G7e
			*re--
			k--
		case *ra > 0:
			(*tubes)[i] = G7a
			*ra--
		case *re > 0:
			(*tubes)[i] = G7e
			*re--
		default:
			continue
		}
		loaded++
	}
	if loaded > 0 {
		end := "aft"
		if fwd {
			end = "forward"
		}
		s.say("9.2.8", func() string {
			if s.firstWords() {
				return fmt.Sprintf("Reloaded %d %s tube(s): now %v.", loaded, end, *tubes)
			}
			return fmt.Sprintf("Reloaded %s: now %s.", plural(loaded, end+" tube", end+" tubes"), tubeRow(*tubes))
		})
	}
}
