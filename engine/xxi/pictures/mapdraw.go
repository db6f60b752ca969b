package pictures

import (
	"fmt"
	"image/color"
	"math"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// The map picture's frame: chat size, the RTM's 0-100 frame (the pack's
// `at`) mapped onto the nodes' box, with room under each node for its
// column of counters.
const (
	mapW        = 1200
	mapH        = 1160
	frameTop    = 96
	frameBottom = 836
	nodeLeft    = 80
	nodeRight   = 1120
	nodeTop     = 136
	nodeBottom  = 716
	hubR        = 22 // a hub's circle
	prodHalf    = 23 // half a production space's square
	columnRows  = 3  // counter chips under a space, "+N more" included
)

// mapPoint is where the picture draws a space placed at `at` (x west to
// east, y north to south, each 0-100; out of range is clamped, so a pack
// not checked still draws).
func mapPoint(at []float64) (int, int) {
	x, y := 50.0, 50.0
	if len(at) >= 2 {
		x, y = clamp(at[0]), clamp(at[1])
	}
	return nodeLeft + int(math.Round(x/100*(nodeRight-nodeLeft))), nodeTop + int(math.Round(y/100*(nodeBottom-nodeTop)))
}

func clamp(v float64) float64 {
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return math.Min(v, 100)
}

// Map draws the Reich Transportation Map (2.4.1) from the pack's geometry:
// the transport lines, the lettered Production spaces in their resource's
// colour, the numbered hubs, the shipyard cities ringed twice; under each
// space its name and its counters, equal ones as one chip with a count and
// "+N more" past three chips; a devastated hub red and crossed, with its
// marker's icon (the resource that repairs it, 11.2), and the lines into it
// dashed red (7.2: no movement into it). Under the map, the three Shipyard
// Displays square by square (2.5), the Counter Allocation Box (2.4.7) and a
// legend.
func (il *Illustrator) Map(b Board) (engine.Picture, error) {
	il.mu.Lock()
	defer il.mu.Unlock()
	if b.Pack == nil {
		return engine.Picture{}, fmt.Errorf("pictures: drawing the XXI map: no pack")
	}
	c := draw.NewCanvas(mapW, mapH, paper)
	sub := b.Pack.Meta.Name + " · " + monthLine(b) + phaseLine(b) + fmt.Sprintf(" · Transport Points left: %d", b.Transport)
	il.header(c, mapW, "XXI · Reich Transportation Map", sub, b.House)
	c.Fill(20, frameTop, mapW-40, frameBottom-frameTop, mapPaper)
	c.Box(20, frameTop, mapW-40, frameBottom-frameTop, 2, rule)

	spaces := map[string]content.Space{}
	for _, s := range b.Pack.Map.Spaces {
		spaces[s.ID] = s
	}
	for _, l := range b.Pack.Map.Links {
		if len(l) != 2 {
			continue
		}
		s0, ok0 := spaces[l[0]]
		s1, ok1 := spaces[l[1]]
		if !ok0 || !ok1 {
			continue
		}
		// From pixel centres, so that a level line is three even rows.
		x0, y0 := mapPoint(s0.At)
		x1, y1 := mapPoint(s1.At)
		fx0, fy0, fx1, fy1 := float64(x0)+0.5, float64(y0)+0.5, float64(x1)+0.5, float64(y1)+0.5
		_, d0 := b.Devastated[l[0]]
		_, d1 := b.Devastated[l[1]]
		if d0 || d1 {
			dashed(c, fx0, fy0, fx1, fy1, 3, alertRed)
		} else {
			c.Line(fx0, fy0, fx1, fy1, 3, draw.Hex(0xa39a84))
		}
	}
	for _, s := range b.Pack.Map.Spaces {
		il.node(c, s, b)
	}
	for _, s := range b.Pack.Map.Spaces {
		il.column(c, s, b)
	}
	y := il.yards(c, b, frameBottom+10)
	y = il.allocation(c, b, y+8)
	il.mapLegend(c, y+8)
	il.footer(c, mapW, mapH, b.Pack.Meta.Label)
	return picture("map.png", c)
}

// node draws a space: a Production space as a square of its resource's
// colour with its letter, a hub as a ringed circle with its number (two
// rings for a shipyard city), a devastated hub red and crossed with its
// marker's icon.
func (il *Illustrator) node(c *draw.Canvas, s content.Space, b Board) {
	f := il.f
	x, y := mapPoint(s.At)
	fx, fy := float64(x), float64(y)
	if s.Produces != "" {
		c.Fill(x-prodHalf, y-prodHalf, 2*prodHalf, 2*prodHalf, resourceColour(s.Produces))
		c.Box(x-prodHalf, y-prodHalf, 2*prodHalf, 2*prodHalf, 2, ink)
		c.TextCentred(x-prodHalf, y+7, 2*prodHalf, f.Bold, white, s.ID)
		return
	}
	marker, devastated := b.Devastated[s.ID]
	fill, ring, text := color.Color(white), color.Color(navy), color.Color(navy)
	if devastated {
		fill, ring, text = alertRed, darkRed, white
	}
	disc(c, fx, fy, hubR, fill)
	c.Circle(fx, fy, hubR, 3, ring)
	if s.Shipyard > 0 {
		c.Circle(fx, fy, hubR+5, 2, ring)
	}
	if devastated {
		// The marker: a cross over the hub, and its icon in a badge.
		c.Line(fx-hubR-4, fy-hubR-4, fx+hubR+4, fy+hubR+4, 5, darkRed)
		c.Line(fx-hubR-4, fy+hubR+4, fx+hubR+4, fy-hubR-4, 5, darkRed)
		bx, by := fx+hubR+2, fy-hubR-2
		disc(c, bx, by, 12, white)
		c.Circle(bx, by, 12, 2, darkRed)
		icon(c, int(bx), int(by), 12, marker, resourceColour(marker))
	}
	c.TextCentred(x-hubR, y+6, 2*hubR, f.Bold, text, s.ID)
}

// column draws, under a space, its name (with a shipyard's squares used),
// its devastation and its counters.
func (il *Illustrator) column(c *draw.Canvas, s content.Space, b Board) {
	f := il.f
	x, y := mapPoint(s.At)
	top := y + hubR + 8
	if s.Shipyard > 0 {
		top += 5
	}
	name := s.Name
	if s.Shipyard > 0 {
		if name != "" {
			name += " · "
		}
		name += fmt.Sprintf("yard %d/%d", len(b.InYard[s.ID]), s.Shipyard)
	}
	if name != "" {
		name = draw.Fit(f.SmallBold, name, 170)
		w := draw.Width(f.SmallBold, name)
		c.Fill(x-w/2-3, top, w+6, 18, mapPaper)
		c.Text(x-w/2, top+14, f.SmallBold, ink, name)
		top += 20
	}
	if marker, ok := b.Devastated[s.ID]; ok && s.Produces == "" {
		// The chip keeps an icon's room, at its right: the marker's icon.
		w := il.chipWidth("Devastated", true)
		il.chip(c, clampX(x-w/2, w), top, "Devastated", alertRed, white, false)
		icon(c, clampX(x-w/2, w)+w-12, top+chipH/2, 10, marker, white)
		top += chipH + 3
	}
	shown, more := visible(groups(b.OnSpace[s.ID], b.Moved), columnRows)
	for _, g := range shown {
		w := il.groupWidth(g)
		il.counterChip(c, clampX(x-w/2, w), top, g)
		top += chipH + 3
	}
	if more > 0 {
		label := fmt.Sprintf("+%d more", more)
		w := il.chipWidth(label, false)
		il.chip(c, clampX(x-w/2, w), top, label, ink, white, false)
	}
}

// clampX keeps a chip w wide inside the map's frame.
func clampX(x, w int) int {
	if x < 24 {
		return 24
	}
	if x+w > mapW-24 {
		return mapW - 24 - w
	}
	return x
}

// yards draws the Shipyard Displays (2.5): each shipyard's squares with
// the resource in each, and returns the y below them.
func (il *Illustrator) yards(c *draw.Canvas, b Board, y int) int {
	f := il.f
	var yards []content.Space
	for _, s := range b.Pack.Map.Spaces {
		if s.Shipyard > 0 {
			yards = append(yards, s)
		}
	}
	y = il.section(c, 20, y, "Shipyard Displays (2.5, 8.1): resources for a build must be in the squares of one shipyard")
	if len(yards) == 0 {
		return y
	}
	// Two rows of squares a yard, each panel as wide as its columns, so
	// that every square has the room of a label.
	gap := 16
	colsOf := func(n int) int {
		if n > 2 {
			return (n + 1) / 2
		}
		return n
	}
	total := 0
	for _, s := range yards {
		total += colsOf(s.Shipyard)
	}
	const sq = 34
	bottom := y
	px := 20
	for i, s := range yards {
		cols := colsOf(s.Shipyard)
		pw := (mapW - 40 - gap*(len(yards)-1)) * cols / max(total, 1)
		if i == len(yards)-1 {
			pw = mapW - 20 - px
		}
		rows := (s.Shipyard + cols - 1) / cols
		ph := 30 + rows*(sq+6) + 4
		in := b.InYard[s.ID]
		extra := len(in) - s.Shipyard
		if extra > 0 {
			ph += 20
		}
		_, devastated := b.Devastated[s.ID]
		border := color.Color(navy)
		if devastated {
			border = alertRed
		}
		c.Fill(px, y, pw, ph, white)
		c.Box(px, y, pw, ph, 2, border)
		title := fmt.Sprintf("%s (%s) · %d squares, %d filled", s.Name, s.ID, s.Shipyard, min(len(in), s.Shipyard))
		if s.Name == "" {
			title = fmt.Sprintf("Shipyard %s · %d squares, %d filled", s.ID, s.Shipyard, min(len(in), s.Shipyard))
		}
		if devastated {
			title += " · DEVASTATED"
		}
		c.Text(px+8, y+20, f.SmallBold, ink, draw.Fit(f.SmallBold, title, pw-16))
		sw := (pw - 16 - (cols-1)*6) / cols
		for k := 0; k < s.Shipyard; k++ {
			sx, sy := px+8+(k%cols)*(sw+6), y+30+(k/cols)*(sq+6)
			if k < len(in) {
				fill, fg := chipColours(in[k])
				c.Fill(sx, sy, sw, sq, fill)
				kind := kindOf(in[k])
				tx := sx + 6
				if kind == "hull" || kind == "systems" || kind == "crew" {
					icon(c, sx+12, sy+sq/2, 10, kind, fg)
					tx += 14
				}
				c.Text(tx, sy+22, f.SmallBold, fg, draw.Fit(f.SmallBold, in[k], sx+sw-tx-4))
			} else {
				c.Fill(sx, sy, sw, sq, paper)
				c.Box(sx, sy, sw, sq, 1, rule)
			}
		}
		if extra > 0 {
			c.Text(px+8, y+ph-8, f.Small, alertRed, fmt.Sprintf("+%d more than the squares hold", extra))
		}
		bottom = max(bottom, y+ph)
		px += pw + gap
	}
	return bottom
}

// allocation draws the Counter Allocation Box (2.4.7) in a row, and
// returns the y below it.
func (il *Illustrator) allocation(c *draw.Canvas, b Board, y int) int {
	y = il.section(c, 20, y, "Counter Allocation Box (2.4.7)")
	gs := groups(b.Allocation, nil)
	if len(gs) == 0 {
		c.Text(20, y+15, il.f.Small, faint, "empty")
		return y + chipH + 4
	}
	x := 20
	for i, g := range gs {
		w := il.groupWidth(g)
		if x+w > mapW-140 && i < len(gs) {
			more := 0
			for _, h := range gs[i:] {
				more += h.n
			}
			il.chip(c, x, y, fmt.Sprintf("+%d more", more), ink, white, false)
			break
		}
		x = il.counterChip(c, x, y, g) + 6
	}
	return y + chipH + 4
}

// mapLegend names each mark of the map.
func (il *Illustrator) mapLegend(c *draw.Canvas, y int) {
	f := il.f
	x := 20
	base := y + 15
	for _, r := range []struct{ res, name string }{{"hull", "Hull"}, {"systems", "Systems"}, {"crew", "Crew"}} {
		c.Fill(x, y, 20, 20, resourceColour(r.res))
		icon(c, x+10, y+10, 10, r.res, white)
		x = c.Text(x+26, base, f.Small, ink, r.name) + 14
	}
	x = c.Text(x, base, f.Small, ink, "Production space (A-G) and its counters") + 24
	disc(c, float64(x+11), float64(y+10), 10, white)
	c.Circle(float64(x+11), float64(y+10), 10, 2, navy)
	x = c.Text(x+28, base, f.Small, ink, "hub (3-18)") + 18
	c.Circle(float64(x+11), float64(y+10), 8, 2, navy)
	c.Circle(float64(x+11), float64(y+10), 12, 2, navy)
	x = c.Text(x+30, base, f.Small, ink, "shipyard city") + 18
	c.Fill(x, y, 18, chipH, gold)
	c.Check(float64(x+2), float64(y+3), 14, ink)
	c.Text(x+26, base, f.Small, ink, "moved this turn (7.2)")

	y += 28
	base = y + 15
	x = 20
	disc(c, float64(x+11), float64(y+10), 10, alertRed)
	c.Line(float64(x), float64(y-1), float64(x+22), float64(y+21), 3, darkRed)
	c.Line(float64(x), float64(y+21), float64(x+22), float64(y-1), 3, darkRed)
	x = c.Text(x+30, base, f.Small, ink, "devastated hub (6.0); its badge is the marker's icon, the resource that repairs it (11.2)") + 20
	dashed(c, float64(x), float64(y+10), float64(x+40), float64(y+10), 3, alertRed)
	c.Text(x+48, base, f.Small, ink, "no movement into it (7.2)")
}

// disc fills a circle of radius r.
func disc(c *draw.Canvas, cx, cy, r float64, col color.Color) {
	c.Circle(cx, cy, r/2, r+0.5, col)
}

// dashed draws a dashed line, 10 pixels on and 7 off.
func dashed(c *draw.Canvas, x0, y0, x1, y1, t float64, col color.Color) {
	n := math.Hypot(x1-x0, y1-y0)
	if n == 0 {
		return
	}
	ux, uy := (x1-x0)/n, (y1-y0)/n
	for d := 0.0; d < n; d += 17 {
		e := math.Min(d+10, n)
		c.Line(x0+ux*d, y0+uy*d, x0+ux*e, y0+uy*e, t, col)
	}
}

func picture(name string, c *draw.Canvas) (engine.Picture, error) {
	data, err := c.PNG()
	if err != nil {
		return engine.Picture{}, fmt.Errorf("pictures: %s: %w", name, err)
	}
	return engine.Picture{Name: name, ContentType: "image/png", Data: data}, nil
}
