package engine

import "strings"

// HelpViewOf is a game's `help` (every game has one, see Game.Views): the
// decisions pending now, each option with its rule case, then where the
// rules are. A game with more to say builds its own.
func HelpViewOf(pending []*Prompt, where ...string) *View {
	v := &View{Title: "Help"}
	for _, p := range pending {
		if p == nil {
			continue
		}
		lines := []string{p.Text}
		for _, o := range p.Options {
			l := o.Key + " — " + o.Label
			if o.Case != "" {
				l += " (" + o.Case + ")"
			}
			lines = append(lines, l)
		}
		title := "Now"
		if p.Seat != "" {
			title += ", " + p.Seat
		}
		if p.Case != "" {
			title += " (" + p.Case + ")"
		}
		v.Sections = append(v.Sections, Section{Title: title, Lines: lines})
	}
	if len(v.Sections) == 0 {
		v.Sections = append(v.Sections, Section{Lines: []string{"Nothing is pending: the game is over."}})
	}
	if len(where) > 0 {
		v.Sections = append(v.Sections, Section{Title: "Where the rules are", Lines: []string{strings.Join(where, " ")}})
	}
	return v
}
