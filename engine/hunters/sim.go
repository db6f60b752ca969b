package hunters

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// SimConfig describes a batch of simulated careers.
type SimConfig struct {
	Careers int
	Boat    string
	Start   string // YYYY-MM; empty for the boat's availability
	Rules   string
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
	rep, err := simulate(r, su, cfg.Careers, newDice)
	if err != nil {
		return nil, err
	}
	rep.Rules = cfg.Rules
	return rep, nil
}

// simulate plays careers careers of a parsed setup.
func simulate(r *Rules, su Setup, careers int, newDice func(career int) engine.Dice) (*SimReport, error) {
	cfg := SimConfig{Careers: careers}
	rep := &SimReport{Careers: cfg.Careers, Boat: su.Boat, Start: su.Start.String(),
		Levels: map[string]int{}, LostByYear: map[string]float64{}}
	tons := make([]int, 0, cfg.Careers)
	var sumTons, patrols, ships, kc, alive, survived int
	s := &State{pack: r.pack}
	for i := 0; i < cfg.Careers; i++ {
		d := newDice(i)
		if err := r.Restart(s, su, d); err != nil {
			return nil, fmt.Errorf("career %d: %w", i, err)
		}
		if err := s.play(d, nil); err != nil {
			return nil, fmt.Errorf("career %d: %w", i, err)
		}
		rep.Decisions += s.Decision
		c := &s.Career
		tons = append(tons, c.Tons)
		sumTons += c.Tons
		patrols += c.Patrols
		ships += c.ShipsSunk
		if c.Award > 0 {
			kc++
		}
		rep.Levels[s.Over.Level]++
		switch c.Fate {
		case "survived":
			survived++
			alive++
		case "prisoner", "captured":
			alive++
		}
		if c.Fate != "survived" {
			rep.LostByYear[strconv.Itoa(c.Month.Year())]++
		}
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
