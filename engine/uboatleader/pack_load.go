package uboatleader

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/packfile"
)

//go:embed packs/house/*.yaml
var housePack embed.FS

// HousePackName names the embedded sample pack.
const HousePackName = "house"

// packFiles are a pack's files and the part of the pack each fills.
var packFiles = []string{"pack.yaml", "maps.yaml", "display.yaml", "campaigns.yaml", "uboats.yaml", "events.yaml", "convoys.yaml", "ships.yaml", "counters.yaml"}

// PackError lists every problem found in a pack, one line each: the pack
// door's (engine.PackError), which the commands read for every game.
type PackError = engine.PackError

// LoadHousePack reads the embedded sample pack.
func LoadHousePack() (*Pack, error) { return LoadPack(housePack, "packs/house") }

// LoadPack reads a pack from the directory dir of fsys: every file of
// packFiles must be there, every field known; the pack is then validated,
// and a *PackError lists all its problems at once.
func LoadPack(fsys fs.FS, dir string) (*Pack, error) {
	p := &Pack{}
	var maps mapsFile
	var camps campaignsFile
	var boats uboatsFile
	var events eventsFile
	var convoys convoysFile
	var counters countersFile
	into := map[string]any{
		"pack.yaml": &p.Meta, "maps.yaml": &maps, "display.yaml": &p.Display, "campaigns.yaml": &camps,
		"uboats.yaml": &boats, "events.yaml": &events, "convoys.yaml": &convoys, "ships.yaml": &p.Ships, "counters.yaml": &counters,
	}
	problems, sha := packfile.Files{
		Names: packFiles, Into: into, Fields: fieldsOf,
		Missing: fmt.Sprintf("a pack has nine files: %s; `kaleun pack template uboatleader` writes them)", strings.Join(packFiles, ", ")),
	}.Read(fsys, dir)
	name := dir
	if ValidPackID(p.Meta.ID) {
		name = p.Meta.ID
	}
	if len(problems) > 0 {
		return nil, &PackError{Pack: name, Problems: problems}
	}
	p.Maps, p.Campaigns, p.UBoats, p.Events, p.Convoys, p.Tactics = maps.Maps, camps.Campaigns, boats.UBoats, events.Events, convoys.Convoys, counters.Tactics
	p.SHA256 = sha
	if problems := p.validate(); len(problems) > 0 {
		return nil, &PackError{Pack: name, Problems: problems}
	}
	p.idx = newPackIndex(p)
	return p, nil
}

// The files that hold a list under one key.
type (
	mapsFile struct {
		Maps []MapDef `yaml:"maps"`
	}
	campaignsFile struct {
		Campaigns []CampaignDef `yaml:"campaigns"`
	}
	uboatsFile struct {
		UBoats []UBoatCard `yaml:"uboats"`
	}
	eventsFile struct {
		Events []EventCard `yaml:"events"`
	}
	convoysFile struct {
		Convoys []ConvoyCard `yaml:"convoys"`
	}
	countersFile struct {
		Tactics []TacticsCounter `yaml:"tactics"`
	}
)

// packIndex finds a pack's pieces by id and number.
type packIndex struct {
	maps      map[string]*mapGraph
	campaigns map[string]*CampaignDef
	boats     map[string]*UBoatCard
	boatOrder []string
	events    map[int]*EventCard
	convoys   map[int]*ConvoyCard
	ships     map[string]map[int]*ShipCard // by deck
	display   *displayGraph
}

// Deck names.
const (
	DeckEvents      = "events"
	DeckConvoys     = "convoys"
	DeckMerchants   = "merchants"
	DeckEscorts     = "escorts"
	DeckEscortFleet = "escort_fleet"
	DeckWarships    = "warships"
)

var shipDeckNames = []string{DeckMerchants, DeckEscorts, DeckEscortFleet, DeckWarships}

func (d *ShipDecks) deck(name string) []ShipCard {
	switch name {
	case DeckMerchants:
		return d.Merchants
	case DeckEscorts:
		return d.Escorts
	case DeckEscortFleet:
		return d.EscortFleet
	case DeckWarships:
		return d.Warships
	}
	return nil
}

func newPackIndex(p *Pack) *packIndex {
	x := &packIndex{maps: map[string]*mapGraph{}, campaigns: map[string]*CampaignDef{}, boats: map[string]*UBoatCard{},
		events: map[int]*EventCard{}, convoys: map[int]*ConvoyCard{}, ships: map[string]map[int]*ShipCard{}}
	for i := range p.Maps {
		x.maps[p.Maps[i].ID] = newMapGraph(&p.Maps[i])
	}
	for i := range p.Campaigns {
		x.campaigns[p.Campaigns[i].ID] = &p.Campaigns[i]
	}
	for i := range p.UBoats {
		x.boats[p.UBoats[i].ID] = &p.UBoats[i]
		x.boatOrder = append(x.boatOrder, p.UBoats[i].ID)
	}
	for i := range p.Events {
		x.events[p.Events[i].Number] = &p.Events[i]
	}
	for i := range p.Convoys {
		x.convoys[p.Convoys[i].Number] = &p.Convoys[i]
	}
	for _, name := range shipDeckNames {
		m := map[int]*ShipCard{}
		cards := p.Ships.deck(name)
		for i := range cards {
			m[cards[i].Number] = &cards[i]
		}
		x.ships[name] = m
	}
	x.display = newDisplayGraph(&p.Display)
	return x
}

// Campaign returns a campaign sheet by id.
func (p *Pack) Campaign(id string) *CampaignDef { return p.idx.campaigns[id] }

// Boat returns a U-boat card by id.
func (p *Pack) Boat(id string) *UBoatCard { return p.idx.boats[id] }

// Ship returns a ship card of a deck by number.
func (p *Pack) Ship(deck string, n int) *ShipCard { return p.idx.ships[deck][n] }

// CampaignIDs lists the campaigns in the pack's order (the linked order, UBL-9.4).
func (p *Pack) CampaignIDs() []string {
	out := make([]string, len(p.Campaigns))
	for i, c := range p.Campaigns {
		out[i] = c.ID
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
