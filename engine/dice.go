package engine

import "fmt"

// Dice is every game's only source of chance. Each call rolls one physical
// die; a game that needs 2d6 calls Roll(6) twice. Sources number the dice
// they hand out (die 0, 1, 2, ...) so that an auditable source can prove
// which face die k must show.
type Dice interface {
	// Roll returns the face (1..sides) of the next physical die.
	Roll(sides int) (int, error)
}

// DiceError explains why a die could not be rolled (a script ran out or
// held an impossible face). Engines return it wrapped, naming the roll.
type DiceError struct {
	// Index is the number of the die (0-based) within the source.
	Index int64
	Sides int
	Msg   string
}

func (e *DiceError) Error() string {
	return fmt.Sprintf("die #%d (d%d): %s", e.Index+1, e.Sides, e.Msg)
}
