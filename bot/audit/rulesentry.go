package audit

import (
	"encoding/json"
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// KindRules marks a log entry naming the version of the rules the game's
// decisions are played under from a decision on (engine.Versioned): written
// by the game master when a game goes on under a kaleun whose reading of
// the rules changed. A verifier whose rules are another version can then
// say that the rules changed, rather than that the log did.
const KindRules engine.EventKind = "rules"

// RulesEvent is such an entry.
type RulesEvent struct {
	Kind  engine.EventKind `json:"kind"`
	Text  string           `json:"text"`
	Rules RulesVersion     `json:"rules"`
}

// RulesVersion is the version of the rules from a decision on.
type RulesVersion struct {
	Version string `json:"version"`
	From    int    `json:"from"`
}

// RulesEntry encodes the entry for the log; its text says nothing its
// fields do not, and verify rebuilds it from them.
func RulesEntry(v RulesVersion) json.RawMessage {
	text := fmt.Sprintf("From decision %d on, the rules are read as %s.", v.From, v.Version)
	b, err := json.Marshal(RulesEvent{Kind: KindRules, Text: text, Rules: v})
	if err != nil {
		panic(err) // strings and an int always encode
	}
	return b
}

// checkRulesEntries holds each rules entry to its form and its place: its
// text is the one its fields make, it numbers no dice, and it names the
// decision it is logged with.
func checkRulesEntries(x *Export) []Problem {
	for i, e := range x.Entries {
		if x.kind(i) != KindRules {
			continue
		}
		var ev RulesEvent
		if err := json.Unmarshal(e.Event, &ev); err != nil || ev.Rules.Version == "" {
			return []Problem{{e.Seq, "a rules entry without its version"}}
		}
		switch {
		case len(e.Dice) > 0:
			return []Problem{{e.Seq, "dice numbered on a rules entry"}}
		case ev.Rules.From != e.Decision:
			return []Problem{{e.Seq, fmt.Sprintf("a rules entry for decision %d logged with decision %d", ev.Rules.From, e.Decision)}}
		case !sameJSON(RulesEntry(ev.Rules), e.Event):
			return []Problem{{e.Seq, "the rules entry is not what the game master writes (its text, or a field it does not have, was changed)"}}
		}
	}
	return nil
}

// rulesVersions reads the version each decision was played under: the
// genesis entry's from the start, each rules entry's from its decision on;
// "" where the log names none (a log begun before versions were named).
type rulesVersions []RulesVersion

func versionsOf(x *Export) rulesVersions {
	var out rulesVersions
	for i, e := range x.Entries {
		switch x.kind(i) {
		case KindGenesis:
			var ge GenesisEvent
			if json.Unmarshal(e.Event, &ge) == nil && ge.Genesis.Rules != "" {
				out = append(out, RulesVersion{Version: ge.Genesis.Rules, From: 0})
			}
		case KindRules:
			var ev RulesEvent
			if json.Unmarshal(e.Event, &ev) == nil {
				out = append(out, ev.Rules)
			}
		}
	}
	return out
}

// at is the version decision d was played under.
func (vs rulesVersions) at(d int) string {
	v := ""
	for _, r := range vs {
		if r.From <= d {
			v = r.Version
		}
	}
	return v
}
