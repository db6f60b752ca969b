package hunters

import (
	"encoding/json"
	"strings"
)

// A game plays to its end under the rulings it was begun with, even when a
// later kaleun changes a ruling's default. A saved state names the value of
// every ruling (Settings.MarshalJSON), so a state that does not name one was
// saved before the rulings were recorded, and Decode gives it the value the
// default had then. An audit log replays from its setup, which names only
// what the player chose: FormerSetups gives the readings an older kaleun made
// of it, for the verifier (bot/audit) to try when the current one does not
// replay the log.

// defaultChange is one change of a ruling's default: Former is the value a
// game begun before it plays when its setup names none.
type defaultChange struct{ Key, Former string }

// defaultChanges lists the changes of a default, oldest first.
var defaultChanges = []defaultChange{
	// The load follows the text (4.4.2, 6.1): the assignment was rolled first.
	{"torpedo_load_order", "after_assignment"},
	// The log's words were mended (issue 18): 8,500 t, 1 hit, empty tubes.
	{"wording", "first"},
}

// keepFormerDefaults gives a state saved before the rulings were recorded
// the values its game was played with: every ruling it does not name takes
// the default of the time. Rulings added since keep their default (a state
// that predates one never played with it).
func (s *Settings) keepFormerDefaults() {
	for _, c := range defaultChanges {
		i := mustRuling(c.Key)
		if !s.named(i) {
			s.setRuling(i, c.Former)
		}
	}
}

// FormerRules are the readings older kaleuns made of a setup's rules list
// (optional rules and rulings, as ParseRules reads it): for each change of a
// default, newest first, the list naming the former value of every ruling
// changed since then that the list leaves to its default. A list naming all
// of them, or one ParseRules refuses, has none.
func FormerRules(list string) []string {
	set, err := ParseRules(list)
	if err != nil {
		return nil
	}
	var out []string
	for from := len(defaultChanges) - 1; from >= 0; from-- {
		var add []string
		for _, c := range defaultChanges[from:] {
			if !set.named(mustRuling(c.Key)) {
				add = append(add, c.Key+"="+c.Former)
			}
		}
		if len(add) == 0 {
			continue
		}
		reading := strings.Join(add, ",")
		if strings.TrimSpace(list) != "" {
			reading = list + "," + reading
		}
		if len(out) == 0 || out[len(out)-1] != reading {
			out = append(out, reading)
		}
	}
	return out
}

// FormerSetups implements engine.Reread for a setup whose "rules" answer is
// FormerRules' list: a career's, a duel's or a wolfpack's. Other answers are
// kept as they are.
func FormerSetups(setup []byte) [][]byte {
	var in map[string]string
	if len(setup) > 0 {
		if err := json.Unmarshal(setup, &in); err != nil {
			return nil
		}
	}
	var out [][]byte
	for _, rules := range FormerRules(in["rules"]) {
		reading := make(map[string]string, len(in)+1)
		for k, v := range in {
			reading[k] = v
		}
		reading["rules"] = rules
		b, err := json.Marshal(reading)
		if err != nil {
			continue
		}
		out = append(out, b)
	}
	return out
}

// FormerSetups implements engine.Reread.
func (r *Rules) FormerSetups(setup []byte) [][]byte { return FormerSetups(setup) }
