package pictures

import (
	"fmt"
	"image/color"
	"slices"
	"sort"
	"strings"

	"golang.org/x/image/font"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/draw"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// The board picture's frame.
const (
	tracksW   = 1200
	left      = 20
	innerW    = tracksW - 2*left
	gtrPerRow = 12
	gtrCellH  = 40
	mdtRowH   = 34
	pathRowH  = 150
	umtLeftW  = 210
	igdBoxes  = 13 // 0 to 12 (2.4.2: twelve numbered boxes and the "0" box of 13.0)
	legendH   = 30
	footerH   = 30
)

// tracksHeight is the board picture's height for a pack: its sections one
// under the other.
func tracksHeight(p *content.Pack) int {
	rows := (p.Tracks.Gotterdammerung.Months + gtrPerRow - 1) / gtrPerRow
	h := 84 + 12
	h += 26 + 96 + 14                                            // GWT
	h += 26 + max(rows, 1)*(gtrCellH+4) + 10                     // GTR
	h += 26 + 24 + (len(p.Tracks.Models)+1)*mdtRowH + 12         // MDT, the Type VII's row first
	h += 26 + max(len(p.Tracks.Paths), 2)*(pathRowH+10) + 26 + 8 // UMT, then what is elsewhere
	h += 26 + 44 + 12                                            // IGD
	return h + legendH + footerH
}

// Tracks draws the tracks as one board: the Grinding War Track's boxes
// with their draws and Transport Points and the armies' box (2.4.8, 4.0,
// 7.1); the Götterdämmerung Turn Record Track's months from the pack's
// start, the turns played filled (2.4.4, 12.2); the Model Development
// Track's ratings and costs, the models built marked and the one in use
// (2.4.9, 8.4, 8.5); the U-boat Mission Track with Valentin, the Prototype
// Pen, both paths' spaces (test, target, depth-charge icons), their convoy
// areas with the convoys' values and their Dangerous Trip Home boxes, each
// flotilla where it is (2.4.10, 9.0); and the IGD's Transport Points
// (2.4.2).
func (il *Illustrator) Tracks(b Board) (engine.Picture, error) {
	il.mu.Lock()
	defer il.mu.Unlock()
	if b.Pack == nil {
		return engine.Picture{}, fmt.Errorf("pictures: drawing the XXI tracks: no pack")
	}
	h := tracksHeight(b.Pack)
	c := draw.NewCanvas(tracksW, h, paper)
	sub := b.Pack.Meta.Name + " · " + monthLine(b) + phaseLine(b)
	y := il.header(c, tracksW, "XXI · the tracks", sub, b.House) + 12
	y = il.grindingWar(c, b, y) + 14
	y = il.turnTrack(c, b, y) + 10
	y = il.models(c, b, y) + 12
	y = il.missions(c, b, y) + 8
	y = il.igd(c, b, y) + 12
	il.tracksLegend(c, y)
	il.footer(c, tracksW, h, b.Pack.Meta.Label)
	return picture("tracks.png", c)
}

// grindingWar draws the Grinding War Track's boxes from the bottom (left)
// to the top (right), the armies in theirs.
func (il *Illustrator) grindingWar(c *draw.Canvas, b Board, y int) int {
	f := il.f
	boxes := b.Pack.Tracks.GrindingWar
	title := "Grinding War Track (2.4.8): armies climb from the bottom box (left) to the top, never down"
	y = il.section(c, left, y, title)
	if b.GrindingWar < 0 || b.GrindingWar >= len(boxes) {
		note := "no Allied army on the track yet (5.1)"
		if b.GrindingWar >= len(boxes) {
			note = fmt.Sprintf("armies in box %d, past the track's %d boxes", b.GrindingWar+1, len(boxes))
		}
		c.Text(tracksW-left-draw.Width(f.SmallBold, note), y-8, f.SmallBold, alertRed, note)
	}
	if len(boxes) == 0 {
		return y + 96
	}
	const gap, bh = 22, 96
	bw := (innerW - gap*(len(boxes)-1)) / len(boxes)
	for i, box := range boxes {
		x := left + i*(bw+gap)
		here := i == b.GrindingWar
		fill, border := color.Color(white), color.Color(navy)
		if here {
			fill, border = draw.Hex(0xfbe3c0), orange
		}
		c.Fill(x, y, bw, bh, fill)
		t := 2
		if here {
			t = 4
		}
		c.Box(x, y, bw, bh, t, border)
		c.Text(x+8, y+20, f.SmallBold, ink, draw.Fit(f.SmallBold, box.Name, bw-16))
		c.Text(x+8, y+40, f.Small, ink, draw.Fit(f.Small, fmt.Sprintf("draw %d (4.0)", box.Draws), bw-16))
		c.Text(x+8, y+58, f.Small, ink, draw.Fit(f.Small, fmt.Sprintf("1d6 + %d TP (7.1)", box.Transport), bw-16))
		if here {
			il.chip(c, x+8, y+bh-chipH-6, fmt.Sprintf("Armies ×%d", b.Armies), alertRed, white, false)
		}
		if i < len(boxes)-1 {
			c.TextCentred(x+bw, y+bh/2+6, gap, f.Bold, faint, "→")
		}
	}
	return y + bh
}

// turnTrack draws the Götterdämmerung Turn Record Track: a box a month
// from the pack's start, those played filled, the month being played
// marked.
func (il *Illustrator) turnTrack(c *draw.Canvas, b Board, y int) int {
	f := il.f
	gt := b.Pack.Tracks.Gotterdammerung
	y = il.section(c, left, y, fmt.Sprintf("Götterdämmerung Turn Record Track (2.4.4): %d of %d months played", min(max(b.Turn, 0), gt.Months), gt.Months))
	const gap = 4
	cw := (innerW - gap*(gtrPerRow-1)) / gtrPerRow
	for i := 0; i < gt.Months; i++ {
		x, cy := left+(i%gtrPerRow)*(cw+gap), y+(i/gtrPerRow)*(gtrCellH+gap)
		short, _ := month(gt.Start, i)
		switch {
		case i < b.Turn:
			c.Fill(x, cy, cw, gtrCellH, navy)
			c.Check(float64(x+4), float64(cy+10), 20, gold)
			c.Text(x+28, cy+26, f.SmallBold, white, short)
		case i == b.Turn:
			c.Fill(x, cy, cw, gtrCellH, gold)
			c.Box(x, cy, cw, gtrCellH, 2, ink)
			c.TextCentred(x, cy+26, cw, f.SmallBold, ink, short+" now")
		default:
			c.Fill(x, cy, cw, gtrCellH, white)
			c.Box(x, cy, cw, gtrCellH, 1, rule)
			c.TextCentred(x, cy+26, cw, f.Small, faint, short)
		}
	}
	rows := max((gt.Months+gtrPerRow-1)/gtrPerRow, 1)
	return y + rows*(gtrCellH+gap)
}

// models draws the Model Development Track as a table: the Type VII's
// fixed ratings for comparison (2.1.1), then each Type XXI model's dice,
// defense and cost, its command square holding the IBG once built (8.4),
// the newest built marked as the ratings every XXI uses (2.1.2, 8.5).
func (il *Illustrator) models(c *draw.Canvas, b Board, y int) int {
	f := il.f
	y = il.section(c, left, y, "Model Development Track (2.4.9): dice for Engine, Silence and Attack; the Defense a depth charge must reach; the cost at one shipyard")
	cols := []struct {
		name string
		x    int
	}{{"Model", left + 8}, {"Engine", 190}, {"Silence", 290}, {"Attack", 390}, {"Defense", 490}, {"Cost (8.1)", 590}, {"Command square (8.4)", 880}}
	for _, col := range cols {
		c.Text(col.x, y+16, f.SmallBold, faint, col.name)
	}
	y += 24
	current := ""
	if len(b.Built) > 0 {
		current = b.Built[len(b.Built)-1]
	}
	next := ""
	for _, m := range b.Pack.Tracks.Models {
		if !slices.Contains(b.Built, m.Model) {
			next = m.Model
			break
		}
	}
	row := func(i int, name string, e, s, a, d int, cost *content.Cost, note string, fill color.Color, noteCol color.Color) {
		ry := y + i*mdtRowH
		c.Fill(left, ry, innerW, mdtRowH-2, fill)
		base := ry + 22
		c.Text(cols[0].x, base, f.Bold, ink, name)
		for k, v := range []int{e, s, a} {
			c.Text(cols[1+k].x, base, f.Regular, ink, fmt.Sprintf("%d d6", v))
		}
		c.Text(cols[4].x, base, f.Bold, ink, fmt.Sprintf("%d", d))
		if cost != nil {
			x := cols[5].x
			for _, r := range []struct {
				res string
				n   int
			}{{"hull", cost.Hull}, {"systems", cost.Systems}, {"crew", cost.Crew}} {
				for k := 0; k < r.n; k++ {
					icon(c, x+8, ry+mdtRowH/2-1, 16, r.res, resourceColour(r.res))
					x += 20
				}
				x += 8
			}
			c.Text(x, base, f.Small, ink, fmt.Sprintf("%d/%d/%d + 1 IBG", cost.Hull, cost.Systems, cost.Crew))
		}
		if note != "" {
			c.Text(cols[6].x, base, f.SmallBold, noteCol, draw.Fit(f.SmallBold, note, tracksW-left-cols[6].x-4))
		}
	}
	row(0, "Type VII", 2, 2, 2, 2, nil, "fixed ratings, never upgraded (2.1.1)", paper, faint)
	for i, m := range b.Pack.Tracks.Models {
		fill, note, noteCol := color.Color(white), "", color.Color(faint)
		switch {
		case m.Model == current:
			fill, note, noteCol = draw.Hex(0xfbeec2), "built · its ratings are every XXI's (8.5)", ink
		case slices.Contains(b.Built, m.Model):
			note, noteCol = "built", ink
		case m.Model == next:
			note = "next to build (8.0)"
		}
		row(i+1, "XXI "+m.Model, m.Engine, m.Silence, m.Attack, m.Defense, &m.Cost, note, fill, noteCol)
		if slices.Contains(b.Built, m.Model) {
			ry := y + (i+1)*mdtRowH
			c.Fill(cols[6].x-30, ry+5, 22, 22, ibgCol)
			c.Check(float64(cols[6].x-28), float64(ry+7), 18, white)
		}
	}
	return y + (len(b.Pack.Tracks.Models)+1)*mdtRowH
}

// missions draws the U-boat Mission Track (2.4.10): Valentin and the
// Prototype Pen at the left, then each path's four encounter spaces, its
// convoy area and its Dangerous Trip Home box, with the flotillas where
// they are and the convoys in their areas.
func (il *Illustrator) missions(c *draw.Canvas, b Board, y int) int {
	f := il.f
	paths := b.Pack.Tracks.Paths
	y = il.section(c, left, y, "U-boat Mission Track (2.4.10, 9.0): a flotilla sails one path, space by space, to its convoy area")
	at := map[place][]Flotilla{}
	for _, fl := range b.Flotillas {
		p := placeOf(fl.Where, paths)
		at[p] = append(at[p], fl)
	}
	rows := max(len(paths), 2)
	colH := (rows*(pathRowH+10) - 10 - 10) / 2
	il.flotillaBox(c, left, y, umtLeftW, colH, umtBox{name: "Valentin U-boat Shelter", dc: -1, fls: at[place{kind: "valentin"}], border: navy})
	il.flotillaBox(c, left, y+colH+10, umtLeftW, colH, umtBox{name: "Prototype U-boat Pen (2.4.3)", note: "the XXIs not yet built", dc: -1, fls: at[place{kind: "pen"}], border: rule})

	const gap = 8
	x0 := left + umtLeftW + 20
	encW, areaW, homeW := 147, 180, 120
	for i, p := range paths {
		ry := y + i*(pathRowH+10)
		x := x0
		for k, e := range p.Spaces {
			if k >= 4 {
				break // 9.1: four encounter spaces; a checked pack has no more
			}
			test := fmt.Sprintf("%s %d+", title(e.Test), e.Target)
			il.flotillaBox(c, x, ry, encW, pathRowH, umtBox{name: e.Name, number: fmt.Sprint(k + 1), note: test, dc: e.DepthCharges, fls: at[place{kind: "encounter", path: i, slot: k}], border: navy})
			x += encW + gap
		}
		convoys := b.Convoys[p.Area.Name]
		il.flotillaBox(c, x, ry, areaW, pathRowH, umtBox{name: p.Area.Name, note: fmt.Sprintf("%dd6 depth charges after each attack (9.8)", p.Area.DepthCharges), dc: -1, fls: at[place{kind: "area", path: i}], convoys: convoys, area: true, border: alertRed})
		x += areaW + gap
		il.flotillaBox(c, x, ry, homeW, pathRowH, umtBox{name: "Dangerous Trip Home", note: fmt.Sprintf("%s %d+ (9.6)", title(p.Home.Test), p.Home.Target), dc: -1, fls: at[place{kind: "home", path: i}], border: navy})
	}
	y += rows * (pathRowH + 10)

	// What the track has no box for: lost flotillas, places not on the
	// pack's track, convoys in areas the pack does not name.
	var rest []string
	var lost []string
	for _, fl := range at[place{kind: "lost"}] {
		lost = append(lost, flotillaLabel(fl))
	}
	if len(lost) > 0 {
		rest = append(rest, "Scrap Pile: "+strings.Join(lost, ", "))
	}
	for _, fl := range at[place{kind: "elsewhere"}] {
		rest = append(rest, fmt.Sprintf("%s at %q", flotillaLabel(fl), fl.Where))
	}
	areas := make([]string, 0, len(b.Convoys))
	for a := range b.Convoys {
		if areaIndex(a, paths) < 0 && len(b.Convoys[a]) > 0 {
			areas = append(areas, a)
		}
	}
	sort.Strings(areas)
	for _, a := range areas {
		rest = append(rest, fmt.Sprintf("convoys in %s: %s", a, ints(b.Convoys[a])))
	}
	line := "No flotilla lost."
	if len(rest) > 0 {
		line = strings.Join(rest, " · ")
	}
	c.Text(left, y+16, f.Small, ink, draw.Fit(f.Small, line, innerW))
	return y + 26
}

// umtBox is a box of the mission track: its name, its test or note, its
// depth-charge icons (dc < 0 for none drawn), its convoys and flotillas.
type umtBox struct {
	name, note string
	number     string // an encounter space's number on its path
	dc         int
	fls        []Flotilla
	convoys    []int
	area       bool
	border     color.Color
}

// flotillaBox draws a box of the mission track, its name and note wrapped
// on two lines each, its chips wrapped and ending with "+N" when they do
// not fit.
func (il *Illustrator) flotillaBox(c *draw.Canvas, x, y, w, h int, bx umtBox) {
	f := il.f
	fill := color.Color(white)
	if bx.area {
		fill = sea
	}
	c.Fill(x, y, w, h, fill)
	c.Box(x, y, w, h, 2, bx.border)
	ty := y + 20
	nameW := w - 16
	if bx.number != "" {
		// The space's number on the path (9.1: entered in order), at the right.
		nw := draw.Width(f.Small, bx.number)
		c.Text(x+w-8-nw, ty, f.Small, faint, bx.number)
		nameW -= nw + 6
	}
	for _, l := range wrap(f.SmallBold, bx.name, nameW, 2) {
		c.Text(x+8, ty, f.SmallBold, ink, l)
		ty += 18
	}
	if bx.note != "" {
		col := color.Color(ink)
		if strings.HasPrefix(bx.note, "Engine") {
			col = orange
		} else if strings.HasPrefix(bx.note, "Silence") {
			col = sysCol
		}
		for _, l := range wrap(f.SmallBold, bx.note, w-16, 2) {
			c.Text(x+8, ty, f.SmallBold, col, l)
			ty += 18
		}
	}
	if bx.dc >= 0 {
		il.depthCharges(c, x+8, ty-4, bx.dc)
		ty += 18
	}
	type item struct {
		label    string
		fill, fg color.Color
		outline  bool
	}
	var items []item
	for _, v := range bx.convoys {
		items = append(items, item{fmt.Sprintf("Convoy %d", v), convoySe, ink, false})
	}
	for _, fl := range bx.fls {
		col := color.Color(xxiCol)
		if strings.Contains(strings.ToUpper(fl.Class), "VII") && !strings.Contains(strings.ToUpper(fl.Class), "XXI") {
			col = viiCol
		}
		items = append(items, item{flotillaLabel(fl), col, white, fl.Depleted})
	}
	cx, cy := x+8, ty-6
	for i, it := range items {
		cw := il.chipWidth(it.label, false)
		if cx+cw > x+w-6 {
			cx, cy = x+8, cy+chipH+4
		}
		last := cy+2*chipH+4 > y+h-4 // no room for another row after this one
		if last && i < len(items)-1 && cx+cw+il.chipWidth("+99", false)+4 > x+w-6 {
			il.chip(c, cx, cy, fmt.Sprintf("+%d", len(items)-i), ink, white, false)
			return
		}
		if cy+chipH > y+h-4 {
			return
		}
		if it.outline {
			c.Fill(cx, cy, cw, chipH, white)
			c.Box(cx, cy, cw, chipH, 2, it.fill)
			c.Text(cx+6, cy+15, f.SmallBold, it.fill, it.label)
			cx += cw + 4
			continue
		}
		cx = il.chip(c, cx, cy, it.label, it.fill, it.fg, false) + 4
	}
}

// wrap breaks s into at most n lines of width w, the last one shortened
// with an ellipsis if the rest does not fit.
func wrap(face font.Face, s string, w, n int) []string {
	var lines []string
	line := ""
	words := strings.Fields(s)
	for i, word := range words {
		try := strings.TrimSpace(line + " " + word)
		if line == "" || draw.Width(face, try) <= w {
			line = try
			continue
		}
		if len(lines) == n-1 {
			return append(lines, draw.Fit(face, strings.Join(append([]string{line}, words[i:]...), " "), w))
		}
		lines = append(lines, line)
		line = word
	}
	if line != "" {
		lines = append(lines, draw.Fit(face, line, w))
	}
	return lines
}

// flotillaLabel is a flotilla's chip: its ID (with its class when the ID
// does not say it), "dep." when Depleted.
func flotillaLabel(fl Flotilla) string {
	l := fl.ID
	if fl.Class != "" && !strings.Contains(strings.ToUpper(fl.ID), strings.ToUpper(fl.Class)) {
		l = fl.Class + " " + fl.ID
	}
	if fl.Depleted {
		l += " dep."
	}
	return l
}

// depthCharges draws n depth-charge icons: black drums in a row (9.2, 9.4).
func (il *Illustrator) depthCharges(c *draw.Canvas, x, y, n int) {
	tx := c.Text(x, y+4, il.f.Small, faint, "DC")
	for k := 0; k < n; k++ {
		cx := float64(tx + 10 + k*16)
		disc(c, cx, float64(y), 6, ink)
		c.Fill(int(cx)-6, y-1, 12, 2, white)
	}
}

// igd draws the Ingenieurbüro Glückauf Display: the boxes 0 to 12 with the
// Available Transport Points marker on this phase's points (2.3.1, 2.4.2).
func (il *Illustrator) igd(c *draw.Canvas, b Board, y int) int {
	f := il.f
	y = il.section(c, left, y, fmt.Sprintf("Ingenieurbüro Glückauf Display (2.4.2): %d Transport Points left (7.1, 7.2)", b.Transport))
	const gap = 4
	bw := (innerW - gap*(igdBoxes-1)) / igdBoxes
	at := min(max(b.Transport, 0), igdBoxes-1)
	for i := 0; i < igdBoxes; i++ {
		x := left + i*(bw+gap)
		if i == at {
			c.Fill(x, y, bw, 44, gold)
			c.Box(x, y, bw, 44, 3, ink)
			label := fmt.Sprintf("%d TP", i)
			if b.Transport > at {
				label = fmt.Sprintf("%d TP", b.Transport)
			}
			c.TextCentred(x, y+28, bw, f.Bold, ink, label)
			continue
		}
		c.Fill(x, y, bw, 44, white)
		c.Box(x, y, bw, 44, 1, rule)
		c.TextCentred(x, y+28, bw, f.Regular, faint, fmt.Sprint(i))
	}
	return y + 44
}

// tracksLegend names the chips of the board.
func (il *Illustrator) tracksLegend(c *draw.Canvas, y int) {
	f := il.f
	base := y + 15
	x := il.chip(c, left, y, "VII-1", viiCol, white, false) + 6
	x = c.Text(x, base, f.Small, ink, "Type VII flotilla") + 16
	x = il.chip(c, x, y, "XXI-1", xxiCol, white, false) + 6
	x = c.Text(x, base, f.Small, ink, "Type XXI flotilla") + 16
	w := il.chipWidth("XXI-2 dep.", false)
	c.Fill(x, y, w, chipH, white)
	c.Box(x, y, w, chipH, 2, xxiCol)
	c.Text(x+6, y+15, f.SmallBold, xxiCol, "XXI-2 dep.")
	x = c.Text(x+w+6, base, f.Small, ink, "Depleted (1.2)") + 16
	x = il.chip(c, x, y, "Convoy 5", convoySe, ink, false) + 6
	x = c.Text(x, base, f.Small, ink, "a convoy: sunk by a die that reaches it (9.7)") + 16
	il.depthCharges(c, x, y+10, 1)
	c.Text(x+44, base, f.Small, ink, "a depth-charge icon: a die (9.4)")
}

// title capitalises a test's name ("engine" -> "Engine").
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}
