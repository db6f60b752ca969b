// Package pictures draws U-Boat Leader's boards for chat: the campaign map
// and the tactical display, as PNG, from the sheets the game reads off its
// state and its pack's geometry (uboatleader.MapSheet, DisplaySheet). It
// knows no rules. The pictures are opaque cards in paper colours, so they
// read the same in Discord's and Slack's dark and light themes; every one
// carries the pack's label.
package pictures

import (
	"image"
	"image/color"
	"sync"

	"github.com/kaleun/kaleun/engine/draw"
)

// Painter draws pictures with fonts parsed once. The bot draws for many
// channels at once and font faces cache glyphs as they draw, so one picture
// is drawn at a time (drawing).
type Painter struct {
	f       *draw.Fonts
	drawing sync.Mutex
	// ringCache holds the tactical display's empty rings, by ring sizes.
	mu        sync.Mutex
	ringCache map[[3]int]*image.RGBA
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
	sea       = draw.Hex(0xd7e5ef)
	longSea   = draw.Hex(0xe3edf3)
	midSea    = draw.Hex(0xcfe0ec)
	shortSea  = draw.Hex(0xb9d2e4)
	convoySea = draw.Hex(0xe6e1d3)
	wakeSea   = draw.Hex(0xeef3f6)
	alertRed  = draw.Hex(0xc0392b)
	orange    = draw.Hex(0xd98a1c)
	highlight = draw.Hex(0xf2b705)
	uboat     = draw.Hex(0xe9c46a)
	submerged = draw.Hex(0x2f6690)
	merchant  = draw.Hex(0xc8b48a)
	escort    = draw.Hex(0xb23a3a)
	warship   = draw.Hex(0x4a4e57)
	fleetEsc  = draw.Hex(0x7d1f2c)
	green     = draw.Hex(0x2a7f62)
)

// shipColour is a ship counter's fill and text colours.
func shipColour(kind string) (fill, text color.Color) {
	switch kind {
	case "escort":
		return escort, white
	case "warship":
		return warship, white
	case "fleet_escort":
		return fleetEsc, white
	}
	return merchant, ink
}

// chip draws a label on a filled rectangle at (x, y) and returns its right edge.
func (p *Painter) chip(c *draw.Canvas, x, y int, text string, fill, fg color.Color) int {
	w := draw.Width(p.f.SmallBold, text) + 14
	c.Fill(x, y, w, 22, fill)
	c.Text(x+7, y+16, p.f.SmallBold, fg, text)
	return x + w
}

// header draws the title band and returns the y below it.
func (p *Painter) header(c *draw.Canvas, w int, title, subtitle string) int {
	c.Fill(0, 0, w, 84, navy)
	c.Text(20, 38, p.f.Title, white, draw.Fit(p.f.Title, title, w-40))
	c.Text(20, 68, p.f.Regular, white, draw.Fit(p.f.Regular, subtitle, w-40))
	return 84
}

// footer writes the pack's label along the bottom.
func (p *Painter) footer(c *draw.Canvas, w, h int, label string) {
	c.Fill(0, h-30, w, 30, rule)
	c.Text(20, h-10, p.f.Small, ink, draw.Fit(p.f.Small, "["+label+"]", w-40))
}
