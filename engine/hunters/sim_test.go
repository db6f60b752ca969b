package hunters

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

func TestSimulateIsDeterministicAndPlausible(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	cfg := SimConfig{Careers: 200, Boat: "VIIC", Start: "1940-10"}
	dz := func(i int) engine.Dice { return dice.NewFast(uint64(1000 + i)) }
	a, err := Simulate(r, cfg, dz)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Simulate(r, cfg, dz)
	if a.MeanTons != b.MeanTons || a.Decisions != b.Decisions {
		t.Fatal("the same seeds gave different careers")
	}
	total := 0
	for _, n := range a.Levels {
		total += n
	}
	if total != 200 || a.MeanTons <= 0 || a.MeanPatrols < 1 || a.AliveShare < 0 || a.AliveShare > 1 {
		t.Fatalf("implausible report %+v", a)
	}
	t.Logf("VIIC 1940-10: mean %.0f t, median %.0f t, alive %.2f, patrols %.1f, ships %.1f, KC %.2f, levels %v, lost %v",
		a.MeanTons, a.MedianTons, a.AliveShare, a.MeanPatrols, a.MeanShipsSunk, a.KnightsCross, a.Levels, a.LostByYear)
}
