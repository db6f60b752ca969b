package hunters

import (
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// SchemaVersion is written into every encoded state; Decode refuses others.
const SchemaVersion = 1

// Health of a crewman (10.5).
type Health int

const (
	Fit Health = iota
	LW         // light wound
	SW         // severe wound
	KIA        // killed in action
)

func (h Health) String() string {
	return [...]string{"fit", "LW", "SW", "KIA"}[h]
}

// Out reports whether the man cannot perform his duties (10.5.3).
func (h Health) Out() bool { return h >= SW }

// Crewman is one named crew member or one generic crew box.
type Crewman struct {
	Health  Health `json:"health,omitempty"`
	Experte bool   `json:"experte,omitempty"`
	// Recovery is the months still needed to recover from an SW (10.11).
	Recovery int `json:"recovery,omitempty"`
}

// Crew quality levels (11.1.3).
const (
	Green = iota
	Trained
	Veteran
	Elite
)

var qualityNames = [...]string{"Green", "Trained", "Veteran", "Elite"}

// genericCrewNames name the generic crew boxes in notes and roll purposes.
var genericCrewNames = [4]string{"crew box 1", "crew box 2", "crew box 3", "crew box 4"}

// Crew is the display mat's crew section.
type Crew struct {
	Kmdt    Crewman    `json:"kmdt"`
	WO1     Crewman    `json:"wo1"`
	WO2     Crewman    `json:"wo2"`
	LI      Crewman    `json:"li"`
	Doctor  Crewman    `json:"doctor"`
	Generic [4]Crewman `json:"generic"`
	// Agent is aboard only on an Abwehr mission until he is delivered (10.5.3).
	Agent   *Crewman `json:"agent,omitempty"`
	Quality int      `json:"quality"`
}

// System status on the display mat (10.7).
type Status uint8

const (
	OK Status = iota
	Damaged
	Inoperable
)

func (s Status) String() string { return [...]string{"OK", "damaged", "inoperable"}[s] }

// System indexes. flak20b is the second quad 2cm mount of the VIIC Flak (11.4.7).
const (
	sysPeriscope = iota
	sysRadio
	sysHydrophones
	sysDivePlanes
	sysBatteries
	sysElectric1
	sysElectric2
	sysDiesel1
	sysDiesel2
	sysFuelTanks
	sysFwdDoors
	sysAftDoors
	sysDeckGun
	sysFlak20
	sysFlak37
	sysFlak20b
	numSystems
)

// systemKeys are the E4/E5 keys of each system index.
var systemKeys = [numSystems]string{
	"periscope", "radio", "hydrophones", "dive_planes", "batteries", "electric_engine_1",
	"electric_engine_2", "diesel_engine_1", "diesel_engine_2", "fuel_tanks", "forward_torpedo_doors",
	"aft_torpedo_doors", "deck_gun", "flak_20mm", "flak_37mm", "flak_20mm",
}

var systemNames = [numSystems]string{
	"Periscope", "Radio", "Hydrophones", "Dive planes", "Batteries", "Electric engine 1",
	"Electric engine 2", "Diesel engine 1", "Diesel engine 2", "Fuel tanks", "Forward torpedo doors",
	"Aft torpedo doors", "Deck gun", "2cm Flak", "3.7cm Flak", "2cm Flak (second quad)",
}

// Torpedo types in tubes and reloads.
const (
	G7a  = "G7a"
	G7e  = "G7e"
	Mine = "mine"
)

// isTorpedo reports whether a tube's load is a torpedo (G7a or G7e, not a
// mine or nothing). A tube holds one of "", G7a, G7e and Mine: of those,
// the torpedoes alone have three letters. Counting the tubes is done at
// every shot aimed, so this is a length test, not two string comparisons.
func isTorpedo(load string) bool { return len(load) == len(G7a) }

// Boat is the U-boat display mat.
type Boat struct {
	Type   string `json:"type"`
	Number string `json:"number"`
	// Fwd and Aft hold each tube's load: "", "G7a", "G7e" or "mine".
	Fwd []string `json:"fwd"`
	Aft []string `json:"aft"`
	// Reloads by end and type (4.5).
	FwdA int `json:"fwd_g7a"`
	FwdE int `json:"fwd_g7e"`
	AftA int `json:"aft_g7a"`
	AftE int `json:"aft_g7e"`
	// Mines carried in the VIID's vertical shafts (11.4.6).
	ShaftMines int                `json:"shaft_mines,omitempty"`
	Ammo       int                `json:"ammo"`
	Hull       int                `json:"hull"`
	Flooding   int                `json:"flooding"`
	Sys        [numSystems]Status `json:"sys"`
	Aboard     [numSystems]bool   `json:"aboard"`
}

// LogTarget is a ship on the patrol log sheet (3.5, 9.2.6).
type LogTarget struct {
	Name    string `json:"name"`
	Tons    int    `json:"tons"`
	Kind    string `json:"kind"`
	Sunk    bool   `json:"sunk,omitempty"`
	Damaged bool   `json:"damaged,omitempty"`
}

// LogRow is one month of the patrol log sheet.
type LogRow struct {
	Month charts.Month `json:"month"`
	// Mark is "patrol", "P" (extended patrol, 10.10.6), "R" (refit, 10.10.4) or "".
	Mark    string      `json:"mark,omitempty"`
	Patrol  string      `json:"patrol,omitempty"`
	Targets []LogTarget `json:"targets,omitempty"`
	// Result is "S" or "F" (7.5.2).
	Result string `json:"result,omitempty"`
	Tons   int    `json:"tons,omitempty"`
	// Advancement marks the successful patrol that earned a crew advancement roll (11.1).
	Advancement bool   `json:"advancement,omitempty"`
	Note        string `json:"note,omitempty"`
	// Loss is what became of the boat on this patrol, written on the sheet as
	// the sample's "SUNK" (3.5): "SUNK", "SCUTTLED", "CAPTURED", "KMDT KIA",
	// "CREW LOST AT SEA" or "SCUTTLED, CREW RESCUED" (10.9.4); "" for a boat
	// that came home. A patrol that ended the game has no S or F: it was never
	// completed (7.5).
	Loss string `json:"loss,omitempty"`
}

// Verdict is what the sheet writes at the end of a patrol's row: S or F (in
// brackets when it earned an advancement roll, 11.1), then the boat's loss.
func (r LogRow) Verdict() string {
	res := r.Result
	if res != "" && r.Advancement {
		res = "(" + res + ")"
	}
	switch {
	case r.Loss == "":
	case res == "":
		res = r.Loss
	default:
		res += " " + r.Loss
	}
	return res
}

// Career is the Kommandant's record across patrols.
type Career struct {
	Kommandant string       `json:"kommandant"`
	Start      charts.Month `json:"start"`
	// Month is the current month: a patrol's month while at sea.
	Month      charts.Month `json:"month"`
	NextPatrol charts.Month `json:"next_patrol"`
	Rank       int          `json:"rank"`
	// Award is 0 (none) .. 4 (Knight's Cross with Oakleaves, Swords and Diamonds).
	Award        int  `json:"award"`
	AwardTonMark int  `json:"award_ton_mark"`
	CapitalKC    int  `json:"capital_kc,omitempty"` // Knight's Cross capital ships sunk, not yet rewarded
	Patrols      int  `json:"patrols"`
	Successes    int  `json:"successes"`
	FailedInRow  int  `json:"failed_in_row"`
	Advancements int  `json:"advancements"`
	Tons         int  `json:"tons"`
	ShipsSunk    int  `json:"ships_sunk"`
	Arctic       bool `json:"arctic,omitempty"`
	Med          bool `json:"med,omitempty"`
	Upgrades     int  `json:"upgrades,omitempty"`
	Hals         int  `json:"hals,omitempty"`
	// Promotion bookkeeping (11.2.3).
	PromotionDue  charts.Month `json:"promotion_due"`
	PeriodAwards  int          `json:"period_awards"`
	PeriodShips   int          `json:"period_ships"`
	PeriodFailed  int          `json:"period_failed"`
	FinalPromoted bool         `json:"final_promoted,omitempty"`
	// Sunk lists roster entries sunk ("T1:57"), for 14.3.2 and for T5's note.
	Sunk []string `json:"sunk,omitempty"`
	Log  []LogRow `json:"log"`
	Fate string   `json:"fate,omitempty"`
	// Undone counts the decisions undone after their dice were seen (the
	// bot's undo): the mark the career carries in its views.
	Undone int `json:"undone,omitempty"`
	// Boats lists every boat commanded, in order.
	Boats []string `json:"boats"`
}

// State is a Hunters game at one moment.
type State struct {
	Schema   int        `json:"schema"`
	Settings Settings   `json:"settings"`
	Career   Career     `json:"career"`
	Boat     Boat       `json:"boat"`
	Crew     Crew       `json:"crew"`
	Patrol   *Patrol    `json:"patrol,omitempty"`
	Enc      *Encounter `json:"encounter,omitempty"`
	Phase    Phase      `json:"phase"`
	// Pack is the boat's place in a Wolfpack tournament (13.5).
	Pack *PackMember `json:"pack,omitempty"`
	// Gate is the enemy roll waiting for the other player in a two-player
	// game (13.1.2), and GateOpen says he has pressed Roll for it.
	Gate     Phase `json:"gate,omitempty"`
	GateOpen bool  `json:"gate_open,omitempty"`
	// Resume is where a shared sub-flow (reloading) returns to.
	Resume Phase `json:"resume,omitempty"`
	// Decision counts decisions taken; prompt tokens derive from it.
	Decision int `json:"decision"`
	// Undos is the number of the last undo that brought back this state or
	// one before it (engine.Undo): it is in the prompts' tokens, so that an
	// answer to a prompt the undo voided is stale.
	Undos int             `json:"undos,omitempty"`
	Over  *engine.Outcome `json:"over,omitempty"`
	// Refit holds the refit being worked out while in port.
	Refit *RefitState `json:"refit,omitempty"`

	pack *charts.Pack
	// outlooks is the rules' cache of career outlooks (outlook.go).
	outlooks *outlookCache
	run      *runner
	// scratch is what playing keeps between decisions and never saves:
	// buffers reused, caches of strings and of the mat, a rollout's tally.
	// The rules never decide anything by it.
	scratch scratch
}

// scratch is a state's working memory (see State.scratch).
type scratch struct {
	// mat caches the display mat of matType (State.mat).
	mat     *charts.Boat
	matType string
	// runBuf is the runner reused by every decision.
	runBuf runner
	// optBuf is reused by option lists so a decision does not allocate one.
	optBuf []engine.Option
	// keep is set for a state the simulator plays on (a restarted career, a
	// rollout): finished combat mats, patrols and refit sheets are kept in
	// spare for the next, and strings written again and again are cached.
	// A recorded game, a fresh copy at every decision, keeps nothing.
	keep  bool
	spare spares
	// tally is what a rollout counts while the rules play (rollout.go).
	tally tally
	// overWords: the outcome's summary and fields are still to be written
	// (a quiet decision ended the career; wordsDue writes them).
	overWords bool
}

// opts returns the empty reusable option buffer. Option lists built on it
// are valid until the next call; Pending copies them.
func (s *State) opts() []engine.Option { return s.scratch.optBuf[:0] }

// optsOf builds an option list in the reusable buffer.
func (s *State) optsOf(o ...engine.Option) []engine.Option { return append(s.opts(), o...) }

// options computes a decision's options, keeping the buffer's growth.
func (s *State) options(d *decision) []engine.Option {
	out := d.options(s)
	if cap(out) > cap(s.scratch.optBuf) {
		s.scratch.optBuf = out[:0]
	}
	return out
}

// quiet reports that the decision being played records nothing: texts that
// only its events would carry are not built. Outside a decision (a prompt
// or a view being read) every text is built.
func (s *State) quiet() bool { return s.run != nil && !s.run.record }

// text returns f() unless nobody will read it (quiet). Called with a func
// literal it costs nothing when quiet: text is inlined, and the literal
// stays on the stack.
func (s *State) text(f func() string) string {
	if s.quiet() {
		return ""
	}
	return f()
}

// say records a narrative event whose words f builds, only when someone
// will read it: the formatter is never called while the rules play quietly.
func (s *State) say(cas string, f func() string) {
	if s.run.record {
		s.addNote(cas, f())
	}
}
