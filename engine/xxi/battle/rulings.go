package battle

import (
	"fmt"
	"slices"
)

// Rulings are the digest's ambiguities the battle phase reads (its §10),
// each field named after its XXI-An id. An empty field reads as its
// default, so Rulings{} plays the digest's defaults; New writes the
// defaults in, so a saved Phase names every ruling it plays.
//
// XXI-A21 (the "number of depth charge attacks" of 9.2 is one roll of as
// many dice as icons, at most one hit, 9.4) and XXI-A22 (a Type VII stays
// 2/2/2/2, 8.5) are fixed readings, not switches: the digest gives no
// other playable reading, and 9.4's note and 9.10's example settle A21.
// New refuses a Type VII whose ratings are not 2/2/2/2 (A22).
type Rulings struct {
	// A5: a Full-strength flotilla that fails the Dangerous Trip Home test
	// and survives the hit [9.6]. A5ReachesValentin (default): it reaches
	// Valentin, Depleted, since 9.6 only adds a hit. A5StaysOut: it has not
	// "made it back", so it stays in the box and takes the test again at
	// once, until it passes or a second hit sinks it. (It is tested again
	// at once rather than next turn because nothing in 9.0 carries a
	// flotilla at sea from one Battle Phase to the next.)
	A5 string `json:"a5,omitempty"`
	// A6: an Open Ocean failure whose depth charge misses [9.3, 9.5].
	// A6AfterDC (default): 9.3's straight return needs a hit ("If hit"),
	// so a miss is 9.5's choice, continue or abort to the Dangerous Trip
	// Home. A6StraightHome: a miss allows the straight return too, offered
	// as `home` beside 9.5's two.
	A6 string `json:"a6,omitempty"`
	// A7: when a mission may abort [9.1, 9.5]. A7AnyStep (default): 9.1
	// lets a flotilla abort without restriction, so a prompt comes before
	// each encounter test (`test` or `abort`) and before each convoy
	// attack (`leave`). A7AfterDCOnly: a flotilla may abort only after
	// surviving depth charges (9.5): the encounter tests are rolled one
	// after another without a prompt, and in the convoy area it must make
	// its first attack (9.7 "it attacks the convoy of its choice") before
	// it may head home (9.9).
	A7 string `json:"a7,omitempty"`
	// A8: several flotillas' missions in one Battle Phase [9.1, 9.10].
	// A8OneAtATime (default): the player sends one flotilla, its mission
	// ends, then he may send the next, knowing how the first fared.
	// A8Together: as 9.10 begins, "two Type VII U-boat flotillas are sent
	// on a mission": every flotilla that sails is declared, with its path,
	// before any mission is resolved; `go` launches them and they are
	// resolved one after another in the order declared, and no other may
	// sail this turn (`end` before `go` calls the declared ones off). Resolving them step by step, interleaved, would
	// change nothing the rulebook prices (flotillas do not help or hinder
	// one another; 9.7 has one flotilla attack one convoy), so "together"
	// is the declaration, not an interleaving the text never describes.
	A8 string `json:"a8,omitempty"`
	// A20: a path whose convoy area holds no convoy [9.1, 9.9].
	// A20Allowed (default): nothing forbids it; the option and a note say
	// so, and a flotilla reaching the empty area heads home (9.9).
	// A20Forbidden: such a path is not offered.
	A20 string `json:"a20,omitempty"`
}

// The rulings' values; the first of each pair is the digest's default.
const (
	A5ReachesValentin = "reaches_valentin"
	A5StaysOut        = "stays_out"
	A6AfterDC         = "after_dc"
	A6StraightHome    = "straight_home"
	A7AnyStep         = "any_step"
	A7AfterDCOnly     = "after_dc_only"
	A8OneAtATime      = "one_at_a_time"
	A8Together        = "together"
	A20Allowed        = "allowed"
	A20Forbidden      = "forbidden"
)

// DefaultRulings are the digest's defaults.
func DefaultRulings() Rulings {
	return Rulings{A5: A5ReachesValentin, A6: A6AfterDC, A7: A7AnyStep, A8: A8OneAtATime, A20: A20Allowed}
}

// RulingInfo describes one ruling for the game's rulings list and its
// `--rules` flag.
type RulingInfo struct {
	// ID is the digest's id, e.g. "XXI-A5"; Name is the field's JSON name
	// ("a5"), the key the main engine may take in `--rules`.
	ID, Name string
	// Values are the readings, the default first.
	Values []string
	// Cases are the rule cases it settles.
	Cases string
}

// RulingList lists the rulings in the digest's order.
func RulingList() []RulingInfo {
	return []RulingInfo{
		{ID: "XXI-A5", Name: "a5", Values: []string{A5ReachesValentin, A5StaysOut}, Cases: "9.6"},
		{ID: "XXI-A6", Name: "a6", Values: []string{A6AfterDC, A6StraightHome}, Cases: "9.3, 9.5"},
		{ID: "XXI-A7", Name: "a7", Values: []string{A7AnyStep, A7AfterDCOnly}, Cases: "9.1, 9.5, 9.9"},
		{ID: "XXI-A8", Name: "a8", Values: []string{A8OneAtATime, A8Together}, Cases: "9.1, 9.10"},
		{ID: "XXI-A20", Name: "a20", Values: []string{A20Allowed, A20Forbidden}, Cases: "9.1, 9.9"},
	}
}

// Set returns r with the ruling named name (its JSON name, "a5", or its
// id, "XXI-A5") set to value; an unknown name or value is an error.
func (r Rulings) Set(name, value string) (Rulings, error) {
	for _, info := range RulingList() {
		if name != info.Name && name != info.ID {
			continue
		}
		if !slices.Contains(info.Values, value) {
			return r, fmt.Errorf("ruling %s: %q is not one of %v", info.ID, value, info.Values)
		}
		*r.field(info.Name) = value
		return r, nil
	}
	return r, fmt.Errorf("no battle ruling is named %q", name)
}

// field is the ruling named by its JSON name.
func (r *Rulings) field(name string) *string {
	switch name {
	case "a5":
		return &r.A5
	case "a6":
		return &r.A6
	case "a7":
		return &r.A7
	case "a8":
		return &r.A8
	}
	return &r.A20
}

// normalized fills empty rulings with their defaults and refuses an
// unknown value.
func (r Rulings) normalized() (Rulings, error) {
	for _, info := range RulingList() {
		f := r.field(info.Name)
		if *f == "" {
			*f = info.Values[0]
			continue
		}
		if !slices.Contains(info.Values, *f) {
			return r, fmt.Errorf("ruling %s: %q is not one of %v", info.ID, *f, info.Values)
		}
	}
	return r, nil
}
