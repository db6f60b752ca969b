package pictures

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/hunters"
)

const (
	combatWidth   = 1000
	targetColumns = 4 // the combat mat's four target columns (9.1.1)
	columnWidth   = (combatWidth - 40) / targetColumns
	damageBox     = 22
	boxesPerRow   = 9
)

// CombatMat draws the combat mat (9.1): the targets with their damage boxes
// and the salvo aimed at each, the time of day, range, the boat's posture,
// the escort, the wolfpack marker and the hits the boat has taken.
func (p *Painter) CombatMat(d hunters.CombatSheet) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.f
	c := draw.NewCanvas(combatWidth, combatHeight(d), paper)
	c.Fill(0, 0, combatWidth, 84, navy)
	c.Text(20, 38, f.Title, white, "Combat mat · "+d.Title)
	c.Text(20, 68, f.Regular, white, d.Subtitle)
	if d.Round != "" {
		c.Text(combatWidth-20-draw.Width(f.Regular, d.Round), 68, f.Regular, white, d.Round)
	}

	y := 100
	if d.Fate != "" {
		p.fate(c, 84, combatWidth, d.Fate)
		y += fateBand
	}
	x := 20
	if d.Time == "Night" {
		x = p.chip(c, x, y, "Night", navy, white) + 10
	} else {
		x = p.chip(c, x, y, "Day", highlight, ink) + 10
	}
	for _, s := range []string{d.Range, d.Posture} {
		if s != "" {
			x = p.chip(c, x, y, s, white, ink) + 10
		}
	}
	escortFill, escortText := color.Color(okGreen), color.Color(white)
	if strings.HasPrefix(d.Escort, "Escorted") {
		escortFill, escortText = damaged, ink
	}
	p.chip(c, x, y, d.Escort, escortFill, escortText)
	y += 40
	if d.Wolfpack != "" {
		p.chip(c, 20, y, d.Wolfpack, highlight, ink)
		y += 40
	}
	y += 6
	for i := 0; i < targetColumns; i++ {
		x := 20 + i*columnWidth
		if i < len(d.Targets) {
			p.targetColumn(c, x, y, d.Targets[i])
		} else {
			c.Box(x, y, columnWidth-12, 60, 1, rule)
			c.TextCentred(x, y+36, columnWidth-12, f.Small, faint, "no ship")
		}
	}
	y += columnHeight(d) + 16
	c.Text(20, y+4, f.Small, ink, d.Weapons)
	y += 14
	if d.Aiming != "" {
		y += 6
		c.Fill(20, y, combatWidth-40, 30, highlight)
		c.Text(32, y+21, f.SmallBold, ink, "Aiming "+d.Aiming+": choose its target (all fire is committed before any is rolled, 9.2.1)")
		y += 36
	}
	if d.LastAttack != "" {
		y += 6
		c.Fill(20, y, combatWidth-40, 30, inop)
		c.Text(32, y+21, f.SmallBold, white, d.LastAttack)
	}
	return c.PNG()
}

// chip draws a label on a filled box and returns the x after it.
func (p *Painter) chip(c *draw.Canvas, x, y int, label string, fill, text color.Color) int {
	w := draw.Width(p.f.SmallBold, label) + 22
	c.Fill(x, y, w, 30, fill)
	c.Box(x, y, w, 30, 1, faint)
	c.Text(x+11, y+20, p.f.SmallBold, text, label)
	return x + w
}

// targetColumn draws one target: identity, damage boxes, this salvo's hits
// and the tubes aimed at it.
func (p *Painter) targetColumn(c *draw.Canvas, x, y int, t hunters.TargetCard) {
	f := p.f
	w := columnWidth - 12
	body, band := color.Color(white), color.Color(draw.Hex(0x457b9d))
	if t.Sunk {
		body, band = empty, inop
	}
	c.Fill(x, y, w, columnHeightOf(t), body)
	c.Box(x, y, w, columnHeightOf(t), 1, faint)
	c.Fill(x, y, w, 30, band)
	c.Text(x+10, y+21, f.SmallBold, white, fmt.Sprintf("#%d  %s", t.Column, draw.Fit(f.SmallBold, t.Kind, w-90)))
	if t.Sunk {
		c.Text(x+w-10-draw.Width(f.SmallBold, "SUNK"), y+21, f.SmallBold, white, "SUNK")
	}
	c.Text(x+10, y+56, f.Bold, ink, draw.Fit(f.Bold, t.Name, w-20))
	c.Text(x+10, y+78, f.Regular, ink, thousands(t.Tons)+" t")
	by := y + 92
	c.Text(x+10, by+4, f.Small, faint, fmt.Sprintf("damage %d of %d", min(t.Damage, t.Points), t.Points))
	by += 12
	for i := 0; i < t.Points; i++ {
		bx := x + 10 + (i%boxesPerRow)*(damageBox+2)
		byy := by + (i/boxesPerRow)*(damageBox+2)
		if i < t.Damage {
			c.Fill(bx, byy, damageBox, damageBox, hullRed)
		}
		c.Box(bx, byy, damageBox, damageBox, 1, ink)
	}
	by += boxRows(t.Points)*(damageBox+2) + 8
	if t.Hits > 0 {
		c.Text(x+10, by+12, f.Small, ink, "hits this salvo")
		for i := 0; i < t.Hits; i++ {
			cx := float64(x + 130 + i*20)
			c.Circle(cx, float64(by+7), 3.5, 7, inop) // a filled hit marker
		}
	}
	by += 22
	if len(t.Salvo) > 0 {
		c.Text(x+10, by+10, f.Small, faint, "salvo aimed here")
		by += 16
		for _, s := range t.Salvo {
			fill, txt := salvoColour(s)
			c.Fill(x+10, by, w-20, 22, fill)
			c.Text(x+18, by+16, f.Small, txt, s)
			by += 26
		}
	}
}

func salvoColour(slot string) (fill, text color.Color) {
	switch {
	case strings.HasSuffix(slot, hunters.G7a):
		return g7aColour, ink
	case strings.HasSuffix(slot, hunters.G7e):
		return g7eColour, ink
	}
	return empty, ink // deck-gun ammo
}

func boxRows(points int) int { return (points + boxesPerRow - 1) / boxesPerRow }

// columnHeightOf is a target column's height.
func columnHeightOf(t hunters.TargetCard) int {
	h := 104 + boxRows(t.Points)*(damageBox+2) + 8 + 22
	if len(t.Salvo) > 0 {
		h += 16 + 26*len(t.Salvo)
	}
	return h + 6
}

// columnHeight is the height of the tallest column.
func columnHeight(d hunters.CombatSheet) int {
	h := 60
	for _, t := range d.Targets {
		h = max(h, columnHeightOf(t))
	}
	return h
}

func combatHeight(d hunters.CombatSheet) int {
	h := 100 + 40 + 6 + columnHeight(d) + 16 + 14 + 20
	if d.Fate != "" {
		h += fateBand
	}
	if d.Wolfpack != "" {
		h += 40
	}
	if d.Aiming != "" {
		h += 42
	}
	if d.LastAttack != "" {
		h += 36
	}
	return h
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// thousands writes 12500 as "12,500".
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
