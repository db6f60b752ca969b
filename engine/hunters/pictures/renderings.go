package pictures

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// RenderHelp says what kaleun render --what draws of a career.
const RenderHelp = "mat (the display mat), log (the patrol log sheet, .png or .csv) or combat (the combat mat)"

// Renderings are the pictures of the illustrator's painter that kaleun
// render draws of a career (see the package function).
func (il *Illustrator) Renderings() []engine.Rendering { return Renderings(il.p) }

// Renderings are the pictures kaleun render draws of a career: the display
// mat, the patrol log sheet (or its CSV) and the combat mat.
func Renderings(p *Painter) []engine.Rendering {
	career := func(st engine.State) (*hunters.State, error) {
		s, ok := st.(*hunters.State)
		if !ok {
			return nil, fmt.Errorf("pictures: not a Hunters career")
		}
		return s, nil
	}
	return []engine.Rendering{
		{What: "mat", Formats: []string{"png"}, Draw: func(st engine.State, _ string) ([]byte, error) {
			s, err := career(st)
			if err != nil {
				return nil, err
			}
			return p.DisplayMat(s.Sheet())
		}},
		{What: "log", Formats: []string{"png", "csv"}, Draw: func(st engine.State, format string) ([]byte, error) {
			s, err := career(st)
			if err != nil {
				return nil, err
			}
			if format == "csv" {
				return LogCSV(s)
			}
			return p.LogSheet(s)
		}},
		{What: "combat", Formats: []string{"png"}, Draw: func(st engine.State, _ string) ([]byte, error) {
			s, err := career(st)
			if err != nil {
				return nil, err
			}
			sheet, ok := s.CombatSheet()
			if !ok {
				return nil, fmt.Errorf("%w: no ship engagement on its combat mat now: the combat mat is drawn while one is fought", engine.ErrNothingToDraw)
			}
			return p.CombatMat(sheet)
		}},
	}
}
