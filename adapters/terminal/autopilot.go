package terminal

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
)

// The routine autopilot at the keyboard: with `autopilot on` the game's
// built-in commander takes the routine decisions (loading, reloading,
// sailing on through empty boxes) until one needs the player, and each
// shows as one line. The choice is the player's preference, kept in the
// database like a chat player's `prefs autopilot`.

// LoadAutopilot reads the player's autopilot preference.
func (s *Session) LoadAutopilot(ctx context.Context) error {
	on, err := s.Svc.Autopilot(ctx, s.Place, s.User)
	s.autopilot = on
	return err
}

// autopilotStep takes the pending decision for the player when it is
// routine; done says it took one, end that the game is over. What the
// decision brings is shown as if he had taken it (issue 28): its rolls,
// their results, the end of the game; only the line that says the choice
// is the autopilot's own, once.
func (s *Session) autopilotStep(ctx context.Context, prompt chat.Message) (done, end bool, err error) {
	if !s.autopilotOn() {
		return false, false, nil
	}
	user := s.User
	if prompt.Owner != "" && prompt.Owner != user.ID {
		user = chat.User{ID: prompt.Owner, Name: prompt.Owner}
	}
	r, took, ok, err := s.Svc.Routine(ctx, s.Place, user)
	if err != nil {
		return false, false, s.diceFailed(err) // as when the player decides
	}
	if !ok {
		return false, false, nil
	}
	s.decider = user
	if s.JSONL {
		s.json(map[string]any{"type": "autopilot", "token": took.Token, "key": took.Option.Key, "label": took.Option.Label, "case": took.Option.Case})
	} else {
		if s.prompted {
			fmt.Fprintln(s.Out)
			s.prompted = false
		}
		fmt.Fprintf(s.Out, "  autopilot » %s\n", took.Option.Label)
		r = withoutChoiceLines(r)
	}
	s.Show(r) // the next prompt is held: it is printed only if it waits for the player
	s.shown = ""
	return true, over(r), nil
}

// autopilotOn says the autopilot may take the next routine decision: a
// prompt it may take is not printed before it has had its chance.
func (s *Session) autopilotOn() bool {
	return s.autopilot && !s.paused && s.Routine
}

// over says a reply shows the end of the game.
func over(r bot.Reply) bool {
	if r.Update != nil && r.Update.Outcome != nil {
		return true
	}
	for _, m := range r.Shown() {
		if m.Outcome != nil {
			return true
		}
	}
	return false
}

// withoutChoiceLines drops the line each result opens with ("» Decision:
// ..."), which the autopilot's own line has said; the rest of the result,
// and the lines of decisions folded into it (an auto-roll), stay.
func withoutChoiceLines(r bot.Reply) bot.Reply {
	drop := func(m chat.Message) chat.Message {
		m.Text = withoutChoiceLine(m.Text)
		m.Transcript = withoutChoiceLine(m.Transcript)
		return m
	}
	answered := make([]chat.Answer, len(r.Answered))
	for i, a := range r.Answered {
		a.Message = drop(a.Message)
		answered[i] = a
	}
	r.Answered = answered
	if r.Update != nil {
		u := drop(*r.Update)
		r.Update = &u
	}
	return r
}

// setAutopilot turns the autopilot on or off, or says how it stands.
func (s *Session) setAutopilot(ctx context.Context, arg string) {
	arg = strings.ToLower(arg)
	switch arg {
	case "on", "off":
		r, err := s.Svc.Command(ctx, s.Place, s.User, s.Game, "prefs", map[string]string{"autopilot": arg})
		if err != nil || len(r.Public)+len(r.Private) == 0 {
			s.error(fmt.Sprintf("the autopilot could not be set: %v", err))
			return
		}
		s.autopilot, s.paused = arg == "on", false
	case "":
	default:
		s.error(fmt.Sprintf("autopilot %q: on or off", Clip(arg, 20)))
		return
	}
	text := "Autopilot off: every decision is yours. `autopilot on` lets the built-in player take the ones the game calls routine, and say what it did."
	if s.autopilot {
		text = "Autopilot on: the built-in player takes the decisions the game calls routine until one needs you, and says what it did in one line each. `autopilot off` gives them back."
	}
	s.show(chat.Message{Text: text})
}

// withoutChoiceLine drops the line a decision's events open with ("» ..."):
// the autopilot line has said it.
func withoutChoiceLine(text string) string {
	if strings.HasPrefix(text, "» ") {
		if _, rest, ok := strings.Cut(text, "\n"); ok {
			return rest
		}
		return ""
	}
	return text
}
