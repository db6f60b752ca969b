// Package pictures draws XXI: The Naval Wonder Weapon's boards for chat, as
// PNG, from a neutral Board that engine/xxi fills from its state: the Reich
// Transportation Map from the pack's geometry with the counters on it, and
// the tracks (Grinding War, Götterdämmerung, Model Development, U-boat
// Mission, the IGD's Transport Points) as one board picture. It knows no
// rule beyond what a picture shows. The pictures are opaque cards in paper
// colours, so they read the same in dark and light chat themes; every one
// carries the pack's label, and house content says so in its corner.
package pictures

import (
	"image/color"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine/draw"
)

// The palette.
var (
	paper    = draw.Hex(0xf3efe4)
	mapPaper = draw.Hex(0xe9e3d3)
	ink      = draw.Hex(0x1d1d1b)
	faint    = draw.Hex(0x6f6a60)
	rule     = draw.Hex(0xc9c2b0)
	navy     = draw.Hex(0x1d3557)
	white    = draw.Hex(0xffffff)
	alertRed = draw.Hex(0xc0392b)
	darkRed  = draw.Hex(0x7a1f16)
	orange   = draw.Hex(0xd98a1c)
	gold     = draw.Hex(0xf2b705)
	sea      = draw.Hex(0xd7e5ef)
	convoySe = draw.Hex(0xe6e1d3)
	hullCol  = draw.Hex(0x9c6644)
	sysCol   = draw.Hex(0x2f6690)
	crewCol  = draw.Hex(0x2a7f62)
	ibgCol   = draw.Hex(0x6a3d9a)
	otherCol = draw.Hex(0xc8b48a)
	viiCol   = draw.Hex(0x4a4e57)
	xxiCol   = draw.Hex(0x1d3557)
)

// resourceColour is a resource's colour: hull, systems, crew (2.2.1-2.2.3).
func resourceColour(r string) color.RGBA {
	switch r {
	case "hull":
		return hullCol
	case "systems":
		return sysCol
	case "crew":
		return crewCol
	}
	return otherCol
}

// kindOf reads a counter's kind from its label's first word ("Hull A",
// "Systems D", "Crew F", "IBG Command"): it only picks the chip's colour
// and icon, so an unknown label is drawn plainly, never refused.
func kindOf(label string) string {
	w := strings.ToLower(strings.Fields(label + " ")[0])
	switch {
	case strings.HasPrefix(w, "hull"):
		return "hull"
	case strings.HasPrefix(w, "sys"):
		return "systems"
	case strings.HasPrefix(w, "crew"):
		return "crew"
	case w == "ibg":
		return "ibg"
	}
	return ""
}

// chipColours are a counter chip's fill and text colours.
func chipColours(label string) (fill, fg color.RGBA) {
	switch k := kindOf(label); k {
	case "hull", "systems", "crew":
		return resourceColour(k), white
	case "ibg":
		return ibgCol, white
	}
	return otherCol, ink
}

// icon draws a resource's icon centred on (cx, cy), size s across: the
// square of a Hull Section, the diamond of Internal Systems, the circle of
// Trained Crew (2.2.1-2.2.3). Anything else is a small bar.
func icon(c *draw.Canvas, cx, cy, s int, resource string, col color.Color) {
	h := s / 2
	switch resource {
	case "hull":
		c.Fill(cx-h, cy-h, s, s, col)
	case "systems":
		for dy := -h; dy <= h; dy++ {
			w := h - abs(dy)
			c.Fill(cx-w, cy+dy, 2*w+1, 1, col)
		}
	case "crew":
		c.Circle(float64(cx), float64(cy), float64(h)/2, float64(h)+0.5, col)
	default:
		c.Fill(cx-h, cy-2, s, 4, col)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// chipH is the height of a counter chip.
const chipH = 20

// chipWidth is the width chip draws for a label.
func (il *Illustrator) chipWidth(label string, withIcon bool) int {
	w := draw.Width(il.f.SmallBold, label) + 12
	if withIcon {
		w += 14
	}
	return w
}

// chip draws a counter's label on its colour at (x, y), with its resource
// icon for a resource, and returns its right edge.
func (il *Illustrator) chip(c *draw.Canvas, x, y int, label string, fill, fg color.Color, withIcon bool) int {
	w := il.chipWidth(label, withIcon)
	c.Fill(x, y, w, chipH, fill)
	tx := x + 6
	if withIcon {
		icon(c, x+12, y+chipH/2, 10, kindOf(label), fg)
		tx += 14
	}
	c.Text(tx, y+15, il.f.SmallBold, fg, label)
	return x + w
}

// counterChip draws a counter's chip in its kind's colours, checked when
// moved this turn.
func (il *Illustrator) counterChip(c *draw.Canvas, x, y int, g group) int {
	fill, fg := chipColours(g.label)
	k := kindOf(g.label)
	res := k == "hull" || k == "systems" || k == "crew"
	right := il.chip(c, x, y, g.text(), fill, fg, res)
	if g.moved {
		c.Fill(right, y, 18, chipH, gold)
		c.Check(float64(right+2), float64(y+3), 14, ink)
		right += 18
	}
	return right
}

// group is equal counters drawn as one chip.
type group struct {
	label string
	moved bool
	n     int
}

func (g group) text() string {
	if g.n > 1 {
		return g.label + " ×" + strconv.Itoa(g.n)
	}
	return g.label
}

func (il *Illustrator) groupWidth(g group) int {
	k := kindOf(g.label)
	w := il.chipWidth(g.text(), k == "hull" || k == "systems" || k == "crew")
	if g.moved {
		w += 18
	}
	return w
}

// groups gathers equal labels (and equally moved) in the order they first
// come, so that five Hull A counters are one chip "Hull A ×5" (5.2).
func groups(labels []string, moved map[string]bool) []group {
	var out []group
	at := map[group]int{}
	for _, l := range labels {
		k := group{label: l, moved: moved[l]}
		if i, ok := at[k]; ok {
			out[i].n++
			continue
		}
		at[k] = len(out)
		k.n = 1
		out = append(out, k)
	}
	return out
}

// visible keeps at most rows chips of gs, the last one saying how many
// counters are left out ("+N more"), which it returns.
func visible(gs []group, rows int) ([]group, int) {
	if len(gs) <= rows {
		return gs, 0
	}
	more := 0
	for _, g := range gs[rows-1:] {
		more += g.n
	}
	return gs[:rows-1], more
}

// header draws the title band with the house-content badge in its corner
// and returns the y below it.
func (il *Illustrator) header(c *draw.Canvas, w int, title, subtitle string, house bool) int {
	c.Fill(0, 0, w, 84, navy)
	right := w - 20
	if house {
		const badge = "HOUSE CONTENT"
		bw := draw.Width(il.f.Bold, badge) + 24
		c.Fill(w-20-bw, 16, bw, 32, gold)
		c.Text(w-20-bw+12, 38, il.f.Bold, ink, badge)
		right = w - 40 - bw
	}
	c.Text(20, 38, il.f.Title, white, draw.Fit(il.f.Title, title, right-20))
	c.Text(20, 68, il.f.Regular, white, draw.Fit(il.f.Regular, subtitle, w-40))
	return 84
}

// footer writes the pack's label along the bottom.
func (il *Illustrator) footer(c *draw.Canvas, w, h int, label string) {
	c.Fill(0, h-30, w, 30, rule)
	c.Text(20, h-10, il.f.Small, ink, draw.Fit(il.f.Small, "["+label+"]", w-40))
}

// section writes a section's title and returns the y below it.
func (il *Illustrator) section(c *draw.Canvas, x, y int, title string) int {
	c.Text(x, y+18, il.f.Bold, navy, title)
	return y + 26
}
