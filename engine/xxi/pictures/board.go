package pictures

import "github.com/kaleun/kaleun/engine/xxi/content"

// Board is what the pictures draw: filled by engine/xxi's state (its method
// Board()). It is neutral data, so that this package knows no rule and
// engine/xxi can import it.
type Board struct {
	// Pack is the geometry: the map's spaces with their At coordinates and
	// links, the shipyards' squares, the tracks.
	Pack *content.Pack
	// House is set for house content: both pictures say so in a corner.
	House bool
	// OnSpace are the short labels of the counters on each space of the
	// Reich Transportation Map, by space ID ("Hull A", "Crew F"). Equal
	// labels are drawn as one chip with a count (5.2).
	OnSpace map[string][]string
	// InYard are the labels in a shipyard's squares, by the shipyard's
	// space ID, one a square.
	InYard map[string][]string
	// Devastated are the hubs with a Bomber Devastation marker, with the
	// marker's resource icon ("hull", "systems", "crew"), which repairs it
	// (6.0, 11.2).
	Devastated map[string]string
	// Moved are the labels of the counters moved this turn (7.2: one space
	// a turn); optional, may be nil. A label is marked wherever it stands,
	// so an engine that tells equal counters apart gives them distinct
	// labels.
	Moved map[string]bool
	// GrindingWar is the index of the armies' box in
	// Pack.Tracks.GrindingWar, -1 before the first army (5.1).
	GrindingWar int
	// Armies is the number of Allied Army counters on the track.
	Armies int
	// Turn is the number of months played: the Götterdämmerung boxes
	// filled (12.2).
	Turn int
	// Built are the models built, in order ("A", "B", ...) (8.4).
	Built []string
	// Flotillas are the U-boat flotillas wherever they are (see Flotilla).
	Flotillas []Flotilla
	// Convoys are the values of the unsunk convoys, by convoy area name
	// (the pack's path areas: "Atlantic Ocean", "Western Approaches").
	Convoys map[string][]int
	// Transport is the Transport Points left this phase, on the IGD
	// (2.4.2, 7.1).
	Transport int
	// Phase is the phase being played, as the players read it
	// ("Movement (7.0)").
	Phase string
	// Allocation are the labels of the counters in the Counter Allocation
	// Box (2.4.7: IBG Commands until used, devastation markers until the
	// Bombing phase); optional, drawn under the map. Added to the contract.
	Allocation []string
}

// Flotilla is a U-boat flotilla counter. Where says where it is:
//
//	"Valentin"                 the Valentin U-boat Shelter (2.4.10)
//	"Prototype Pen"            the Prototype U-boat Pen, not yet built (2.4.3)
//	"Scrap Pile"               eliminated (1.2; also "eliminated", "lost")
//	"<path>:<space>"           on the path with that ID: <space> is an
//	                           encounter space's name or its number 1-4,
//	                           "home" (its Dangerous Trip Home box) or
//	                           "area" (its convoy area)
//	"<convoy area name>"       in that convoy area
//
// A flotilla anywhere else is listed with its Where under the track, so that
// none is lost from the picture.
type Flotilla struct {
	ID, Class, Where string
	Depleted         bool
}

// Boarded is a state that can be drawn.
type Boarded interface{ Board() Board }
