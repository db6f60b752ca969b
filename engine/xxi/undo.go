package xxi

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// Undo (engine.Undo): a decision may be taken back within the current
// turn (one month, 3.0): the bot rebuilds the state by replaying the log,
// never re-rolling; a decision undone after its dice were seen is counted,
// and the status and the report say so.

// token is the prompt token of decision d: its number, and after an undo
// the undo's number, so that a prompt given before the undo never has the
// token of one given after it.
func (s *State) token(d int) string {
	if s.Undos == 0 {
		return strconv.Itoa(d)
	}
	return strconv.Itoa(d) + "u" + strconv.Itoa(s.Undos)
}

// UndoSpan implements engine.Undo: a span is a turn.
func (r *Rules) UndoSpan(st engine.State) (int, string) {
	if s, ok := st.(*State); ok {
		return s.Turn, "turn"
	}
	return -1, "turn"
}

// Restored implements engine.Undo.
func (r *Rules) Restored(st engine.State, n int, undone map[string]int) (engine.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("xxi: restoring a %T", st)
	}
	c, err := s.clone()
	if err != nil {
		return nil, err
	}
	c.Undos, c.Undone = n, undone[""]
	return c, nil
}

// undoneMark says what the undos cost, "" when nothing.
func (s *State) undoneMark() string {
	switch s.Undone {
	case 0:
		return ""
	case 1:
		return "1 decision undone after dice were seen"
	}
	return fmt.Sprintf("%d decisions undone after dice were seen", s.Undone)
}
