package audit

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist/canonjson"
	"github.com/kaleun/kaleun/persist/record"
)

// checkChain recomputes every hash and link, in the file's log version.
func checkChain(x *Export) []Problem {
	prev := ""
	for i, e := range x.Entries {
		if e.Seq != uint64(i+1) {
			return []Problem{{e.Seq, fmt.Sprintf("out of order: expected entry %d here", i+1)}}
		}
		if e.Prev != prev {
			return []Problem{{e.Seq, "does not link to the entry before it (an entry was dropped, added or changed)"}}
		}
		if !x.hashMatches(i) {
			return []Problem{{e.Seq, "its hash does not match its content (the entry was altered)"}}
		}
		prev = e.Hash
	}
	if prev != x.Head {
		return []Problem{{Msg: "the head hash does not match the last entry (the log was cut short or extended)"}}
	}
	return nil
}

// hashMatches recomputes an entry's hash. Version 2 hashes the canonical
// form, which any faithful re-encoding shares. Version 1 hashed the bytes
// Go wrote; an event re-encoded by a tool that keeps member order (jq,
// Python's json) is written back in Go's form before giving up on it.
func (x *Export) hashMatches(i int) bool {
	version, e := x.Version, x.Entries[i]
	if version == record.LogV2 {
		// The canonical form of the entry around its event's, read once
		// (the event's is compared with the replay's too).
		if canon, ok := x.canon(i); ok {
			var h string
			if h, x.scratch, ok = record.HashEntryCanonical(e, canon, x.scratch); ok {
				return h == e.Hash
			}
		}
	}
	if h, err := record.HashEntryVersion(version, e); err == nil && h == e.Hash {
		return true
	}
	if version != record.LogV1 {
		return false
	}
	goForm, err := canonjson.GoForm(e.Event)
	if err != nil {
		return false
	}
	e.Event = goForm
	h, err := record.HashEntryVersion(version, e)
	return err == nil && h == e.Hash
}

// kindOf is an entry's event kind ("" when unreadable).
func kindOf(e record.EventRecord) engine.EventKind {
	var ev struct {
		Kind engine.EventKind `json:"kind"`
	}
	json.Unmarshal(e.Event, &ev)
	return ev.Kind
}

// kind is the event kind of entry i, read once.
func (x *Export) kind(i int) engine.EventKind {
	if x.kinds == nil {
		x.kinds = make([]engine.EventKind, len(x.Entries))
		for j, e := range x.Entries {
			// The dice check's decoding of the event, read once, says its
			// kind as kindOf would whenever it decodes; kindOf is asked
			// only when it does not (a field of another type).
			if le, err := x.decoded(j); err == nil {
				x.kinds[j] = le.Kind
			} else {
				x.kinds[j] = kindOf(e)
			}
		}
	}
	return x.kinds[i]
}

// gameMasters are the entries the game master writes, not the rules: a
// replay skips them.
func gameMasters(kind engine.EventKind) bool {
	return kind == KindSeed || kind == KindGenesis || kind == KindVoid || kind == KindRules || kind == KindEnded || kind == KindSubstitute
}

// checkGenesis holds the file's game and dice fields to what the first
// entry of a version 2 log commits. A version 1 log has no genesis entry:
// those fields are not bound there (Verify's caller says so).
func checkGenesis(x *Export) []Problem {
	for i, e := range x.Entries {
		if x.kind(i) == KindGenesis && (i > 0 || x.Version == record.LogV1) {
			return []Problem{{e.Seq, "a genesis entry that is not the first entry of a version 2 log"}}
		}
	}
	if x.Version == record.LogV1 {
		return nil
	}
	if len(x.Entries) == 0 || x.kind(0) != KindGenesis {
		return []Problem{{1, "a version 2 log opens with its genesis entry (the game's id, setup and dice scheme): this one does not"}}
	}
	first := x.Entries[0]
	var ge GenesisEvent
	if err := json.Unmarshal(first.Event, &ge); err != nil || len(first.Dice) > 0 {
		return []Problem{{first.Seq, "the genesis entry is not readable"}}
	}
	g := ge.Genesis
	if want, err := EncodeGenesis(g); err != nil || !x.sameAsEntry(want, 0) {
		return []Problem{{first.Seq, "the genesis entry is not what the game master writes (its text, or a field it does not have, was changed)"}}
	}
	bad := func(format string, a ...any) []Problem {
		return []Problem{{first.Seq, fmt.Sprintf(format, a...) + ": the file was relabelled"}}
	}
	switch {
	case g.Log != x.Version:
		return bad("the genesis entry commits log version %d, but the file says version %d", g.Log, x.Version)
	case g.ID != x.Game.ID:
		return bad("the genesis entry commits game id %q, but the file says %q", g.ID, x.Game.ID)
	case g.Game != x.Game.Game:
		return bad("the genesis entry commits the game %q, but the file says %q", g.Game, x.Game.Game)
	case !g.Created.Equal(x.Game.Created):
		return bad("the genesis entry commits creation at %s, but the file says %s", g.Created, x.Game.Created)
	case !sameJSON(g.Setup, x.Game.Setup):
		return bad("the genesis entry commits the setup %s, but the file says %s", g.Setup, x.Game.Setup)
	case g.Surface != x.Game.Surface:
		return bad("the genesis entry commits the surface %q, but the file says %q", g.Surface, x.Game.Surface)
	case g.Dice != x.Dice.Scheme:
		return bad("the genesis entry commits the dice scheme %q, but the file says %q", g.Dice, x.Dice.Scheme)
	case g.Dice == SchemeHMAC && g.DiceGameID != x.Dice.GameID:
		return bad("the genesis entry commits dice derived with id %q, but the file says %q", g.DiceGameID, x.Dice.GameID)
	case g.Surface != SurfaceTerminal && g.Dice != SchemeHMAC:
		return []Problem{{first.Seq, fmt.Sprintf("a %s game with %s dice: only a terminal game may script its dice", g.Surface, g.Dice)}}
	}
	return nil
}

// sameJSON tells whether two JSON texts have the same canonical form.
func sameJSON(a, b json.RawMessage) bool {
	ca, err1 := canonjson.JCS(a)
	cb, err2 := canonjson.JCS(b)
	return err1 == nil && err2 == nil && bytes.Equal(ca, cb)
}

// checkOrder holds the log to the order decisions are taken in: decision
// numbers never go down, a decision's rules entries are logged together,
// the game master's entries of decision D come after D's rules entries
// (a seed revealed or committed once D was taken; only the setup's come
// before decision 0's), and no rules entry comes before the start.
func checkOrder(x *Export) []Problem {
	prev, lastRules := -1, -1
	rulesSeen, masterSince, ended := false, false, false
	for i, e := range x.Entries {
		if ended && x.kind(i) != KindSeed {
			return []Problem{{e.Seq, "an entry after the game master ended the game (only its seed's reveal may follow)"}}
		}
		ended = ended || x.kind(i) == KindEnded
		switch {
		case e.Decision < -1:
			return []Problem{{e.Seq, fmt.Sprintf("decision %d: decisions are numbered from -1 (before the start)", e.Decision)}}
		case e.Decision < prev:
			return []Problem{{e.Seq, fmt.Sprintf("logged for decision %d after decision %d: decisions are logged in the order they were taken", e.Decision, prev)}}
		}
		prev = e.Decision
		if gameMasters(x.kind(i)) {
			if e.Decision > 0 && (!rulesSeen || lastRules != e.Decision) {
				return []Problem{{e.Seq, fmt.Sprintf("a game master's entry logged for decision %d before that decision was taken", e.Decision)}}
			}
			masterSince = true
			continue
		}
		switch {
		case e.Decision < 0:
			return []Problem{{e.Seq, "a rules event logged before the game's start"}}
		case rulesSeen && e.Decision == lastRules && masterSince:
			return []Problem{{e.Seq, fmt.Sprintf("decision %d goes on after the game master's entries that followed it", e.Decision)}}
		}
		rulesSeen, lastRules, masterSince = true, e.Decision, false
	}
	return nil
}
