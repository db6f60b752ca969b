package uboatleader

import (
	"fmt"
	"sort"
)

// Sheets: what the pictures of the campaign map and the tactical display
// show (engine/uboatleader/pictures draws them), read from the state and
// the pack's geometry. They hold no rule: the rules computed everything.

// MapSheet is the campaign map at a moment.
type MapSheet struct {
	Title, Subtitle, Label string
	Areas                  []MapArea
	// Links are the adjacencies, as indexes in Areas, each once.
	Links [][2]int
}

// MapArea is one area or port of the map.
type MapArea struct {
	ID, Name string
	Port     bool
	// At is the area's centre in hundredths of the picture (the pack's at,
	// or laid out from the adjacency when the pack gives none).
	At     [2]float64
	NoStop bool
	// Boxes are its Special Mission boxes; Markers the markers in it.
	Boxes, Markers []string
	// Boats are the U-boats in it; Searched those in its Searched box.
	Boats, Searched []string
	Battle          bool
}

// MapSheet reads the campaign map.
func (s *State) MapSheet() MapSheet {
	g := s.board()
	c := s.camp()
	sh := MapSheet{Title: g.def.Name, Subtitle: fmt.Sprintf("%s, turn %d, %s phase · %d VP", c.Name, s.Turn, s.Phase, s.VP), Label: s.pack.Meta.Label}
	at := layout(g)
	index := map[string]int{}
	for _, id := range g.order {
		a := g.area(id)
		ma := MapArea{ID: id, Name: s.areaName(id), Port: a.Kind == KindPort, At: at[id], NoStop: a.NoStop}
		if a.Mine != nil {
			ma.Boxes = append(ma.Boxes, "Mine")
		}
		if a.Attack != nil {
			ma.Boxes = append(ma.Boxes, "Attack")
		}
		if a.Raider != nil {
			ma.Boxes = append(ma.Boxes, "Raider")
		}
		m := s.marks(id)
		if m.AirSearch {
			ma.Markers = append(ma.Markers, "Air Search")
		}
		if m.Supply {
			ma.Markers = append(ma.Markers, "Supply")
		}
		if m.Intelligence {
			ma.Markers = append(ma.Markers, "Intelligence")
		}
		if m.UBoatAlerts > 0 {
			ma.Markers = append(ma.Markers, fmt.Sprintf("U-Boat Alert ×%d", m.UBoatAlerts))
		}
		ma.Battle = s.Battle != nil && s.Battle.Area == id
		for i := range s.Fleet {
			b := &s.Fleet[i]
			if !b.inPlay() || b.At != id {
				continue
			}
			t := fmt.Sprintf("%s %s %d", b.ID, [...]string{"G", "T", "V", "A"}[b.Level], b.Stress)
			if b.Searched {
				ma.Searched = append(ma.Searched, t)
			} else {
				ma.Boats = append(ma.Boats, t)
			}
		}
		index[id] = len(sh.Areas)
		sh.Areas = append(sh.Areas, ma)
	}
	for _, id := range g.order {
		for _, n := range g.area(id).Adjacent {
			if index[id] < index[n] {
				sh.Links = append(sh.Links, [2]int{index[id], index[n]})
			}
		}
	}
	return sh
}

// layout places a map's areas: where the pack says, or else in columns by
// their distance from the nearest port (ports on the right, the open sea
// to the left), each column ordered by the places of its neighbours in the
// column before, so that links cross as little as a simple rule allows.
func layout(g *mapGraph) map[string][2]float64 {
	out := map[string][2]float64{}
	placed := true
	for _, id := range g.order {
		if a := g.area(id); a.At != nil {
			out[id] = *a.At
		} else {
			placed = false
		}
	}
	if placed {
		return out
	}
	cols := map[int][]string{}
	far := 0
	for _, id := range g.order {
		d := g.toPort[id]
		cols[d] = append(cols[d], id)
		far = max(far, d)
	}
	y := map[string]float64{}
	for d := 0; d <= far; d++ {
		col := cols[d]
		if d > 0 {
			// Order by the mean place of its neighbours one column nearer.
			key := map[string]float64{}
			for _, id := range col {
				sum, n := 0.0, 0
				for _, nb := range g.area(id).Adjacent {
					if v, ok := y[nb]; ok && g.toPort[nb] == d-1 {
						sum += v
						n++
					}
				}
				if n > 0 {
					key[id] = sum / float64(n)
				}
			}
			sort.SliceStable(col, func(i, j int) bool { return key[col[i]] < key[col[j]] })
		}
		x := 88.0
		if far > 0 {
			x = 88 - 76*float64(d)/float64(far)
		}
		for k, id := range col {
			y[id] = 12 + 76*(float64(k)+0.5)/float64(len(col))
			out[id] = [2]float64{x, y[id]}
		}
	}
	return out
}

// DisplaySheet is the tactical display at a moment of a battle.
type DisplaySheet struct {
	Title, Subtitle, Label string
	// The rings' areas in the pack's order (clockwise from the bow), the
	// convoy's four (clockwise from the top left) and the wake.
	Long, Medium, Short, Convoy []DisplayArea
	Wake                        DisplayArea
	// Links are the adjacencies between rings, by area id.
	Links [][2]string
	// Ships and Boats list everything of the battle, for the legend.
	Ships []ShipCounter
	Boats []BoatCounter
}

// DisplayArea is one area of the display with its counters.
type DisplayArea struct {
	// ID is the pack's; Code is what texts and keys call it ("mid4").
	ID, Code, Name string
	Ships          []int // indexes in DisplaySheet.Ships
	Boats          []int // indexes in DisplaySheet.Boats
}

// ShipCounter is a ship of the battle.
type ShipCounter struct {
	Pos, Kind string
	// Name is its card's name, "" while it is an unknown counter.
	Name, Numbers  string
	Area, AreaName string
	Speed          int
	Light, Heavy   bool
	// Where it is when not on the display: sunk, off (in the wake), out.
	Gone string
	// Tactics is its Escort Tactics counter, e.g. "+1/+1".
	Tactics string
}

// BoatCounter is a U-boat of the battle.
type BoatCounter struct {
	ID, Area, AreaName               string
	Surfaced, Detected, Silent, Deep bool
	Active, Left                     bool
	Stress                           int
}

// DisplaySheet reads the tactical display; ok is false when no battle is
// on it (an Attack mission's ships lie in a box, not on the display).
func (s *State) DisplaySheet() (DisplaySheet, bool) {
	bt := s.Battle
	if bt == nil || bt.Type == "mission" || len(bt.Ships) == 0 {
		return DisplaySheet{}, false
	}
	g := s.display()
	d := g.def
	sh := DisplaySheet{Title: fmt.Sprintf("Tactical display · %s in %s", s.Fleet[bt.Active].ID, s.areaName(bt.Area)),
		Subtitle: fmt.Sprintf("Round %d · %s · %s left", bt.Round, count(bt.Alerts, "Alert marker"), count(bt.Contacts, "contact")), Label: s.pack.Meta.Label, Links: d.Links}
	if bt.Convoy != 0 {
		sh.Subtitle += " · Convoy card " + s.convoyText(bt.Convoy)
	}
	areas := map[string]*DisplayArea{}
	ring := func(ids []string) []DisplayArea {
		out := make([]DisplayArea, len(ids))
		for i, id := range ids {
			out[i] = DisplayArea{ID: id, Code: g.code(id), Name: g.name(id)}
		}
		return out
	}
	sh.Long, sh.Medium, sh.Short, sh.Convoy = ring(d.Long), ring(d.Medium), ring(d.Short), ring(d.Convoy)
	sh.Wake = DisplayArea{ID: d.Wake, Code: g.code(d.Wake), Name: g.name(d.Wake)}
	for _, r := range [][]DisplayArea{sh.Long, sh.Medium, sh.Short, sh.Convoy} {
		for i := range r {
			areas[r[i].ID] = &r[i]
		}
	}
	areas[d.Wake] = &sh.Wake
	for k := range bt.Ships {
		x := &bt.Ships[k]
		if x.Gone {
			continue
		}
		sc := ShipCounter{Pos: x.Pos, Kind: x.Kind, Area: x.Area, AreaName: g.name(x.Area), Speed: s.shipSpeed(x), Light: x.Light > 0, Heavy: x.Heavy > 0}
		if c := s.shipCard(x); c != nil {
			sc.Name, sc.Numbers = c.Name, "torpedo "+c.Torpedo.String()
		}
		switch {
		case x.Sunk:
			sc.Gone = "sunk"
		case x.Off:
			sc.Gone = "off in the wake"
		case x.Out:
			sc.Gone = "out of the battle"
		}
		if x.Tactics > 0 {
			tc := s.pack.Tactics[x.Tactics-1]
			sc.Tactics = fmt.Sprintf("+%d/+%d", tc.Detect, tc.Attack)
		}
		sh.Ships = append(sh.Ships, sc)
		if a := areas[x.Area]; a != nil && sc.Gone == "" {
			a.Ships = append(a.Ships, len(sh.Ships)-1)
		}
	}
	for k := range bt.Boats {
		b := &bt.Boats[k]
		bc := BoatCounter{ID: s.Fleet[b.Boat].ID, Area: b.Area, AreaName: g.name(b.Area), Surfaced: b.Surfaced, Detected: b.Detected, Silent: b.Silent, Deep: b.Deep,
			Active: b.Boat == bt.Active, Left: b.Left, Stress: s.Fleet[b.Boat].Stress}
		sh.Boats = append(sh.Boats, bc)
		if a := areas[b.Area]; a != nil && !b.Left {
			a.Boats = append(a.Boats, len(sh.Boats)-1)
		}
	}
	return sh, true
}
