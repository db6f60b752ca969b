package hunters

import "fmt"

// DisplaySheet is what the U-boat display mat shows, ready to be drawn: the
// pictures package renders it without knowing the rules.
type DisplaySheet struct {
	Title    string // "U-69 · Type VIIC"
	Subtitle string // rank, Kommandant, award
	Date     string
	Quality  string
	Tonnage  string
	Fwd, Aft []string // tube contents: "G7a", "G7e", "mine" or ""
	Reloads  []SheetItem
	Guns     []SheetItem // deck gun with ammo, flak
	Hull     Track
	Flooding Track
	Systems  []SheetItem // Value: "OK", "damaged" or "inoperable"
	Crew     []CrewBox
	Markers  []string
	Track    PatrolTrack
	// Fate is the boat's end once the career is over ("SUNK · Dec-40 · lost
	// with all hands"), written across the mat as a player would mark his
	// sheet (3.5); "" while she is afloat.
	Fate string
	// Undone is the mark of decisions undone after their dice were seen,
	// as the status view has it; "" when none.
	Undone string
}

// SheetItem is a named value.
type SheetItem struct{ Name, Value string }

// Track is a damage track: Marked of Spaces boxes filled; Thresholds are
// the counts at which something happens (a refit month per block, 10.10.3).
type Track struct {
	Marked, Spaces int
	Thresholds     []int
}

// CrewBox is one crew member or generic crew box.
type CrewBox struct {
	Role    string // "Kommandant", "1WO", ..., "Crew 1"
	Health  string // "", "LW", "SW", "KIA"
	Experte bool
}

// PatrolTrack is the patrol's boxes with the boat's position.
type PatrolTrack struct {
	Name  string
	Boxes []string
	Pos   int // -1 in port
}

// fateLines say how a career ended for the mats; a Kommandant who survived the
// war has no line: his boat is afloat.
var fateLines = map[string]string{
	"sunk":        "lost with all hands",
	"prisoner":    "scuttled; the crew taken prisoner",
	"captured":    "the scuttling failed; the boat is in enemy hands",
	"killed":      "the Kommandant is killed in action",
	"lost_at_sea": "scuttled; the crew lost at sea",
}

// fateLine is the mats' line for a career that ended in a loss (3.5's
// "SUNK"), "" otherwise.
func (s *State) fateLine() string {
	line, ok := fateLines[s.Career.Fate]
	if s.Over == nil || !ok {
		return ""
	}
	return fmt.Sprintf("%s · %s · %s", lossMarks[s.Career.Fate], s.Career.Month.Label(), line)
}

// Sheet returns the display mat of the boat as it stands.
func (s *State) Sheet() DisplaySheet {
	b, m, c := &s.Boat, s.mat(), &s.Career
	d := DisplaySheet{
		Title:    fmt.Sprintf("%s · Type %s", b.Number, typeName(b.Type)),
		Subtitle: s.rankName() + " " + c.Kommandant,
		Date:     c.Month.Label(),
		Quality:  qualityNames[s.Crew.Quality],
		Tonnage:  Tons(c.Tons) + " in " + plural(c.ShipsSunk, "ship", "ships") + ", " + plural(c.Patrols, "patrol", "patrols"),
		Fwd:      append([]string(nil), b.Fwd...),
		Aft:      append([]string(nil), b.Aft...),
		Reloads: []SheetItem{
			{"Fwd reloads", fmt.Sprintf("%d G7a · %d G7e", b.FwdA, b.FwdE)},
			{"Aft reloads", fmt.Sprintf("%d G7a · %d G7e", b.AftA, b.AftE)},
		},
		Hull:     Track{Marked: b.Hull, Spaces: m.HullSpaces},
		Flooding: Track{Marked: b.Flooding, Spaces: m.FloodingSpaces},
		Track:    PatrolTrack{Pos: -1},
	}
	if c.Award > 0 {
		d.Subtitle += " · " + s.awardName()
	}
	if b.ShaftMines > 0 {
		d.Reloads = append(d.Reloads, SheetItem{"Mine shafts", fmt.Sprint(b.ShaftMines)})
	}
	if block := s.pack.Rules.Refit.HullBlock; block > 0 {
		for t := block; t < m.HullSpaces; t += block {
			d.Hull.Thresholds = append(d.Hull.Thresholds, t)
		}
	}
	if m.DeckGun != nil {
		d.Guns = append(d.Guns, SheetItem{"Deck gun " + m.DeckGun.Gun, fmt.Sprintf("%s · ammo %d/%d", s.sys(sysDeckGun), b.Ammo, m.DeckGun.Ammo)})
	}
	for i := 0; i < numSystems; i++ {
		if !b.Aboard[i] {
			continue
		}
		switch i {
		case sysDeckGun:
		case sysFlak20, sysFlak37, sysFlak20b:
			d.Guns = append(d.Guns, SheetItem{systemNames[i], b.Sys[i].String()})
		default:
			d.Systems = append(d.Systems, SheetItem{systemNames[i], b.Sys[i].String()})
		}
	}
	add := func(role string, m Crewman) {
		h := ""
		if m.Health != Fit {
			h = [...]string{"", "LW", "SW", "KIA"}[m.Health]
		}
		d.Crew = append(d.Crew, CrewBox{Role: role, Health: h, Experte: m.Experte})
	}
	add("Kommandant", s.Crew.Kmdt)
	add("1WO", s.Crew.WO1)
	add("2WO", s.Crew.WO2)
	add("LI", s.Crew.LI)
	add("Doctor", s.Crew.Doctor)
	for i, g := range s.Crew.Generic {
		add(fmt.Sprintf("Crew %d", i+1), g)
	}
	if s.Crew.Agent != nil {
		add("Abwehr agent", *s.Crew.Agent)
	}
	if mk := s.markers(); mk != "none" {
		d.Markers = append(d.Markers, mk)
	}
	d.Fate = s.fateLine()
	d.Undone = s.undoneMark()
	if p := s.Patrol; p != nil && len(p.Boxes) > 0 {
		d.Track.Name = assignmentLabel(p.Assignment)
		for i := range p.Boxes {
			d.Track.Boxes = append(d.Track.Boxes, s.boxLabel(i))
		}
		d.Track.Pos = p.Pos
	}
	return d
}
