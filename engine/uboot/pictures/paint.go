package pictures

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/kaleun/kaleun/engine/draw"
)

// The picture's layout: the tracks on top, the boat in the middle (sections
// 1-6 in a row from bow to stern; the deck, 7, and the bridge, 8, above,
// the bridge over the control room, 3, as §6.4's adjacency has them), the
// galley's pyramid, the medkit and the toolboxes below.
const (
	width, height = 1280, 860
	secW, secH    = 204, 250
	secGap        = 6
	boatX, boatY  = 20, 400
	upperY        = 200
	upperH        = 180
	trackX        = 170
	trackBox      = 58
)

var (
	ink      = draw.Hex(0x1b1f24)
	paper    = draw.Hex(0xf4efe1)
	steel    = draw.Hex(0xc9cdd2)
	dim      = draw.Hex(0x8a9099)
	water    = draw.Hex(0x7fb2e5)
	alarm    = draw.Hex(0xc0392b)
	token    = draw.Hex(0xb03a2e)
	blocked  = draw.Hex(0x4a4f57)
	excessC  = draw.Hex(0x7d3c98)
	roleInks = map[string]color.RGBA{"captain": draw.Hex(0xffffff), "fo": draw.Hex(0x2e6fd0), "nav": draw.Hex(0x2e9e4f), "ce": draw.Hex(0x8b5a2b)}
	envInks  = map[string]color.RGBA{"fire": draw.Hex(0xe67e22), "electrical": draw.Hex(0xf1c40f), "gas": draw.Hex(0x7dcea0), "lighting": draw.Hex(0x95a5a6), "leak": draw.Hex(0x5dade2)}
	techInks = map[string]color.RGBA{"green": draw.Hex(0x27ae60), "yellow": draw.Hex(0xf1c40f), "red": draw.Hex(0xe74c3c)}
	slotInks = map[string]color.RGBA{"act": draw.Hex(0x34495e), "fat": draw.Hex(0xd68910), "wnd": draw.Hex(0xc0392b), "obs": draw.Hex(0x2e86c1),
		"green": draw.Hex(0x27ae60), "yellow": draw.Hex(0xf1c40f), "red": draw.Hex(0xe74c3c), "kia": draw.Hex(0x000000)}
	slotLetters = map[string]string{"act": "A", "fat": "F", "wnd": "W", "obs": "O", "green": "g", "yellow": "y", "red": "r", "kia": "†"}
	// §7.3: the spaces whose entry draws a morale card, and the deck.
	moraleDecks = map[int]string{1: "1", 3: "1", 5: "2", 7: "2", 9: "3", 11: "3"}
	secNames    = map[int]string{7: "7 deck", 8: "8 bridge"}
)

func paint(f *draw.Fonts, b Board) *draw.Canvas {
	c := draw.NewCanvas(width, height, paper)
	state := "submerged"
	if b.Surfaced {
		state = "surfaced"
	}
	c.Text(20, 34, f.Title, ink, "U-BOOT — the crew's board")
	head := fmt.Sprintf("Watch %d · %s", b.Watch, state)
	c.Text(width-20-draw.Width(f.Bold, head), 32, f.Bold, ink, head)
	tracks(c, f, b)
	boat(c, f, b)
	galley(c, f, b)
	if b.Label != "" {
		c.Text(width-20-draw.Width(f.Small, b.Label), height-10, f.Small, dim, b.Label)
	}
	return c
}

// tracks draws the Order Track (§7.2) and the Morale Track (§7.3).
func tracks(c *draw.Canvas, f *draw.Fonts, b Board) {
	y := 58
	c.Text(20, y+26, f.Bold, ink, "Order Track")
	for i, name := range b.OrderSpaces {
		x := trackX + i*trackBox
		if i < len(b.Blocked) && b.Blocked[i] {
			c.Fill(x, y, trackBox-4, 40, blocked)
			c.Line(float64(x+6), float64(y+6), float64(x+trackBox-10), float64(y+34), 3, paper)
			c.Line(float64(x+trackBox-10), float64(y+6), float64(x+6), float64(y+34), 3, paper)
		} else {
			c.Fill(x, y, trackBox-4, 40, steel)
		}
		c.Box(x, y, trackBox-4, 40, 2, ink)
		c.TextCentred(x, y+14, trackBox-4, f.Small, ink, name)
		if i == b.Order {
			disc(c, x+(trackBox-4)/2, y+29, 7, token)
		}
	}
	y = 118
	c.Text(20, y+26, f.Bold, ink, "Morale Track")
	for i, name := range b.MoraleSpaces {
		x := trackX + i*trackBox
		c.Fill(x, y, trackBox-4, 40, steel)
		c.Box(x, y, trackBox-4, 40, 2, ink)
		c.TextCentred(x, y+14, trackBox-4, f.Small, ink, name)
		if d, ok := moraleDecks[i]; ok {
			c.Text(x+trackBox-14, y+37, f.Small, dim, d)
		}
		if i == b.Morale {
			disc(c, x+(trackBox-4)/2, y+29, 7, token)
		}
		if i == b.Excess {
			c.Fill(x+4, y+42, trackBox-12, 15, excessC)
			c.TextCentred(x+4, y+55, trackBox-12, f.Small, paper, "EX")
		}
	}
	legend := "red disc: order token · small digit: the morale deck drawn on entering (§7.3) · X: blocked (§7.2) · EX: excess-activation marker (§6.6.1)"
	if b.Exhausted {
		legend = "EXHAUSTED CREW (§7.4): a new environmental condition or a hull breach loses the boat"
	}
	col := dim
	if b.Exhausted {
		col = alarm
	}
	c.Text(trackX, 190, f.Small, col, legend)
}

// secBox is where section n is drawn.
func secBox(n int) (x, y, h int) {
	switch n {
	case 7:
		return boatX + 1*(secW+secGap), upperY, upperH
	case 8:
		return boatX + 2*(secW+secGap), upperY, upperH
	}
	return boatX + (n-1)*(secW+secGap), boatY, secH
}

func boat(c *draw.Canvas, f *draw.Fonts, b Board) {
	// The passages: 7-8 always; 8-3 only while surfaced (§6.4).
	x7, y7, h7 := secBox(7)
	x8, _, _ := secBox(8)
	c.Line(float64(x7+secW), float64(y7+h7/2), float64(x8), float64(y7+h7/2), 4, ink)
	hatch := dim
	if b.Surfaced {
		hatch = ink
	}
	c.Line(float64(x8+secW/2), float64(y7+h7), float64(x8+secW/2), float64(boatY), 4, hatch)
	var off []string
	for n := 1; n <= 8; n++ {
		section(c, f, b, n)
	}
	for _, s := range b.Sailors {
		if s.Section == 0 {
			what := s.Figure
			if s.KIA {
				what += " (KIA)"
			}
			off = append(off, what)
		}
	}
	if len(off) > 0 {
		c.Text(boatX+3*(secW+secGap), upperY+20, f.SmallBold, ink, "Off the model (on the crew tiles):")
		c.Text(boatX+3*(secW+secGap), upperY+40, f.Small, ink, draw.Fit(f.Small, strings.Join(off, ", "), 560))
	}
	c.Text(boatX+3*(secW+secGap), upperY+80, f.Small, dim, "A activation · F fatigue · W wound · O observing · g/y/r repairing · † KIA")
	c.Text(boatX+3*(secW+secGap), upperY+100, f.Small, dim, "♥n: health cards under the sailor (§6.9)")
}

func section(c *draw.Canvas, f *draw.Fonts, b Board, n int) {
	x, y, h := secBox(n)
	sec := b.Sections[n]
	bg := steel
	if sec.Flooded {
		bg = water
	}
	c.Fill(x, y, secW, h, bg)
	border := ink
	if sec.Breach {
		border = alarm
	}
	c.Box(x, y, secW, h, 3, border)
	name := fmt.Sprint(n)
	if s, ok := secNames[n]; ok {
		name = s
	}
	c.Text(x+8, y+20, f.Bold, ink, name)
	if sec.Flooded {
		c.Text(x+90, y+20, f.SmallBold, ink, "FLOODED")
	} else if sec.Breach {
		c.Text(x+60, y+20, f.SmallBold, alarm, strings.TrimSpace("HULL BREACH "+sec.Countdown))
	}
	// Conditions as chips.
	cx, cy := x+6, y+28
	chip := func(text string, col color.RGBA) {
		w := draw.Width(f.Small, text) + 8
		if cx+w > x+secW-4 {
			cx, cy = x+6, cy+20
		}
		c.Fill(cx, cy, w, 18, col)
		c.Text(cx+4, cy+14, f.Small, ink, text)
		cx += w + 4
	}
	for _, e := range sec.Env {
		kind, _, _ := strings.Cut(e, " ")
		chip(e, envInks[kind])
	}
	for _, t := range sec.Tech {
		colour, _, _ := strings.Cut(t, " ")
		chip(t, techInks[colour])
	}
	if len(sec.Env)+len(sec.Tech) > 0 {
		cy += 22
	}
	if len(sec.Res) > 0 {
		c.Text(x+8, cy+14, f.Small, ink, draw.Fit(f.Small, strings.Join(sec.Res, ", "), secW-14))
		cy += 20
	}
	// The sailors, two columns.
	k := 0
	for _, s := range b.Sailors {
		if s.Section != n {
			continue
		}
		col, row := k%2, k/2
		sailor(c, f, s, x+6+col*(secW/2), cy+6+row*22)
		k++
	}
}

// sailor draws a figure (its role's colour) and its three activation spaces.
func sailor(c *draw.Canvas, f *draw.Fonts, s Sailor, x, y int) {
	disc(c, x+8, y+9, 8, roleInks[s.Role])
	c.Circle(float64(x+8), float64(y+9), 8, 1.5, ink)
	c.Text(x+19, y+14, f.SmallBold, ink, s.Figure)
	for i := 0; i < 3; i++ {
		sx := x + 42 + i*15
		c.Box(sx, y+2, 13, 14, 1, ink)
		if i < len(s.Slots) {
			t := s.Slots[i]
			c.Fill(sx+1, y+3, 11, 12, slotInks[t])
			c.TextCentred(sx, y+14, 13, f.Small, paper, slotLetters[t])
		}
	}
	if s.Cards > 0 {
		c.Text(x+88, y+14, f.Small, alarm, fmt.Sprintf("♥%d", s.Cards))
	}
}

// galley draws the provision pyramid (§9.4), the medkit (§8.6) and the
// toolboxes (§10.3.3).
func galley(c *draw.Canvas, f *draw.Fonts, b Board) {
	y := boatY + secH + 24
	c.Text(20, y+16, f.Bold, ink, "Provision pyramid")
	c.Text(20, y+36, f.Small, dim, fmt.Sprintf("Food Supply: %d face down", b.Supply))
	k := 0
	for row := 1; row <= 3 && k < len(b.Pyramid); row++ {
		for i := 0; i < row && k < len(b.Pyramid); i++ {
			px := 260 + (3-row)*55 + i*110
			py := y + (row-1)*48
			c.Fill(px, py, 104, 40, steel)
			c.Box(px, py, 104, 40, 2, ink)
			name := b.Pyramid[k]
			if name == "" {
				name = "—"
			}
			c.TextCentred(px, py+25, 104, f.Small, ink, name)
			k++
		}
	}
	x := 640
	c.Text(x, y+16, f.Bold, ink, "Medkit")
	c.Text(x, y+36, f.Small, ink, draw.Fit(f.Small, orNone(b.Medkit), 620))
	c.Text(x, y+70, f.Bold, ink, "Toolboxes")
	ty := y + 90
	for _, tb := range []string{"toolbox-I", "toolbox-II"} {
		c.Text(x, ty, f.Small, ink, draw.Fit(f.Small, tb+": "+orNone(b.Toolboxes[tb]), 600))
		ty += 20
	}
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

// disc fills a circle (the canvas's rings are outlines).
func disc(c *draw.Canvas, cx, cy, r int, col color.Color) {
	for rr := 1; rr <= r; rr++ {
		c.Circle(float64(cx), float64(cy), float64(rr), 1.6, col)
	}
}
