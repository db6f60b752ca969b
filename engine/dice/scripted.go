package dice

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// Scripted hands out faces from a list, for tests and reproductions.
type Scripted struct {
	faces  []int
	cursor int64
}

// NewScripted returns a source that rolls faces in order.
func NewScripted(faces []int) *Scripted { return &Scripted{faces: append([]int(nil), faces...)} }

// NewScriptedAt resumes a script at die cursor.
func NewScriptedAt(faces []int, cursor int64) *Scripted {
	s := NewScripted(faces)
	s.cursor = cursor
	return s
}

// Roll implements engine.Dice. A face the die cannot show, or an exhausted
// script, is an error and does not advance the script.
func (s *Scripted) Roll(sides int) (int, error) {
	if s.cursor >= int64(len(s.faces)) {
		return 0, &engine.DiceError{Index: s.cursor, Sides: sides, Msg: fmt.Sprintf("the dice script has run out after %d faces", len(s.faces))}
	}
	f := s.faces[s.cursor]
	if f < 1 || f > sides {
		return 0, &engine.DiceError{Index: s.cursor, Sides: sides, Msg: fmt.Sprintf("face %d is not possible on a d%d (script position %d)", f, sides, s.cursor+1)}
	}
	s.cursor++
	return f, nil
}

// Cursor is the number of faces handed out.
func (s *Scripted) Cursor() int64 { return s.cursor }

// Remaining is the number of faces not yet rolled.
func (s *Scripted) Remaining() int { return len(s.faces) - int(s.cursor) }

// Faces returns the whole script.
func (s *Scripted) Faces() []int { return append([]int(nil), s.faces...) }

// ParseScript reads whitespace-separated integers.
func ParseScript(r io.Reader) ([]int, error) {
	sc := bufio.NewScanner(r)
	sc.Split(bufio.ScanWords)
	var out []int
	for sc.Scan() {
		v, err := strconv.Atoi(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("dice script item %d is %q, not an integer", len(out)+1, sc.Text())
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the dice script: %w", err)
	}
	return out, nil
}
