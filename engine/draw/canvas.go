// Package draw is a small pure-Go canvas for game pictures: filled and
// outlined boxes, lines, circles and text in the Go fonts (BSD licence,
// embedded by golang.org/x/image/font/gofont), encoded as PNG. No system
// fonts and no cgo, so a picture is the same on every machine, pixel for
// pixel, which the golden-image tests rely on.
package draw

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	"image/png"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Fonts are the faces a picture uses, parsed once per Fonts value.
type Fonts struct {
	Regular, Bold, Small, SmallBold, Title font.Face
}

// NewFonts parses the embedded Go fonts at the sizes the pictures use.
func NewFonts() (*Fonts, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("parsing Go Regular: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("parsing Go Bold: %w", err)
	}
	face := func(f *opentype.Font, size float64) (font.Face, error) {
		return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	}
	var fs Fonts
	for _, x := range []struct {
		dst  *font.Face
		f    *opentype.Font
		size float64
	}{{&fs.Regular, reg, 17}, {&fs.Bold, bold, 17}, {&fs.Small, reg, 14}, {&fs.SmallBold, bold, 14}, {&fs.Title, bold, 28}} {
		if *x.dst, err = face(x.f, x.size); err != nil {
			return nil, fmt.Errorf("making a font face: %w", err)
		}
	}
	return &fs, nil
}

// Canvas is an RGBA picture being drawn.
type Canvas struct {
	Img *image.RGBA
}

// NewCanvas makes a w×h canvas filled with bg.
func NewCanvas(w, h int, bg color.Color) *Canvas {
	c := &Canvas{Img: image.NewRGBA(image.Rect(0, 0, w, h))}
	c.Fill(0, 0, w, h, bg)
	return c
}

// Fill paints a rectangle.
func (c *Canvas) Fill(x, y, w, h int, col color.Color) {
	stddraw.Draw(c.Img, image.Rect(x, y, x+w, y+h), image.NewUniform(col), image.Point{}, stddraw.Src)
}

// Box outlines a rectangle with a border t pixels thick.
func (c *Canvas) Box(x, y, w, h, t int, col color.Color) {
	c.Fill(x, y, w, t, col)
	c.Fill(x, y+h-t, w, t, col)
	c.Fill(x, y, t, h, col)
	c.Fill(x+w-t, y, t, h, col)
}

// Line draws a straight line t pixels thick.
func (c *Canvas) Line(x0, y0, x1, y1 float64, t float64, col color.Color) {
	steps := int(math.Max(math.Abs(x1-x0), math.Abs(y1-y0))) + 1
	r := t / 2
	for i := 0; i <= steps; i++ {
		f := float64(i) / float64(steps)
		c.disc(x0+(x1-x0)*f, y0+(y1-y0)*f, r, col)
	}
}

// Circle draws a ring of radius r, t pixels thick, centred on (cx, cy).
func (c *Canvas) Circle(cx, cy, r, t float64, col color.Color) {
	for y := int(cy - r - t); y <= int(cy+r+t); y++ {
		for x := int(cx - r - t); x <= int(cx+r+t); x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
			if math.Abs(d-r) <= t/2 {
				c.Img.Set(x, y, col)
			}
		}
	}
}

func (c *Canvas) disc(cx, cy, r float64, col color.Color) {
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy) <= r+0.01 {
				c.Img.Set(x, y, col)
			}
		}
	}
}

// Check draws a check mark in a size×size square at (x, y).
func (c *Canvas) Check(x, y, size float64, col color.Color) {
	c.Line(x+size*0.1, y+size*0.55, x+size*0.4, y+size*0.85, size/7, col)
	c.Line(x+size*0.4, y+size*0.85, x+size*0.9, y+size*0.15, size/7, col)
}

// Text draws s with its baseline at y; it returns the x after the text.
func (c *Canvas) Text(x, y int, face font.Face, col color.Color, s string) int {
	d := font.Drawer{Dst: c.Img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
	return d.Dot.X.Round()
}

// TextCentred draws s centred in the box [x, x+w).
func (c *Canvas) TextCentred(x, y, w int, face font.Face, col color.Color, s string) {
	s = Fit(face, s, w-4)
	c.Text(x+(w-Width(face, s))/2, y, face, col, s)
}

// Width is the advance of s in face, in pixels.
func Width(face font.Face, s string) int { return font.MeasureString(face, s).Round() }

// Fit shortens s with an ellipsis until it is at most w pixels wide.
func Fit(face font.Face, s string, w int) string {
	if Width(face, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && Width(face, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// PNG encodes the canvas at the fastest compression: better ones save a
// few KB at up to five times the time, and the pictures stay under 300 KB.
func (c *Canvas) PNG() ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, c.Img); err != nil {
		return nil, fmt.Errorf("encoding a PNG: %w", err)
	}
	return b.Bytes(), nil
}

// Hex makes a colour from 0xRRGGBB.
func Hex(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}
