package example

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/simrun"
)

// simulator plays games for `kaleun sim example`: each game rolls steady
// and bold in turn (game i bold when i is odd), from the setup asked.
type simulator struct{ rules *Rules }

// SimResult is what `kaleun sim example --json` prints.
type SimResult struct {
	Games  int                  `json:"games"`
	Target int                  `json:"target"`
	ByRoll map[string]SimOption `json:"by_roll"`
}

// SimOption is one roll's record over the games that took it.
type SimOption struct {
	Games      int     `json:"games"`
	WinShare   float64 `json:"win_share"`
	MeanPoints float64 `json:"mean_points"`
}

// Simulate implements engine.Simulator.
func (m simulator) Simulate(cfg engine.SimConfig, dice func(i int) engine.Dice) (*engine.SimReport, error) {
	n := cfg.Games
	if n <= 0 {
		n = 1000
	}
	setup := "{}"
	if t := cfg.Setup["target"]; t != "" {
		setup = fmt.Sprintf(`{"target":%q}`, t)
	}
	for k := range cfg.Setup {
		if k != "target" {
			return nil, fmt.Errorf("no question %q (the one is target)", k)
		}
	}
	res := SimResult{Games: n, ByRoll: map[string]SimOption{}}
	wins, points := map[string]int{}, map[string]int{}
	// Each game on a worker, summed in the games' order (engine/simrun), so
	// that --workers changes nothing in the report.
	type game struct {
		target  int
		outcome *engine.Outcome
	}
	play := func(_ struct{}, i int) (game, error) {
		d := dice(i)
		st, _, err := m.rules.New([]byte(setup), d)
		if err != nil {
			return game{}, err
		}
		end, _, err := st.Apply(engine.Choice{Key: choiceOf(i)}, d)
		if err != nil {
			return game{}, err
		}
		return game{st.(*State).Target, end.Outcome()}, nil
	}
	fold := func(i int, g game) bool {
		res.Target = g.target
		o := g.outcome
		key := choiceOf(i)
		r := res.ByRoll[key]
		r.Games++
		res.ByRoll[key] = r
		points[key] += o.Score
		if o.Level == "win" {
			wins[key]++
		}
		return true
	}
	if err := simrun.InOrder(n, cfg.Workers, func() struct{} { return struct{}{} }, play, fold); err != nil {
		return nil, err
	}
	rep := &engine.SimReport{Lines: []string{fmt.Sprintf("%d games of Five or Better, target %d or more", n, res.Target)}}
	for _, key := range []string{Steady, Bold} {
		r := res.ByRoll[key]
		if r.Games == 0 {
			continue
		}
		r.WinShare = float64(wins[key]) / float64(r.Games)
		r.MeanPoints = float64(points[key]) / float64(r.Games)
		res.ByRoll[key] = r
		rep.Lines = append(rep.Lines, fmt.Sprintf("  %-7s %d games, won %.1f%%, %.3f points a game", key, r.Games, 100*r.WinShare, r.MeanPoints))
	}
	rep.Data = res
	return rep, nil
}

// choiceOf is game i's roll: steady when i is even, bold when odd.
func choiceOf(i int) string {
	if i%2 == 1 {
		return Bold
	}
	return Steady
}
