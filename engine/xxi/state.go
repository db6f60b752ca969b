package xxi

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/battle"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// SchemaVersion is the version of an encoded game.
const SchemaVersion = 1

// Where drawn counters come from (SetupInfo.Draws).
const (
	// DrawsCup: kaleun's cup, a blind draw being a die of as many faces as
	// the Counter Draw Pile holds counters (4.0).
	DrawsCup = "cup"
	// DrawsPhysical: the owner draws from his own cup and says what came
	// up (issue 30 item 3).
	DrawsPhysical = "physical"
)

// SetupInfo is the game's record of its set-up: the pack by name and
// SHA-256 (a game refuses any other pack), where draws come from, and the
// rulings set away from their defaults.
type SetupInfo struct {
	Pack       string            `json:"pack"`
	PackSHA256 string            `json:"pack_sha256"`
	Draws      string            `json:"draws"`
	Rulings    map[string]string `json:"rulings,omitempty"`
}

// Counter kinds (2.1-2.3).
const (
	KindHull        = content.Hull
	KindSystems     = content.Systems
	KindCrew        = content.Crew
	KindIBG         = "ibg"
	KindConvoy      = "convoy"
	KindArmy        = "army"
	KindDevastation = "devastation"
	KindVII         = "VII"
	KindXXI         = "XXI"
	KindAA          = "aa"
	KindPriority    = "priority"
)

// Locations of counters. A space of the map is "space:ID", a shipyard's
// squares "yard:ID", a convoy area "area:PATH", a command square of the
// Model Development Track "mdt:MODEL".
const (
	AtCDP      = "cdp"      // Counter Draw Pile (2.4.6)
	AtAlloc    = "alloc"    // Counter Allocation Box (2.4.7)
	AtScrap    = "scrap"    // Scrap Pile (2.4.5)
	AtGTR      = "gtr"      // a turn marker on the Götterdämmerung track (2.4.4)
	AtGWT      = "gwt"      // an army on the Grinding War Track (2.4.8)
	AtValentin = "valentin" // Valentin U-boat Shelter (2.4.10)
	AtPen      = "pen"      // Prototype U-boat Pen (2.4.3)
	AtAside    = "aside"    // set aside for the optional rules (13.0)
	AtOut      = "out"      // out of the game (XXI-A14 "out")
)

func spaceAt(id string) string { return "space:" + id }
func yardAt(id string) string  { return "yard:" + id }
func areaAt(p string) string   { return "area:" + p }

// Counter is one counter, by a stable id ("hull-A2", "convoy-3", "XXI-1").
type Counter struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Letter is a resource's production letter (A-G, 2.2.1-2.2.3).
	Letter string `json:"letter,omitempty"`
	// Value is a convoy's printed defense (2.1.3).
	Value int `json:"value,omitempty"`
	// Icon is a Devastation marker's resource icon (2.3.2, 11.2).
	Icon     string `json:"icon,omitempty"`
	At       string `json:"at"`
	Depleted bool   `json:"depleted,omitempty"`
}

func (c Counter) resource() bool {
	return c.Kind == KindHull || c.Kind == KindSystems || c.Kind == KindCrew
}

func (c Counter) uboat() bool { return c.Kind == KindVII || c.Kind == KindXXI }

// Label is how a person reads the counter: "Hull A", "Convoy 5",
// "Devastation (crew)", "XXI-2 (Type XXI) (Depleted)".
func (c Counter) Label() string {
	switch c.Kind {
	case KindHull:
		return "Hull " + c.Letter
	case KindSystems:
		return "Systems " + c.Letter
	case KindCrew:
		return "Crew " + c.Letter
	case KindIBG:
		return "IBG Command"
	case KindConvoy:
		return fmt.Sprintf("Convoy %d", c.Value)
	case KindArmy:
		return "Allied Army"
	case KindDevastation:
		return "Devastation (" + c.Icon + ")"
	case KindVII, KindXXI:
		l := c.ID + " (Type " + c.Kind + ")"
		if c.Depleted {
			l += " (Depleted)"
		}
		return l
	case KindAA:
		return "Heavy AA"
	case KindPriority:
		return "Priority Transport"
	}
	return c.ID
}

// sort is the counter's kind as one cup choice (physical draws): counters
// of one sort are alike.
func (c Counter) sort() string {
	switch {
	case c.resource():
		return c.Kind + "-" + c.Letter
	case c.Kind == KindConvoy:
		return fmt.Sprintf("convoy-v%d", c.Value)
	case c.Kind == KindDevastation:
		return "dev-" + c.Icon
	}
	return c.Kind
}

// Tally are the figures of the report (issue 30 item 4).
type Tally struct {
	// Built counts the XXIs built by model.
	Built map[string]int `json:"built,omitempty"`
	// ConvoysSunk in the Atlantic Ocean and the Western Approaches (9.7).
	ConvoysSunk int `json:"convoys_sunk,omitempty"`
	// ConvoysToWA are the convoys that moved into the Western Approaches
	// (12.1).
	ConvoysToWA int `json:"convoys_to_wa,omitempty"`
	// FlotillasLost by class.
	FlotillasLost map[string]int `json:"flotillas_lost,omitempty"`
	// Bombed is the number of Devastation markers placed (6.0), and
	// Destroyed the resources bombing destroyed.
	Bombed    int `json:"bombed,omitempty"`
	Destroyed int `json:"destroyed,omitempty"`
	Repaired  int `json:"repaired,omitempty"`
	// Retreat counts the counters Constant Retreat removed (10.3).
	Retreat int `json:"retreat,omitempty"`
	Refills int `json:"refills,omitempty"`
}

// LogLine is a line of the game's log.
type LogLine struct {
	Turn int    `json:"turn"`
	Case string `json:"case,omitempty"`
	Text string `json:"text"`
}

// maxLog bounds the log kept in the state (the bot keeps every event).
const maxLog = 400

// The phases of a turn (3.0), numbered as there.
const (
	PhaseDraw = iota + 1
	PhaseAllocation
	PhaseBombing
	PhaseMovement
	PhaseConstruction
	PhaseBattle
	PhaseGrindingWar
	PhaseRepair
	PhaseEnd
)

var phaseNames = map[int]string{
	PhaseDraw: "Draw (4.0)", PhaseAllocation: "Allocation (5.0)", PhaseBombing: "Bombing Devastation (6.0)",
	PhaseMovement: "Movement (7.0)", PhaseConstruction: "XXI Construction (8.0)", PhaseBattle: "Battle (9.0)",
	PhaseGrindingWar: "Grinding War (10.0)", PhaseRepair: "Repair (11.0)", PhaseEnd: "End (12.0)",
}

// State is one game of XXI. Apply works on a copy (engine.Copy through the
// encoding), so a state never changes once made.
type State struct {
	Schema   int       `json:"schema"`
	Setup    SetupInfo `json:"setup"`
	Counters []Counter `json:"counters"`
	// Turn is the month being played, from 1.
	Turn  int `json:"turn"`
	Phase int `json:"phase"`
	// Entered: the phase's opening work (a roll, a count) is done.
	Entered bool `json:"entered,omitempty"`
	// Step is the decision pending ("" while the phases run).
	Step string `json:"step,omitempty"`
	// DrawLeft are the counters still to draw this Draw Phase; Drawn the
	// ids drawn this turn, in order (5.0 places them one by one, 6.0
	// bombs in that order).
	DrawLeft int      `json:"draw_left,omitempty"`
	Drawn    []string `json:"drawn,omitempty"`
	// GWT is the armies' box on the Grinding War Track, -1 before the
	// first army (5.1).
	GWT int `json:"gwt"`
	// TP are the Transport Points left this Movement Phase (7.1); Moved
	// the counters moved this turn (7.2: one space a turn).
	TP    int      `json:"tp,omitempty"`
	Moved []string `json:"moved,omitempty"`
	// Built are the models built, in order (8.0).
	Built []string `json:"built,omitempty"`
	// Battle is the Battle Phase under way (9.0).
	Battle *battle.Phase `json:"battle,omitempty"`
	// Markers are the turn markers on the Götterdämmerung track, in order
	// (12.2): the last marks the current turn.
	Markers []string  `json:"markers,omitempty"`
	Tally   Tally     `json:"tally"`
	Log     []LogLine `json:"log,omitempty"`
	// Decision counts decisions: the pending prompt's token.
	Decision int  `json:"decision"`
	Done     bool `json:"done,omitempty"`
	// Stopped: the player ended the game before the track's end.
	Stopped bool `json:"stopped,omitempty"`
	// Undos is the number of the last undo that brought back this state
	// or one before it; Undone counts the decisions undone after their
	// dice were seen (undo.go).
	Undos  int `json:"undos,omitempty"`
	Undone int `json:"undone,omitempty"`

	rules *Rules
	pack  *content.Pack
	rn    *runner
}

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("xxi: encoding: %w", err)
	}
	return b, nil
}

func (s *State) clone() (*State, error) { return engine.Copy(s, s.rules) }

// Pack is the content the game is played with.
func (s *State) Pack() *content.Pack { return s.pack }

func (s *State) physical() bool { return s.Setup.Draws == DrawsPhysical }

func (s *State) counter(id string) *Counter {
	for i := range s.Counters {
		if s.Counters[i].ID == id {
			return &s.Counters[i]
		}
	}
	return nil
}

// at lists the counters at a location, in counter order.
func (s *State) at(loc string) []*Counter {
	var out []*Counter
	for i := range s.Counters {
		if s.Counters[i].At == loc {
			out = append(out, &s.Counters[i])
		}
	}
	return out
}

func (s *State) count(loc string, pred func(Counter) bool) int {
	n := 0
	for _, c := range s.Counters {
		if c.At == loc && (pred == nil || pred(c)) {
			n++
		}
	}
	return n
}

// space is a space of the pack's map.
func (s *State) space(id string) *content.Space {
	for i := range s.pack.Map.Spaces {
		if s.pack.Map.Spaces[i].ID == id {
			return &s.pack.Map.Spaces[i]
		}
	}
	return nil
}

func (s *State) spaceName(id string) string {
	if sp := s.space(id); sp != nil && sp.Name != "" {
		return id + " " + sp.Name
	}
	return id
}

// neighbours are a space's neighbours on the map, in the pack's order.
func (s *State) neighbours(id string) []string {
	var out []string
	for _, l := range s.pack.Map.Links {
		switch id {
		case l[0]:
			out = append(out, l[1])
		case l[1]:
			out = append(out, l[0])
		}
	}
	return out
}

// devastated is the Devastation marker on a hub, nil for none.
func (s *State) devastated(id string) *Counter {
	loc := spaceAt(id)
	for i := range s.Counters {
		if s.Counters[i].Kind == KindDevastation && s.Counters[i].At == loc {
			return &s.Counters[i]
		}
	}
	return nil
}

// box is the Grinding War box whose draws and points apply (XXI-A3: the
// bottom box while no army is on the track).
func (s *State) box() content.WarBox {
	return s.pack.Tracks.GrindingWar[max(s.GWT, 0)]
}

func (s *State) topBox() bool { return s.GWT == len(s.pack.Tracks.GrindingWar)-1 }

func (s *State) label() string { return strings.TrimSpace(s.pack.Meta.Label) }

// month is the month of the current turn on the Götterdämmerung track.
func (s *State) month() string { return monthOf(s.pack.Tracks.Gotterdammerung.Start, s.Turn-1) }

func monthOf(start string, plus int) string {
	var y, m int
	if _, err := fmt.Sscanf(start, "%4d-%2d", &y, &m); err != nil {
		return start
	}
	n := y*12 + m - 1 + plus
	return fmt.Sprintf("%04d-%02d", n/12, n%12+1)
}

func (s *State) moved(id string) bool {
	for _, m := range s.Moved {
		if m == id {
			return true
		}
	}
	return false
}
