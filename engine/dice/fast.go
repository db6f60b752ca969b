package dice

import (
	"math/bits"

	"github.com/kaleun/kaleun/engine"
)

// Fast is a seeded PRNG (xoshiro256**, seeded through splitmix64) for
// simulation. It is not for games people play: use Auditable there.
type Fast struct {
	s      [4]uint64
	cursor int64
}

// NewFast seeds a fast source.
func NewFast(seed uint64) *Fast {
	f := &Fast{}
	f.Reseed(seed)
	return f
}

// Reseed restarts the generator from a seed without allocating.
func (f *Fast) Reseed(seed uint64) {
	for i := range f.s {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		f.s[i] = z ^ (z >> 31)
	}
	f.cursor = 0
}

func (f *Fast) next() uint64 {
	s := &f.s
	result := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return result
}

// Roll implements engine.Dice with Lemire's unbiased bounded integers.
func (f *Fast) Roll(sides int) (int, error) {
	if sides < 1 {
		return 0, &engine.DiceError{Index: f.cursor, Sides: sides, Msg: "a die needs at least one side"}
	}
	n := uint64(sides)
	hi, lo := bits.Mul64(f.next(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(f.next(), n)
		}
	}
	f.cursor++
	return int(hi) + 1, nil
}

// Cursor is the number of dice rolled.
func (f *Fast) Cursor() int64 { return f.cursor }
