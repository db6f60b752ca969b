package xxi

import (
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine/xxi/content"
	"github.com/kaleun/kaleun/engine/xxi/pictures"
)

// Board implements pictures.Boarded: what the pictures draw of the game
// (the transport map from the pack's geometry with the counters on it and
// the devastated hubs; the tracks).
func (s *State) Board() pictures.Board {
	b := pictures.Board{
		Pack: s.pack, House: s.pack.Meta.ID == content.HousePackID,
		OnSpace: map[string][]string{}, InYard: map[string][]string{}, Devastated: map[string]string{},
		GrindingWar: s.GWT, Armies: s.count(AtGWT, nil), Built: append([]string(nil), s.Built...),
		Convoys: map[string][]int{}, Transport: s.TP, Phase: phaseNames[s.Phase],
	}
	b.Turn = s.Turn - 1
	if s.Done {
		b.Turn = s.Turn
		b.Phase = "over"
	}
	areas := map[string]string{}
	for _, p := range s.pack.Tracks.Paths {
		areas[p.ID] = p.Area.Name
	}
	for _, c := range s.Counters {
		kind, id, _ := strings.Cut(c.At, ":")
		switch {
		case kind == "space" && c.Kind == KindDevastation:
			b.Devastated[id] = c.Icon
		case kind == "space":
			b.OnSpace[id] = append(b.OnSpace[id], c.Label())
		case kind == "yard":
			b.InYard[id] = append(b.InYard[id], c.Label())
		case kind == "area":
			b.Convoys[areas[id]] = append(b.Convoys[areas[id]], c.Value)
		case c.At == AtAlloc:
			b.Allocation = append(b.Allocation, c.Label())
		}
		if s.moved(c.ID) {
			// This month's moves (7.2), checked on the map until the next
			// Movement Phase: the map posted when the phase ends shows them.
			if b.Moved == nil {
				b.Moved = map[string]bool{}
			}
			b.Moved[c.Label()] = true
		}
		if !c.uboat() || c.At == AtAside {
			continue
		}
		f := pictures.Flotilla{ID: c.ID, Class: c.Kind, Depleted: c.Depleted,
			Where: map[string]string{AtValentin: "Valentin", AtPen: "Prototype Pen", AtScrap: "Scrap Pile", AtGTR: "Scrap Pile", AtOut: "Scrap Pile"}[c.At]}
		if s.Battle != nil {
			f = s.atSea(f)
		}
		b.Flotillas = append(b.Flotillas, f)
	}
	return b
}

// atSea is a flotilla as the Battle Phase has it: on its mission's path,
// Depleted or sunk as it stands.
func (s *State) atSea(f pictures.Flotilla) pictures.Flotilla {
	for _, bf := range s.Battle.Flotillas() {
		if bf.ID != f.ID {
			continue
		}
		f.Depleted = bf.Depleted
		if bf.Sunk {
			f.Where = "Scrap Pile"
		}
	}
	if m := s.Battle.Mission; m != nil && m.Flotilla == f.ID && f.Where != "Scrap Pile" {
		where := "area"
		if m.Space < 4 {
			where = strconv.Itoa(m.Space + 1)
		}
		f.Where = m.Path + ":" + where
	}
	return f
}
