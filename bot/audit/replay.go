package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist/record"
)

// replay starts the game from setup (the file's, or a former reading of it)
// with the logged faces and takes the logged decisions, and the undos
// between them (void entries); each decision
// must give exactly the logged events, and each void must take back exactly
// what undoing its decision takes back. It returns the number of the last
// decision, whether the rules ended the game there, and the undos seen.
// checkOrder has made sure each decision's entries come together and in
// order, the game master's after them.
func replay(x *Export, setup json.RawMessage, faces []int, games engine.Registry) (replayed, []Problem) {
	rules := games[x.Game.Game]
	if rules == nil {
		return replayed{}, []Problem{{Msg: fmt.Sprintf("this verifier does not know the game %q", x.Game.Game)}}
	}
	_, res, probs := walk(x, rules, setup, faces, true)
	return res, probs
}

// ErrNotStarted is Rebuild's answer for a log that stops before the game's
// start: a game that waits for its players (a duel's challenge accepted,
// a set-up with a Start) has no state yet.
var ErrNotStarted = errors.New("the game has not started")

// Rebuild replays a stored game's log, its decisions and its undos, through
// its rules with the logged dice, trusting the logged events (verify is
// what compares them): the bot undoes a decision from the timeline it
// gives.
func Rebuild(rules *engine.Game, setup json.RawMessage, entries []record.EventRecord) (*Timeline, error) {
	x := &Export{Game: GameInfo{Setup: setup}, Entries: entries}
	var faces []int
	for _, e := range entries {
		if len(e.Dice) == 0 {
			continue
		}
		var le logEntry
		if err := json.Unmarshal(e.Event, &le); err != nil || le.Roll == nil {
			return nil, fmt.Errorf("log entry %d: dice numbered on an entry that is not a roll", e.Seq)
		}
		faces = append(faces, le.Roll.Faces...)
	}
	t, _, probs := walk(x, rules, setup, faces, false)
	if len(probs) > 0 {
		return nil, errors.New(probs[0].String())
	}
	if t == nil {
		return nil, ErrNotStarted
	}
	return t, nil
}

// walk replays x through rules; with check, each decision's events are
// compared with the logged ones.
func walk(x *Export, rules *engine.Game, setup json.RawMessage, faces []int, check bool) (t *Timeline, res replayed, probs []Problem) {
	defer func() {
		// A forged file may lead the rules where no game goes: that is a
		// finding about the file, not a reason to crash.
		if r := recover(); r != nil {
			t, res, probs = nil, replayed{at: -1}, []Problem{{Msg: fmt.Sprintf("the rules fail on this log (%v): it is not a game they played", r)}}
		}
	}()
	byDecision := map[int][]int{} // each decision's rules entries, by index
	masters := map[int][]int{}    // the game master's entries after each decision, by index
	for i, e := range x.Entries {
		if gameMasters(x.kind(i)) {
			masters[e.Decision] = append(masters[e.Decision], i)
			continue
		}
		byDecision[e.Decision] = append(byDecision[e.Decision], i)
		if e.Decision > res.last {
			res.last = e.Decision
		}
	}
	if len(byDecision) == 0 {
		if hasVoid(x, masters) {
			return nil, res, []Problem{{Msg: "an undo in a game that has not started"}}
		}
		return nil, res, nil // a game still waiting to start: nothing to replay yet
	}
	t, events, err := NewTimeline(rules, setup, faces)
	if err != nil {
		res.last, res.at = 0, 0
		return nil, res, []Problem{{Msg: "the setup does not start a game: " + err.Error()}}
	}
	if p := compare(x, byDecision[0], events, check); p != nil {
		res.last, res.at = 0, 0
		return t, res, []Problem{*p}
	}
	last := res.last
	for dec := 0; dec <= last; dec++ {
		// Where the replay parts from the log, if it does.
		res.last, res.at = max(dec-1, 0), dec
		if dec > 0 {
			entries := byDecision[dec]
			if len(entries) == 0 {
				return t, res, []Problem{{Msg: fmt.Sprintf("decision %d has no entries", dec)}}
			}
			opening := x.Entries[entries[0]]
			var first engine.Event
			json.Unmarshal(opening.Event, &first)
			if first.Kind != engine.KindChoice || first.Choice == nil {
				return t, res, []Problem{{opening.Seq, "a decision's log must open with the choice taken"}}
			}
			events, err := t.Decide(dec, *first.Choice)
			if err != nil {
				var de *engine.DiceError
				if errors.As(err, &de) {
					return t, res, []Problem{{opening.Seq, "the logged dice run out in the replay: " + err.Error()}}
				}
				return t, res, []Problem{{opening.Seq, "the rules refuse this decision: " + err.Error()}}
			}
			if p := compare(x, entries, events, check); p != nil {
				return t, res, []Problem{*p}
			}
		}
		for _, i := range masters[dec] {
			if p := replayMaster(x, i, t); p != nil {
				return t, res, []Problem{*p}
			}
		}
	}
	res.last, res.at = last, last
	if t.Remaining() != 0 {
		return t, res, []Problem{{Msg: fmt.Sprintf("%d logged dice were not used by the replay", t.Remaining())}}
	}
	res.at = 0
	res.ended = t.State.Outcome() != nil
	res.undos, res.undoneAfterDice = t.Undos, t.UndoneAfterDice()
	return t, res, nil
}

// replayed is what a replay found: on a problem, at is the decision where
// the replay parted from the log (-1 when the rules failed on it).
type replayed struct {
	last, at               int
	ended                  bool
	undos, undoneAfterDice int
}

// replayMaster acts on a game master's entry: a seed revealed (no undo
// reaches back across it) or a void.
func replayMaster(x *Export, i int, t *Timeline) *Problem {
	e := x.Entries[i]
	switch x.kind(i) {
	case KindSeed:
		var se SeedEvent
		if json.Unmarshal(e.Event, &se) == nil && se.Seed.Action == ActionReveal {
			t.Revealed(e.Decision)
		}
	case KindVoid:
		var ve VoidEvent
		if err := json.Unmarshal(e.Event, &ve); err != nil || len(e.Dice) > 0 {
			return &Problem{e.Seq, "the void entry is not readable"}
		}
		if want, _ := VoidEntry(ve.Void); !sameJSON(want, e.Event) {
			return &Problem{e.Seq, "the void entry is not what the game master writes (its text, or a field it does not have, was changed)"}
		}
		if err := t.Void(ve.Void); err != nil {
			return &Problem{e.Seq, "this undo could not have been made: " + err.Error()}
		}
	}
	return nil
}

func hasVoid(x *Export, masters map[int][]int) bool {
	for _, is := range masters {
		for _, i := range is {
			if x.kind(i) == KindVoid {
				return true
			}
		}
	}
	return false
}

// compare checks the logged entries (x's, by index) against replayed
// events, one for one; without check (Rebuild trusts the log) it compares
// nothing.
func compare(x *Export, logged []int, events []engine.Event, check bool) *Problem {
	if !check {
		return nil
	}
	for i, e := range events {
		if i >= len(logged) {
			return &Problem{Msg: fmt.Sprintf("the replay produced more events than were logged (%s)", e.String())}
		}
		l := x.Entries[logged[i]]
		b, _ := json.Marshal(e)
		// Exports may be indented or re-encoded: events compare in their
		// canonical form. The same bytes have the same one (and a game
		// master's export holds the very bytes the rules wrote), so only
		// other bytes are canonicalised. Verify has held the whole file to
		// I-JSON first, so the logged bytes have a canonical form.
		if !bytes.Equal(b, l.Event) && !x.sameAsEntry(b, logged[i]) {
			var ev engine.Event
			json.Unmarshal(l.Event, &ev)
			return &Problem{l.Seq, fmt.Sprintf("logged %q, but the rules give %q", ev.String(), e.String())}
		}
	}
	if len(logged) > len(events) {
		return &Problem{x.Entries[logged[len(events)]].Seq, "logged, but the replay does not produce it"}
	}
	return nil
}
