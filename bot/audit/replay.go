package audit

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
)

// replay starts the game from setup (the file's, or a former reading of it)
// with the logged faces and takes the logged decisions; each decision must
// give exactly the logged events. It
// returns the number of the last decision and whether the rules ended the
// game there; on a problem, the decision where the replay parted from the
// log (-1 when the rules failed on it). checkOrder has made sure each decision's entries come
// together and in order.
func replay(x *Export, setup json.RawMessage, faces []int, games map[string]engine.Rules) (last int, ended bool, probs []Problem) {
	last, ended, _, probs = replayAt(x, setup, faces, games)
	return last, ended, probs
}

// replayAt is replay, also saying at which decision a problem arose.
func replayAt(x *Export, setup json.RawMessage, faces []int, games map[string]engine.Rules) (last int, ended bool, at int, probs []Problem) {
	defer func() {
		// A forged file may lead the rules where no game goes: that is a
		// finding about the file, not a reason to crash.
		if r := recover(); r != nil {
			last, ended, at, probs = 0, false, -1, []Problem{{Msg: fmt.Sprintf("the rules fail on this log (%v): it is not a game they played", r)}}
		}
	}()
	rules := games[x.Game.Game]
	if rules == nil {
		return 0, false, -1, []Problem{{Msg: fmt.Sprintf("this verifier does not know the game %q", x.Game.Game)}}
	}
	byDecision := map[int][]persist.EventRecord{}
	for i, e := range x.Entries {
		if gameMasters(x.kind(i)) {
			continue // the game master's, not the rules'
		}
		byDecision[e.Decision] = append(byDecision[e.Decision], e)
		if e.Decision > last {
			last = e.Decision
		}
	}
	if len(byDecision) == 0 {
		return 0, false, 0, nil // a game still waiting to start: nothing to replay yet
	}
	d := dice.NewScripted(faces)
	st, events, err := rules.New(setup, d)
	if err != nil {
		return 0, false, 0, []Problem{{Msg: "the setup does not start a game: " + err.Error()}}
	}
	if p := compare(byDecision[0], events); p != nil {
		return 0, false, 0, []Problem{*p}
	}
	for dec := 1; dec <= last; dec++ {
		entries := byDecision[dec]
		if len(entries) == 0 {
			return dec - 1, false, dec, []Problem{{Msg: fmt.Sprintf("decision %d has no entries", dec)}}
		}
		var first engine.Event
		json.Unmarshal(entries[0].Event, &first)
		if first.Kind != engine.KindChoice || first.Choice == nil {
			return dec - 1, false, dec, []Problem{{entries[0].Seq, "a decision's log must open with the choice taken"}}
		}
		next, events, err := st.Apply(*first.Choice, d)
		if err != nil {
			var de *engine.DiceError
			if errors.As(err, &de) {
				return dec - 1, false, dec, []Problem{{entries[0].Seq, "the logged dice run out in the replay: " + err.Error()}}
			}
			return dec - 1, false, dec, []Problem{{entries[0].Seq, "the rules refuse this decision: " + err.Error()}}
		}
		if p := compare(entries, events); p != nil {
			return dec - 1, false, dec, []Problem{*p}
		}
		st = next
	}
	if d.Remaining() != 0 {
		return last, false, last, []Problem{{Msg: fmt.Sprintf("%d logged dice were not used by the replay", d.Remaining())}}
	}
	return last, st.Outcome() != nil, 0, nil
}

// compare checks logged entries against replayed events, one for one.
func compare(logged []persist.EventRecord, events []engine.Event) *Problem {
	for i, e := range events {
		b, _ := json.Marshal(e)
		if i >= len(logged) {
			return &Problem{Msg: fmt.Sprintf("the replay produced more events than were logged (%s)", e.String())}
		}
		// Exports may be indented or re-encoded: events compare in their
		// canonical form.
		if !sameJSON(b, logged[i].Event) {
			var ev engine.Event
			json.Unmarshal(logged[i].Event, &ev)
			return &Problem{logged[i].Seq, fmt.Sprintf("logged %q, but the rules give %q", ev.String(), e.String())}
		}
	}
	if len(logged) > len(events) {
		return &Problem{logged[len(events)].Seq, "logged, but the replay does not produce it"}
	}
	return nil
}
