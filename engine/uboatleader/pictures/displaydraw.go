package pictures

import (
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	"math"
	"strings"

	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// The display's geometry on the picture: three rings around a 2x2 convoy
// block, the wake in a box astern, and the legend on the right.
const (
	dispWidth   = 1500
	dispHeight  = 1200
	ringCX      = 500
	ringCY      = 606
	blockHalf   = 108 // half the convoy block's side
	shortInner  = 160
	shortOuter  = 262
	mediumOuter = 366
	longOuter   = 470
	chipW       = 62
	chipH       = 22
	legendX     = 1000
)

// Display draws the tactical display: every ship and U-boat counter in its
// area (ships by their counter's label, coloured by kind, with their
// damage; U-boats yellow when surfaced, blue when submerged, ringed red when
// detected), and a legend of the counters with their names and state.
func (p *Painter) Display(d uboatleader.DisplaySheet) ([]byte, error) {
	p.drawing.Lock()
	defer p.drawing.Unlock()
	c := &draw.Canvas{Img: image.NewRGBA(image.Rect(0, 0, dispWidth, dispHeight))}
	stddraw.Draw(c.Img, c.Img.Rect, p.rings(len(d.Short), len(d.Medium), len(d.Long)), image.Point{}, stddraw.Src)
	p.header(c, dispWidth, d.Title, d.Subtitle)
	rings := []struct {
		areas        []uboatleader.DisplayArea
		inner, outer float64
	}{{d.Short, shortInner, shortOuter}, {d.Medium, shortOuter, mediumOuter}, {d.Long, mediumOuter, longOuter}}
	wx, wy, ww, wh := ringCX-200, ringCY+longOuter+16, 400, 62
	for _, ring := range rings {
		n := len(ring.areas)
		for k, a := range ring.areas {
			ang := float64(k)*2*math.Pi/float64(n) - math.Pi/2
			mid := (ring.inner + ring.outer) / 2
			cx, cy := ringCX+mid*math.Cos(ang), ringCY+mid*math.Sin(ang)
			// The area's id by its outer edge, then its counters.
			lx, ly := ringCX+(ring.outer-14)*math.Cos(ang), ringCY+(ring.outer-14)*math.Sin(ang)
			c.TextCentred(int(lx)-40, int(ly)+5, 80, p.f.Small, faint, a.Code)
			cols := 2
			if ring.outer == longOuter {
				cols = 3
			}
			p.counters(c, d, a, int(cx), int(cy), cols)
		}
	}
	// The convoy block: clockwise from the top left.
	quad := [][2]int{{-1, -1}, {0, -1}, {0, 0}, {-1, 0}}
	for k, a := range d.Convoy {
		if k >= 4 {
			break
		}
		x, y := ringCX+quad[k][0]*blockHalf, ringCY+quad[k][1]*blockHalf
		c.Fill(x, y, blockHalf, blockHalf, convoySea)
		c.Box(x, y, blockHalf, blockHalf, 2, navy)
		c.TextCentred(x, y+16, blockHalf, p.f.Small, faint, a.Code)
		p.counters(c, d, a, x+blockHalf/2, y+blockHalf/2+8, 1)
	}
	// The wake astern.
	c.Fill(wx, wy, ww, wh, wakeSea)
	c.Box(wx, wy, ww, wh, 2, navy)
	codes := map[string]string{}
	for _, r := range [][]uboatleader.DisplayArea{d.Long, d.Medium, d.Short, d.Convoy} {
		for _, a := range r {
			codes[a.ID] = a.Code
		}
	}
	var touches []string
	for _, l := range d.Links {
		switch d.Wake.ID {
		case l[0]:
			touches = append(touches, codes[l[1]])
		case l[1]:
			touches = append(touches, codes[l[0]])
		}
	}
	c.Text(wx+8, wy+18, p.f.Small, faint, draw.Fit(p.f.Small, d.Wake.Name+", astern: touches "+strings.Join(touches, ", "), ww-16))
	p.counters(c, d, d.Wake, wx+ww/2, wy+wh/2+10, 5)
	c.TextCentred(ringCX-200, ringCY-longOuter-10, 400, p.f.SmallBold, navy, "↑ the convoy's bow")
	p.legend(c, d)
	p.footer(c, dispWidth, dispHeight, d.Label)
	return c.PNG()
}

// rings is the display's empty rings for rings of so many areas, drawn
// once (pixel by pixel, the slow part) and kept: a display's geometry does
// not change within a pack.
func (p *Painter) rings(short, medium, long int) *image.RGBA {
	key := [3]int{short, medium, long}
	p.mu.Lock()
	defer p.mu.Unlock()
	if img, ok := p.ringCache[key]; ok {
		return img
	}
	c := draw.NewCanvas(dispWidth, dispHeight, paper)
	rings := []struct {
		n            int
		inner, outer float64
		fill         color.RGBA
	}{{short, shortInner, shortOuter, shortSea}, {medium, shortOuter, mediumOuter, midSea}, {long, mediumOuter, longOuter, longSea}}
	for y := ringCY - longOuter; y <= ringCY+longOuter; y++ {
		for x := ringCX - longOuter; x <= ringCX+longOuter; x++ {
			r := math.Hypot(float64(x)+0.5-ringCX, float64(y)+0.5-ringCY)
			for _, ring := range rings {
				if r >= ring.inner && r < ring.outer {
					col := ring.fill
					if sector(float64(x)+0.5, float64(y)+0.5, ring.n)%2 == 1 {
						col = shade(col)
					}
					c.Img.SetRGBA(x, y, col)
				}
			}
		}
	}
	for _, ring := range rings {
		c.Circle(ringCX, ringCY, ring.outer, 2, navy)
		for k := 0; k < ring.n; k++ {
			a := (float64(k)-0.5)*2*math.Pi/float64(ring.n) - math.Pi/2
			c.Line(ringCX+ring.inner*math.Cos(a), ringCY+ring.inner*math.Sin(a), ringCX+ring.outer*math.Cos(a), ringCY+ring.outer*math.Sin(a), 2, navy)
		}
	}
	c.Circle(ringCX, ringCY, shortInner, 2, navy)
	if p.ringCache == nil {
		p.ringCache = map[[3]int]*image.RGBA{}
	}
	p.ringCache[key] = c.Img
	return c.Img
}

// sector is the index of the sector of n around the centre that (x, y)
// lies in: the first centred on the top, then clockwise.
func sector(x, y float64, n int) int {
	deg := math.Atan2(y-ringCY, x-ringCX)*180/math.Pi + 90 + 180/float64(n)
	deg = math.Mod(deg+720, 360)
	return int(deg/(360/float64(n))) % n
}

// shade darkens a colour a little: neighbouring sectors tell apart.
func shade(c color.RGBA) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * 0.95), uint8(float64(c.G) * 0.95), uint8(float64(c.B) * 0.96), 0xff}
}

// counters draws an area's counters in rows of cols, centred on (cx, cy).
func (p *Painter) counters(c *draw.Canvas, d uboatleader.DisplaySheet, a uboatleader.DisplayArea, cx, cy, cols int) {
	type item struct {
		label    string
		fill, fg color.Color
		ring     color.Color
		mark     color.Color
	}
	var items []item
	for _, i := range a.Boats {
		b := d.Boats[i]
		it := item{label: strings.TrimPrefix(b.ID, "U-"), fill: uboat, fg: ink}
		it.label = "U" + it.label
		if !b.Surfaced {
			it.fill, it.fg = submerged, white
		}
		if b.Detected {
			it.ring = alertRed
		}
		items = append(items, it)
	}
	for _, i := range a.Ships {
		s := d.Ships[i]
		fill, fg := shipColour(s.Kind)
		it := item{label: s.Pos, fill: fill, fg: fg}
		if s.Name == "" {
			it.label += "?"
		}
		if s.Heavy {
			it.mark = alertRed
		} else if s.Light {
			it.mark = orange
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return
	}
	rows := (len(items) + cols - 1) / cols
	y := cy - rows*(chipH+4)/2
	for r := 0; r < rows; r++ {
		n := min(cols, len(items)-r*cols)
		x := cx - n*(chipW+4)/2
		for k := 0; k < n; k++ {
			it := items[r*cols+k]
			if it.ring != nil {
				c.Fill(x-3, y-3, chipW+6, chipH+6, it.ring)
			}
			c.Fill(x, y, chipW, chipH, it.fill)
			c.TextCentred(x, y+16, chipW, p.f.SmallBold, it.fg, it.label)
			if it.mark != nil {
				c.Fill(x+chipW-8, y, 8, chipH, it.mark)
			}
			x += chipW + 4
		}
		y += chipH + 4
	}
}

// legend lists the counters with their names and state.
func (p *Painter) legend(c *draw.Canvas, d uboatleader.DisplaySheet) {
	f := p.f
	x, y, w := legendX, 110, dispWidth-legendX-20
	c.Text(x, y, f.Bold, ink, "U-boats")
	y += 12
	for _, b := range d.Boats {
		fill, fg := color.Color(uboat), color.Color(ink)
		if !b.Surfaced {
			fill, fg = submerged, white
		}
		c.Fill(x, y, chipW, chipH, fill)
		c.TextCentred(x, y+16, chipW, f.SmallBold, fg, "U"+strings.TrimPrefix(b.ID, "U-"))
		var st []string
		if b.Left {
			st = append(st, "off the display")
		} else {
			st = append(st, b.AreaName, map[bool]string{true: "surfaced", false: "submerged"}[b.Surfaced])
		}
		if b.Detected {
			st = append(st, "DETECTED")
		}
		if b.Silent {
			st = append(st, "silent running")
		}
		if b.Deep {
			st = append(st, "deep")
		}
		st = append(st, fmt.Sprintf("stress %d", b.Stress))
		if b.Active {
			st = append(st, "active")
		}
		c.Text(x+chipW+8, y+16, f.Small, ink, draw.Fit(f.Small, strings.Join(st, ", "), w-chipW-8))
		y += chipH + 6
	}
	y += 20
	c.Text(x, y, f.Bold, ink, "Ships")
	y += 12
	for _, s := range d.Ships {
		if y > dispHeight-120 {
			c.Text(x, y+16, f.Small, faint, "…")
			break
		}
		fill, fg := shipColour(s.Kind)
		c.Fill(x, y, chipW, chipH, fill)
		label := s.Pos
		if s.Name == "" {
			label += "?"
		}
		c.TextCentred(x, y+16, chipW, f.SmallBold, fg, label)
		var st []string
		if s.Name != "" {
			st = append(st, s.Name)
		} else {
			st = append(st, "unknown "+strings.ReplaceAll(s.Kind, "_", " "))
		}
		if s.Gone != "" {
			st = append(st, s.Gone)
		} else {
			st = append(st, s.AreaName, fmt.Sprintf("speed %d", s.Speed))
		}
		switch {
		case s.Heavy && s.Light:
			st = append(st, "heavy and light damage")
		case s.Heavy:
			st = append(st, "heavy damage")
		case s.Light:
			st = append(st, "light damage")
		}
		if s.Tactics != "" {
			st = append(st, "Tactics "+s.Tactics)
		}
		col := color.Color(ink)
		if s.Gone == "sunk" {
			col = faint
		}
		c.Text(x+chipW+8, y+16, f.Small, col, draw.Fit(f.Small, strings.Join(st, " · "), w-chipW-8))
		y += chipH + 6
	}
	// The key.
	y = dispHeight - 100
	kx := x
	kx = p.chip(c, kx, y, "M1", merchant, ink) + 4
	kx = p.chip(c, kx, y, "E1", escort, white) + 4
	kx = p.chip(c, kx, y, "W1", warship, white) + 4
	p.chip(c, kx, y, "F1", fleetEsc, white)
	c.Text(x, y+42, f.Small, ink, "merchant, escort, warship, fleet escort; ? unknown")
	c.Fill(x, y+50, 16, chipH, orange)
	c.Text(x+22, y+66, f.Small, ink, "light damage")
	c.Fill(x+140, y+50, 16, chipH, alertRed)
	c.Text(x+162, y+66, f.Small, ink, "heavy damage · red ring: detected")
	_ = green
}
