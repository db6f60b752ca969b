package web

import (
	"strconv"
	"strings"
)

// The tournament page's chart of each career's score over time, drawn on
// the server as an inline SVG made only of numbers: its lines' points,
// its axes' ticks. No name or other text a player chose is inside the
// SVG (the legend and the table beside it are HTML, escaped as the rest
// of the page); its colours are the style sheet's classes, so the policy's
// style-src 'self' holds (no style attribute) and the dark scheme applies.

// chart geometry, in the SVG's own units (it scales to the column).
const (
	chartW, chartH         = 640, 300
	chartLeft, chartRight  = 72, 16
	chartTop, chartBottom  = 16, 40
	chartSeriesClasses     = 6 // s0..s5 in style.css, each a colour and a dash
	chartMaxTicks          = 5
	chartPlotW, chartPlotH = chartW - chartLeft - chartRight, chartH - chartTop - chartBottom
)

type (
	chartView struct {
		W, H, Left, Right, Top, Bottom int
		YTicks, XTicks                 []tickView
		Lines                          []lineOfChart
		// Table is the same figures for readers who do not see the chart:
		// a row per point in time, a column per career.
		Head []string
		Rows []chartRow
		Unit string
	}
	tickView    struct{ Pos, Label string }
	lineOfChart struct {
		Class, Points, Name string
		// Swatch is the legend's short line, in the line's class.
		Last string
	}
	chartRow struct {
		N     int
		Cells []string
	}
)

// chartOf draws the careers' series: x is the point's number (the start,
// then each stage the game counts), y the score; nil when no
// career has two points.
func chartOf(careers []Career, unit string) *chartView {
	longest, top := 0, 0
	for _, c := range careers {
		longest = max(longest, len(c.Series))
		for _, p := range c.Series {
			top = max(top, p.Score)
		}
	}
	if longest < 2 {
		return nil
	}
	top = niceCeil(top)
	suffix := ""
	if unit != "" {
		suffix = " " + unit
	}
	v := &chartView{W: chartW, H: chartH, Left: chartLeft, Right: chartW - chartRight, Top: chartTop, Bottom: chartH - chartBottom, Unit: unit}
	x := func(i int) float64 { return chartLeft + float64(i)*chartPlotW/float64(longest-1) }
	y := func(score int) float64 { return chartTop + chartPlotH - float64(score)*chartPlotH/float64(top) }
	step := top / chartMaxTicks
	for t := 0; t <= top; t += step {
		v.YTicks = append(v.YTicks, tickView{Pos: num(y(t)), Label: thousands(t)})
	}
	xstep := max(1, (longest+9)/10)
	for i := 0; i < longest; i += xstep {
		v.XTicks = append(v.XTicks, tickView{Pos: num(x(i)), Label: strconv.Itoa(i)})
	}
	v.Head = append(v.Head, "#")
	for i, c := range careers {
		v.Head = append(v.Head, c.Name)
		if len(c.Series) == 0 {
			continue
		}
		var pts []string
		for j, p := range c.Series {
			pts = append(pts, num(x(j))+","+num(y(p.Score)))
		}
		if len(pts) == 1 {
			pts = append(pts, pts[0]) // a dot's worth of line
		}
		last := c.Series[len(c.Series)-1]
		v.Lines = append(v.Lines, lineOfChart{Class: "s" + strconv.Itoa(i%chartSeriesClasses), Points: strings.Join(pts, " "), Name: c.Name,
			Last: thousands(last.Score) + suffix + " (" + last.Label + ")"})
	}
	for j := range longest {
		row := chartRow{N: j}
		for _, c := range careers {
			cell := ""
			if j < len(c.Series) {
				cell = thousands(c.Series[j].Score) + suffix + " (" + c.Series[j].Label + ")"
			}
			row.Cells = append(row.Cells, cell)
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// niceCeil is the axis's top: n rounded up to 1, 2 or 5 times a power of
// ten, times chartMaxTicks, so the ticks fall on round numbers.
func niceCeil(n int) int {
	if n <= 0 {
		return chartMaxTicks
	}
	raw := (n + chartMaxTicks - 1) / chartMaxTicks
	p := 1
	for p*10 <= raw {
		p *= 10
	}
	for _, m := range []int{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p * chartMaxTicks
		}
	}
	return 10 * p * chartMaxTicks
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// thousands writes n with a comma between each three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
