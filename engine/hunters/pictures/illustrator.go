package pictures

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// Illustrator picks the picture that helps at each moment of a Hunters
// game, and only when it changed, so that a channel is not a wall of
// images: the combat mat when an engagement begins and after a salvo or a
// gun round that hit, the display mat after damage to the boat, the log
// sheet with `log` and at refit, and all three, with the boat's fate, when
// the career ends. Show board ("board") draws the picture of the moment:
// the combat mat during an engagement, else the display mat.
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
	var pics []engine.Picture
	for _, what := range changed(events) {
		p, err := il.draw(s, what)
		if err != nil {
			return nil, err
		}
		pics = append(pics, p...)
	}
	return pics, nil
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

// changed tells which pictures a decision's events changed: the combat mat
// when targets were identified (an engagement begins, 8.2) or a torpedo or
// shell damaged one (9.2.5, 9.3), the display mat after damage to the boat
// (E4/E5, 9.6–9.8, 10.x), the log sheet at refit (10.10).
func changed(events []engine.Event) []string {
	var mat, combat, log bool
	for _, e := range events {
		if r := e.Roll; r != nil {
			switch {
			case r.Chart == "E4" || r.Chart == "E5" && !strings.HasPrefix(r.Case, "10.7"):
				mat = true // the boat was hit (repairs, 10.7, change little)
			case r.Case == "8.2.2" || r.Case == "8.2.3" || r.Chart == "T5":
				combat = true // targets identified: an engagement begins
			case r.Chart == "U3":
				combat = true // a hit: a target damaged or sunk
			}
		}
		if strings.HasPrefix(e.Case, "10.10") {
			log = true
		}
	}
	var out []string
	if combat {
		out = append(out, "combat")
	}
	if mat {
		out = append(out, "status")
	}
	if log {
		out = append(out, "log")
	}
	return out
}
