package uboatleader

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/simrun"
)

// Simulation: whole campaigns played by the built-in player (policy.go)
// over a pack, for the balance of the house content and as a benchmark.

// SimConfig is what to simulate.
type SimConfig struct {
	Campaigns int    `json:"campaigns"`
	Campaign  string `json:"campaign"`
	Length    string `json:"length"`
	// Rules are optional rules and rulings, as the setup's "rules".
	Rules string `json:"rules,omitempty"`
	// Workers is how many goroutines play campaigns at once (0: one); the
	// report is the same for every value.
	Workers int `json:"-"`
}

// SimReport sums simulated campaigns up.
type SimReport struct {
	Campaigns int    `json:"campaigns"`
	Campaign  string `json:"campaign"`
	Length    string `json:"length"`
	Rules     string `json:"rules,omitempty"`
	Pack      string `json:"pack"`
	// Grades counts the results by grade, Great to Dismal (UBL-8).
	Grades map[string]int `json:"grades"`
	// MeanVP and MedianVP are the final VP (after the -3 a lost boat).
	MeanVP   float64 `json:"mean_vp"`
	MedianVP float64 `json:"median_vp"`
	// MeanLost is U-boats lost a campaign; LostShare the campaigns that
	// lost at least one.
	MeanLost  float64 `json:"mean_lost"`
	LostShare float64 `json:"lost_share"`
	MeanSunk  float64 `json:"mean_ships_sunk"`
	MeanTurns float64 `json:"mean_turns"`
	MeanFleet float64 `json:"mean_fleet"`
	// Decisions a campaign, on average.
	MeanDecisions float64 `json:"mean_decisions"`
}

// Grades are the campaign results, best first (UBL-8).
var Grades = []string{"Great", "Good", "Adequate", "Poor", "Dismal"}

// maxSimDecisions stops a campaign the built-in player cannot finish.
const maxSimDecisions = 200000

// Simulate plays campaigns with the built-in player; dice gives campaign i
// its dice.
func Simulate(r *Rules, cfg SimConfig, dice func(i int) engine.Dice) (SimReport, error) {
	if cfg.Length == "" {
		cfg.Length = "short"
	}
	if cfg.Campaign == "" {
		cfg.Campaign = r.packs[0].Campaigns[0].ID
	}
	rep := SimReport{Campaigns: cfg.Campaigns, Campaign: cfg.Campaign, Length: cfg.Length, Rules: cfg.Rules, Pack: r.packs[0].Meta.ID, Grades: map[string]int{}}
	setup, _ := json.Marshal(map[string]string{"campaign": cfg.Campaign, "length": cfg.Length, "rules": cfg.Rules})
	var vps []int
	type campaign struct {
		state     *State
		decisions int
	}
	play := func(_ struct{}, i int) (campaign, error) {
		s, decisions, err := r.playOut(setup, dice(i))
		if err != nil {
			return campaign{}, fmt.Errorf("campaign %d: %w", i, err)
		}
		return campaign{s, decisions}, nil
	}
	fold := func(_ int, c campaign) bool {
		s := c.state
		for _, res := range s.Results {
			rep.Grades[res.Grade]++
			vps = append(vps, res.VP)
			rep.MeanVP += float64(res.VP)
			rep.MeanLost += float64(res.Lost)
			if res.Lost > 0 {
				rep.LostShare++
			}
			rep.MeanSunk += float64(res.Sunk)
			rep.MeanTurns += float64(res.Turns)
		}
		rep.MeanFleet += float64(len(s.Fleet))
		rep.MeanDecisions += float64(c.decisions)
		return true
	}
	// The campaigns summed in their order: the report does not depend on
	// the workers.
	if err := simrun.InOrder(cfg.Campaigns, cfg.Workers, func() struct{} { return struct{}{} }, play, fold); err != nil {
		return rep, err
	}
	n := float64(len(vps))
	if n == 0 {
		return rep, nil
	}
	rep.MeanVP /= n
	rep.MeanLost /= n
	rep.LostShare /= n
	rep.MeanSunk /= n
	rep.MeanTurns /= n
	rep.MeanFleet /= float64(cfg.Campaigns)
	rep.MeanDecisions /= float64(cfg.Campaigns)
	sort.Ints(vps)
	if len(vps)%2 == 1 {
		rep.MedianVP = float64(vps[len(vps)/2])
	} else {
		rep.MedianVP = float64(vps[len(vps)/2-1]+vps[len(vps)/2]) / 2
	}
	return rep, nil
}

// playOut plays one campaign to its end with the built-in player, in place
// (no copy a decision, no notes built): the fast path of Apply, which the
// tests hold to the same results.
func (r *Rules) playOut(setup []byte, d engine.Dice) (*State, int, error) {
	st, _, err := r.New(setup, d)
	if err != nil {
		return nil, 0, err
	}
	s := st.(*State)
	s.bare = true
	n := 0
	for ; !s.Done; n++ {
		if n > maxSimDecisions {
			return nil, n, fmt.Errorf("uboatleader: a simulated campaign does not end (%d decisions, turn %d, phase %s)", n, s.Turn, s.Phase)
		}
		key := BuiltIn(s)
		if _, _, err := s.legal(key); err != nil {
			return nil, n, fmt.Errorf("the built-in player chose %q at %s: %w", key, s.top().Op, err)
		}
		if _, err := s.runQuiet(d, func() { s.choose(key) }); err != nil {
			return nil, n, err
		}
	}
	return s, n, nil
}

// runQuiet is run without building notes.
func (s *State) runQuiet(d engine.Dice, fn func()) ([]engine.Event, error) {
	var err error
	func() {
		s.rn = &runner{dice: d, quiet: true}
		defer func() {
			if r := recover(); r != nil {
				df, ok := r.(diceFailure)
				if !ok {
					panic(r)
				}
				err = df.err
			}
			s.rn = nil
		}()
		fn()
	}()
	return nil, err
}
