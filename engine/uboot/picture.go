package uboot

import (
	"fmt"
	"slices"

	"github.com/kaleun/kaleun/engine/uboot/pictures"
)

// Board implements pictures.Boarded: the board as its picture draws it.
func (s *State) Board() pictures.Board {
	b := pictures.Board{Label: s.p.Meta.Label, Watch: s.Watch, Surfaced: s.Up,
		OrderSpaces: orderSpaces, Order: s.Order, Blocked: slices.Clone(s.Blocked),
		MoraleSpaces: moraleSpaces, Morale: s.Morale, Excess: s.Excess, Exhausted: s.exhausted(),
		Pyramid: slices.Clone(s.Pyramid), Supply: len(s.Supply), Toolboxes: map[string][]string{}}
	for n := 1; n <= 8 && n < len(s.Sections); n++ {
		sc := s.Sections[n]
		ps := pictures.Section{Res: slices.Clone(sc.Res), Flooded: sc.Flooded, Breach: sc.Breach}
		if sc.Breach && sc.Timer > 0 {
			ps.Countdown = clock(sc.Timer)
		}
		for _, k := range envKinds {
			if sc.Env[k] > 0 {
				ps.Env = append(ps.Env, fmt.Sprintf("%s %d", k, sc.Env[k]))
			}
		}
		for _, t := range sc.Tech {
			ps.Tech = append(ps.Tech, t.Colour+" ("+s.techState(t)+")")
		}
		b.Sections[n] = ps
	}
	for i, fig := range figureIDs {
		sl := s.sailor(i)
		b.Sailors = append(b.Sailors, pictures.Sailor{Figure: fig, Role: roleOf(fig), Section: s.Figures[i].Sec,
			Slots: slices.Clone(sl.Slots), Cards: len(sl.Cards), KIA: sl.KIA})
	}
	for _, k := range medicalKinds {
		if n := s.Medkit[k]; n > 0 {
			b.Medkit = append(b.Medkit, fmt.Sprintf("%s %d", k, n))
		}
	}
	for tb, ids := range s.Toolboxes {
		for _, id := range ids {
			t := s.title(id)
			if has(s.FaceDown, id) {
				t += " (face down)"
			}
			b.Toolboxes[tb] = append(b.Toolboxes[tb], t)
		}
	}
	return b
}
