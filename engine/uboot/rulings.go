package uboot

import (
	"fmt"
	"strings"
)

// The ambiguities of digest §15 that the board meets, each a named ruling
// with the digest's default (docs/contributors/rulings.md). The setup's
// "rulings" answer sets them: "blocked=pass,crew-bag=cap".

const (
	rMoraleStart = "morale-start" // §15.1, §7.3
	rBlocked     = "blocked"      // §15.2, §7.2
	rCrewBag     = "crew-bag"     // §15.4, §6.12
	rPerRole     = "per-role"     // §15.8, §5.1
	rToolboxes   = "toolboxes"    // §15.9, §5.2
	rCombos      = "combos"       // §15.5, §9.4
	rLemons      = "lemons"       // §15.5, §9.4.2
	rHatches     = "hatches"      // §15.6, §10.3.9
	// Found by the independent check (docs/players/uboot.md), not in
	// digest §15.
	rEasyBusy      = "easy-busy"      // §6.5, §6.7
	rLightingExtra = "lighting-extra" // §10.3.5
	rSameKind      = "same-kind"      // §6.12, §10.3.4
)

// Ruling is one named ruling: its values (the first the default) and what
// each does.
type Ruling struct {
	Name, Case, Question string
	Values               []string
	Says                 map[string]string
}

var rulingList = []Ruling{
	{Name: rMoraleStart, Case: "7.3", Question: "Where the Morale Track's order token starts (not stated)",
		Values: []string{"XI", "X", "IX", "VIII"},
		Says: map[string]string{"XI": "the leftmost space: morale never rises above XI (digest's inference)",
			"X": "space X, as the app's set-up may show", "IX": "space IX", "VIII": "space VIII"}},
	{Name: rBlocked, Case: "7.2", Question: "How a blocked Order Track space shortens the track",
		Values: []string{"stop", "pass"},
		Says: map[string]string{"stop": "the order token cannot enter a blocked space: each block costs one order a watch (digest's inference)",
			"pass": "the order token passes over blocked spaces, and the final space always ends the track: a block on the final space costs nothing"}},
	{Name: rCrewBag, Case: "6.12", Question: "Crew-token draws larger than the bag of 16",
		Values: []string{"refill", "cap"},
		Says: map[string]string{"refill": "every resolution draws from the full bag, without replacement; past 16 the bag is refilled and the draw goes on (digest's natural reading)",
			"cap": "every resolution draws from the full bag, without replacement, and never more than 16 tokens"}},
	{Name: rPerRole, Case: "5.1", Question: "Per-player components when players hold several roles",
		Values: []string{"per-role", "per-player"},
		Says: map[string]string{"per-role": "every role gets its 2 cigarettes, however many play (§5.1: per player becomes per role)",
			"per-player": "2 cigarettes per player at the table, all held by the Captain's role"}},
	{Name: rToolboxes, Case: "5.2", Question: "Which toolbox starts in section 2 and which in 4",
		Values: []string{"I-in-2", "II-in-2"},
		Says:   map[string]string{"I-in-2": "toolbox I in section 2, toolbox II in section 4", "II-in-2": "toolbox II in section 2, toolbox I in section 4"}},
	{Name: rCombos, Case: "9.4", Question: "Whether a meal of 2 or 3 tokens must be a named combination (the recipes' icons are lost)",
		Values: []string{"recipe", "free"},
		Says: map[string]string{"recipe": "2 or 3 tokens must be one of the pack's 8 combinations (digest's inference from the 'no combo' example)",
			"free": "any connected 2 or 3 tokens make a meal; the combinations only name them"}},
	{Name: rLemons, Case: "9.4.2", Question: "Whether the lemons set aside are discarded at 22:00",
		Values: []string{"discard", "keep"},
		Says: map[string]string{"discard": "the lemons set aside go to the discard pile with the day's meals (they were eaten)",
			"keep": "the lemons set aside stay aside, out of the Food Supply"}},
	{Name: rHatches, Case: "10.3.9", Question: "Where the torpedo-loading hatches lead (the route outside is not described)",
		Values: []string{"deck", "direct"},
		Says: map[string]string{"deck": "onto the deck: the hatch in 1 opens to the fore-deck (7), the one in 6 to the bridge's deck (8); from there 7-8 and 8-3 as usual",
			"direct": "over the deck from one hatch to the other: 1 and 6 are one step apart"}},
	{Name: rEasyBusy, Case: "6.5", Question: "An easy Captain's step-down on a busy order (observation, a technical repair): specialists 'do not activate', yet a busy sailor is activated with his busy token (§6.7)",
		Values: []string{"token", "extra"},
		Says: map[string]string{"token": "every sailor of a busy order takes its busy token (it shows he is busy, §6.7), and the step-down takes away the non-specialist's extra activation: he is 'activated only once', by the token",
			"extra": "every sailor of a busy order takes its busy token, and the non-specialist his extra activation too: §6.7's 'one additional activation token' is not stepped down"}},
	{Name: rLightingExtra, Case: "10.3.5", Question: "Which of the sailors picked in a dark section is the lighting failure's extra one (a single activation token whatever his icons)",
		Values: []string{"picked", "cheapest"},
		Says: map[string]string{"picked": "the players say it by the order they pick: the sailors picked first carry out the order, and the last one picked in the dark section is its extra",
			"cheapest": "whatever the order picked, the board makes the extra the sailor that leaves the fewest activations (a non-specialist before a specialist)"}},
	{Name: rSameKind, Case: "6.12", Question: "A second token of a kind (a second fire) placed in a section that holds one: the crew damage of its placement",
		Values: []string{"all", "new"},
		Says: map[string]string{"all": "the crew there draw as many crew tokens each as the section holds tokens of the kind, the new one included (§6.12: 'two fire tokens and three sailors… six tokens')",
			"new": "the placement resolves the new token alone, one crew token a sailor (the first one's was resolved when it came); later resolutions count every token"}},
}

func findRuling(name string) (Ruling, bool) {
	for _, r := range rulingList {
		if r.Name == name {
			return r, true
		}
	}
	return Ruling{}, false
}

// parseRulings reads "name=value,…": every name known, every value one of
// its ruling's.
func parseRulings(a string) (map[string]string, error) {
	out := map[string]string{}
	for _, part := range strings.Split(a, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		r, known := findRuling(strings.TrimSpace(name))
		if !ok || !known {
			var names []string
			for _, r := range rulingList {
				names = append(names, r.Name)
			}
			return nil, fmt.Errorf("%q: want name=value, the names being %s", part, strings.Join(names, ", "))
		}
		val = strings.TrimSpace(val)
		if !has(r.Values, val) {
			return nil, fmt.Errorf("ruling %s: %q is not one of %s (§%s)", r.Name, val, strings.Join(r.Values, ", "), r.Case)
		}
		out[r.Name] = val
	}
	return out, nil
}

// ruling is the value in force: the game's, else the default.
func (s *State) ruling(name string) string {
	if v, ok := s.Rulings[name]; ok {
		return v
	}
	r, _ := findRuling(name)
	return r.Values[0]
}

func moraleStart(v string) int {
	for i, sp := range moraleSpaces {
		if sp == v {
			return i
		}
	}
	return 0
}

// rulingLines are the rulings in force, for the variants view.
func (s *State) rulingLines() []string {
	var out []string
	for _, r := range rulingList {
		v := s.ruling(r.Name)
		mark := ""
		if v == r.Values[0] {
			mark = " (default)"
		}
		out = append(out, fmt.Sprintf("%s = %s%s — §%s %s: %s. Values: %s.", r.Name, v, mark, r.Case, r.Question, r.Says[v], strings.Join(r.Values, ", ")))
	}
	return out
}
