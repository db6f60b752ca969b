package hunters

import (
	"math"

	"github.com/kaleun/kaleun/engine"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// mean accumulates a sample for its mean and the normal approximation of
// the mean's 95% interval.
type mean struct {
	n          int
	sum, sumSq float64
}

func (m *mean) add(x float64) {
	m.n++
	m.sum += x
	m.sumSq += x * x
}

func (m *mean) estimate(what, unit string) engine.Estimate {
	if m.n == 0 {
		return engine.Estimate{What: what, Unit: unit}
	}
	n := float64(m.n)
	mu := m.sum / n
	half := 0.0
	if m.n > 1 {
		variance := (m.sumSq - n*mu*mu) / (n - 1)
		if variance > 0 {
			half = z95 * math.Sqrt(variance/n)
		}
	}
	return engine.Estimate{What: what, Mean: mu, Lo: mu - half, Hi: mu + half, Unit: unit}
}

// share is a proportion k of n with its Wilson score 95% interval, which
// stays within 0 and 1 and is sound for shares near either.
func share(what string, k, n int) engine.Estimate {
	lo, hi := wilson(k, n)
	p := 0.0
	if n > 0 {
		p = float64(k) / float64(n)
	}
	return engine.Estimate{What: what, Mean: p, Lo: lo, Hi: hi, Share: true}
}

func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	nn := float64(n)
	p := float64(k) / nn
	z2 := z95 * z95
	centre := (p + z2/(2*nn)) / (1 + z2/nn)
	half := z95 / (1 + z2/nn) * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}
