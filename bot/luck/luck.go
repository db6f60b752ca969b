package luck

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
)

// Chart is one chart's (or one rule case's) rolls of a notation: what the
// dice read each time against what fair dice give.
type Chart struct {
	// Key is the chart's id ("E2"), else its rule case ("9.4"); Purpose
	// the first roll's words for it, Dice its notation.
	Key, Purpose, Dice string
	Highest            bool
	N                  int
	// Mean is the results' mean, Expected and SD fair dice's mean and
	// standard deviation of one roll.
	Mean, Expected, SD float64
	// Results are each possible result, lowest first, with how often it
	// came and how often fair dice would bring it in N rolls.
	Results []Result
	// The chi-square test of the counts against the chances, the results
	// grouped in order until each group expects at least 5 rolls; Tested
	// is false when fewer than two such groups can be made (too few
	// rolls to test the spread).
	Tested bool
	ChiSq  float64
	DF     int
	P      float64
}

// Result is one possible result of a chart's roll.
type Result struct {
	Value    int
	Count    int
	Expected float64
}

// Report is a player's rolls measured.
type Report struct {
	Charts []Chart
	// N is the rolls measured; Unread those whose dice this package does
	// not read (a notation it does not know, or faces that do not give
	// the logged result), left out.
	N, Unread int
	// Z is the rolls' standardized mean: the sum over rolls of (result −
	// fair mean) / fair SD, divided by √N; Percentile the share of fair
	// players, rolling the same dice, whose Z is at most his (the normal
	// approximation, Φ(Z), in percent).
	Z, Percentile float64
}

// Measure reads rolls (a player's, in any order).
func Measure(rolls []engine.Roll) Report {
	var rep Report
	type key struct {
		chart, dice string
		highest     bool
	}
	type acc struct {
		c      *Chart
		dist   map[int]float64
		counts map[int]int
		sum    float64
	}
	by := map[key]*acc{}
	var order []key
	zsum := 0.0
	for _, r := range rolls {
		rd, ok := readingOf(r.Dice, r.Highest)
		if !ok || len(r.Faces) != len(rd.sides) || !facesFit(r.Faces, rd.sides) || rd.read(r.Faces) != r.Natural {
			rep.Unread++
			continue
		}
		k := key{r.Chart, r.Dice, r.Highest}
		if r.Chart == "" {
			k.chart = r.Case
		}
		if k.chart == "" {
			k.chart = "roll" // neither a chart nor a case: grouped by its dice
		}
		a := by[k]
		if a == nil {
			dist := rd.distribution()
			mean, v := moments(dist)
			a = &acc{c: &Chart{Key: k.chart, Purpose: r.Purpose, Dice: r.Dice, Highest: r.Highest, Expected: mean, SD: math.Sqrt(v)}, dist: dist, counts: map[int]int{}}
			by[k] = a
			order = append(order, k)
		}
		a.c.Purpose = sharedPurpose(a.c.Purpose, r.Purpose)
		a.c.N++
		a.counts[r.Natural]++
		a.sum += float64(r.Natural)
		rep.N++
		if a.c.SD > 0 {
			zsum += (float64(r.Natural) - a.c.Expected) / a.c.SD
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return by[order[i]].c.N > by[order[j]].c.N })
	for _, k := range order {
		a := by[k]
		c := a.c
		c.Mean = a.sum / float64(c.N)
		var values []int
		for v := range a.dist {
			values = append(values, v)
		}
		sort.Ints(values)
		for _, v := range values {
			c.Results = append(c.Results, Result{Value: v, Count: a.counts[v], Expected: a.dist[v] * float64(c.N)})
		}
		c.Tested, c.ChiSq, c.DF, c.P = chiSquare(c.Results)
		rep.Charts = append(rep.Charts, *c)
	}
	if rep.N > 0 {
		rep.Z = zsum / math.Sqrt(float64(rep.N))
		rep.Percentile = 50 * (1 + math.Erf(rep.Z/math.Sqrt2))
	}
	return rep
}

func facesFit(faces, sides []int) bool {
	for i, f := range faces {
		if f < 1 || f > sides[i] {
			return false
		}
	}
	return true
}

// moments are a distribution's mean and variance.
func moments(dist map[int]float64) (mean, variance float64) {
	for v, p := range dist {
		mean += float64(v) * p
	}
	for v, p := range dist {
		d := float64(v) - mean
		variance += d * d * p
	}
	return mean, variance
}

// chiSquare is Pearson's test of the counts against their expectations,
// the results grouped in order until each group expects at least 5 (the
// rule of thumb below which the chi-square approximation is not to be
// trusted); a short last group joins the one before it.
func chiSquare(results []Result) (tested bool, chi float64, df int, p float64) {
	type group struct {
		count    int
		expected float64
	}
	var groups []group
	cur := group{}
	for _, r := range results {
		cur.count += r.Count
		cur.expected += r.Expected
		if cur.expected >= 5 {
			groups = append(groups, cur)
			cur = group{}
		}
	}
	if cur.expected > 0 || cur.count > 0 {
		if len(groups) == 0 {
			return false, 0, 0, 1
		}
		groups[len(groups)-1].count += cur.count
		groups[len(groups)-1].expected += cur.expected
	}
	if len(groups) < 2 {
		return false, 0, 0, 1
	}
	for _, g := range groups {
		d := float64(g.count) - g.expected
		chi += d * d / g.expected
	}
	df = len(groups) - 1
	return true, chi, df, audit.ChiSquareTail(chi, df)
}

// Summary says the report in plain words.
func (r Report) Summary() string {
	switch {
	case r.N == 0:
		return "No rolls of his to measure yet."
	case r.N < 30:
		return fmt.Sprintf("Only %d rolls so far: too few to say anything of his luck (results %+.2f standard deviations from fair dice's, on average, which so few rolls often are).", r.N, r.Z/math.Sqrt(float64(r.N)))
	}
	dir := "above"
	if r.Z < 0 {
		dir = "below"
	}
	charts := fmt.Sprintf("%d charts", len(r.Charts))
	if len(r.Charts) == 1 {
		charts = "1 chart"
	}
	return fmt.Sprintf("Over %d rolls on %s his dice read, on average, %.2f standard deviations %s what fair dice give (z = %+.2f): fair dice rolled the same way come out this high or lower %s of the time, this high or higher %s. Higher is not always better: some charts want a low roll.",
		r.N, charts, math.Abs(r.Z)/math.Sqrt(float64(r.N)), dir, r.Z, percent(r.Percentile), percent(100-r.Percentile))
}

// Verdict says a chart's figures in plain words.
func (c Chart) Verdict() string {
	s := fmt.Sprintf("%d rolls, mean %.2f against fair dice's %.2f", c.N, c.Mean, c.Expected)
	if !c.Tested {
		return s + "; too few rolls to test the spread of the results (each group of results must expect at least 5)."
	}
	return s + fmt.Sprintf("; chi-square %.1f on %d degrees of freedom, p = %.2f: fair dice give results this far from the expected spread, or farther, %s of the time.", c.ChiSq, c.DF, c.P, percent(100*c.P))
}

func percent(p float64) string {
	switch {
	case p < 1:
		return "under 1%"
	case p > 99:
		return "over 99%"
	}
	return fmt.Sprintf("%.0f%%", p)
}

// sharedPurpose is what two rolls of a chart are both for: the words their
// purposes begin with ("G7a torpedo at San Florentino" and "G7a torpedo at
// Empire Heron": "G7a torpedo"), so that a chart's heading names the chart,
// not the first ship it was rolled for. A trailing word that only links to
// what differed ("at", "on", "of", "for", "against", "vs") goes too.
func sharedPurpose(a, b string) string {
	if a == b {
		return a
	}
	aw, bw := strings.Fields(a), strings.Fields(b)
	n := 0
	for n < len(aw) && n < len(bw) && aw[n] == bw[n] {
		n++
	}
	for n > 0 {
		switch strings.ToLower(aw[n-1]) {
		case "at", "on", "of", "for", "against", "vs", "vs.", "to", "by", "with", "the", "a", "an", "-", "—", "·":
			n--
			continue
		}
		break
	}
	return strings.TrimRight(strings.Join(aw[:n], " "), ",:;")
}
