package luck

import (
	"math"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// The expected distributions are exact: 2d6's 7 is 6 in 36; d66 reads
// tens and units (11..66, each 1 in 36); 1d10+1d10 reads 1..100, each 1 in
// 100 ("00" is 100); the highest of 3d6 is a 6 with 91 in
// 216; 20d6 (convolved, too many to enumerate) has mean 70 and variance
// 20·35/12.
func TestExpectedDistributionsAreExact(t *testing.T) {
	dist := func(n string, hi bool) map[int]float64 {
		r, ok := readingOf(n, hi)
		if !ok {
			t.Fatalf("%s is not read", n)
		}
		return r.distribution()
	}
	if d := dist("2d6", false); !near(d[7], 6.0/36) || !near(d[2], 1.0/36) || len(d) != 11 {
		t.Errorf("2d6: %v", d)
	}
	if d := dist("d66", false); len(d) != 36 || !near(d[11], 1.0/36) || !near(d[66], 1.0/36) || d[17] != 0 {
		t.Errorf("d66: %v", d)
	}
	if d := dist("1d10+1d10", false); len(d) != 100 || !near(d[100], 0.01) || !near(d[1], 0.01) || d[0] != 0 {
		t.Errorf("1d10+1d10: %d values, 100: %v", len(d), d[100])
	}
	if d := dist("3d6", true); !near(d[6], 91.0/216) || !near(d[1], 1.0/216) {
		t.Errorf("highest of 3d6: %v", d)
	}
	if m, v := moments(dist("20d6", false)); !near(m, 70) || math.Abs(v-20*35.0/12) > 1e-6 {
		t.Errorf("20d6: mean %v variance %v", m, v)
	}
	for _, n := range []string{"shuffle52", "2x6", "d", "0d6", "1d1"} {
		if _, ok := readingOf(n, false); ok {
			t.Errorf("%s is read", n)
		}
	}
}

func roll(chart, dice string, natural int, faces ...int) engine.Roll {
	return engine.Roll{Chart: chart, Case: "9.4", Purpose: "attack", Dice: dice, Faces: faces, Natural: natural}
}

// A chart's rolls are counted against fair dice's: each result's count
// and expectation, the mean against the fair mean; a roll whose faces do
// not give its logged result (or of a notation not read) is left out and
// counted as unread, never guessed.
func TestMeasureCountsEachChartAgainstFairDice(t *testing.T) {
	var rolls []engine.Roll
	for f := 1; f <= 6; f++ {
		for range 10 {
			rolls = append(rolls, roll("E1", "1d6", f, f))
		}
	}
	rolls = append(rolls, roll("E2", "2d6", 12, 6, 6), roll("E2", "2d6", 11, 6, 6), engine.Roll{Dice: "shuffle5", Faces: []int{1, 2, 3, 4}})
	rep := Measure(rolls)
	if rep.N != 61 || rep.Unread != 2 || len(rep.Charts) != 2 {
		t.Fatalf("%d measured, %d unread, %d charts", rep.N, rep.Unread, len(rep.Charts))
	}
	e1 := rep.Charts[0]
	if e1.Key != "E1" || e1.N != 60 || !near(e1.Mean, 3.5) || !near(e1.Expected, 3.5) || len(e1.Results) != 6 || e1.Results[0].Count != 10 || !near(e1.Results[0].Expected, 10) {
		t.Fatalf("E1: %+v", e1)
	}
	if !e1.Tested || e1.ChiSq != 0 || e1.DF != 5 || !near(e1.P, 1) {
		t.Errorf("a perfectly even die: chi %v df %d p %v", e1.ChiSq, e1.DF, e1.P)
	}
	e2 := rep.Charts[1]
	if e2.N != 1 || e2.Tested || !strings.Contains(e2.Verdict(), "too few rolls to test") {
		t.Errorf("one 2d6 roll: %+v %s", e2, e2.Verdict())
	}
	if !strings.Contains(rep.Summary(), "Over 61 rolls on 2 charts") {
		t.Errorf("summary: %s", rep.Summary())
	}
}

// Dice that always roll high are seen: the chi-square's p is tiny, the
// standardized mean far above 0, the percentile near 100; a handful of
// rolls is said to be too few.
func TestMeasureSeesLoadedDice(t *testing.T) {
	var rolls []engine.Roll
	for range 60 {
		rolls = append(rolls, roll("", "1d6", 6, 6))
	}
	rep := Measure(rolls)
	c := rep.Charts[0]
	if c.Key != "9.4" || !c.Tested || c.P > 1e-6 || rep.Z < 10 || rep.Percentile < 99.9 {
		t.Fatalf("loaded dice: %+v z %v pct %v", c, rep.Z, rep.Percentile)
	}
	if s := rep.Summary(); !strings.Contains(s, "above what fair dice give") || !strings.Contains(s, "over 99% of the time") {
		t.Errorf("summary: %s", s)
	}
	few := Measure(rolls[:5])
	if s := few.Summary(); !strings.Contains(s, "too few to say anything") {
		t.Errorf("five rolls: %s", s)
	}
	if Measure(nil).Summary() != "No rolls of his to measure yet." {
		t.Error("no rolls")
	}
}

// Pearson's p agrees with the closed form on 2 degrees of freedom,
// p = e^(−χ²/2).
func TestChiSquareTailKnownValue(t *testing.T) {
	res := []Result{{1, 15, 10}, {2, 5, 10}, {3, 10, 10}}
	tested, chi, df, p := chiSquare(res)
	if !tested || !near(chi, 5) || df != 2 || math.Abs(p-math.Exp(-2.5)) > 1e-9 {
		t.Errorf("chi %v df %d p %v, want 5, 2, e^-2.5", chi, df, p)
	}
}

// A chart rolled for several ships is headed by what the rolls share, not
// by the first ship's name.
func TestAChartsHeadingIsWhatItsRollsShare(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"G7a torpedo at San Florentino", "G7a torpedo at Empire Heron", "G7a torpedo"},
		{"Ship size", "Ship size", "Ship size"},
		{"Escort detection", "Flooding check", ""},
		{"Depth charges: attack 1", "Depth charges: attack 2", "Depth charges: attack"},
	} {
		if got := sharedPurpose(c.a, c.b); got != c.want {
			t.Errorf("%q and %q: %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
