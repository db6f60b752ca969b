package example

import (
	"encoding/json"
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// Name is the game's short name: saved games and logs record it.
const Name = "example"

// SchemaVersion is the version of the encoded State: a change of its
// fields that an old encoding cannot be read into needs a new one.
const SchemaVersion = 1

// Rules implements engine.Rules. It holds nothing: a game with charts
// would load them here, from data files embedded in the package.
type Rules struct{}

// NewRules returns the game's rules.
func NewRules() *Rules { return &Rules{} }

// Name implements engine.Rules.
func (r *Rules) Name() string { return Name }

// setupFields is the setup form (1.1): the platforms ask it before a game
// starts, and New reads its answers.
var setupFields = []engine.SetupField{{
	Key:   "target",
	Label: "Target",
	Help:  "The lowest roll that wins (1.1)",
	Options: []engine.Option{
		{Key: "5", Label: "5 or 6 wins", Case: "1.1"},
		{Key: "6", Label: "Only a 6 wins", Case: "1.1"},
	},
	Default: "5",
}}

// New implements engine.Rules: a game waiting for its one decision. The
// setup is a JSON object of strings keyed by the form's keys; a bad one is
// refused with a message that says what is wrong.
func (r *Rules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	var in map[string]string
	if len(setup) > 0 {
		if err := json.Unmarshal(setup, &in); err != nil {
			return nil, nil, fmt.Errorf("example setup: want a JSON object of strings: %w", err)
		}
	}
	s := &State{Schema: SchemaVersion, Target: 5}
	for k, v := range in {
		switch {
		case k == "target" && v == "5", k == "target" && v == "":
		case k == "target" && v == "6":
			s.Target = 6
		case k == "target":
			return nil, nil, fmt.Errorf("example setup: target %q: want 5 or 6 (1.1)", v)
		default:
			return nil, nil, fmt.Errorf("example setup: no question %q (the one is target)", k)
		}
	}
	// Setting up rolls no die here; a game whose setup does must report
	// each roll in an event, like Apply.
	return s, []engine.Event{{Kind: engine.KindNote, Case: "1.1", Text: fmt.Sprintf("The target is %d.", s.Target)}}, nil
}

// Decode implements engine.Rules: a state as State.Encode wrote it.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("example state: %w", err)
	}
	if s.Schema != SchemaVersion {
		return nil, fmt.Errorf("example state: schema %d, this kaleun reads %d", s.Schema, SchemaVersion)
	}
	return &s, nil
}
