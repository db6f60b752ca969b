package xxi

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// ask is a decision before it becomes a prompt.
type ask struct {
	Kind, Case, Title, Text string
	Options                 []engine.Option
}

// current is the pending decision, nil when none (the game is over).
func (s *State) current() *ask {
	if s.Done {
		return nil
	}
	switch s.Step {
	case stepDraw:
		order, n, first := s.cupSorts()
		var opts []engine.Option
		for _, k := range order {
			opts = append(opts, engine.Option{Key: "draw:" + k, Label: fmt.Sprintf("I drew a %s (%d in the cup)", first[k].Label(), n[k]), Short: first[k].Label(), Case: "4.0"})
		}
		return &ask{Kind: "xxi.draw", Case: "4.0", Title: "Draw from your cup",
			Text: fmt.Sprintf("Turn %d, Draw Phase: draw a counter from your Counter Draw Pile and say what it is (%d of %d this turn, %d in the cup).",
				s.Turn, s.box().Draws-s.DrawLeft+1, s.box().Draws, s.count(AtCDP, nil)), Options: opts}
	case stepMove:
		return &ask{Kind: "xxi.move", Case: "7.2", Title: "Movement",
			Text:    fmt.Sprintf("Turn %d, Movement Phase: %s left. Move a resource one link (1 TP, once a turn, never into a devastated space), put one into a shipyard's squares (free), or Done.", s.Turn, plural(s.TP, "Transport Point")),
			Options: s.moveOptions()}
	case stepBuild:
		m := s.nextModel()
		return &ask{Kind: "xxi.build", Case: "8.0", Title: "Construction",
			Text:    fmt.Sprintf("Turn %d, XXI Construction Phase: build a Type XXI model %s (one a turn), or nothing.", s.Turn, m.Model),
			Options: s.buildOptions()}
	case stepBattle:
		p := s.Battle.Prompt()
		return &ask{Kind: p.Kind, Case: p.Case, Title: "Battle", Text: fmt.Sprintf("Turn %d, Battle Phase: %s", s.Turn, p.Text), Options: p.Options}
	case stepRetreat:
		return &ask{Kind: "xxi.retreat", Case: "10.3", Title: "Constant Retreat",
			Text:    fmt.Sprintf("Turn %d, Grinding War Phase: the armies in Constant Retreat rolled a 6. Choose the counter removed.", s.Turn),
			Options: s.retreatOptions()}
	case stepRepair:
		return &ask{Kind: "xxi.repair", Case: "11.2", Title: "Repair",
			Text:    fmt.Sprintf("Turn %d, Repair Phase: remove one Devastation marker by paying a resource of its icon or an IBG Command, or nothing.", s.Turn),
			Options: s.repairOptions()}
	case stepMarker:
		return &ask{Kind: "xxi.marker", Case: "12.2", Title: "Mark the turn",
			Text: fmt.Sprintf("Turn %d (%s), End Phase: choose the counter that marks the turn on the Götterdämmerung track (%d of %d months), or stop the game.",
				s.Turn, s.month(), s.Turn, s.track().Months), Options: s.markerOptions()}
	}
	return nil
}

// Pending implements engine.State. The pack's label is on every prompt,
// so that house content is never taken for the publisher's.
func (s *State) Pending() *engine.Prompt {
	a := s.current()
	if a == nil {
		return nil
	}
	return &engine.Prompt{
		Token:   s.token(s.Decision),
		Actor:   engine.Commander,
		Kind:    a.Kind,
		Title:   a.Title,
		Subject: fmt.Sprintf("Turn %d, %s · %s", s.Turn, s.month(), s.label()),
		Text:    a.Text + "\n[" + s.label() + "]",
		Case:    a.Case,
		Options: a.Options,
	}
}

// legal finds a key among the pending options.
func (s *State) legal(key string) (*ask, engine.Option, error) {
	a := s.current()
	if a == nil {
		return nil, engine.Option{}, engine.ErrGameOver
	}
	for _, o := range a.Options {
		if o.Key == key {
			return a, o, nil
		}
	}
	var keys []string
	for _, o := range a.Options {
		keys = append(keys, o.Key)
	}
	if len(keys) > 8 {
		keys = append(keys[:8], "...")
	}
	return nil, engine.Option{}, fmt.Errorf("%w: %q is not an option of %s (%s)", engine.ErrIllegalChoice, key, a.Kind, strings.Join(keys, ", "))
}

// Apply implements engine.State: on a copy, so that s never changes.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	if s.Done {
		return nil, nil, engine.ErrGameOver
	}
	token := s.token(s.Decision)
	if c.Token != "" && c.Token != token {
		return nil, nil, fmt.Errorf("%w: prompt %s was answered already (the pending prompt is %s)", engine.ErrStaleToken, c.Token, token)
	}
	a, o, err := s.legal(c.Key)
	if err != nil {
		return nil, nil, err
	}
	next, err := s.clone()
	if err != nil {
		return nil, nil, err
	}
	events, err := next.run(d, func() {
		next.choiceEvent(token, c.Key, o.Label, o.Case)
		next.Decision++
		next.choose(a.Kind, c.Key)
	})
	if err != nil {
		return nil, nil, err
	}
	return next, events, nil
}

// choose applies a legal key to the pending step.
func (s *State) choose(kind, key string) {
	step := s.Step
	s.Step = ""
	switch step {
	case stepDraw:
		_, _, first := s.cupSorts()
		c := first[strings.TrimPrefix(key, "draw:")]
		s.note("4.0", "Drawn from your cup: %s (%s).", c.Label(), c.ID)
		s.take(c)
	case stepMove:
		switch {
		case key == "done":
			s.endMovement()
		case strings.HasPrefix(key, "move:"):
			s.move(key)
		default:
			s.toYard(key)
		}
	case stepBuild:
		switch {
		case key == "skip":
			s.note("8.0", "No Type XXI is built this turn.")
			s.nextPhase()
		case strings.HasPrefix(key, "yard:"):
			s.toYard(key)
		default:
			s.build(key)
			s.nextPhase()
		}
	case stepBattle:
		s.battleChoice(key)
	case stepRetreat:
		s.removeForRetreat(strings.TrimPrefix(key, "remove:"))
		s.nextPhase()
	case stepRepair:
		if key != "skip" {
			s.repair(key)
		}
		s.nextPhase()
	case stepMarker:
		if key == "stop" {
			s.Stopped = true
			s.note("XXI-A1", "You stop the game in month %d: the report follows.", s.Turn)
			s.finish()
			return
		}
		s.mark(key)
	default:
		panic(fmt.Sprintf("xxi: %s answered at no step", kind))
	}
}
