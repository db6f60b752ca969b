// Package luck measures a player's dice against fair dice: for each chart
// he rolled on, the results his dice read against the exact distribution
// that fair dice of that roll's notation give, and over all his rolls how
// far above or below the expected his results came. It reads rolls as the
// log records them (engine.Roll) and knows no game.
package luck

import (
	"strconv"
	"strings"
)

// reading is how a roll's dice are read into its natural result: the
// dice's sizes, and the reading of their faces.
type reading struct {
	sides   []int
	highest bool
	read    func(faces []int) int
}

// readingOf is the reading of a notation as the log writes it (see
// engine.Roll.Dice): "NdM" is the sum of N dice of M sides (with highest,
// the highest of them, when the roll says Highest), "d66" two d6 read as tens and units
// (11..66), "1d10+1d10" a tens and a ones d10 read as 1..100 (a face of 10
// reads 0, "00" is 100). Any other notation (a deck's shuffle) is not a
// chart's roll: false.
func readingOf(notation string, highest bool) (reading, bool) {
	switch notation {
	case "d66":
		if highest {
			return reading{}, false
		}
		return reading{sides: []int{6, 6}, read: func(f []int) int { return f[0]*10 + f[1] }}, true
	case "1d10+1d10":
		if highest {
			return reading{}, false
		}
		return reading{sides: []int{10, 10}, read: func(f []int) int {
			n := (f[0]%10)*10 + f[1]%10
			if n == 0 {
				return 100
			}
			return n
		}}, true
	}
	n, m, ok := strings.Cut(notation, "d")
	if !ok || n == "" {
		return reading{}, false
	}
	count, err1 := strconv.Atoi(n)
	sides, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || count < 1 || count > 20 || sides < 2 || sides > 1000 {
		return reading{}, false
	}
	r := reading{sides: make([]int, count), highest: highest}
	for i := range r.sides {
		r.sides[i] = sides
	}
	if highest {
		r.read = func(f []int) int {
			hi := 0
			for _, v := range f {
				hi = max(hi, v)
			}
			return hi
		}
	} else {
		r.read = func(f []int) int {
			sum := 0
			for _, v := range f {
				sum += v
			}
			return sum
		}
	}
	return r, true
}

// distribution is the exact chance of each result of a reading, by
// enumerating the dice when they are few and convolving a sum otherwise.
func (r reading) distribution() map[int]float64 {
	total := 1
	for _, s := range r.sides {
		total *= s
		if total > 1<<16 {
			break
		}
	}
	out := map[int]float64{}
	if total <= 1<<16 {
		faces := make([]int, len(r.sides))
		for i := range faces {
			faces[i] = 1
		}
		for {
			out[r.read(faces)] += 1 / float64(total)
			i := 0
			for i < len(faces) {
				faces[i]++
				if faces[i] <= r.sides[i] {
					break
				}
				faces[i] = 1
				i++
			}
			if i == len(faces) {
				return out
			}
		}
	}
	// Many dice of one size (only NdM comes here, above 65,536 outcomes):
	// the sum's or the highest's distribution, exactly.
	m, n := r.sides[0], len(r.sides)
	if r.highest {
		// highest: P(max ≤ k) = (k/m)^n
		prev := 0.0
		for k := 1; k <= m; k++ {
			cur := pow(float64(k)/float64(m), n)
			out[k] = cur - prev
			prev = cur
		}
		return out
	}
	sum := map[int]float64{0: 1}
	for range n {
		next := map[int]float64{}
		for v, p := range sum {
			for f := 1; f <= m; f++ {
				next[v+f] += p / float64(m)
			}
		}
		sum = next
	}
	return sum
}

func pow(x float64, n int) float64 {
	r := 1.0
	for range n {
		r *= x
	}
	return r
}
