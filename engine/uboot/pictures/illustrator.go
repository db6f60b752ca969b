package pictures

import (
	"crypto/sha256"
	"encoding/json"
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
	// recent are the last pictures drawn, by their board: a live board
	// (engine.Game.PinnedPicture) is asked for at every entry, and the
	// steps of an entry being made leave the board as it was, so the
	// picture is drawn only when the board changed. drawn counts the
	// boards painted (for tests).
	recent []drawn
	drawn  int
}

// drawn is a board's picture, by the board's hash.
type drawn struct {
	key [32]byte
	pic engine.Picture
}

// recentBoards bounds the cache: a board or two per channel playing now.
const recentBoards = 32

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
	enc, err := json.Marshal(b)
	if err != nil {
		return engine.Picture{}, fmt.Errorf("uboot pictures: %w", err)
	}
	key := sha256.Sum256(enc)
	il.mu.Lock()
	defer il.mu.Unlock()
	for _, d := range il.recent {
		if d.key == key {
			return d.pic, nil // the same board: the same bytes
		}
	}
	data, err := paint(il.f, b).PNG()
	if err != nil {
		return engine.Picture{}, fmt.Errorf("uboot pictures: %w", err)
	}
	il.drawn++
	pic := engine.Picture{Name: "board.png", ContentType: "image/png", Data: data}
	if len(il.recent) == recentBoards {
		il.recent = il.recent[1:]
	}
	il.recent = append(il.recent, drawn{key: key, pic: pic})
	return pic, nil
}

// Painted is how many boards were painted, not taken from the cache.
func (il *Illustrator) Painted() int {
	il.mu.Lock()
	defer il.mu.Unlock()
	return il.drawn
}
