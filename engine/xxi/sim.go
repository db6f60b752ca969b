package xxi

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/simrun"
)

// maxSimDecisions stops a game the built-in player cannot finish.
const maxSimDecisions = 100000

// SimReport sums games of the built-in player up: the report's figures.
type SimReport struct {
	Games   int     `json:"games"`
	Pack    string  `json:"pack"`
	Rulings string  `json:"rulings,omitempty"`
	Built   float64 `json:"mean_xxi_built"`
	// BuiltBy is the mean number built of each model.
	BuiltBy       map[string]float64 `json:"mean_built_by_model"`
	ConvoysSunk   float64            `json:"mean_convoys_sunk"`
	ConvoysToWA   float64            `json:"mean_convoys_to_wa"`
	FlotillasLost float64            `json:"mean_flotillas_lost"`
	Devastated    float64            `json:"mean_hubs_devastated"`
	ArmiesBox     float64            `json:"mean_armies_box"`
	// NoXXI is the share of games that built no XXI.
	NoXXI     float64 `json:"share_no_xxi"`
	Decisions float64 `json:"mean_decisions"`
}

// simGame is one simulated game for the report: its final state and how
// many decisions it took.
type simGame struct {
	state      *State
	decisions  int
	devastated int
}

// simulator is what `kaleun sim xxi` plays (engine.Simulator).
type simulator struct{ r *Rules }

// Simulate implements engine.Simulator.
func (m simulator) Simulate(cfg engine.SimConfig, dice func(i int) engine.Dice) (*engine.SimReport, error) {
	n, err := cfg.Count(1000, 1_000_000, "games")
	if err != nil {
		return nil, err
	}
	if err := cfg.Only("pack", "rulings"); err != nil {
		return nil, err
	}
	rep, err := Simulate(m.r, n, cfg.Workers, cfg.Setup["pack"], cfg.Setup["rulings"], dice)
	if err != nil {
		return nil, err
	}
	lines := []string{
		fmt.Sprintf("%d games of XXI with the built-in player, pack %s%s; a report, no victory (14.0 is not in the text)", rep.Games, rep.Pack, map[bool]string{true: ", rulings " + rep.Rulings, false: ""}[rep.Rulings != ""]),
		fmt.Sprintf("  Type XXI built        %.2f a game (A %.2f, B %.2f, C %.2f, D %.2f); none in %.1f%%", rep.Built, rep.BuiltBy["A"], rep.BuiltBy["B"], rep.BuiltBy["C"], rep.BuiltBy["D"], 100*rep.NoXXI),
		fmt.Sprintf("  convoys sunk          %.2f", rep.ConvoysSunk),
		fmt.Sprintf("  convoys reaching WA   %.2f", rep.ConvoysToWA),
		fmt.Sprintf("  flotillas lost        %.2f", rep.FlotillasLost),
		fmt.Sprintf("  hubs devastated       %.2f at the end", rep.Devastated),
		fmt.Sprintf("  armies' box           %.2f at the end (0: no army drawn)", rep.ArmiesBox),
		fmt.Sprintf("  decisions             %.0f a game", rep.Decisions),
	}
	return &engine.SimReport{Lines: lines, Data: rep}, nil
}

// Simulate plays n games with the built-in player, game i with dice(i), on
// up to workers goroutines; the games are summed in their order, so the
// report does not depend on workers.
func Simulate(r *Rules, n, workers int, pack, rulings string, dice func(i int) engine.Dice) (SimReport, error) {
	setup, _ := json.Marshal(map[string]string{"pack": pack, "rulings": rulings})
	rep := SimReport{Games: n, Rulings: rulings, BuiltBy: map[string]float64{}}
	play := func(_ struct{}, i int) (simGame, error) {
		s, decisions, err := r.playOut(setup, dice(i))
		if err != nil {
			return simGame{}, fmt.Errorf("game %d: %w", i, err)
		}
		g := simGame{state: s, decisions: decisions}
		for _, h := range hubs() {
			if s.devastated(h) != nil {
				g.devastated++
			}
		}
		return g, nil
	}
	fold := func(_ int, g simGame) bool {
		s := g.state
		rep.Pack = s.pack.Meta.ID
		built := 0
		for _, k := range slices.Sorted(maps.Keys(s.Tally.Built)) {
			// In the models' order: a float's sum depends on it.
			v := s.Tally.Built[k]
			rep.BuiltBy[k] += float64(v)
			built += v
		}
		if built == 0 {
			rep.NoXXI++
		}
		rep.Built += float64(built)
		rep.ConvoysSunk += float64(s.Tally.ConvoysSunk)
		rep.ConvoysToWA += float64(s.Tally.ConvoysToWA)
		rep.FlotillasLost += float64(s.Tally.FlotillasLost[KindVII] + s.Tally.FlotillasLost[KindXXI])
		rep.Devastated += float64(g.devastated)
		rep.ArmiesBox += float64(s.GWT + 1)
		rep.Decisions += float64(g.decisions)
		return true
	}
	if err := simrun.InOrder(n, workers, func() struct{} { return struct{}{} }, play, fold); err != nil {
		return rep, err
	}
	f := float64(max(n, 1))
	for k := range rep.BuiltBy {
		rep.BuiltBy[k] /= f
	}
	rep.Built /= f
	rep.NoXXI /= f
	rep.ConvoysSunk /= f
	rep.ConvoysToWA /= f
	rep.FlotillasLost /= f
	rep.Devastated /= f
	rep.ArmiesBox /= f
	rep.Decisions /= f
	return rep, nil
}

// playOut plays one game to its end with the built-in player, in place
// (no copy a decision): the same steps as Apply, which the tests hold to
// the same result.
func (r *Rules) playOut(setup []byte, d engine.Dice) (*State, int, error) {
	st, _, err := r.New(setup, d)
	if err != nil {
		return nil, 0, err
	}
	s := st.(*State)
	n := 0
	for ; !s.Done; n++ {
		if n > maxSimDecisions {
			return nil, n, fmt.Errorf("xxi: a simulated game does not end (%d decisions, turn %d, phase %d)", n, s.Turn, s.Phase)
		}
		key := BuiltIn(s)
		a, _, err := s.legal(key)
		if err != nil {
			return nil, n, fmt.Errorf("the built-in player chose %q at %s: %w", key, s.Step, err)
		}
		if _, err := s.run(d, func() { s.Decision++; s.choose(a.Kind, key) }); err != nil {
			return nil, n, err
		}
	}
	return s, n, nil
}
