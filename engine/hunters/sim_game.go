package hunters

import (
	"fmt"
	"sort"

	"github.com/kaleun/kaleun/engine"
)

// simulator is what `kaleun sim hunters` plays (engine.Simulator): careers
// of the built-in commander, with the set-up's boat (a VIIC when none is
// given), start and rules.
type simulator struct{ r *Rules }

// Simulate implements engine.Simulator.
func (m simulator) Simulate(cfg engine.SimConfig, dice func(i int) engine.Dice) (*engine.SimReport, error) {
	n, err := cfg.Count(1000, 10_000_000, "careers")
	if err != nil {
		return nil, err
	}
	if err := cfg.Only("boat", "start", "rules"); err != nil {
		return nil, err
	}
	boat := cfg.Setup["boat"]
	if boat == "" {
		boat = "VIIC"
	}
	rep, err := Simulate(m.r, SimConfig{Careers: n, Boat: boat, Start: cfg.Setup["start"], Rules: cfg.Setup["rules"], Workers: cfg.Workers}, dice)
	if err != nil {
		return nil, err
	}
	var lines []string
	lines = append(lines, fmt.Sprintf("%d careers, Type %s from %s%s", rep.Careers, rep.Boat, rep.Start, map[bool]string{true: ", rules " + rep.Rules, false: ""}[rep.Rules != ""]))
	lines = append(lines, fmt.Sprintf("  tonnage       mean %.0f t, median %.0f t", rep.MeanTons, rep.MedianTons))
	lines = append(lines, fmt.Sprintf("  alive at end  %.1f%% (in command to the end: %.1f%%)", 100*rep.AliveShare, 100*rep.SurvivedShare))
	lines = append(lines, fmt.Sprintf("  patrols       %.2f per career, ships sunk %.2f", rep.MeanPatrols, rep.MeanShipsSunk))
	lines = append(lines, fmt.Sprintf("  Knight's Cross %.1f%%", 100*rep.KnightsCross))
	lines = append(lines, "  victory levels:")
	for _, l := range []string{"defeat", "draw", "marginal_victory", "substantial_victory", "decisive_victory"} {
		lines = append(lines, fmt.Sprintf("    %-20s %d", l, rep.Levels[l]))
	}
	years := make([]string, 0, len(rep.LostByYear))
	for y := range rep.LostByYear {
		years = append(years, y)
	}
	sort.Strings(years)
	lines = append(lines, "  lost by year (careers ended that year by loss, death or capture, as a share of all careers):")
	for _, y := range years {
		lines = append(lines, fmt.Sprintf("    %s %.1f%%", y, 100*rep.LostByYear[y]))
	}
	return &engine.SimReport{Lines: lines, Data: rep}, nil
}
