package dice

import "github.com/kaleun/kaleun/engine"

// Recorder remembers every face its source hands out.
type Recorder struct {
	d     engine.Dice
	faces []int
}

// NewRecorder wraps a source.
func NewRecorder(d engine.Dice) *Recorder { return &Recorder{d: d} }

// Roll implements engine.Dice.
func (r *Recorder) Roll(sides int) (int, error) {
	f, err := r.d.Roll(sides)
	if err == nil {
		r.faces = append(r.faces, f)
	}
	return f, err
}

// Faces returns the faces rolled so far.
func (r *Recorder) Faces() []int { return append([]int(nil), r.faces...) }

// Reset forgets the faces.
func (r *Recorder) Reset() { r.faces = r.faces[:0] }
