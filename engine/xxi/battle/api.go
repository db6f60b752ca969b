package battle

import (
	"errors"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Ratings are a flotilla's numbers of dice for Engine, Silence and Attack
// tests and its Defense (a depth-charge die >= Defense hits) [2.4.9, 8.5];
// a Type VII is 2/2/2/2 [2.1.1]. Full-strength and Depleted flotillas roll
// the same dice [9.2].
type Ratings struct{ Engine, Silence, Attack, Defense int }

// Flotilla is one U-boat flotilla counter.
type Flotilla struct {
	ID       string // stable, e.g. "VII-1", "XXI-2"
	Class    string // "VII" or "XXI"
	Ratings  Ratings
	Depleted bool
	Sunk     bool // set by the phase when destroyed (9.4/9.6/9.8)
	Sailed   bool // set by the phase once it sailed this turn (9.9: one mission a turn)
}

// Convoy is an Allied convoy counter in a convoy area.
type Convoy struct {
	ID    string // stable, e.g. "convoy-3"
	Value int    // printed defense: an attack die >= Value sinks it [9.7]
	Path  string // ID of the content.Path whose convoy area holds it
	Sunk  bool   // set by the phase
}

// Setup is what the main engine hands the phase.
type Setup struct {
	Flotillas []Flotilla     // every flotilla in Valentin (Depleted ones cannot sail, 9.1)
	Paths     []content.Path // the pack's UMT paths, in pack order
	Convoys   []Convoy       // convoys in the convoy areas
	Rulings   Rulings
}

// Phase is the Battle Phase as it stands. Every field is exported and
// JSON-encodable: the game saves it inside its state.
type Phase struct {
	FlotillaState []Flotilla     `json:"flotillas"`
	Paths         []content.Path `json:"paths"`
	ConvoyState   []Convoy       `json:"convoys"`
	Rulings       Rulings        `json:"rulings"`
	// Mission is the mission under way, nil between missions.
	Mission *Mission `json:"mission,omitempty"`
	// Declared are the missions declared and not yet begun (XXI-A8
	// "together"), in the order declared.
	Declared []Order `json:"declared,omitempty"`
	// Launched: under XXI-A8 "together", the declared missions have been
	// launched and no other may be declared this turn.
	Launched bool `json:"launched,omitempty"`
	// Over: the Battle Phase has ended.
	Over bool `json:"over,omitempty"`
}

// Order is a mission declared: a flotilla and its path (9.1).
type Order struct {
	Flotilla string `json:"flotilla"`
	Path     string `json:"path"`
}

// Mission is one flotilla's mission under way.
type Mission struct {
	Flotilla string `json:"flotilla"`
	Path     string `json:"path"`
	// Step is the decision the mission waits for: StepEncounter,
	// StepAfterDC, StepOpenOceanHit or StepConvoy.
	Step string `json:"step"`
	// Space is the index (0..3) of the encounter space being tried; 4 once
	// in the convoy area.
	Space int `json:"space"`
	// Attacks is the number of convoy attacks made (9.7, 9.9).
	Attacks int `json:"attacks,omitempty"`
}

// The steps a mission waits at.
const (
	StepEncounter    = "encounter"      // before an encounter test (XXI-A7 default)
	StepAfterDC      = "after_dc"       // after surviving a depth-charge attack (9.5)
	StepOpenOceanHit = "open_ocean_hit" // hit in the Open Ocean (9.3)
	StepConvoy       = "convoy"         // in the convoy area (9.7, 9.9)
)

// Prompt is the decision the phase waits for.
type Prompt struct {
	Kind    string // KindSail, KindEncounter, KindAfterDC, KindOpenOceanHit, KindConvoy
	Case    string // rule case of the decision
	Text    string
	Options []engine.Option // Key as below, each with Label and Case
}

// Prompt kinds: the public JSONL protocol of `kaleun play xxi`.
const (
	KindSail         = "xxi.sail"
	KindEncounter    = "xxi.encounter"
	KindAfterDC      = "xxi.after_dc"
	KindOpenOceanHit = "xxi.open_ocean_hit"
	KindConvoy       = "xxi.convoy"
)

// Rulings are the digest's ambiguities the battle phase reads (defaults =
// the digest's), each field named after its XXI-An id.
// An empty field reads as its default, so Rulings{} plays the digest's.
type Rulings struct {
	// A5: a flotilla that survives a failed Dangerous Trip Home test [9.6].
	A5 string `json:"a5,omitempty"`
	// A6: an Open Ocean failure whose depth charge misses [9.3, 9.5].
	A6 string `json:"a6,omitempty"`
	// A7: when a mission may abort [9.1, 9.5].
	A7 string `json:"a7,omitempty"`
	// A8: several flotillas' missions in one Battle Phase [9.1, 9.10].
	A8 string `json:"a8,omitempty"`
	// A20: a path whose convoy area holds no convoy [9.1, 9.9].
	A20 string `json:"a20,omitempty"`
}

// The rulings' values; the first of each pair is the digest's default.
const (
	A5ReachesValentin = "reaches_valentin" // the survivor reaches Valentin, Depleted
	A5StaysOut        = "stays_out"        // it stays in the box and tests again
	A6AfterDC         = "after_dc"         // a miss leaves 9.5's continue or abort
	A6StraightHome    = "straight_home"    // a miss also allows 9.3's straight return
	A7AnyStep         = "any_step"         // a prompt before each test and each attack
	A7AfterDCOnly     = "after_dc_only"    // abort only after depth charges (9.5)
	A8OneAtATime      = "one_at_a_time"    // each mission finishes before the next sails
	A8Together        = "together"         // all missions declared, then resolved in turn
	A20Allowed        = "allowed"          // an empty area may be chosen, with a warning
	A20Forbidden      = "forbidden"        // it may not be chosen
)

var errNotYet = errors.New("engine/xxi/battle: not implemented yet (API skeleton)")

// DefaultRulings are the digest's defaults.
func DefaultRulings() Rulings {
	return Rulings{A5: A5ReachesValentin, A6: A6AfterDC, A7: A7AnyStep, A8: A8OneAtATime, A20: A20Allowed}
}

// New starts the phase; it refuses a malformed setup with a clear error.
func New(s Setup) (Phase, error) { return Phase{}, errNotYet }

// Prompt is the decision the phase waits for, nil once it is over.
func (p Phase) Prompt() *Prompt { return nil }

// Apply answers the prompt with key, rolling d. It never changes p; an
// illegal key wraps engine.ErrIllegalChoice.
func (p Phase) Apply(key string, d engine.Dice) (Phase, []engine.Event, error) {
	return p, nil, errNotYet
}

// Flotillas are the flotillas as they stand (Depleted/Sunk/Sailed).
func (p Phase) Flotillas() []Flotilla { return nil }

// Convoys are the convoys as they stand (Sunk).
func (p Phase) Convoys() []Convoy { return nil }
