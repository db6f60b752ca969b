package example

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// State is one game of Five or Better. It is a plain value, encoded as
// JSON: Apply works on a copy, so the state it is called on never changes
// (the bot keeps the old one until the new one is stored).
type State struct {
	Schema int `json:"schema"`
	// Target is the lowest winning roll (1.1).
	Target int `json:"target"`
	// Decision counts the decisions taken: the pending prompt's token, so
	// that a stale or repeated answer is refused.
	Decision int `json:"decision"`
	// Choice is the roll taken ("steady" or "bold"), Kept the die kept
	// (2.2), once rolled.
	Choice string `json:"choice,omitempty"`
	Kept   int    `json:"kept,omitempty"`
}

// The options of the one decision (2.1, 2.2): stable keys, for buttons and
// the JSONL protocol.
const (
	Steady = "steady"
	Bold   = "bold"
)

// over says whether the roll is made (3.1).
func (s *State) over() bool { return s.Kept > 0 }

// Pending implements engine.State: the roll, until it is made.
func (s *State) Pending() *engine.Prompt {
	if s.over() {
		return nil
	}
	return &engine.Prompt{
		Token: strconv.Itoa(s.Decision),
		Actor: engine.Commander,
		Kind:  "example.roll",
		Title: "The roll",
		Text:  fmt.Sprintf("Roll for %d or more: one die, or two dice keeping the lower (a bold win scores 3)?", s.Target),
		Case:  "2",
		Options: []engine.Option{
			{Key: Steady, Label: "Steady: roll one die", Case: "2.1", Safe: true},
			{Key: Bold, Label: "Bold: roll two dice, keep the lower", Case: "2.2", Short: "Bold"},
		},
	}
}

// CloneState implements engine.Cloner: the state is a plain value, so its
// copy is one assignment (a state with slices, maps or pointers copies each
// of them, as engine.Cloner asks).
func (s *State) CloneState() engine.State {
	c := *s
	return &c
}

// Apply implements engine.State. An illegal choice is an error wrapping
// engine.ErrIllegalChoice (or ErrStaleToken, ErrGameOver) and no state.
// Every die rolled is reported in a roll event naming its rule case, so a
// log can be checked die by die; the first event is the choice itself.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	p := s.Pending()
	switch {
	case p == nil:
		return nil, nil, engine.ErrGameOver
	case c.Token != "" && c.Token != p.Token:
		return nil, nil, fmt.Errorf("%w: prompt %s is not the pending one (%s)", engine.ErrStaleToken, c.Token, p.Token)
	case !p.HasOption(c.Key):
		return nil, nil, fmt.Errorf("%w: %q is not an option (steady or bold)", engine.ErrIllegalChoice, c.Key)
	}
	next := *s // the copy: s itself stays as it was
	label := p.Options[0].Label
	if c.Key == Bold {
		label = p.Options[1].Label
	}
	events := []engine.Event{{Kind: engine.KindChoice, Case: "2", Text: "Decision: " + label,
		Choice: &engine.Choice{Token: p.Token, Key: c.Key}}}
	dice := 1
	if c.Key == Bold {
		dice = 2
	}
	next.Kept = 7
	for i := 0; i < dice; i++ {
		f, err := d.Roll(6)
		if err != nil {
			return nil, nil, err // a die that could not be read: no new state
		}
		cas := "2.1"
		purpose := "Steady roll"
		if c.Key == Bold {
			cas, purpose = "2.2", fmt.Sprintf("Bold roll, die %d of 2", i+1)
		}
		events = append(events, engine.Event{Kind: engine.KindRoll, Case: cas, Text: purpose,
			Roll: &engine.Roll{Case: cas, Purpose: purpose, Dice: "1d6", Faces: []int{f}, Natural: f, Total: f}})
		next.Kept = min(next.Kept, f)
	}
	next.Choice = c.Key
	next.Decision++
	if c.Key == Bold {
		events = append(events, engine.Event{Kind: engine.KindNote, Case: "2.2", Text: fmt.Sprintf("The lower die, %d, is kept.", next.Kept)})
	}
	o := next.Outcome()
	events = append(events, engine.Event{Kind: engine.KindEnd, Case: "3.1", Text: o.Summary})
	return &next, events, nil
}

// Outcome implements engine.State (3.1, 3.2).
func (s *State) Outcome() *engine.Outcome {
	if !s.over() {
		return nil
	}
	score, level := 0, "loss"
	if s.Kept >= s.Target {
		score, level = 1, "win"
		if s.Choice == Bold {
			score = 3
		}
	}
	summary := fmt.Sprintf("Kept %d against %d or more: ", s.Kept, s.Target)
	if level == "win" {
		summary += fmt.Sprintf("a win, %d point(s).", score)
	} else {
		summary += "a loss."
	}
	return &engine.Outcome{Summary: summary, Score: score, Level: level, Fields: []engine.Field{
		{Name: "kept", Value: strconv.Itoa(s.Kept), Label: "Die kept"},
		{Name: "roll", Value: s.Choice, Label: "Roll"},
	}}
}

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// viewSpecs are the views the game's states offer: the platforms list them
// as commands. Every game has "help".
var viewSpecs = []engine.ViewSpec{
	{Name: "status", Help: "The target and the roll"},
	{Name: engine.HelpView, Help: "What to do now, and where the rules are"},
}

// Views implements engine.State.
func (s *State) Views() []string { return []string{"status", engine.HelpView} }

// View implements engine.State. An unknown name is an error, not a crash.
func (s *State) View(name string) (*engine.View, error) {
	switch name {
	case "status":
		f := []engine.Field{{Name: "Target", Value: fmt.Sprintf("%d or more (1.1)", s.Target)}}
		if s.over() {
			f = append(f, engine.Field{Name: "Roll", Value: s.Choice}, engine.Field{Name: "Kept", Value: strconv.Itoa(s.Kept)})
		}
		return &engine.View{Title: "Five or Better", Sections: []engine.Section{{Fields: f}}}, nil
	case engine.HelpView:
		var pending []*engine.Prompt
		if p := s.Pending(); p != nil {
			pending = append(pending, p)
		}
		return engine.HelpViewOf(pending, "Setup 1.1; the roll 2.1 (steady) and 2.2 (bold); the end 3.1, scores 3.2 (engine/example/doc.go)."), nil
	}
	return nil, fmt.Errorf("no view %q (one of: status, help)", name)
}
