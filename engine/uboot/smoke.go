package uboot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Cigarettes (§6.13): a player with a sailor in 7 or 8 discards one; up
// to four sailors in 7 and 8 each discard one activation token, and the
// Captain removes the Order Track's leftmost activation token. One
// smoking break a watch, as many cigarettes in it as the players spend;
// each sailor benefits once a break. Not an order: it costs nothing.

// smokers are the roles that may light one now.
func (s *State) smokers() []string {
	var out []string
	for _, role := range roleIDs {
		if s.Cigs[role] == 0 {
			continue
		}
		// §6.13: a player with a sailor outside; per role (§5.1), or, with
		// ruling per-role=per-player, the Captain's pool for every player.
		ok := false
		for i := range figureIDs {
			if s.onBoard(i) && outside(s.Figures[i].Sec) && (roleOf(figureIDs[i]) == role || s.ruling(rPerRole) == "per-player") {
				ok = true
			}
		}
		if ok {
			out = append(out, role)
		}
	}
	return out
}

func (s *State) canSmoke() bool { return !s.Smoked && len(s.smokers()) > 0 }

// Draft for smoke: Args holds "benefited" figures (the whole break), and
// Picks the sailors of the cigarette being spent, Args[0] its role.
func (s *State) smokePrompt() *engine.Prompt {
	d := s.Draft
	if len(d.Args) == 0 || d.Args[0] == "" {
		var o []engine.Option
		for _, role := range s.smokers() {
			o = append(o, engine.Option{Key: "c:" + role, Label: fmt.Sprintf("The %s lights one (%d left)", roleNames[role], s.Cigs[role]), Short: roleNames[role], Case: "6.13"})
		}
		label := "End the smoking break (one a watch)"
		if len(d.Args) == 0 {
			o = append(o, back())
		} else {
			o = append(o, engine.Option{Key: "done", Label: label, Short: "Done", Case: "6.13"})
		}
		return &engine.Prompt{Kind: "uboot.smoke", Title: "Smoking break", Text: "Who spends a cigarette?", Case: "6.13", Options: o}
	}
	var o []engine.Option
	if len(d.Picks) > 0 {
		o = append(o, engine.Option{Key: "go", Label: "These sailors each discard an activation token: " + strings.Join(d.Picks, ", "), Short: "Go", Case: "6.13"})
	}
	if len(d.Picks) < 4 {
		for i, fig := range figureIDs {
			if s.onBoard(i) && outside(s.Figures[i].Sec) && s.sailor(i).count("act") > 0 && !slices.Contains(d.Args[1:], fig) && !slices.Contains(d.Picks, fig) {
				o = append(o, engine.Option{Key: "+" + fig, Label: fmt.Sprintf("%s (section %d)", fig, s.Figures[i].Sec), Short: fig, Case: "6.13"})
			}
		}
	}
	if len(d.Picks) == 0 {
		o = append(o, engine.Option{Key: "go", Label: "Nobody outside discards a token: only the Order Track is unblocked", Short: "Go", Case: "6.13"})
	}
	return &engine.Prompt{Kind: "uboot.cigarette", Title: "Smoking break", Subject: roleNames[d.Args[0]],
		Text: "Up to four sailors in sections 7 and 8 who benefit (each once a break):", Case: "6.13", Options: o}
}

func (s *State) applySmoke(key string) {
	d := s.Draft
	switch {
	case strings.HasPrefix(key, "c:"):
		role := strings.TrimPrefix(key, "c:")
		if len(d.Args) == 0 {
			d.Args = []string{role}
		} else {
			d.Args[0] = role
		}
	case strings.HasPrefix(key, "+"):
		d.Picks = append(d.Picks, strings.TrimPrefix(key, "+"))
	case key == "go":
		role := d.Args[0]
		s.Cigs[role]--
		for _, fig := range d.Picks {
			s.sailor(figIndex(fig)).drop("act")
		}
		sp := s.unblock()
		freed := "no Order Track space was blocked"
		if sp != "" {
			freed = "Order Track space " + sp + " is unblocked"
		}
		who := "nobody"
		if len(d.Picks) > 0 {
			who = strings.Join(d.Picks, ", ")
		}
		s.note("6.13", fmt.Sprintf("The %s smokes: %s discard an activation token; %s.", roleNames[role], who, freed))
		d.Args = append(d.Args, d.Picks...)
		d.Args[0] = ""
		d.Picks = nil
		if len(s.smokers()) == 0 {
			s.Smoked, s.Draft = true, nil
			s.note("6.13", "The smoking break is over (one a watch).")
		}
	case key == "done":
		s.Smoked, s.Draft = true, nil
		s.note("6.13", "The smoking break is over (one a watch).")
	}
}
