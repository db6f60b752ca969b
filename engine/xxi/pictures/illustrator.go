package pictures

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/draw"
)

// Illustrator draws XXI's two pictures from a Boarded state: map.png, the
// Reich Transportation Map, and tracks.png, the tracks as one board. It is
// safe for concurrent use: the bot draws for many channels at once, and a
// font face is not (golang.org/x/image/font/opentype.Face), so a picture
// is drawn under mu.
type Illustrator struct {
	mu sync.Mutex
	f  *draw.Fonts
}

// NewIllustrator parses the embedded fonts once.
func NewIllustrator() (*Illustrator, error) {
	f, err := draw.NewFonts()
	if err != nil {
		return nil, fmt.Errorf("pictures: %w", err)
	}
	return &Illustrator{f: f}, nil
}

// Illustrate implements engine.Illustrator. View "map" draws the map,
// "tracks" the tracks, "board" and "status" both; with view "" it draws
// the pictures a decision's moment calls for (see Changed), nil most of
// the time; any other view has no picture.
func (il *Illustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s, ok := st.(Boarded)
	if !ok {
		return nil, fmt.Errorf("pictures: not an XXI game")
	}
	b := s.Board()
	var want Changes
	switch view {
	case "map":
		want = Changes{Map: true}
	case "tracks":
		want = Changes{Tracks: true}
	case "board", "status":
		want = Changes{Map: true, Tracks: true}
	case "":
		want = Changed(events, b)
	default:
		return nil, nil
	}
	if !want.Map && !want.Tracks {
		return nil, nil
	}
	var out []engine.Picture
	if want.Map {
		p, err := il.Map(b)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if want.Tracks {
		p, err := il.Tracks(b)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Changes says which pictures a decision posts.
type Changes struct{ Map, Tracks bool }

// Changed says which pictures a decision posts, read from the rule cases
// of its events (an event's Case, or its roll's) and the board after it.
// Nearly every decision of a month changes one picture or the other (each
// move of 7.2 the map, the month's marker the tracks), and a month can be
// as few as four decisions: posting a picture whenever it changed put 1.6
// pictures an interaction in a channel, where issue 17 allows 0.25. So a
// picture comes only at the moments that matter, at most once a month
// each:
//
//	13.x Set-up              both: the board the game begins on
//	7.x, Movement over       the map, with the decision that ends the Movement Phase (a
//	                         7.x case among its events, the board past Movement) when a
//	                         counter was moved this turn (7.2): the month's moves on
//	                         it, with its draws and bombing
//	8.4  a model built       the tracks: the Model Development Track, a XXI to Valentin
//	the game's end (KindEnd) both
//
// Everything else (the draws, 4.x, bombing, 6.x, each move, a battle, 9.x,
// the Grinding War, 10.x, repairs, 11.x, the End Phase, 12.x) is told in
// the decision's lines, and `map`, `tracks`, `board` and Show board draw
// the pictures of the moment whenever a player asks.
func Changed(events []engine.Event, b Board) Changes {
	var ch Changes
	inMovement := strings.HasPrefix(b.Phase, "Movement")
	for _, e := range events {
		if e.Kind == engine.KindEnd {
			return Changes{Map: true, Tracks: true}
		}
		for _, c := range []string{e.Case, rollCase(e)} {
			m, sub, ok := module(c)
			if !ok {
				continue
			}
			switch {
			case m == 13:
				ch.Map, ch.Tracks = true, true
			case m == 7 && !inMovement && len(b.Moved) > 0:
				ch.Map = true
			}
			if m == 8 && sub == 4 {
				ch.Tracks = true
			}
		}
	}
	return ch
}

func rollCase(e engine.Event) string {
	if e.Roll == nil {
		return ""
	}
	return e.Roll.Case
}

// module reads a case number's module and section: "10.3.1" is 10 and 3,
// "7.0" 7 and 0, "9" 9 and 0; a game prefix ("XXI-9.4") is dropped. An
// ambiguity's ruling ("XXI-A3") is no case.
func module(c string) (m, sub int, ok bool) {
	c = strings.TrimSpace(c)
	if i := strings.LastIndex(c, "-"); i >= 0 {
		c = c[i+1:]
	}
	parts := strings.Split(c, ".")
	m, err := strconv.Atoi(parts[0])
	if err != nil {
		return 0, 0, false
	}
	if len(parts) > 1 {
		if sub, err = strconv.Atoi(parts[1]); err != nil {
			return 0, 0, false
		}
	}
	return m, sub, true
}
