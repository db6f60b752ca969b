package pictures

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"strconv"

	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/hunters"
)

// logColumns are the x positions of the log sheet's columns.
const (
	colMonth   = 20
	colPatrol  = 100
	colTargets = 300
	colTons    = 850
	colResult  = 935
	rowHeight  = 24
)

// LogSheet draws the patrol log sheet (3.5): every month from Sep-39 to
// Jun-43 with its patrol, targets (a check mark for damaged, a ring for
// sunk, and in red the boat's loss, written after the targets as the
// sample sheet's "// SUNK"), S/F result (in brackets when it counted for
// advancement; none for the patrol that ended the career), R and P months,
// and the totals.
func (p *Painter) LogSheet(s *hunters.State) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	rows := s.LogSheet()
	lines := 0
	layout := make([][]string, len(rows))
	for i, r := range rows {
		layout[i] = p.targetLines(r.Targets, r.Loss)
		lines += max(1, len(layout[i]))
	}
	h := 120 + lines*rowHeight + 60
	mark := s.UndoneMark()
	if mark != "" {
		h += undoneBand
	}
	c := draw.NewCanvas(matWidth, h, paper)
	f := p.f
	c.Fill(0, 0, matWidth, 64, navy)
	c.Text(20, 42, f.Title, white, fmt.Sprintf("Patrol log — %s, Type %s", s.Boat.Number, s.Boat.Type))
	kmdt := "Kmdt " + s.Career.Kommandant
	c.Text(matWidth-20-draw.Width(f.Regular, kmdt), 40, f.Regular, white, kmdt)
	y := 92
	for _, col := range []struct {
		x    int
		name string
	}{{colMonth, "Month"}, {colPatrol, "Patrol"}, {colTargets, "Targets"}, {colTons, "Tons"}, {colResult, "S/F"}} {
		c.Text(col.x, y, f.SmallBold, ink, col.name)
	}
	// The legend, drawn: the Go fonts have no check mark or ring glyphs.
	lx := colTargets + draw.Width(f.SmallBold, "Targets") + 20
	c.Check(float64(lx), float64(y-13), 16, okGreen)
	lx = c.Text(lx+20, y, f.Small, faint, "damaged") + 14
	c.Circle(float64(lx)+8, float64(y)-5, 7, 2, inop)
	c.Text(lx+20, y, f.Small, faint, "sunk")
	c.Fill(20, y+8, matWidth-40, 2, ink)
	y += 12
	for i, r := range rows {
		n := max(1, len(layout[i]))
		if r.Month.Label()[:3] == "Jan" {
			c.Fill(20, y, matWidth-40, 1, faint) // a year starts
		}
		shade := color.Color(paper)
		switch r.Mark {
		case "patrol":
			shade = draw.Hex(0xfbf8f0)
		case "R", "P":
			shade = draw.Hex(0xe6e0d2)
		}
		c.Fill(20, y+1, matWidth-40, n*rowHeight-1, shade)
		base := y + 17
		c.Text(colMonth, base, f.Small, ink, r.Month.Label())
		switch r.Mark {
		case "patrol":
			c.Text(colPatrol, base, f.SmallBold, ink, draw.Fit(f.SmallBold, r.Patrol, colTargets-colPatrol-10))
		case "R":
			c.Text(colPatrol, base, f.Small, faint, "R — refit")
		case "P":
			c.Text(colPatrol, base, f.Small, faint, "P — long-range boat's extra month")
		}
		for j, line := range layout[i] {
			p.drawTargets(c, colTargets, base+j*rowHeight, line)
		}
		if r.Verdict() != "" {
			c.Text(colTons, base, f.Small, ink, hunters.Thousands(r.Tons))
		}
		if r.Result != "" {
			res := r.Result
			if r.Advancement {
				res = "(" + res + ")"
			}
			c.Text(colResult, base, f.SmallBold, ink, res)
		}
		y += n * rowHeight
	}
	c.Fill(20, y+2, matWidth-40, 2, ink)
	totals := fmt.Sprintf("Total patrols %d · ships sunk %d · total tonnage %s", s.Career.Patrols, s.Career.ShipsSunk, hunters.Tons(s.Career.Tons))
	c.Text(20, y+32, f.Bold, ink, totals)
	if mark != "" {
		p.undone(c, y+52, matWidth, mark)
	}
	return c.PNG()
}

// targetLines splits a row's targets, and the boat's loss after them, into
// lines that fit the column; each entry is encoded as "S|name tons" (sunk),
// "D|..." (damaged), "-|..." or "L|SUNK" (the loss).
func (p *Painter) targetLines(ts []hunters.LogTarget, loss string) []string {
	var lines []string
	cur, width := "", 0
	add := func(mark, item string) {
		w := draw.Width(p.f.Small, item) + 34
		if width+w > colTons-colTargets-10 && cur != "" {
			lines = append(lines, cur)
			cur, width = "", 0
		}
		cur += mark + "|" + item + "\x00"
		width += w
	}
	for _, t := range ts {
		mark := "-"
		switch {
		case t.Sunk:
			mark = "S"
		case t.Damaged:
			mark = "D"
		}
		add(mark, t.Name+" "+hunters.Thousands(t.Tons))
	}
	if loss != "" {
		add("L", loss)
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func (p *Painter) drawTargets(c *draw.Canvas, x, base int, line string) {
	start := 0
	for i := 0; i < len(line); i++ {
		if line[i] != 0 {
			continue
		}
		entry := line[start:i]
		start = i + 1
		mark, item := entry[0], entry[2:]
		switch mark {
		case 'S':
			c.Circle(float64(x)+8, float64(base)-5, 7, 2, inop)
		case 'D':
			c.Check(float64(x), float64(base)-13, 16, okGreen)
		case 'L':
			// The boat's loss, struck through the row's end like "// SUNK".
			c.Line(float64(x), float64(base)+2, float64(x)+10, float64(base)-12, 2, inop)
			c.Line(float64(x)+6, float64(base)+2, float64(x)+16, float64(base)-12, 2, inop)
			x = c.Text(x+20, base, p.f.SmallBold, inop, item) + 14
			continue
		}
		x = c.Text(x+20, base, p.f.Small, ink, item) + 14
	}
}

// LogCSV is the log sheet as CSV: one line per target, or per month when
// the month has none. The last column, loss, says what became of the boat on
// the patrol (SUNK, SCUTTLED...), empty when she came home.
func LogCSV(s *hunters.State) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"month", "mark", "patrol", "target", "kind", "tons", "target_state", "result", "patrol_tons", "advancement", "note", "loss"})
	for _, r := range s.LogSheet() {
		base := []string{r.Month.Label(), r.Mark, r.Patrol}
		tail := []string{r.Result, "", strconv.FormatBool(r.Advancement), r.Note, r.Loss}
		if r.Verdict() != "" {
			tail[1] = strconv.Itoa(r.Tons)
		}
		if len(r.Targets) == 0 {
			w.Write(append(append(base, "", "", "", ""), tail...))
			continue
		}
		for _, t := range r.Targets {
			state := "attacked"
			switch {
			case t.Sunk:
				state = "sunk"
			case t.Damaged:
				state = "damaged"
			}
			w.Write(append(append(base, t.Name, t.Kind, strconv.Itoa(t.Tons), state), tail...))
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, fmt.Errorf("writing the log sheet CSV: %w", err)
	}
	return b.Bytes(), nil
}
