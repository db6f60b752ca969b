// Package pictures draws The Hunters' mats for chat: the U-boat display mat,
// the combat mat and the patrol log sheet (3.5), as PNG, and the log sheet as
// CSV. It draws what hunters.State's sheets say and knows no rules.
//
// The pictures are opaque cards in the board game's paper colours, so they
// read the same in Discord's and Slack's dark and light themes.
package pictures

import (
	"image/color"
	"sync"

	"github.com/kaleun/kaleun/engine/draw"
)

// Painter draws pictures with fonts parsed once. The bot draws for many
// channels at once and font faces cache glyphs as they draw, so one picture
// is drawn at a time.
type Painter struct {
	mu sync.Mutex
	f  *draw.Fonts
}

// New parses the embedded fonts.
func New() (*Painter, error) {
	f, err := draw.NewFonts()
	if err != nil {
		return nil, err
	}
	return &Painter{f: f}, nil
}

// The palette.
var (
	paper     = draw.Hex(0xf3efe4)
	ink       = draw.Hex(0x1d1d1b)
	faint     = draw.Hex(0x8a857a)
	rule      = draw.Hex(0xc9c2b0)
	navy      = draw.Hex(0x1d3557)
	white     = draw.Hex(0xffffff)
	okGreen   = draw.Hex(0x2a7f62)
	damaged   = draw.Hex(0xd98a1c)
	inop      = draw.Hex(0xc0392b)
	g7aColour = draw.Hex(0xe9c46a)
	g7eColour = draw.Hex(0x8ecae6)
	mineCol   = draw.Hex(0xb5838d)
	empty     = draw.Hex(0xe2ddd0)
	hullRed   = draw.Hex(0xb23a3a)
	floodBlue = draw.Hex(0x2f6690)
	highlight = draw.Hex(0xf2b705)
)

// statusColour maps a system's state to its colour.
func statusColour(s string) (fill, text color.Color) {
	switch s {
	case "damaged":
		return damaged, ink
	case "inoperable":
		return inop, white
	}
	return okGreen, white
}
