package uboatleader

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/testsize"
)

func fast(seed uint64) func(i int) engine.Dice {
	return func(i int) engine.Dice { return dice.NewFast(seed + uint64(i)) }
}

// Simulate plays whole campaigns with the built-in player over the house
// pack: every campaign ends with a grade, the counts add up, the same seed
// gives the same report.
func TestSimulate(t *testing.T) {
	r := houseRules(t)
	for _, cfg := range []SimConfig{
		{Campaigns: testsize.Scale(60, 6), Campaign: "opening", Length: "short"},
		{Campaigns: testsize.Scale(30, 3), Campaign: "turning-tide", Length: "medium", Rules: "snorkel"},
	} {
		rep, err := Simulate(r, cfg, fast(1))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, g := range Grades {
			n += rep.Grades[g]
		}
		if n != cfg.Campaigns || rep.MeanTurns < 2 || rep.MeanSunk <= 0 || rep.MeanFleet < 1 {
			t.Fatalf("%+v", rep)
		}
		again, _ := Simulate(r, cfg, fast(1))
		if again.MeanVP != rep.MeanVP || again.MeanLost != rep.MeanLost {
			t.Fatalf("not reproducible: %+v and %+v", rep, again)
		}
	}
}

// BenchmarkCampaign is one short campaign of the opening, played by the
// built-in player on the fast path.
func BenchmarkCampaign(b *testing.B) {
	r := houseRules(b)
	setup := []byte(`{"campaign":"opening","length":"short"}`)
	d := dice.NewFast(1)
	b.ReportAllocs()
	decisions := 0
	for i := 0; i < b.N; i++ {
		d.Reseed(uint64(i))
		_, n, err := r.playOut(setup, d)
		if err != nil {
			b.Fatal(err)
		}
		decisions += n
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/campaign")
}

// BenchmarkLongCampaign is a long one.
func BenchmarkLongCampaign(b *testing.B) {
	r := houseRules(b)
	setup := []byte(`{"campaign":"opening","length":"long"}`)
	d := dice.NewFast(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d.Reseed(uint64(i))
		if _, _, err := r.playOut(setup, d); err != nil {
			b.Fatal(err)
		}
	}
}
