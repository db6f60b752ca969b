package audit

import (
	"encoding/json"
	"math"
	"sort"

	"github.com/kaleun/kaleun/persist/record"
)

// FaceCounts counts how often each face came up, per die size: counts[s][f-1]
// is the number of d-s dice that showed f.
type FaceCounts map[int][]int

// Add counts the dice of log entries.
func (fc FaceCounts) Add(entries []record.EventRecord) {
	for _, e := range entries {
		if len(e.Dice) == 0 {
			continue
		}
		var le logEntry
		if json.Unmarshal(e.Event, &le) != nil || le.Roll == nil {
			continue
		}
		sides, ok := SidesOf(le.Roll.Dice)
		if !ok {
			continue
		}
		if fc[sides] == nil {
			fc[sides] = make([]int, sides)
		}
		for _, f := range le.Roll.Faces {
			if f >= 1 && f <= sides {
				fc[sides][f-1]++
			}
		}
	}
}

// Sizes lists the die sizes counted, smallest first.
func (fc FaceCounts) Sizes() []int {
	out := make([]int, 0, len(fc))
	for s := range fc {
		out = append(out, s)
	}
	sort.Ints(out)
	return out
}

// Fit is Pearson's chi-square test of a die's counts against a fair die.
type Fit struct {
	N      int
	ChiSq  float64
	DF     int
	PValue float64
	// Enough is false when some face was expected fewer than 5 times, below
	// which the chi-square approximation is not to be trusted.
	Enough bool
}

// FairDieFit tests the counts of one die size against equal chances.
func FairDieFit(counts []int) Fit {
	n := 0
	for _, c := range counts {
		n += c
	}
	f := Fit{N: n, DF: len(counts) - 1}
	if n == 0 || len(counts) < 2 {
		f.PValue = 1
		return f
	}
	expected := float64(n) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - expected
		f.ChiSq += d * d / expected
	}
	f.PValue = upperGammaQ(float64(f.DF)/2, f.ChiSq/2)
	f.Enough = expected >= 5
	return f
}

// upperGammaQ is the regularized upper incomplete gamma function Q(a, x),
// which gives the chi-square tail: P(X ≥ χ²) = Q(df/2, χ²/2). A power series
// converges fast for x < a+1, a continued fraction (modified Lentz) beyond.
func upperGammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	prefix := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 1000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return math.Max(0, 1-prefix*sum)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		h *= delta
		if math.Abs(delta-1) < 1e-15 {
			break
		}
	}
	return math.Min(1, prefix*h)
}

// ChiSquareTail is the chance that a chi-square variable of df degrees of
// freedom is at least chi: Pearson's test's p-value.
func ChiSquareTail(chi float64, df int) float64 {
	if df < 1 {
		return 1
	}
	return upperGammaQ(float64(df)/2, chi/2)
}
