package uboatleader

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// simulator is what `kaleun sim uboatleader` plays (engine.Simulator):
// campaigns of the built-in player over the house pack.
type simulator struct{ r *Rules }

// Simulate implements engine.Simulator.
func (m simulator) Simulate(cfg engine.SimConfig, dice func(i int) engine.Dice) (*engine.SimReport, error) {
	n, err := cfg.Count(1000, 1_000_000, "campaigns")
	if err != nil {
		return nil, err
	}
	if err := cfg.Only("campaign", "length", "rules"); err != nil {
		return nil, err
	}
	length := cfg.Setup["length"]
	if length == "" {
		length = "short"
	}
	rep, err := Simulate(m.r, SimConfig{Campaigns: n, Campaign: cfg.Setup["campaign"], Length: length, Rules: cfg.Setup["rules"], Workers: cfg.Workers}, dice)
	if err != nil {
		return nil, err
	}
	var lines []string
	lines = append(lines, fmt.Sprintf("%d campaigns of U-Boat Leader (%s, %s, pack %s: house content, not the publisher's) with the built-in player%s", rep.Campaigns, rep.Campaign, rep.Length, rep.Pack, map[bool]string{true: ", rules " + rep.Rules, false: ""}[rep.Rules != ""]))
	lines = append(lines, fmt.Sprintf("  VP            mean %.1f, median %.1f", rep.MeanVP, rep.MedianVP))
	lines = append(lines, "  results:")
	for _, g := range Grades {
		lines = append(lines, fmt.Sprintf("    %-9s %d", g, rep.Grades[g]))
	}
	lines = append(lines, fmt.Sprintf("  U-boats lost  %.2f a campaign (at least one in %.1f%%)", rep.MeanLost, 100*rep.LostShare))
	lines = append(lines, fmt.Sprintf("  per campaign  %.1f ships sunk, %.1f turns, %.1f U-boats bought, %.0f decisions", rep.MeanSunk, rep.MeanTurns, rep.MeanFleet, rep.MeanDecisions))
	return &engine.SimReport{Lines: lines, Data: rep}, nil
}
