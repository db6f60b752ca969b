package pictures

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// Illustrator picks the pictures that help at each moment of a campaign:
// the map with `map` and `status` and whenever boats move or the campaign
// ends, the tactical display with `display` and with every decision of a
// battle; with `cards`, the cards entered in physical mode as a YAML file.
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
	if pics, err := il.displayPicture(s); len(pics) > 0 || err != nil {
		return pics, err
	}
	for _, e := range events {
		if e.Case == "UBL-5.1" || e.Kind == engine.KindEnd {
			return il.mapPicture(s)
		}
	}
	return nil, nil
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
