package pictures

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// Illustrator picks the pictures that help at each moment of a campaign,
// and only at the moments that matter, so that a channel is not a wall of
// images (issue 17: at most a picture every four interactions): the map
// once a turn, when the Operations phase (UBL-5) ends with every boat's
// moves on it, and when the campaign ends; the tactical display at the
// start of each combat round (UBL-6.7), with the last round's attacks on
// it. Any other time `map`, `status` and `display` (and Show board) draw
// the picture of the moment; with `cards`, the cards entered in physical
// mode as a YAML file.
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

// Illustrate implements bot.Illustrator.
func (il *Illustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s, ok := st.(*uboatleader.State)
	if !ok {
		return nil, fmt.Errorf("pictures: not a U-Boat Leader game")
	}
	switch view {
	case "map", "status":
		return il.mapPicture(s)
	case "display":
		return il.displayPicture(s)
	case "cards":
		// Not a picture: the cards entered, whole, as a file to keep.
		if b := s.CardsYAML(); b != nil {
			return []engine.Picture{{Name: uboatleader.CardsFile, ContentType: "text/yaml", Data: b}}, nil
		}
		return nil, nil
	case "":
	default:
		return nil, nil
	}
	var out []engine.Picture
	for _, what := range Moments(s, events) {
		draw := il.mapPicture
		if what == "display" {
			draw = il.displayPicture
		}
		pics, err := draw(s)
		if err != nil {
			return nil, err
		}
		out = append(out, pics...)
	}
	return out, nil
}

// Moments says which pictures a decision's events call for, none most of
// the time:
// "map" when they end the campaign or the Operations phase (a UBL-5 case
// among them, and the campaign past that phase: the boats have all moved),
// "display" when they begin a combat round (UBL-6.7) of a battle on the
// display. A boat's single move, an Event card, a step on the display
// post no picture: the prompt's text tells them.
func Moments(s *uboatleader.State, events []engine.Event) []string {
	var ops, round bool
	for _, e := range events {
		if e.Kind == engine.KindEnd {
			return []string{"map"}
		}
		if strings.HasPrefix(e.Case, "UBL-5") {
			ops = true
		}
		if e.Case == "UBL-6.7" && strings.HasPrefix(e.Text, "Combat round ") {
			round = true
		}
	}
	var out []string
	if ops && s.Phase != "operations" {
		out = append(out, "map")
	}
	if _, ok := s.DisplaySheet(); ok && round {
		out = append(out, "display")
	}
	return out
}

func (il *Illustrator) mapPicture(s *uboatleader.State) ([]engine.Picture, error) {
	b, err := il.p.Map(s.MapSheet())
	if err != nil {
		return nil, err
	}
	return []engine.Picture{{Name: "map.png", ContentType: "image/png", Data: b}}, nil
}

func (il *Illustrator) displayPicture(s *uboatleader.State) ([]engine.Picture, error) {
	d, ok := s.DisplaySheet()
	if !ok {
		return nil, nil
	}
	b, err := il.p.Display(d)
	if err != nil {
		return nil, err
	}
	return []engine.Picture{{Name: "display.png", ContentType: "image/png", Data: b}}, nil
}
