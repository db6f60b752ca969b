// Package hunters is The Hunters: German U-Boats at War, 1939-43 as a pure
// rules engine. Case numbers in comments and tests refer to the 2nd-printing
// rulebook, so searching for "9.6.7" finds the code of case 9.6.7.
package hunters

import (
	"errors"

	"github.com/kaleun/kaleun/engine"
)

// Rules implements engine.Rules for The Hunters.
type Rules struct{}

// NewRules loads the embedded chart data pack and returns the game's rules.
func NewRules() (*Rules, error) { return &Rules{}, nil }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "hunters" }

// New implements engine.Rules. Setup is a JSON object of strings: boat,
// start (YYYY-MM), kommandant, uboat, rules (comma-separated optional rules
// and rulings).
func (r *Rules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	return nil, nil, errors.New("hunters: not yet built")
}

// Decode implements engine.Rules.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	return nil, errors.New("hunters: not yet built")
}
