package pictures

import (
	"fmt"
	"image/color"

	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/hunters"
)

const matWidth = 1000

// fateBand is the height of the band that says a boat is lost.
const fateBand = 44

// DisplayMat draws the U-boat display mat; a lost boat's mat carries her fate
// in a band under the header, as the player would write it on his sheet.
func (p *Painter) DisplayMat(d hunters.DisplaySheet) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	h := 900
	if d.Fate != "" {
		h += fateBand
	}
	if d.Undone != "" {
		h += undoneBand
	}
	c := draw.NewCanvas(matWidth, h, paper)
	f := p.f
	// Header band.
	c.Fill(0, 0, matWidth, 84, navy)
	c.Text(20, 38, f.Title, white, d.Title)
	c.Text(20, 68, f.Regular, white, d.Subtitle)
	right := func(y int, s string) { c.Text(matWidth-20-draw.Width(f.Regular, s), y, f.Regular, white, s) }
	right(34, d.Date+" · crew "+d.Quality)
	right(64, d.Tonnage)

	y := 104
	if d.Fate != "" {
		p.fate(c, 84, matWidth, d.Fate)
		y += fateBand
	}
	if d.Undone != "" {
		p.undone(c, y-20, matWidth, d.Undone)
		y += undoneBand
	}
	section := func(title string) {
		y += 14
		c.Text(20, y, f.Bold, ink, title)
		c.Fill(20, y+6, matWidth-40, 1, rule)
		y += 18
	}
	// Tubes.
	section("Torpedo tubes")
	x := 20
	tube := func(label, content string) {
		fill, txt := tubeColour(content)
		c.Fill(x, y, 78, 40, fill)
		c.Box(x, y, 78, 40, 1, faint)
		c.TextCentred(x, y+16, 78, f.Small, faint, label)
		if content == "" {
			content = "empty"
		}
		c.TextCentred(x, y+34, 78, f.SmallBold, txt, content)
		x += 84
	}
	for i, t := range d.Fwd {
		tube(fmt.Sprintf("fwd %d", i+1), t)
	}
	x += 24
	for i, t := range d.Aft {
		tube(fmt.Sprintf("aft %d", i+1), t)
	}
	x += 16
	ry := y + 14
	for _, r := range d.Reloads {
		c.Text(x, ry, f.Small, ink, r.Name+": "+r.Value)
		ry += 17
	}
	y += 62
	// Guns.
	section("Guns")
	gx := 20
	for _, g := range d.Guns {
		gx = p.pill(c, gx, y, g.Name, g.Value) + 12
	}
	if len(d.Guns) == 0 {
		c.Text(20, y+18, f.Small, faint, "no deck gun or flak")
	}
	y += 44
	// Damage tracks.
	section("Hull and flooding")
	p.track(c, y, "Hull", d.Hull, hullRed)
	y += 38
	p.track(c, y, "Flooding", d.Flooding, floodBlue)
	y += 46
	// Systems.
	section("Systems")
	colW := (matWidth - 40) / 3
	for i, s := range d.Systems {
		sx, sy := 20+(i%3)*colW, y+(i/3)*32
		fill, txt := statusColour(s.Value)
		c.Fill(sx, sy, colW-10, 26, fill)
		c.Text(sx+8, sy+18, f.Small, txt, s.Name)
		v := s.Value
		c.Text(sx+colW-18-draw.Width(f.SmallBold, v), sy+18, f.SmallBold, txt, v)
	}
	y += (len(d.Systems)+2)/3*32 + 16
	// Crew.
	section("Crew")
	cw := (matWidth - 40) / 5
	for i, m := range d.Crew {
		cx, cy := 20+(i%5)*cw, y+(i/5)*50
		p.crewBox(c, cx, cy, cw-10, m)
	}
	y += (len(d.Crew)+4)/5*50 + 12
	// Markers and the patrol track.
	section("Patrol")
	if len(d.Markers) > 0 {
		c.Text(20, y+14, f.Small, ink, "Markers: "+d.Markers[0])
	}
	y += 24
	p.patrolTrack(c, y, d.Track)
	return c.PNG()
}

// fate draws a lost boat's band: her fate in white on red, full width.
func (p *Painter) fate(c *draw.Canvas, y, width int, line string) {
	c.Fill(0, y, width, fateBand, inop)
	c.TextCentred(0, y+29, width, p.f.Bold, white, line)
}

// undoneBand is the height of the band that marks a career whose decisions
// were undone after their dice were seen.
const undoneBand = 36

// undone draws that mark, as the log and status views carry it.
func (p *Painter) undone(c *draw.Canvas, y, width int, mark string) {
	c.Fill(0, y, width, undoneBand, highlight)
	c.TextCentred(0, y+24, width, p.f.SmallBold, ink, "Undone: "+mark)
}

func tubeColour(t string) (fill, text color.Color) {
	switch t {
	case hunters.G7a:
		return g7aColour, ink
	case hunters.G7e:
		return g7eColour, ink
	case hunters.Mine:
		return mineCol, ink
	}
	return empty, faint
}

// pill draws "name · value" in a box coloured by the value's status; it
// returns the x after it.
func (p *Painter) pill(c *draw.Canvas, x, y int, name, value string) int {
	status := "OK"
	for _, s := range []string{"inoperable", "damaged"} {
		if len(value) >= len(s) && contains(value, s) {
			status = s
			break
		}
	}
	fill, txt := statusColour(status)
	label := name + ": " + value
	w := draw.Width(p.f.Small, label) + 20
	c.Fill(x, y, w, 28, fill)
	c.Text(x+10, y+19, p.f.Small, txt, label)
	return x + w
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// track draws a damage track: a box per space, marked ones filled, with a
// thick divider after each threshold.
func (p *Painter) track(c *draw.Canvas, y int, name string, t hunters.Track, col color.Color) {
	c.Text(20, y+20, p.f.Bold, ink, name)
	x0 := 120
	for i := 0; i < t.Spaces; i++ {
		x := x0 + i*30
		if i < t.Marked {
			c.Fill(x, y, 26, 26, col)
		}
		c.Box(x, y, 26, 26, 1, ink)
	}
	for _, th := range t.Thresholds {
		c.Fill(x0+th*30-3, y-4, 3, 34, ink)
	}
	c.Text(x0+t.Spaces*30+10, y+19, p.f.Small, ink, fmt.Sprintf("%d of %d", t.Marked, t.Spaces))
}

// crewBox draws a crew member with his wounds.
func (p *Painter) crewBox(c *draw.Canvas, x, y, w int, m hunters.CrewBox) {
	fill, txt := color.Color(white), color.Color(ink)
	switch m.Health {
	case "LW":
		fill = draw.Hex(0xf6dfa4)
	case "SW":
		fill = draw.Hex(0xf0a39a)
	case "KIA":
		fill, txt = draw.Hex(0x4a4a4a), white
	}
	c.Fill(x, y, w, 42, fill)
	c.Box(x, y, w, 42, 1, faint)
	c.Text(x+8, y+18, p.f.SmallBold, txt, draw.Fit(p.f.SmallBold, m.Role, w-16))
	status := "fit"
	if m.Health != "" {
		status = m.Health
	}
	if m.Experte {
		status += " · Experte"
	}
	c.Text(x+8, y+35, p.f.Small, txt, status)
}

// patrolTrack draws the patrol's boxes with the boat's one outlined.
func (p *Painter) patrolTrack(c *draw.Canvas, y int, t hunters.PatrolTrack) {
	if len(t.Boxes) == 0 {
		c.Text(20, y+18, p.f.Small, faint, "In port: no patrol under way.")
		return
	}
	c.Text(20, y+14, p.f.SmallBold, ink, t.Name)
	y += 24
	w := (matWidth - 40) / len(t.Boxes)
	for i, b := range t.Boxes {
		x := 20 + i*w
		fill := color.Color(white)
		if i == t.Pos {
			fill = highlight
		}
		c.Fill(x, y, w-6, 44, fill)
		c.Box(x, y, w-6, 44, 1, faint)
		c.TextCentred(x, y+18, w-6, p.f.Small, ink, fmt.Sprint(i+1))
		c.TextCentred(x, y+36, w-6, p.f.Small, ink, b)
		if i == t.Pos {
			c.Box(x-2, y-2, w-2, 48, 3, ink)
		}
	}
}
