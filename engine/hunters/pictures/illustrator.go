package pictures

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// Illustrator picks the picture that helps at each moment of a Hunters
// game, and only at the moments that matter, so that a channel is not a
// wall of images (issue 17: at most a picture every four interactions,
// held by a career as short as a boat lost on her first patrol): the
// combat mat when an engagement begins, the log sheet at refit and, with
// the boat's fate, when the career ends (3.5). A salvo's hits and the
// boat's damage are told in the decision's lines; `status`, `log` and
// Show board ("board": the combat mat during an engagement, else the
// display mat) draw the picture of the moment whenever a player asks.
type Illustrator struct {
	p *Painter
}

// NewIllustrator parses the fonts once.
func NewIllustrator() (*Illustrator, error) {
	p, err := New()
	if err != nil {
		return nil, err
	}
	return &Illustrator{p: p}, nil
}

// Illustrate draws for a view ("status", "log", "board"), or, with view "",
// for the events of a decision just taken.
func (il *Illustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s, ok := st.(*hunters.State)
	if c, isPair := st.(careerHolder); isPair {
		s, ok = c.Career(), true // a two-player game: the boat on patrol
	}
	if !ok {
		return nil, fmt.Errorf("pictures: not a Hunters game")
	}
	switch view {
	case "":
	case "board":
		if _, engaged := s.CombatSheet(); engaged && s.Over == nil {
			return il.draw(s, "combat")
		}
		return il.draw(s, "status")
	default:
		return il.draw(s, view)
	}
	var pics []engine.Picture
	for _, what := range Moments(s, events) {
		p, err := il.draw(s, what)
		if err != nil {
			return nil, err
		}
		pics = append(pics, p...)
	}
	return pics, nil
}

// Moments says which pictures a decision's events call for ("status", the
// display mat; "combat"; "log"), none most of the time.
func Moments(s *hunters.State, events []engine.Event) []string {
	if s.Over != nil && ended(events) {
		// The career's end: the log sheet, which records the boat's fate
		// (3.5); the mats with it in their red band are one Show board away.
		return []string{"log"}
	}
	return changed(events)
}

// draw makes one picture: "status" the display mat, "log" the log sheet,
// "combat" the combat mat when an engagement is on it.
func (il *Illustrator) draw(s *hunters.State, what string) ([]engine.Picture, error) {
	switch what {
	case "status":
		return il.picture("mat.png", func() ([]byte, error) { return il.p.DisplayMat(s.Sheet()) })
	case "log":
		return il.picture("log.png", func() ([]byte, error) { return il.p.LogSheet(s) })
	case "combat":
		sheet, ok := s.CombatSheet()
		if !ok {
			return nil, nil
		}
		return il.picture("combat.png", func() ([]byte, error) { return il.p.CombatMat(sheet) })
	}
	return nil, nil
}

// careerHolder is a game made of Hunters careers (the two-player game).
type careerHolder interface{ Career() *hunters.State }

func (il *Illustrator) picture(name string, draw func() ([]byte, error)) ([]engine.Picture, error) {
	b, err := draw()
	if err != nil {
		return nil, err
	}
	return []engine.Picture{{Name: name, ContentType: "image/png", Data: b}}, nil
}

// ended reports whether the events end the game.
func ended(events []engine.Event) bool {
	for _, e := range events {
		if e.Kind == engine.KindEnd {
			return true
		}
	}
	return false
}

// changed tells which pictures a decision's events call for: the combat
// mat when targets were identified (an engagement begins, 8.2.2, 8.2.3, or
// an escort's T5), the log sheet at refit (10.10). Not after a salvo that
// hit (U3) nor after damage to the boat (E4/E5): in careers played
// in-process those came after about one decision in six each, and the
// three together put a median career over the bound.
func changed(events []engine.Event) []string {
	var combat, log bool
	for _, e := range events {
		if r := e.Roll; r != nil && (r.Case == "8.2.2" || r.Case == "8.2.3" || r.Chart == "T5") {
			combat = true
		}
		if strings.HasPrefix(e.Case, "10.10") {
			log = true
		}
	}
	var out []string
	if combat {
		out = append(out, "combat")
	}
	if log {
		out = append(out, "log")
	}
	return out
}
