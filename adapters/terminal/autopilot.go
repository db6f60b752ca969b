package terminal

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot"
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
// routine; done says it took one.
func (s *Session) autopilotStep(ctx context.Context, prompt bot.Message) (done bool, err error) {
	if !s.autopilot || s.paused || !s.Routine {
		return false, nil
	}
	user := s.User
	if prompt.Owner != "" && prompt.Owner != user.ID {
		user = bot.User{ID: prompt.Owner, Name: prompt.Owner}
	}
	r, took, ok, err := s.Svc.Routine(ctx, s.Place, user)
	if err != nil || !ok {
		return false, err
	}
	s.decider = user
	if !s.JSONL {
		if s.prompted {
			fmt.Fprintln(s.Out)
		}
		fmt.Fprintf(s.Out, "  autopilot » %s\n", took)
	}
	var shown bot.Reply
	for _, m := range r.Public {
		if m.Prompt != nil {
			continue // the loop shows the next prompt if it needs the player
		}
		if !s.JSONL {
			m.Text = withoutChoiceLine(m.Text)
			if strings.TrimSpace(m.Text) == "" && len(m.Files) == 0 {
				continue
			}
		}
		shown.Public = append(shown.Public, m)
	}
	shown.Private = r.Private
	s.Show(shown)
	s.shown = ""
	return true, nil
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
	s.show(bot.Message{Text: text})
}
