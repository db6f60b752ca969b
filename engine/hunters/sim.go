package hunters

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/simrun"
)

// SimConfig describes a batch of simulated careers.
type SimConfig struct {
	Careers int
	Boat    string
	Start   string // YYYY-MM; empty for the boat's availability
	Rules   string
	// Workers is how many goroutines play careers at once (0: one); the
	// report is the same for every value.
	Workers int
}

// careerSummary is what a simulated career leaves for the report: the few
// figures the report sums, copied out of the worker's state it reuses.
type careerSummary struct {
	decisions, tons, patrols, ships int
	award                           bool
	level, fate                     string
	year                            int
}

// SimReport summarises a batch of careers played by the built-in commander.
type SimReport struct {
	Careers    int     `json:"careers"`
	Boat       string  `json:"boat"`
	Start      string  `json:"start"`
	Rules      string  `json:"rules,omitempty"`
	MeanTons   float64 `json:"mean_tonnage"`
	MedianTons float64 `json:"median_tonnage"`
	// AliveShare counts careers whose Kommandant lives at the end (survivors and prisoners).
	AliveShare float64 `json:"alive_share"`
	// SurvivedShare counts careers that reached the end of the game in command.
	SurvivedShare float64        `json:"survived_share"`
	Levels        map[string]int `json:"victory_levels"`
	MeanPatrols   float64        `json:"mean_patrols"`
	MeanShipsSunk float64        `json:"mean_ships_sunk"`
	KnightsCross  float64        `json:"knights_cross_share"`
	// LostByYear is the share of careers ended early (boat lost, Kommandant
	// killed or captured) in each year.
	LostByYear map[string]float64 `json:"lost_by_year"`
	Decisions  int                `json:"decisions"`
}

// Simulate plays cfg.Careers careers with the built-in commander. newDice
// gives each career its dice; the engine stays free of randomness of its own.
func Simulate(r *Rules, cfg SimConfig, newDice func(career int) engine.Dice) (*SimReport, error) {
	if cfg.Careers < 1 {
		return nil, fmt.Errorf("careers must be at least 1")
	}
	raw, _ := json.Marshal(map[string]string{"boat": cfg.Boat, "start": cfg.Start, "rules": cfg.Rules})
	su, err := r.ParseSetup(raw)
	if err != nil {
		return nil, err
	}
	rep, err := simulate(r, su, cfg.Careers, cfg.Workers, newDice)
	if err != nil {
		return nil, err
	}
	rep.Rules = cfg.Rules
	return rep, nil
}

// simulate plays careers careers of a parsed setup on up to workers
// goroutines, each reusing one state from career to career; the careers are
// summed in their order, so the report does not depend on workers.
func simulate(r *Rules, su Setup, careers, workers int, newDice func(career int) engine.Dice) (*SimReport, error) {
	cfg := SimConfig{Careers: careers}
	rep := &SimReport{Careers: cfg.Careers, Boat: su.Boat, Start: su.Start.String(),
		Levels: map[string]int{}, LostByYear: map[string]float64{}}
	tons := make([]int, 0, cfg.Careers)
	var sumTons, patrols, ships, kc, alive, survived int
	play := func(s *State, i int) (careerSummary, error) {
		d := newDice(i)
		if err := r.Restart(s, su, d); err != nil {
			return careerSummary{}, fmt.Errorf("career %d: %w", i, err)
		}
		if err := s.play(d, nil); err != nil {
			return careerSummary{}, fmt.Errorf("career %d: %w", i, err)
		}
		c := &s.Career
		return careerSummary{decisions: s.Decision, tons: c.Tons, patrols: c.Patrols, ships: c.ShipsSunk,
			award: c.Award > 0, level: s.Over.Level, fate: c.Fate, year: c.Month.Year()}, nil
	}
	fold := func(_ int, c careerSummary) bool {
		rep.Decisions += c.decisions
		tons = append(tons, c.tons)
		sumTons += c.tons
		patrols += c.patrols
		ships += c.ships
		if c.award {
			kc++
		}
		rep.Levels[c.level]++
		switch c.fate {
		case "survived":
			survived++
			alive++
		case "prisoner", "captured":
			alive++
		}
		if c.fate != "survived" {
			rep.LostByYear[strconv.Itoa(c.year)]++
		}
		return true
	}
	if err := simrun.InOrder(cfg.Careers, workers, func() *State { return &State{pack: r.pack} }, play, fold); err != nil {
		return nil, err
	}
	n := float64(cfg.Careers)
	sort.Ints(tons)
	rep.MeanTons = float64(sumTons) / n
	if len(tons)%2 == 1 {
		rep.MedianTons = float64(tons[len(tons)/2])
	} else {
		rep.MedianTons = float64(tons[len(tons)/2-1]+tons[len(tons)/2]) / 2
	}
	rep.AliveShare = float64(alive) / n
	rep.SurvivedShare = float64(survived) / n
	rep.MeanPatrols = float64(patrols) / n
	rep.MeanShipsSunk = float64(ships) / n
	rep.KnightsCross = float64(kc) / n
	for y, v := range rep.LostByYear {
		rep.LostByYear[y] = v / n
	}
	return rep, nil
}

// PlayOut lets the built-in commander play s to the end of the game, quietly
// and in place, as Simulate plays its careers.
func (s *State) PlayOut(d engine.Dice) error { return s.play(d, nil) }

// play lets the built-in commander answer every decision of s in place,
// quietly, until the game is over, a wolfpack's career waits for its pack
// (only the pack moves it on), or stop, when given, says so before a
// decision. The commander chooses from the options the rules stopped at,
// and its answer goes through decide like a player's.
func (s *State) play(d engine.Dice, stop func(*State) bool) error {
	_, err := s.playFrom("", d, false, stop)
	return err
}

// playFrom is play after answering the pending decision with first (when
// not ""), recording the events of it all when record is set.
func (s *State) playFrom(first string, d engine.Dice, record bool, stop func(*State) bool) (events []engine.Event, err error) {
	if s.Over != nil {
		return nil, nil
	}
	s.running(d, record)
	defer s.ran(&events, &err)
	dec := s.handler().dec
	if dec == nil {
		return nil, fmt.Errorf("hunters: state in phase %q waits for no decision", s.Phase)
	}
	var opts []engine.Option
	if dec.count == nil {
		opts = s.options(dec)
	}
	if first != "" {
		if !dec.offered(s, opts, first) {
			return nil, fmt.Errorf("%w: %q is not an option here (%s)", engine.ErrIllegalChoice, first, optionKeys(opts))
		}
		opts = s.decide(dec, opts, first)
		dec = s.handler().dec
	}
	for s.Over == nil && dec.actorOf() != Pack {
		if stop != nil && stop(s) {
			break
		}
		key := commandFrom(s, opts)
		if !dec.offered(s, opts, key) {
			return nil, fmt.Errorf("hunters: the built-in commander chose %q in phase %s, not one of its options (%s)", key, s.Phase, optionKeys(opts))
		}
		opts = s.decide(dec, opts, key)
		dec = s.handler().dec
	}
	return s.run.events, nil
}
