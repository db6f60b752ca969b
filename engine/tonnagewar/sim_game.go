package tonnagewar

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// simulator is what `kaleun sim tonnagewar` plays (engine.Simulator):
// games between the built-in players, two a match with the roles swapped,
// to check the balance of the house values.
type simulator struct{ r *Rules }

// Simulate implements engine.Simulator.
func (m simulator) Simulate(cfg engine.SimConfig, dice func(i int) engine.Dice) (*engine.SimReport, error) {
	n, err := cfg.Count(200, 1_000_000, "games")
	if err != nil {
		return nil, err
	}
	for k, v := range cfg.Setup {
		switch {
		case k == "rulings", k == "scenario" && (v == "" || v == "hx228"):
		default:
			return nil, fmt.Errorf("a simulation takes rulings (and the one scenario, hx228), not %s=%s", k, v)
		}
	}
	rep, err := Simulate(m.r, n, cfg.Workers, cfg.Setup["rulings"], dice)
	if err != nil {
		return nil, err
	}
	var lines []string
	lines = append(lines, fmt.Sprintf("%d games of Tonnage War (HX 228, house values) between the built-in players", rep.Games))
	lines = append(lines, fmt.Sprintf("  mean score     U-boats %.2f, escorts %.2f", rep.MeanUBoatScore, rep.MeanEscortScore))
	lines = append(lines, fmt.Sprintf("  games won      U-boats %.1f%%, escorts %.1f%%, drawn %.1f%%", 100*rep.UBoatWins, 100*rep.EscortWins, 100*rep.Draws))
	lines = append(lines, fmt.Sprintf("  per game       %.2f convoy ships sunk, %.2f U-boats lost", rep.MeanShipsSunk, rep.MeanUBoatsLost))
	return &engine.SimReport{Lines: lines, Data: rep}, nil
}
