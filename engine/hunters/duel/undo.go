package duel

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// Undo in a two-player game (engine.Undo): the bot asks the other player's
// consent before it takes back a decision whose dice were seen, or one of
// his; each career carries its own mark.

// token is decision d's prompt token, with the last undo's number after one.
func (s *State) token(d int) string {
	if s.Undos == 0 {
		return strconv.Itoa(d)
	}
	return strconv.Itoa(d) + "u" + strconv.Itoa(s.Undos)
}

// UndoSpan implements engine.Undo: a span is one patrol of either boat, so
// an undo never reaches back past the turn of the helm (13.1.2).
func (r *Rules) UndoSpan(st engine.State) (int, string) {
	s, ok := st.(*State)
	if !ok {
		return -1, "patrol"
	}
	return s.careers[0].Career.Patrols + s.careers[1].Career.Patrols, "patrol"
}

// Restored implements engine.Undo: each seat's mark goes to his career.
func (r *Rules) Restored(st engine.State, n int, undone map[string]int) (engine.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("duel: restoring a %T", st)
	}
	c := s.clone()
	c.Undos = n
	for i, seat := range Seats {
		career, err := r.hunters.Restored(c.careers[i], n, map[string]int{"": undone[seat]})
		if err != nil {
			return nil, err
		}
		c.careers[i] = career.(*hunters.State)
	}
	return c, nil
}
