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
// the pictures the events changed (see Changed), nil when none; any other
// view has no picture.
func (il *Illustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s, ok := st.(Boarded)
	if !ok {
		return nil, fmt.Errorf("pictures: not an XXI game")
	}
	var want Changes
	switch view {
	case "map":
		want = Changes{Map: true}
	case "tracks":
		want = Changes{Tracks: true}
	case "board", "status":
		want = Changes{Map: true, Tracks: true}
	case "":
		want = Changed(events)
	default:
		return nil, nil
	}
	if !want.Map && !want.Tracks {
		return nil, nil
	}
	b := s.Board()
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

// Changes says which pictures a decision's events changed.
type Changes struct{ Map, Tracks bool }

// Changed reads the rule cases of a decision's events (an event's Case, or
// its roll's) and says which pictures they changed, by what each phase
// moves (3.0):
//
//	4.x Draw                 map: the drawn counters in the Counter Allocation Box (2.4.7)
//	5.x Allocation           map and tracks: resources to their spaces, convoys to the
//	                         Atlantic Ocean, armies to the Grinding War Track (5.1)
//	6.x Bombing Devastation  map: a marker on a hub, its resources destroyed
//	7.x Movement             map: resources moved, Transport Points spent (the tracks'
//	                         IGD shows them whenever the tracks are drawn)
//	8.x Construction         map and tracks: the yard's resources scrapped, the IBG on the
//	                         Model Development Track, a XXI to Valentin (8.4)
//	9.x Battle               tracks: flotillas on the paths, convoys sunk
//	10.x Grinding War        tracks: the armies' box; 10.3 map too (a crew removed)
//	11.1 Restore flotillas   tracks
//	11.2 Repair devastation  map: a marker removed, the resource that paid for it
//	12.x End                 tracks: convoys move on (12.1), the month marked (12.2)
//	13.x Set-up              both
//
// and the game's end (KindEnd) draws both. Other cases (an ambiguity's
// ruling, an optional rule) change no picture by themselves.
func Changed(events []engine.Event) Changes {
	var ch Changes
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
			case m == 4 || m == 6:
				ch.Map = true
			case m == 7:
				ch.Map = true
			case m == 5 || m == 8 || m == 13:
				ch.Map, ch.Tracks = true, true
			case m == 9 || m == 12:
				ch.Tracks = true
			case m == 10:
				ch.Tracks = true
				if sub == 3 {
					ch.Map = true
				}
			case m == 11 && sub == 2:
				ch.Map = true
			case m == 11:
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
