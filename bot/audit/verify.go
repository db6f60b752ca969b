package audit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
)

// Problem is one thing that does not check out.
type Problem struct {
	Seq uint64 // the entry, or 0 for the file as a whole
	Msg string
}

func (p Problem) String() string {
	if p.Seq == 0 {
		return p.Msg
	}
	return fmt.Sprintf("entry %d: %s", p.Seq, p.Msg)
}

// Verify checks an export. It returns every problem found, the first bad
// entry first; none means the log is intact, every die is what the seed makes
// it, and the rules replay the decisions to the very same events.
func Verify(data []byte, games map[string]engine.Rules) []Problem {
	var x Export
	if err := json.Unmarshal(data, &x); err != nil {
		return []Problem{{Msg: "not an audit file: " + err.Error()}}
	}
	if x.Format != Format || x.Version != Version {
		return []Problem{{Msg: fmt.Sprintf("format %q version %d: this verifier reads %s version %d", x.Format, x.Version, Format, Version)}}
	}
	var out []Problem
	out = append(out, checkChain(&x)...)
	faces, probs := checkDice(&x)
	out = append(out, probs...)
	if len(out) > 0 {
		return out // replaying a broken log would only repeat the same news
	}
	return replay(&x, faces, games)
}

// checkChain recomputes every hash and link.
func checkChain(x *Export) []Problem {
	var out []Problem
	prev := ""
	for i, e := range x.Entries {
		if e.Seq != uint64(i+1) {
			out = append(out, Problem{e.Seq, fmt.Sprintf("out of order: expected entry %d here", i+1)})
			return out
		}
		if e.Prev != prev {
			out = append(out, Problem{e.Seq, "does not link to the entry before it (an entry was dropped, added or changed)"})
			return out
		}
		h, err := persist.HashEntry(e)
		if err != nil || h != e.Hash {
			out = append(out, Problem{e.Seq, "its hash does not match its content (the entry was altered)"})
			return out
		}
		prev = e.Hash
	}
	if prev != x.Head {
		out = append(out, Problem{Msg: "the head hash does not match the last entry (the log was cut short or extended)"})
	}
	return out
}

// sidesOf tells the die size of a roll's notation.
func sidesOf(notation string) (int, bool) {
	switch notation {
	case "1d6", "2d6", "d66":
		return 6, true
	case "1d10", "1d10+1d10":
		return 10, true
	case "1d20":
		return 20, true
	}
	return 0, false
}

// checkDice numbers every die and checks it against the seed or the script.
func checkDice(x *Export) ([]int, []Problem) {
	var seed []byte
	if x.Dice.Scheme == "hmac-sha256/1" && x.Dice.Seed != "" {
		var err error
		if seed, err = hex.DecodeString(x.Dice.Seed); err != nil {
			return nil, []Problem{{Msg: "the revealed seed is not hex"}}
		}
		if dice.Commitment(seed) != x.Dice.Commitment {
			return nil, []Problem{{Msg: "the revealed seed does not match the commitment"}}
		}
	}
	var faces []int
	for _, e := range x.Entries {
		var ev engine.Event
		if err := json.Unmarshal(e.Event, &ev); err != nil {
			return nil, []Problem{{e.Seq, "event is not readable"}}
		}
		if ev.Roll == nil {
			if len(e.Dice) > 0 {
				return nil, []Problem{{e.Seq, "dice numbered on an entry that is not a roll"}}
			}
			continue
		}
		if len(e.Dice) != len(ev.Roll.Faces) {
			return nil, []Problem{{e.Seq, fmt.Sprintf("%d faces but %d dice numbered", len(ev.Roll.Faces), len(e.Dice))}}
		}
		sides, ok := sidesOf(ev.Roll.Dice)
		if !ok {
			return nil, []Problem{{e.Seq, "unknown dice " + ev.Roll.Dice}}
		}
		for i, k := range e.Dice {
			if k != int64(len(faces)) {
				return nil, []Problem{{e.Seq, fmt.Sprintf("die #%d comes where die #%d was due", k, len(faces))}}
			}
			f := ev.Roll.Faces[i]
			switch {
			case seed != nil:
				if want := dice.Derive(seed, x.Dice.GameID, k, sides); f != want {
					return nil, []Problem{{e.Seq, fmt.Sprintf("die #%d shows %d but the seed makes it %d", k, f, want)}}
				}
			case x.Dice.Scheme == "scripted":
				if int(k) >= len(x.Dice.Faces) || x.Dice.Faces[k] != f {
					return nil, []Problem{{e.Seq, fmt.Sprintf("die #%d shows %d, not the scripted face", k, f)}}
				}
			}
			faces = append(faces, f)
		}
	}
	return faces, nil
}

// replay starts the game from its setup with the logged faces and takes the
// logged decisions; each decision must give exactly the logged events.
func replay(x *Export, faces []int, games map[string]engine.Rules) []Problem {
	rules := games[x.Game.Game]
	if rules == nil {
		return []Problem{{Msg: fmt.Sprintf("this verifier does not know the game %q", x.Game.Game)}}
	}
	byDecision := map[int][]persist.EventRecord{}
	last := 0
	for _, e := range x.Entries {
		byDecision[e.Decision] = append(byDecision[e.Decision], e)
		if e.Decision > last {
			last = e.Decision
		}
	}
	d := dice.NewScripted(faces)
	st, events, err := rules.New(x.Game.Setup, d)
	if err != nil {
		return []Problem{{Msg: "the setup does not start a game: " + err.Error()}}
	}
	if p := compare(byDecision[0], events); p != nil {
		return []Problem{*p}
	}
	for dec := 1; dec <= last; dec++ {
		entries := byDecision[dec]
		if len(entries) == 0 {
			return []Problem{{Msg: fmt.Sprintf("decision %d has no entries", dec)}}
		}
		var first engine.Event
		json.Unmarshal(entries[0].Event, &first)
		if first.Kind != engine.KindChoice || first.Choice == nil {
			return []Problem{{entries[0].Seq, "a decision's log must open with the choice taken"}}
		}
		next, events, err := st.Apply(*first.Choice, d)
		if err != nil {
			var de *engine.DiceError
			if errors.As(err, &de) {
				return []Problem{{entries[0].Seq, "the logged dice run out in the replay: " + err.Error()}}
			}
			return []Problem{{entries[0].Seq, "the rules refuse this decision: " + err.Error()}}
		}
		if p := compare(entries, events); p != nil {
			return []Problem{*p}
		}
		st = next
	}
	if d.Remaining() != 0 {
		return []Problem{{Msg: fmt.Sprintf("%d logged dice were not used by the replay", d.Remaining())}}
	}
	return nil
}

// compare checks logged entries against replayed events, one for one.
func compare(logged []persist.EventRecord, events []engine.Event) *Problem {
	for i, e := range events {
		b, _ := json.Marshal(e)
		if i >= len(logged) {
			return &Problem{Msg: fmt.Sprintf("the replay produced more events than were logged (%s)", e.String())}
		}
		// Exports may be indented; events compare in compact form.
		var want bytes.Buffer
		if err := json.Compact(&want, logged[i].Event); err != nil || !bytes.Equal(b, want.Bytes()) {
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
