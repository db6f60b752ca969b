package pictures

import (
	"image/color"

	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

const (
	mapWidth  = 1200
	mapHeight = 860
	areaWidth = 200
)

// Map draws the campaign map: its areas where the pack places them (or laid
// out by their distance from port), the adjacencies, each area's boxes and
// markers, and the U-boats in it (id, level, stress; those in its Searched
// box apart).
func (p *Painter) Map(m uboatleader.MapSheet) ([]byte, error) {
	p.drawing.Lock()
	defer p.drawing.Unlock()
	f := p.f
	c := draw.NewCanvas(mapWidth, mapHeight, paper)
	top := p.header(c, mapWidth, "Campaign map · "+m.Title, m.Subtitle)
	x0, y0 := 20+areaWidth/2, top+60
	w, h := mapWidth-40-areaWidth, mapHeight-top-60-30-60
	px := func(a uboatleader.MapArea) (int, int) {
		return x0 + int(a.At[0]/100*float64(w)), y0 + int(a.At[1]/100*float64(h))
	}
	for _, l := range m.Links {
		ax, ay := px(m.Areas[l[0]])
		bx, by := px(m.Areas[l[1]])
		c.Line(float64(ax), float64(ay), float64(bx), float64(by), 4, rule)
	}
	for _, a := range m.Areas {
		x, y := px(a)
		p.area(c, x, y, a)
	}
	ky := mapHeight - 30 - 16
	kx := p.chip(c, 20, ky-16, "U-47 T 3", uboat, ink) + 8
	kx = c.Text(kx, ky, f.Small, ink, "a U-boat: its id, level (Green, Trained, Veteran, Ace) and stress") + 20
	kx = p.chip(c, kx, ky-16, "U-47 T 3", rule, ink) + 8
	c.Text(kx, ky, f.Small, ink, "in the area's Searched box")
	p.footer(c, mapWidth, mapHeight, m.Label)
	return c.PNG()
}

// tag is a chip on an area: a marker, a box, the battle.
type tag struct {
	text     string
	fill, fg color.Color
}

func tags(a uboatleader.MapArea) []tag {
	var out []tag
	if a.Battle {
		out = append(out, tag{"Battle", alertRed, white})
	}
	if a.NoStop {
		out = append(out, tag{"No stop", orange, ink})
	}
	for _, m := range a.Markers {
		out = append(out, tag{m, highlight, ink})
	}
	for _, b := range a.Boxes {
		out = append(out, tag{b + " box", white, ink})
	}
	return out
}

// tagRows lays tags out in rows that fit an area's box.
func (p *Painter) tagRows(ts []tag) [][]tag {
	var rows [][]tag
	w := areaWidth
	for _, t := range ts {
		tw := draw.Width(p.f.SmallBold, t.text) + 18
		if len(rows) == 0 || w+tw > areaWidth-8 {
			rows = append(rows, nil)
			w = 0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], t)
		w += tw
	}
	return rows
}

// areaHeight is how tall an area's box is: its name, its tags, and its
// U-boats two a row.
func (p *Painter) areaHeight(a uboatleader.MapArea) int {
	h := 34 + 26*len(p.tagRows(tags(a)))
	h += 26 * ((len(a.Boats) + 1) / 2)
	h += 26 * ((len(a.Searched) + 1) / 2)
	return h + 4
}

func (p *Painter) area(c *draw.Canvas, cx, cy int, a uboatleader.MapArea) {
	f := p.f
	h := p.areaHeight(a)
	x, y := cx-areaWidth/2, cy-h/2
	fill, text, border := color.Color(sea), color.Color(ink), color.Color(navy)
	if a.Port {
		fill, text = navy, white
	}
	if a.Battle {
		border = alertRed
	}
	c.Fill(x, y, areaWidth, h, fill)
	t := 2
	if a.Battle {
		t = 4
	}
	c.Box(x, y, areaWidth, h, t, border)
	c.TextCentred(x, y+23, areaWidth, f.SmallBold, text, a.Name)
	ly := y + 32
	for _, row := range p.tagRows(tags(a)) {
		tx := x + 6
		for _, t := range row {
			tx = p.chip(c, tx, ly, t.text, t.fill, t.fg) + 4
		}
		ly += 26
	}
	boats := func(list []string, fill, fg color.Color) {
		for i, b := range list {
			bx := x + 6 + (i%2)*((areaWidth-12)/2)
			if i%2 == 0 && i > 0 {
				ly += 26
			}
			c.Fill(bx, ly, (areaWidth-12)/2-4, 22, fill)
			c.Text(bx+5, ly+16, f.SmallBold, fg, draw.Fit(f.SmallBold, b, (areaWidth-12)/2-14))
		}
		if len(list) > 0 {
			ly += 26
		}
	}
	boats(a.Boats, uboat, ink)
	boats(a.Searched, rule, ink)
}
