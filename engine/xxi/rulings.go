package xxi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/battle"
)

// Ruling is one ambiguity of the digest's §10 (XXI-A1..A22): its id, the
// values it may take (the first is the digest's default), the cases it
// settles and how. A ruling with one value is a fixed reading, shown in
// `variants` but not a switch: the text leaves only one workable reading.
type Ruling struct {
	ID      string // "A4" for XXI-A4
	Values  []string
	Case    string
	Settles string
}

// Default is the digest's default.
func (r Ruling) Default() string { return r.Values[0] }

// rulings are the digest's §10 in its order.
var rulings = []Ruling{
	{ID: "A1", Values: []string{"report"}, Case: "12.2, 14.0",
		Settles: "victory is not in the text (14.0 is missing): the game runs to the end of the pack's Götterdämmerung track, or until you stop, and ends with a report, never a verdict"},
	{ID: "A2", Values: []string{"off"}, Case: "15.0, 16.x",
		Settles: "the optional rules are cited as 16.1.x and 16.2.3 but their text is not available: every one is off"},
	{ID: "A3", Values: []string{"bottom_box"}, Case: "2.4.8, 4.0, 5.1, 7.1",
		Settles: "the Grinding War Track is the pack's list of boxes; with no army on it the bottom box's draws and points apply, and the first army is placed in that box"},
	{ID: "A4", Values: []string{"per_marker", "one_roll"}, Case: "6.0",
		Settles: "each Devastation marker drawn is placed by its own 3d6 roll, in draw order; one_roll: one roll a phase places one marker, the others wait in the Counter Allocation Box"},
	{ID: "A5", Values: []string{battle.A5ReachesValentin, battle.A5StaysOut}, Case: "9.6",
		Settles: "a flotilla that fails the Dangerous Trip Home test and survives the hit reaches Valentin, Depleted; stays_out: it stays in the box and tests again"},
	{ID: "A6", Values: []string{battle.A6AfterDC, battle.A6StraightHome}, Case: "9.3, 9.5",
		Settles: "an Open Ocean failure whose depth charge misses leaves 9.5's continue or abort; straight_home: it may also go straight back to Valentin"},
	{ID: "A7", Values: []string{battle.A7AnyStep, battle.A7AfterDCOnly}, Case: "9.1, 9.5",
		Settles: "a mission may abort before each encounter test and between convoy attacks; after_dc_only: only after a depth-charge attack (9.5)"},
	{ID: "A8", Values: []string{battle.A8OneAtATime, battle.A8Together}, Case: "9.1, 9.10",
		Settles: "one flotilla's mission is finished before the next sails, in the order you choose (as 9.10 does); together: every mission is declared first, then resolved in turn"},
	{ID: "A9", Values: []string{"repeat_d", "not_allowed"}, Case: "8.0, 8.1",
		Settles: "a fifth XXI, after model D, is built at model D's cost and with its ratings; not_allowed: four builds at most"},
	{ID: "A10", Values: []string{"scrap", "mdt"}, Case: "8.4",
		Settles: "the IBG Command of the fifth build goes to the Scrap Pile (D's command square is taken); mdt: it stays on the Model Development Track, out of play"},
	{ID: "A11", Values: []string{"movement", "construction_too"}, Case: "7.2, 8.1",
		Settles: "the free move from a shipyard city into its squares is made in the Movement Phase, for any resource there, even one arrived this turn; squares are one-way; construction_too: it may also be made in the Construction Phase"},
	{ID: "A12", Values: []string{"anywhere", "at_hub"}, Case: "11.2",
		Settles: "a repair is paid with a matching-icon resource from anywhere on the map (lettered spaces, hubs, shipyard squares) or an IBG Command; at_hub: the resource must be on the devastated hub itself (which bombing emptied and no counter may enter, so in play only an IBG pays)"},
	{ID: "A13", Values: []string{"pack_icons"}, Case: "2.3.2, 11.2",
		Settles: "each Devastation marker's resource icon is the pack's (counters.yaml devastation)"},
	{ID: "A14", Values: []string{"scrap", "out"}, Case: "10.3",
		Settles: "a counter Constant Retreat removes goes to the Scrap Pile (2.4.5); out: it leaves the game"},
	{ID: "A15", Values: []string{"4.0", "2.4.5"}, Case: "4.0, 2.4.5",
		Settles: "an empty Counter Draw Pile is refilled with the Scrap Pile and every turn marker but the current one (4.0), never with U-boat counters; 2.4.5: with the Scrap Pile only, but one resource counter that stays there to mark the turn, the markers staying on the track"},
	{ID: "A16", Values: []string{"map_or_allocation", "map_only"}, Case: "2.4.4, 12.2",
		Settles: "with an empty Scrap Pile the turn marker is a counter of your choice from the map or the Counter Allocation Box (2.4.4 with 12.2); map_only: from the map (12.2)"},
	{ID: "A17", Values: []string{"where_said"}, Case: "2.2.4, 8.2",
		Settles: "an IBG Command is a wild card only where a rule says so (11.2's repair): no substitution in a build (8.2)"},
	{ID: "A18", Values: []string{"hull_a"}, Case: "5.2",
		Settles: "\"Hull (A) system counters\" is a typo for Hull A"},
	{ID: "A19", Values: []string{"natural_6"}, Case: "10.1, 10.3",
		Settles: "\"a 6 or higher\" on a d6 is a natural 6: the modifier is 0, none being defined"},
	{ID: "A20", Values: []string{battle.A20Allowed, battle.A20Forbidden}, Case: "9.1, 9.9",
		Settles: "a path whose convoy area holds no convoy may be sailed, with a warning; forbidden: it may not"},
	{ID: "A21", Values: []string{"one_roll"}, Case: "9.2, 9.4",
		Settles: "\"a number of depth charge attacks\" is one roll of as many dice as the icons, with at most one hit (9.4, 9.10)"},
	{ID: "A22", Values: []string{"vii_stays"}, Case: "2.1.1, 8.5",
		Settles: "a Type VII keeps 2/2/2/2 after any XXI is built: only XXIs upgrade"},
}

// Rulings lists every ruling with its values, the default first.
func Rulings() []Ruling { return slices.Clone(rulings) }

func rulingByID(id string) *Ruling {
	id = strings.ToUpper(strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(id)), "XXI-"))
	for i := range rulings {
		if rulings[i].ID == id {
			return &rulings[i]
		}
	}
	return nil
}

// parseRulings reads "A4=one_roll,A9=not_allowed" (ids in any case, with
// or without "XXI-"): the rulings set away from their defaults.
func parseRulings(list string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(list, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("ruling %q: want id=value, e.g. A4=one_roll", kv)
		}
		r := rulingByID(k)
		if r == nil {
			return nil, fmt.Errorf("no ruling %q (the switchable ones are %s)", strings.TrimSpace(k), strings.Join(switchable(), ", "))
		}
		v = strings.TrimSpace(v)
		if !slices.Contains(r.Values, v) {
			return nil, fmt.Errorf("ruling XXI-%s=%s: one of %s", r.ID, v, strings.Join(r.Values, ", "))
		}
		if v != r.Default() {
			out[r.ID] = v
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

func switchable() []string {
	var ids []string
	for _, r := range rulings {
		if len(r.Values) > 1 {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// checkRulings checks a rulings answer (SetupField.Check).
func checkRulings(answer string, _ map[string]string) error {
	_, err := parseRulings(answer)
	return err
}

// rulingsMenu is what the set-up's "rulings" may combine, each switchable
// ruling with its values, the default first.
func rulingsMenu() []engine.Option {
	var out []engine.Option
	for _, r := range rulings {
		if len(r.Values) < 2 {
			continue
		}
		phrase, _, _ := strings.Cut(r.Settles, "; ")
		out = append(out, engine.Option{Key: r.ID + "=" + strings.Join(r.Values, "|"), Label: phrase, Case: r.Case})
	}
	return out
}

// ruling is the value in force of ruling id.
func (s *State) ruling(id string) string {
	if v, ok := s.Setup.Rulings[id]; ok {
		return v
	}
	if r := rulingByID(id); r != nil {
		return r.Default()
	}
	panic("xxi: unknown ruling " + id) // a programming mistake
}

// battleRulings are the rulings the Battle Phase reads.
func (s *State) battleRulings() battle.Rulings {
	return battle.Rulings{A5: s.ruling("A5"), A6: s.ruling("A6"), A7: s.ruling("A7"), A8: s.ruling("A8"), A20: s.ruling("A20")}
}

// optionalRules are the optional rules the text cites (XXI-A2): all off,
// their text not being available.
var optionalRules = []struct{ Case, What string }{
	{"16.1.3", "a third Type VII flotilla"},
	{"16.1.5", "more than five Type XXI flotillas"},
	{"16.1.6", "Heavy Anti-Aircraft Defenses against bombing"},
	{"16.1.8", "Priority Transport trains"},
	{"16.1.9", "Resource Substitution"},
	{"16.2.3", "the eighth convoy (+6)"},
}
