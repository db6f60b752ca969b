package battle_test

// A second reading of module 9.0, as small as the rulebook's words allow
// (default rulings only), played beside the implementation on random
// set-ups, random choices and random dice: at every key the two must agree
// on the prompt's kind and keys, on every roll (case, faces, result), on
// the number of dice rolled, and on every flotilla and convoy afterwards.
// The model is the tester's, written from the rulebook, not from the code.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/battle"
	"github.com/kaleun/kaleun/engine/xxi/content"
	"github.com/kaleun/kaleun/internal/testsize"
)

// model is the phase as the tester reads 9.1-9.9, under the rulings
// XXI-A5, A6, A7 and A20 either way (A8 at its default) as api.go and
// docs/players/xxi.md describe their readings.
type model struct {
	r     battle.Rulings
	fl    []battle.Flotilla
	cv    []battle.Convoy
	paths []content.Path
	// the mission under way: fi is the flotilla's index, -1 between missions
	fi    int
	path  content.Path
	space int    // the space being tried, 0..3
	step  string // the prompt kind the mission waits at
	// ooMiss: the Open Ocean test failed and its depth charge missed
	// (XXI-A6); attacks: convoy attacks made this mission (XXI-A7).
	ooMiss  bool
	attacks int
	over    bool
}

func newModel(s battle.Setup) *model {
	m := &model{r: s.Rulings, fl: slices.Clone(s.Flotillas), cv: slices.Clone(s.Convoys), paths: s.Paths, fi: -1}
	if _, ks := m.prompt(); len(ks) == 1 {
		m.over = true // 9.1: no Full-strength flotilla, no mission
	}
	return m
}

// kind and keys are the prompt the model stands at ("" once over).
func (m *model) prompt() (string, []string) {
	if m.over {
		return "", nil
	}
	if m.fi < 0 {
		var ks []string
		for _, f := range m.fl {
			if !f.Depleted && !f.Sunk && !f.Sailed {
				for _, p := range m.paths {
					if m.r.A20 != battle.A20Forbidden || m.afloatOn(p.ID) > 0 {
						ks = append(ks, "sail:"+f.ID+":"+p.ID)
					}
				}
			}
		}
		return kSail, append(ks, "end")
	}
	switch m.step {
	case kEncount:
		return kEncount, []string{"test", "abort"}
	case kAfterDC:
		if m.ooMiss && m.r.A6 == battle.A6StraightHome {
			return kAfterDC, []string{"continue", "abort", "home"}
		}
		return kAfterDC, []string{"continue", "abort"}
	case kOpenOcHt:
		return kOpenOcHt, []string{"home", "continue"}
	}
	var ks []string
	for _, c := range m.afloat() {
		ks = append(ks, "attack:"+c.ID)
	}
	if m.r.A7 == battle.A7AfterDCOnly && m.attacks == 0 {
		return kConvoy, ks // 9.7 "it attacks": leave only after a first attack
	}
	return kConvoy, append(ks, "leave")
}

func (m *model) afloatOn(path string) int {
	n := 0
	for _, c := range m.cv {
		if c.Path == path && !c.Sunk {
			n++
		}
	}
	return n
}

func (m *model) afloat() []battle.Convoy {
	var out []battle.Convoy
	for _, c := range m.cv {
		if c.Path == m.path.ID && !c.Sunk {
			out = append(out, c)
		}
	}
	return out
}

// faces hands the model the dice the implementation rolled, in order.
type faces struct {
	f   []int
	at  int
	bad bool
}

func (d *faces) roll(n int) []int {
	if d.at+n > len(d.f) {
		d.bad = true
		d.at = len(d.f)
		return make([]int, n)
	}
	r := d.f[d.at : d.at+n]
	d.at += n
	return r
}

// apply plays key, reading dice from d, and returns the rolls it makes.
func (m *model) apply(key string, d *faces) []roll {
	var rolls []roll
	f := func() *battle.Flotilla { return &m.fl[m.fi] }
	// hit flips Full to Depleted, sinks a Depleted one (9.4); it reports
	// whether the flotilla survives.
	hit := func() bool {
		if f().Depleted {
			f().Sunk = true
			m.endMission()
			return false
		}
		f().Depleted = true
		return true
	}
	home := func() { // 9.6
		for {
			r := enc(m.path.Home.Target, d.roll(f().Ratings.Engine)...)
			r.cases = []string{"9.6"}
			rolls = append(rolls, r)
			if r.result == "pass" || !hit() || m.r.A5 != battle.A5StaysOut {
				break // home, sunk, or (XXI-A5 default) home Depleted
			}
			// XXI-A5 stays out: Depleted now, it tests again at once.
		}
		m.endMission()
	}
	enterArea := func() { // 9.2's last paragraph, 9.9
		if len(m.afloat()) == 0 {
			home()
			return
		}
		m.step = kConvoy
	}
	var test func()
	next := func() {
		m.space++
		if m.space == 4 {
			enterArea()
			return
		}
		m.step = kEncount
		if m.r.A7 == battle.A7AfterDCOnly {
			test() // XXI-A7 after depth charges only: no decision before a test
		}
	}
	test = func() { // 9.2, with 9.3/9.4 on a failure
		sp := m.path.Spaces[m.space]
		n := f().Ratings.Engine
		if sp.Test == content.Silence {
			n = f().Ratings.Silence
		}
		r := enc(sp.Target, d.roll(n)...)
		rolls = append(rolls, r)
		if r.result == "pass" {
			next()
			return
		}
		dcf := d.roll(sp.DepthCharges)
		dr := dc("miss", dcf...)
		openOcean := m.path.ID == content.Atlantic && m.space == 0
		if openOcean {
			dr.cases = []string{"9.3", "9.4"}
		}
		if slices.Max(dcf) >= f().Ratings.Defense {
			dr.result = "hit"
		}
		rolls = append(rolls, dr)
		if dr.result == "hit" && !hit() {
			return
		}
		m.step = kAfterDC
		if openOcean && dr.result == "hit" {
			m.step = kOpenOcHt
		}
		m.ooMiss = openOcean && dr.result == "miss"
	}
	switch {
	case key == "end":
		m.over = true
	case strings.HasPrefix(key, "sail:"):
		for i, fl := range m.fl {
			for _, p := range m.paths {
				if key == "sail:"+fl.ID+":"+p.ID {
					m.fi, m.path, m.space, m.step = i, p, 0, kEncount
					m.fl[i].Sailed = true
					m.ooMiss, m.attacks = false, 0
				}
			}
		}
		if m.r.A7 == battle.A7AfterDCOnly {
			test()
		}
	case key == "test":
		test()
	case key == "continue":
		m.ooMiss = false
		next()
	case key == "abort" || key == "leave":
		home()
	case key == "home": // 9.3, or XXI-A6 straight home after a miss
		m.endMission()
	case strings.HasPrefix(key, "attack:"): // 9.7, then 9.8
		m.attacks++
		ci := slices.IndexFunc(m.cv, func(c battle.Convoy) bool { return "attack:"+c.ID == key })
		af := d.roll(f().Ratings.Attack)
		ar := attack("missed", af...)
		if slices.Max(af) >= m.cv[ci].Value {
			ar.result = "sunk"
			m.cv[ci].Sunk = true
		}
		df := d.roll(m.path.Area.DepthCharges)
		dr := areaDC("miss", df...)
		if slices.Max(df) >= f().Ratings.Defense {
			dr.result = "hit"
		}
		rolls = append(rolls, ar, dr)
		if dr.result == "hit" && !hit() {
			break
		}
		enterArea()
	}
	if !m.over && m.fi < 0 {
		if k, ks := m.prompt(); k == kSail && len(ks) == 1 {
			m.over = true // 9.1: no flotilla can sail, the phase ends by itself
		}
	}
	return rolls
}

func (m *model) endMission() { m.fi, m.step = -1, "" }

// recorder rolls random faces and keeps them.
type recorder struct {
	r     *rand.Rand
	faces []int
}

func (d *recorder) Roll(sides int) (int, error) {
	f := d.r.IntN(sides) + 1
	d.faces = append(d.faces, f)
	return f, nil
}

func randomSetup(r *rand.Rand, paths []content.Path) battle.Setup {
	var s battle.Setup
	s.Paths = paths
	for i := range 1 + r.IntN(4) {
		f := battle.Flotilla{ID: fmt.Sprintf("F-%d", i+1), Class: "XXI", Ratings: battle.Ratings{
			Engine: 1 + r.IntN(4), Silence: 1 + r.IntN(4), Attack: 1 + r.IntN(4), Defense: 2 + r.IntN(5),
		}}
		if i == 0 && r.IntN(2) == 0 {
			f = vii(f.ID)
		}
		f.Depleted = r.IntN(4) == 0
		s.Flotillas = append(s.Flotillas, f)
	}
	for i := range r.IntN(5) {
		p := paths[r.IntN(len(paths))].ID
		s.Convoys = append(s.Convoys, battle.Convoy{ID: fmt.Sprintf("convoy-%d", i+1), Value: 2 + r.IntN(5), Path: p})
	}
	return s
}

// TestCase9_0AgainstTheRulebookModel: 3000 random phases (300 under
// -race, internal/testsize), the first third at the default rulings, the
// rest under random readings of XXI-A5, A6, A7 and A20, each key checked
// against the model.
func TestCase9_0AgainstTheRulebookModel(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for game := range testsize.Scale(3000, 300) {
		paths := housePaths(t)
		if game%2 == 1 {
			paths = bookPaths()
		}
		s := randomSetup(r, paths)
		s.Rulings = battle.DefaultRulings()
		if game%3 != 0 { // a third at the defaults, the rest any reading
			pick := func(a, b string) string { return [2]string{a, b}[r.IntN(2)] }
			s.Rulings.A5 = pick(battle.A5ReachesValentin, battle.A5StaysOut)
			s.Rulings.A6 = pick(battle.A6AfterDC, battle.A6StraightHome)
			s.Rulings.A7 = pick(battle.A7AnyStep, battle.A7AfterDCOnly)
			s.Rulings.A20 = pick(battle.A20Allowed, battle.A20Forbidden)
		}
		p := newPhaseWith(t, s)
		m := newModel(s)
		var trail []string
		for stepN := 0; ; stepN++ {
			where := fmt.Sprintf("game %d, setup %+v, after %v", game, s, trail)
			kind, ks := m.prompt()
			pr := p.Prompt()
			if kind == "" {
				if pr != nil {
					t.Fatalf("%s: the model's phase is over; the implementation prompts %s %v", where, pr.Kind, keys(pr))
				}
				break
			}
			if pr == nil {
				t.Fatalf("%s: the implementation's phase is over; the model prompts %s %v", where, kind, ks)
			}
			if pr.Kind != kind {
				t.Fatalf("%s: prompt %s %v; the model's %s %v", where, pr.Kind, keys(pr), kind, ks)
			}
			got := slices.Clone(keys(pr))
			slices.Sort(got)
			slices.Sort(ks)
			if !slices.Equal(got, ks) {
				t.Fatalf("%s: %s keys %v; the model's %v", where, kind, got, ks)
			}
			key := ks[r.IntN(len(ks))]
			trail = append(trail, key)
			d := &recorder{r: r}
			np, evs, err := p.Apply(key, d)
			if err != nil {
				t.Fatalf("%s: Apply: %v", where, err)
			}
			mf := &faces{f: d.faces}
			want := m.apply(key, mf)
			if mf.bad || mf.at != len(d.faces) {
				t.Fatalf("%s: the implementation rolled %v; the model needed other dice (%v)", where, d.faces, want)
			}
			checkRolls(t, where, evs, want)
			for _, f := range m.fl {
				g := flotilla(t, np, f.ID)
				if g.Sunk != f.Sunk || (!f.Sunk && g.Depleted != f.Depleted) || g.Sailed != f.Sailed || g.Ratings != f.Ratings {
					t.Fatalf("%s: flotilla %+v; the model's %+v", where, g, f)
				}
			}
			for _, c := range m.cv {
				if g := convoy(t, np, c.ID); g != c {
					t.Fatalf("%s: convoy %+v; the model's %+v", where, g, c)
				}
			}
			if t.Failed() {
				t.FailNow()
			}
			p = np
			if stepN > 200 {
				t.Fatalf("%s: 200 keys and the phase goes on", where)
			}
		}
	}
}

var _ engine.Dice = (*recorder)(nil)
