// Package content is the content of XXI: The Naval Wonder Weapon 1943-1945
// that its rulebook does not print (digest §9, gaps G1-G15): the Reich
// Transportation Map's graph, the tracks' values and the counter mix are on
// the map and the counters, so they come from a content pack, as U-Boat
// Leader's components do, read and hashed by the shared machinery
// (engine/packfile) and reached by the commands through the game's pack
// door (engine.PackKit) once the game is registered. This package is the
// pack's format, its checks (each from the rulebook's words, citing the
// case) and the embedded house pack. Pure data and checks: the game itself
// is not here yet.
package content

// Pack is an XXI content pack: four files.
//
//	pack.yaml      what the pack is and where its values come from
//	map.yaml       the Reich Transportation Map (2.4.1, 7.2)
//	tracks.yaml    the Model Development, U-boat Mission, Grinding War and
//	               Götterdämmerung Turn Record tracks (2.4.4-2.4.10)
//	counters.yaml  the counter mix (2.0-2.3)
type Pack struct {
	Meta     Meta
	Map      TransportMap
	Tracks   Tracks
	Counters Counters
	// SHA256 is the hex digest of the pack's files (packfile.HashFile): a
	// game records it, so that its audit binds the content it was played
	// with.
	SHA256 string
}

// Meta names a pack and says where its values come from.
type Meta struct {
	// ID names the pack at set-up (`new pack:ID`): letters, digits, "-",
	// "_" and "." (packfile.ValidID).
	ID string `yaml:"id"`
	// Name is the pack's title.
	Name string `yaml:"name"`
	// Label is shown with everything a game played with the pack shows,
	// e.g. "House content, not the publisher's".
	Label string `yaml:"label"`
	// Provenance says, a line each, whose every value is: the rulebook's
	// (with its case), the owner's copy, or invented.
	Provenance []string `yaml:"provenance"`
	// Victory, when given, are the victory levels of the owner's copy
	// (Module 14.0, which the transcribed text lacks: G12), as data: a
	// game's report applies them, saying they are the owner's. The house
	// pack has none, so that no victory is invented (XXI-A1).
	Victory *Victory `yaml:"victory,omitempty"`
}

// Victory are an owner's victory levels.
type Victory struct {
	// Source is where in his copy they are printed, e.g. "14.0, page 15".
	Source string `yaml:"source"`
	// Levels are best first: the result is the first whose conditions all
	// hold at the game's end.
	Levels []VictoryLevel `yaml:"levels"`
}

// VictoryLevel is one level: its name and its conditions (none: it
// always holds, a last catch-all level).
type VictoryLevel struct {
	Name string      `yaml:"name"`
	When []Condition `yaml:"when,omitempty"`
}

// Condition bounds one of the report's figures (VictoryFigures).
type Condition struct {
	Figure  string `yaml:"figure"`
	AtLeast *int   `yaml:"at_least,omitempty"`
	AtMost  *int   `yaml:"at_most,omitempty"`
}

// VictoryFigures are the report's figures a condition may bound: Type XXIs
// built, convoys sunk, convoys that reached the Western Approaches, the
// convoys there at the end, the armies' box (1 the bottom, 0 with no army),
// the hubs devastated at the end, the flotillas lost, the months played.
var VictoryFigures = []string{"xxi_built", "convoys_sunk", "convoys_to_wa", "convoys_in_wa", "armies_box", "devastated", "flotillas_lost", "months"}

// TransportMap is the Reich Transportation Map (2.4.1): 23 spaces, the
// seven lettered Production spaces A-G and the sixteen numbered hub
// cities 3-18, joined by transport lines.
type TransportMap struct {
	Spaces []Space `yaml:"spaces"`
	// Links are the transport lines, each the two spaces it joins
	// ([A, G]); a line runs both ways (7.2).
	Links [][]string `yaml:"links"`
}

// Space is one space of the map.
type Space struct {
	// ID is the space's label on the map: "A" to "G", or "3" to "18" (the
	// number 3d6 rolls to bomb it, 6.0).
	ID string `yaml:"id"`
	// Name is the city's name. The rules name A-G, 8, 12 and 18 (13.0,
	// 2.4.1) and the pack must agree; the other hubs' names are on the map
	// only (G2), and may be left out.
	Name string `yaml:"name,omitempty"`
	// At is where the picture draws the space: x (west to east) and y
	// (north to south), each from 0 to 100.
	At []float64 `yaml:"at"`
	// Produces is the resource a lettered space's counters are: hull (A,
	// B, C), systems (D, E) or crew (F, G) (13.0, 2.2.1-2.2.3, 5.1).
	// Numbered spaces produce nothing.
	Produces string `yaml:"produces,omitempty"`
	// Shipyard is the number of Shipyard squares of a shipyard city:
	// Bremen (8) 6, Hamburg (12) 8, Danzig (18) 4 (2.5). Others have none.
	Shipyard int `yaml:"shipyard,omitempty"`
}

// Tracks are the map's tracks.
type Tracks struct {
	// Models are the Model Development Track's Type XXI models, A to D in
	// the order they must be built (8.0).
	Models []Model `yaml:"models"`
	// Paths are the U-boat Mission Track's two mission paths (9.1).
	Paths []Path `yaml:"paths"`
	// GrindingWar are the Grinding War Track's boxes from the bottom (At
	// Start) to the top (Constant Retreat) (2.4.8).
	GrindingWar []WarBox `yaml:"grinding_war"`
	// Gotterdammerung is the Götterdämmerung Turn Record Track (2.4.4).
	Gotterdammerung TurnTrack `yaml:"gotterdammerung"`
}

// Model is one Type XXI model on the Model Development Track (2.4.9).
type Model struct {
	// Model is its letter: A, B, C or D.
	Model string `yaml:"model"`
	// Engine, Silence and Attack are the numbers of d6 rolled for an
	// Engine or Silence test (9.2) and a convoy attack (9.7).
	Engine  int `yaml:"engine"`
	Silence int `yaml:"silence"`
	Attack  int `yaml:"attack"`
	// Defense is the large number: a depth-charge die that equals or
	// exceeds it hits the flotilla (9.4).
	Defense int `yaml:"defense"`
	// Cost is the resources it takes at one shipyard, besides one IBG
	// Command (8.1).
	Cost Cost `yaml:"cost"`
}

// Cost is a model's resource requirement (the squares, diamonds and
// circles of 2.4.9).
type Cost struct {
	Hull    int `yaml:"hull"`
	Systems int `yaml:"systems"`
	Crew    int `yaml:"crew"`
}

// Total is the number of resource counters a build takes.
func (c Cost) Total() int { return c.Hull + c.Systems + c.Crew }

// Path is a mission path: four encounter spaces, then its convoy area.
type Path struct {
	// ID is atlantic (the "bottom path" of 9.10, whose first space is Open
	// Ocean, 9.1) or western-approaches.
	ID string `yaml:"id"`
	// Spaces are its four encounter spaces in the order they are entered
	// (9.1).
	Spaces []Encounter `yaml:"spaces"`
	// Area is the convoy area it leads to (9.7, 9.8).
	Area Area `yaml:"area"`
	// Home is its Dangerous Trip Home box (2.4.10, 9.6).
	Home Test `yaml:"home"`
}

// Encounter is an encounter space (9.2).
type Encounter struct {
	Name string `yaml:"name"`
	// Test is engine or silence, the icon in the space; Target is the
	// number one die must equal or exceed.
	Test   string `yaml:"test"`
	Target int    `yaml:"target"`
	// DepthCharges is the number of depth-charge icons: the dice rolled
	// against a flotilla that fails the test (9.4).
	DepthCharges int `yaml:"depth_charges"`
}

// Area is a convoy area: Atlantic Ocean or Western Approaches.
type Area struct {
	Name string `yaml:"name"`
	// DepthCharges are the dice rolled after each convoy attack (9.8).
	DepthCharges int `yaml:"depth_charges"`
}

// Test is a Dangerous Trip Home box's test (9.6).
type Test struct {
	Test   string `yaml:"test"`
	Target int    `yaml:"target"`
}

// WarBox is a box of the Grinding War Track (2.4.8).
type WarBox struct {
	Name string `yaml:"name"`
	// Draws is the number of counters drawn from the Counter Draw Pile in
	// the Draw Phase while the armies are in the box (4.0).
	Draws int `yaml:"draws"`
	// Transport is the fixed number of Transport Points added to 1d6 in
	// the Movement Phase (7.1).
	Transport int `yaml:"transport"`
}

// TurnTrack is the Götterdämmerung Turn Record Track: one box a month
// (2.4.4).
type TurnTrack struct {
	// Start is the month of the first box, YYYY-MM.
	Start string `yaml:"start"`
	// Months is the number of boxes: the game's length in turns.
	Months int `yaml:"months"`
}

// Counters is the counter mix (2.0-2.3): how many of each, and what the
// counters print.
type Counters struct {
	// TypeVII are the Type VII flotillas: 3, the third optional (2.1.1).
	TypeVII int `yaml:"type_vii"`
	// TypeXXI are the Type XXI flotillas: 5 (2.1.2).
	TypeXXI int `yaml:"type_xxi"`
	// Convoys are the printed values of the seven convoys that start in
	// the Counter Draw Pile (2.1.3): a U-boat sinks one with a die that
	// equals or exceeds it (9.7).
	Convoys []int `yaml:"convoys"`
	// OptionalConvoy is the eighth convoy's value, "+6" (2.1.3, 16.2.3).
	OptionalConvoy int `yaml:"optional_convoy"`
	// Armies are the Allied Army counters: 8 (2.1.4).
	Armies int `yaml:"armies"`
	// Hulls, Systems and Crew count the resource counters by their letter:
	// 16 Hull Sections lettered A, B or C, 8 Internal Systems D or E, 8
	// Trained Crew F or G (2.2.1-2.2.3, 13.0).
	Hulls   map[string]int `yaml:"hulls"`
	Systems map[string]int `yaml:"systems"`
	Crew    map[string]int `yaml:"crew"`
	// IBG are the IBG Command counters: 10 (2.2.4).
	IBG int `yaml:"ibg"`
	// AntiAircraft are the Heavy Anti-Aircraft Defenses: 2, optional (2.2.5).
	AntiAircraft int `yaml:"anti_aircraft"`
	// PriorityTransport are the Priority Transport counters: 3, optional
	// (2.2.6).
	PriorityTransport int `yaml:"priority_transport"`
	// TransportMarker is the Available Transport Points marker: 1 (2.3.1).
	TransportMarker int `yaml:"transport_marker"`
	// Devastation are the eight Bomber Devastation markers' resource
	// icons, hull, systems or crew: a marker is repaired with a resource of
	// its icon (2.3.2, 11.2).
	Devastation []string `yaml:"devastation"`
	// Other are counters the rules do not name: 2.0 counts 88, and 2.1-2.3
	// name 80 (G14).
	Other []OtherCounter `yaml:"other,omitempty"`
}

// OtherCounter is a kind of counter the rules do not name.
type OtherCounter struct {
	Name  string `yaml:"name"`
	Count int    `yaml:"count"`
}
