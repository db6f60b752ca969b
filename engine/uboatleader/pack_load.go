package uboatleader

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kaleun/kaleun/engine"
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
	var problems []string
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
	h := sha256.New()
	for _, name := range packFiles {
		b, err := fs.ReadFile(fsys, path.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("%s: missing (a pack has nine files: %s; `kaleun pack template uboatleader` writes them)", name, strings.Join(packFiles, ", ")))
			continue
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		hashFile(h, name, b)
		problems = append(problems, decodeStrict(name, b, into[name])...)
	}
	if extra, err := fs.ReadDir(fsys, dir); err == nil {
		for _, e := range extra {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") && !contains(packFiles, e.Name()) {
				problems = append(problems, fmt.Sprintf("%s: not a pack file (the files are %s)", e.Name(), strings.Join(packFiles, ", ")))
			}
		}
	}
	name := dir
	if ValidPackID(p.Meta.ID) {
		name = p.Meta.ID
	}
	if len(problems) > 0 {
		return nil, &PackError{Pack: name, Problems: problems}
	}
	p.Maps, p.Campaigns, p.UBoats, p.Events, p.Convoys, p.Tactics = maps.Maps, camps.Campaigns, boats.UBoats, events.Events, convoys.Convoys, counters.Tactics
	p.SHA256 = hex.EncodeToString(h.Sum(nil))
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

// hashFile adds one file to a pack's digest: its name and its bytes, each
// with its length, so that no two packs share a digest by moving bytes from
// one file to the next.
func hashFile(h io.Writer, name string, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(name)))
	h.Write(n[:])
	io.WriteString(h, name)
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// maxPackItems bounds the lines and list items of one pack file, counted
// before it is decoded: decoding costs some microseconds and hundreds of
// bytes an entry, so a file of millions of short entries would take a
// minute and gigabytes to refuse. A full pack file has some hundreds of
// lines (docs/operators/serve.md, "Files kaleun reads").
const maxPackItems = 20000

// decodeStrict decodes a YAML file refusing unknown fields; each problem is
// one line naming the file and the line. The file is one YAML document: a
// second one (after a "---") is refused, not ignored, since it would be
// hashed into the pack's digest without being played.
func decodeStrict(name string, b []byte, into any) []string {
	if n := bytes.Count(b, []byte("\n")) + bytes.Count(b, []byte(",")); n > maxPackItems {
		return []string{fmt.Sprintf("%s: more than %d lines and list items (a pack file has some hundreds): refused unread", name, maxPackItems)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	err := dec.Decode(into)
	if err == nil {
		var next yaml.Node
		switch err := dec.Decode(&next); {
		case errors.Is(err, io.EOF):
			return nil
		case err == nil:
			return []string{fmt.Sprintf("%s: line %d: a second YAML document (after \"---\"): a pack file is one document; remove it, or move it into the first", name, next.Line)}
		}
		return []string{name + ": " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if errors.Is(err, io.EOF) {
		return nil
	}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		out := make([]string, 0, len(te.Errors))
		for _, e := range te.Errors {
			out = append(out, name+": "+explainUnknown(e))
		}
		return out
	}
	return []string{name + ": " + strings.TrimPrefix(err.Error(), "yaml: ")}
}

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
