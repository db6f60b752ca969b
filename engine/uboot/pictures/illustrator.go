package pictures

import (
	"fmt"
	"sync"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/draw"
)

// Illustrator draws U-BOOT's board as one picture, board.png: the Order and
// Morale tracks, the eight sections with their sailors and tokens,
// conditions, supplies, toolboxes and floods, the provision pyramid and the
// medkit. It is safe for concurrent use: the bot draws for many channels at
// once, and a font face is not (golang.org/x/image/font/opentype.Face), so
// a picture is drawn under mu.
type Illustrator struct {
	mu sync.Mutex
	f  *draw.Fonts
}

// NewIllustrator parses the embedded fonts once.
func NewIllustrator() (*Illustrator, error) {
	f, err := draw.NewFonts()
	if err != nil {
		return nil, fmt.Errorf("uboot pictures: %w", err)
	}
	return &Illustrator{f: f}, nil
}

// Illustrate implements engine.Illustrator: views "board" and "status" draw
// the board; view "" draws it when the decision's events changed it (see
// Changed), nil otherwise; any other view has no picture.
func (il *Illustrator) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s, ok := st.(Boarded)
	if !ok {
		return nil, fmt.Errorf("uboot pictures: not a U-BOOT board")
	}
	switch view {
	case "board", "status":
	case "":
		if !Changed(events) {
			return nil, nil
		}
	default:
		return nil, nil
	}
	p, err := il.Draw(s.Board())
	if err != nil {
		return nil, err
	}
	return []engine.Picture{p}, nil
}

// Changed says whether a decision's events call for the board's picture in
// the channel: at the set-up (§5.2), at each watch change (§6.8), when a
// sailor is killed (§6.10), when a hull breach opens or floods a section
// (§10.3.7) and at the mission's end. Between them the board changes with
// nearly every entry, and a picture each time would bury the channel (at
// most one picture every four interactions, docs/players/chat.md): the
// result lines say what changed, and Show board or status draws it at any
// moment.
func Changed(events []engine.Event) bool {
	for _, e := range events {
		if e.Kind == engine.KindEnd {
			return true
		}
		if e.Kind != engine.KindNote {
			continue
		}
		switch e.Case {
		case "5.2", "6.8", "6.10", "10.3.7":
			return true
		}
	}
	return false
}

// Draw draws the board.
func (il *Illustrator) Draw(b Board) (engine.Picture, error) {
	il.mu.Lock()
	defer il.mu.Unlock()
	data, err := paint(il.f, b).PNG()
	if err != nil {
		return engine.Picture{}, fmt.Errorf("uboot pictures: %w", err)
	}
	return engine.Picture{Name: "board.png", ContentType: "image/png", Data: data}, nil
}
