package battle

import (
	"slices"

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

// Flotillas are the flotillas as they stand (Depleted/Sunk/Sailed): a
// copy, which the caller may change.
func (p Phase) Flotillas() []Flotilla { return slices.Clone(p.FlotillaState) }

// Convoys are the convoys as they stand (Sunk): a copy.
func (p Phase) Convoys() []Convoy { return slices.Clone(p.ConvoyState) }
