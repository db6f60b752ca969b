package audit

import (
	"math"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/testsize"
)

// Critical values from any chi-square table: P(X ≥ x) for df degrees.
func TestUpperGammaMatchesChiSquareTables(t *testing.T) {
	for _, c := range []struct {
		df      int
		x, want float64
	}{
		{1, 3.841, 0.05}, {5, 11.070, 0.05}, {9, 16.919, 0.05}, {19, 30.144, 0.05},
		{5, 15.086, 0.01}, {9, 21.666, 0.01}, {5, 4.351, 0.50}, {9, 8.343, 0.50},
		{19, 18.338, 0.50}, {1, 0.0, 1.0},
	} {
		got := upperGammaQ(float64(c.df)/2, c.x/2)
		if math.Abs(got-c.want) > 0.0005 {
			t.Errorf("df %d, χ² %.3f: p = %.5f, want %.3f", c.df, c.x, got, c.want)
		}
	}
}

func TestFairDieFit(t *testing.T) {
	even := FairDieFit([]int{100, 100, 100, 100, 100, 100})
	if even.ChiSq != 0 || even.PValue != 1 || !even.Enough || even.N != 600 {
		t.Errorf("a perfectly even d6: %+v", even)
	}
	loaded := FairDieFit([]int{50, 100, 100, 100, 100, 150})
	if loaded.PValue > 1e-6 {
		t.Errorf("a die that shows 6 three times as often as 1 passes: p = %g", loaded.PValue)
	}
	few := FairDieFit([]int{1, 0, 2, 1, 0, 1})
	if few.Enough {
		t.Errorf("5 rolls of a d6 should be too few for the test: %+v", few)
	}
}

// The auditable dice pass the test they offer players: across many seeds,
// the share of p-values under 0.05 is near 5% (a fair die fails 5% of the
// time by definition), and the mapping shows no bias on any die size.
func TestAuditableDicePassTheirOwnTest(t *testing.T) {
	// 1.8 million rolls on one goroutine; its bound is for these numbers.
	testsize.FullOnly(t)
	const trials, rolls = 200, 3000
	for _, sides := range []int{6, 10, 20} {
		low := 0
		for trial := 0; trial < trials; trial++ {
			a := dice.NewAuditable([]byte{byte(trial), byte(sides), 7}, "stats", 0)
			counts := make([]int, sides)
			for i := 0; i < rolls; i++ {
				f, _ := a.Roll(sides)
				counts[f-1]++
			}
			if FairDieFit(counts).PValue < 0.05 {
				low++
			}
		}
		// Binomial(200, 0.05): mean 10, sd 3.1; 25 is nearly 5 sd out.
		if low > 25 {
			t.Errorf("d%d: %d of %d seeds fail the fair-die test at 5%%", sides, low, trials)
		}
	}
}

func TestSidesOfNotations(t *testing.T) {
	for notation, want := range map[string]int{"1d6": 6, "2d6": 6, "d66": 6, "1d10": 10, "1d10+1d10": 10, "1d20": 20, "3d8": 8, "1d52": 52} {
		if got, ok := SidesOf(notation); !ok || got != want {
			t.Errorf("%s: %d %v, want %d", notation, got, ok, want)
		}
	}
	for _, bad := range []string{"", "d", "d6", "1d", "0d6", "1d1", "xd6", "1d6+1", "1d100000"} {
		if _, ok := SidesOf(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}
