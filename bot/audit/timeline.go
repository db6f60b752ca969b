package audit

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// Timeline replays a game's decisions and undos through its rules, with the
// logged dice in the order they were rolled. The bot builds one to undo a
// decision, and verify builds one to check a log: both take the same steps,
// so a verifier given the log reproduces every state an undo brought back,
// the dice it discarded and the marks it left.
type Timeline struct {
	rules *engine.Game
	dice  *dice.Scripted
	faces []int
	// State is the game as it stands after the steps taken so far.
	State engine.State
	// Live are the decisions in force, oldest first; Live[0] is the start
	// (decision 0), which no undo takes back.
	Live []Decided
	// Undos counts the voids so far, and Undone each seat's voids that came
	// after dice were seen.
	Undos  int
	Undone map[string]int
	// revealedAfter is the last decision after which a seed was revealed
	// (-1: none): no undo reaches back across it.
	revealedAfter int
}

// Decided is one decision in force.
type Decided struct {
	Number int
	// Before is the state the decision answered and Prompt the prompt it
	// answered (nil for the start).
	Before engine.State
	Prompt *engine.Prompt
	Choice engine.Choice
	// Said is what the log said of the choice (its choice event's text).
	Said string
	// Dice are the numbers of the dice it rolled, Faces their faces.
	Dice  []int64
	Faces []int
}

// ErrUndo wraps the reasons an undo is refused.
var ErrUndo = errors.New("no undo")

// NewTimeline starts a game from its setup with the logged faces (every
// die of the log, in order): the start is decision 0.
func NewTimeline(rules *engine.Game, setup []byte, faces []int) (*Timeline, []engine.Event, error) {
	t := &Timeline{rules: rules, dice: dice.NewScripted(faces), faces: faces, Undone: map[string]int{}, revealedAfter: -1}
	st, events, err := rules.Rules.New(setup, t.dice)
	if err != nil {
		return nil, nil, err
	}
	t.State = st
	t.Live = []Decided{{Number: 0, Dice: dieNumbers(0, t.dice.Cursor()), Faces: faces[:t.dice.Cursor()]}}
	return t, events, nil
}

// Cursor is the number of dice rolled so far.
func (t *Timeline) Cursor() int64 { return t.dice.Cursor() }

// Remaining is the number of logged dice not rolled yet.
func (t *Timeline) Remaining() int { return t.dice.Remaining() }

// Decide takes decision number n.
func (t *Timeline) Decide(n int, c engine.Choice) ([]engine.Event, error) {
	from := t.dice.Cursor()
	p := promptFor(t.State, c.Token)
	next, events, err := t.State.Apply(c, t.dice)
	if err != nil {
		return nil, err
	}
	faces := t.faces[from:t.dice.Cursor()]
	said := ""
	for _, e := range events {
		if e.Kind == engine.KindChoice {
			said = e.Text
			break
		}
	}
	t.Live = append(t.Live, Decided{Number: n, Before: t.State, Prompt: p, Choice: c, Said: said, Dice: dieNumbers(from, t.dice.Cursor()), Faces: faces})
	t.State = next
	return events, nil
}

// Revealed notes that a seed was revealed after decision n.
func (t *Timeline) Revealed(n int) { t.revealedAfter = n }

// Last is the number of the last decision in force that seat answered (""
// in a solitaire game), or false when there is none to undo.
func (t *Timeline) Last(seat string) (int, bool) {
	for i := len(t.Live) - 1; i >= 1; i-- {
		if seatOf(t.Live[i].Prompt) == seat {
			return t.Live[i].Number, true
		}
	}
	return 0, false
}

// InForce tells whether decision n was taken and not undone.
func (t *Timeline) InForce(n int) bool {
	for _, d := range t.Live {
		if d.Number == n {
			return true
		}
	}
	return false
}

// Plan is the void that takes back decision n, for the player by at seat:
// it and the decisions in force after it, with the dice they rolled. It is
// refused (ErrUndo, with why) when the rules or the log do not let it be
// undone. others lists the seats of the other players whose decisions it
// takes back.
func (t *Timeline) Plan(n int, by, seat string) (v Void, others []string, err error) {
	undo := t.rules.Undo
	if undo == nil {
		return Void{}, nil, fmt.Errorf("%w: this game has no undo", ErrUndo)
	}
	at := -1
	for i := 1; i < len(t.Live); i++ {
		if t.Live[i].Number == n {
			at = i
		}
	}
	switch {
	case t.State.Outcome() != nil:
		return Void{}, nil, fmt.Errorf("%w: the game is over, and the decision that ended it stands", ErrUndo)
	case n == 0:
		return Void{}, nil, fmt.Errorf("%w: the game's start is not a decision anyone can take back", ErrUndo)
	case at < 0:
		return Void{}, nil, fmt.Errorf("%w: decision %d is not in force (it was undone already, or never taken)", ErrUndo, n)
	case seatOf(t.Live[at].Prompt) != seat:
		return Void{}, nil, fmt.Errorf("%w: decision %d was not yours to take", ErrUndo, n)
	case t.revealedAfter >= n:
		return Void{}, nil, fmt.Errorf("%w: the dice seed was revealed after decision %d was taken, and an undo never reaches back across a reveal", ErrUndo, n)
	}
	was, _ := undo.UndoSpan(t.Live[at].Before)
	if now, span := undo.UndoSpan(t.State); was != now {
		return Void{}, nil, fmt.Errorf("%w: decision %d was taken in an earlier %s, and undo steps back only within the current %s", ErrUndo, n, span, span)
	}
	v = Void{N: t.Undos + 1, Decision: n, Choice: t.Live[at].Said, By: by, Seat: seat}
	for _, d := range t.Live[at:] {
		v.Decisions = append(v.Decisions, d.Number)
		v.Dice = append(v.Dice, d.Dice...)
		v.Faces = append(v.Faces, d.Faces...)
		if s := seatOf(d.Prompt); s != seat && !slices.Contains(others, s) {
			others = append(others, s)
		}
	}
	return v, others, nil
}

// Void takes back what v names: the state its decision answered comes
// back, told of the undo (engine.Undo.Restored), and the dice stay where
// they are. v must be exactly what Plan makes of its decision, by and seat.
func (t *Timeline) Void(v Void) error {
	want, others, err := t.Plan(v.Decision, v.By, v.Seat)
	if err != nil {
		return err
	}
	needed := len(t.rules.Seats) > 1 && (want.AfterDice() || len(others) > 0)
	switch {
	case needed && v.Consent == "":
		return fmt.Errorf("%w: decision %d was taken back without the other player's consent, which a game for several needs once dice were seen or another player has decided since", ErrUndo, v.Decision)
	case !needed && v.Consent != "":
		return fmt.Errorf("%w: the undo of decision %d names a consent (%s) that nobody is asked for here", ErrUndo, v.Decision, v.Consent)
	}
	want.Consent = v.Consent
	if !sameVoid(want, v) {
		return fmt.Errorf("the void does not name what undoing decision %d takes back: it should void decisions %v with dice %v", v.Decision, want.Decisions, want.Dice)
	}
	at := len(t.Live) - len(v.Decisions)
	if v.AfterDice() {
		t.Undone[v.Seat]++
	}
	t.Undos++
	st, err := t.rules.Undo.Restored(t.Live[at].Before, t.Undos, t.undone())
	if err != nil {
		return fmt.Errorf("restoring the state of decision %d: %w", v.Decision, err)
	}
	t.State, t.Live = st, t.Live[:at]
	return nil
}

// undone is a copy of the counts of undos after dice, by seat.
func (t *Timeline) undone() map[string]int {
	out := make(map[string]int, len(t.Undone))
	for k, n := range t.Undone {
		out[k] = n
	}
	return out
}

// UndoneAfterDice is the game's count of decisions undone after dice were
// seen, all seats together.
func (t *Timeline) UndoneAfterDice() int {
	n := 0
	for _, k := range t.Undone {
		n += k
	}
	return n
}

func sameVoid(a, b Void) bool {
	return a.N == b.N && a.Decision == b.Decision && a.Choice == b.Choice && slices.Equal(a.Decisions, b.Decisions) &&
		slices.Equal(a.Dice, b.Dice) && slices.Equal(a.Faces, b.Faces) && a.By == b.By && a.Seat == b.Seat && a.Consent == b.Consent
}

// promptFor is the pending prompt a token names (the only one when the
// token is empty).
func promptFor(st engine.State, token string) *engine.Prompt {
	if engine.IsMulti(st) {
		for _, p := range engine.PendingAll(st) {
			if p.Token == token {
				return p
			}
		}
	}
	return st.Pending()
}

func seatOf(p *engine.Prompt) string {
	if p == nil {
		return ""
	}
	return p.Seat
}

func dieNumbers(from, to int64) []int64 {
	if to <= from {
		return nil
	}
	out := make([]int64, 0, to-from)
	for k := from; k < to; k++ {
		out = append(out, k)
	}
	return out
}
