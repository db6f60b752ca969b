package hunters

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// Undo (engine.Undo): a career may take back its decisions within the
// current patrol, and one that takes back a decision after seeing the dice
// it brought carries the mark in its status, its log sheet, its end and the
// leaderboards. The bot rebuilds the state; the rules say how far back it
// may go and keep the count.

// token is the prompt token of decision d: its number, and after an undo
// the undo's number, so that a prompt given before the undo never has the
// token of one given after it.
func (s *State) token(d int) string {
	if s.Undos == 0 {
		return strconv.Itoa(d)
	}
	return strconv.Itoa(d) + "u" + strconv.Itoa(s.Undos)
}

// UndoSpan implements engine.Undo: a span is a patrol, from the refit in
// port before it (the first patrol: from the set-up) to its end, so undo
// never reaches back past the patrol's return home into the patrol itself.
func (r *Rules) UndoSpan(st engine.State) (int, string) {
	if s, ok := st.(*State); ok {
		return s.Career.Patrols, "patrol"
	}
	return -1, "patrol"
}

// Restored implements engine.Undo.
func (r *Rules) Restored(st engine.State, n int, undone map[string]int) (engine.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("hunters: restoring a %T", st)
	}
	c := s.Clone()
	c.restore(n, undone[""])
	return c, nil
}

// restore sets what an undo brings back with a state: the undo's number,
// and the career's count of decisions undone after their dice were seen.
func (s *State) restore(n, undone int) {
	s.Undos = n
	s.Career.Undone = undone
}

// UndoneMark says what the career's undos cost it, "" when nothing: the mark
// the log and status views carry, for the pictures to carry too.
func (s *State) UndoneMark() string { return s.undoneMark() }

// undoneMark says what the career's undos cost it, "" when nothing.
func (s *State) undoneMark() string {
	switch n := s.Career.Undone; n {
	case 0:
		return ""
	case 1:
		return "1 decision undone after dice were seen"
	default:
		return fmt.Sprintf("%d decisions undone after dice were seen", n)
	}
}
