package xxi

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// The simulator plays whole games and reports the report's figures.
func TestSimulatorReportsTheFigures(t *testing.T) {
	rep, err := simulator{houseRules(t)}.Simulate(engine.SimConfig{Games: 50}, func(i int) engine.Dice { return dice.NewFast(uint64(i) + 1) })
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range rep.Lines {
		t.Log(l)
	}
	r := rep.Data.(SimReport)
	if r.Games != 50 || r.Decisions == 0 {
		t.Fatalf("report %+v", r)
	}
	if _, err := (simulator{houseRules(t)}).Simulate(engine.SimConfig{Games: 1, Setup: map[string]string{"draws": "physical"}}, nil); err == nil {
		t.Fatal("a simulation took draws:physical, which the built-in player cannot answer")
	}
}

// BenchmarkWholeGame is one house-pack game of the built-in player, as
// `kaleun sim xxi` plays it.
func BenchmarkWholeGame(b *testing.B) {
	r := houseRules(b)
	for i := 0; i < b.N; i++ {
		if _, _, err := r.playOut([]byte(`{}`), dice.NewFast(uint64(i)+1)); err != nil {
			b.Fatal(err)
		}
	}
}
