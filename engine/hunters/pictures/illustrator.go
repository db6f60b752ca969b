package pictures

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// Illustrator picks the picture that helps at each moment of a Hunters game:
// the display mat with `status` and after damage, the combat mat with each
// decision of an engagement, the log sheet with `log` and at refit, and all
// three, with the boat's fate, when the career ends.
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

// Illustrate draws for a view ("status", "log"), or, with view "", for the
// events of a decision just taken: the mat after damage, the log sheet at
// refit, and the combat mat with every decision of a ship engagement.
func (il *Illustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s, ok := st.(*hunters.State)
	if c, isPair := st.(careerHolder); isPair {
		s, ok = c.Career(), true // a two-player game: the boat on patrol
	}
	if !ok {
		return nil, fmt.Errorf("pictures: not a Hunters game")
	}
	if view != "" {
		return il.draw(s, view)
	}
	if s.Over != nil && ended(events) {
		// The career's end: the mat and the combat mat with the boat's fate,
		// and the log sheet that records it (3.5).
		var pics []engine.Picture
		for _, what := range []string{"status", "combat", "log"} {
			p, err := il.draw(s, what)
			if err != nil {
				return nil, err
			}
			pics = append(pics, p...)
		}
		return pics, nil
	}
	pics, err := il.draw(s, momentOf(events))
	if err != nil {
		return nil, err
	}
	if s.Over != nil {
		return pics, nil
	}
	combat, err := il.draw(s, "combat")
	return append(pics, combat...), err
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

// momentOf tells which picture a decision's events call for: the mat after
// damage to the boat (E4/E5, 9.6–9.8, 10.x) and the log sheet at refit (10.10).
func momentOf(events []engine.Event) string {
	refit := false
	for _, e := range events {
		if e.Roll != nil && (e.Roll.Chart == "E4" || e.Roll.Chart == "E5") {
			return "status"
		}
		if len(e.Case) >= 5 && e.Case[:5] == "10.10" {
			refit = true
		}
	}
	if refit {
		return "log"
	}
	return ""
}
