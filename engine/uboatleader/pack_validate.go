package uboatleader

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine/packfile"
)

// validate checks a pack after decoding: every reference resolves, every
// adjacency is mutual, every card number is in range and printed once,
// every table is whole. It returns one line per problem.
func (p *Pack) validate() []string {
	v := &validator{}
	v.meta(p)
	maps := v.maps(p)
	v.display(&p.Display)
	v.uboats(p)
	v.events(p)
	v.ships(p)
	v.convoys(p)
	v.tactics(p)
	v.campaigns(p, maps)
	v.numbers(p)
	return v.problems
}

type validator struct{ problems []string }

func (v *validator) add(format string, a ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, a...))
}

// maxPackID is the longest pack id.
const maxPackID = packfile.MaxID

// ValidPackID tells whether id can name a pack (packfile.ValidID, which
// every game's packs share).
func ValidPackID(id string) bool { return packfile.ValidID(id) }

// shortQuote quotes a value from a pack for a message, cut to a length that
// keeps the message one short line.
func shortQuote(s string) string {
	if len(s) > 40 {
		return fmt.Sprintf("%q…", s[:40])
	}
	return fmt.Sprintf("%q", s)
}

// Card numbers are printed bottom left (UBL-1.8); they run from 1 to 999.
const maxCardNumber = 999

func (v *validator) meta(p *Pack) {
	if p.Meta.ID == "" || p.Meta.Name == "" {
		v.add("pack.yaml: id and name are required")
	} else if !ValidPackID(p.Meta.ID) {
		v.add("pack.yaml: id %s is not a pack id: give up to %d letters, digits, dashes, dots or underscores, starting with a letter or a digit (e.g. my-copy)", shortQuote(p.Meta.ID), maxPackID)
	}
	if strings.TrimSpace(p.Meta.Label) == "" {
		v.add("pack.yaml: label is required (it is shown on every view and prompt, e.g. \"House content, not the publisher's\")")
	}
}

func (v *validator) maps(p *Pack) map[string]map[string]*AreaDef {
	out := map[string]map[string]*AreaDef{}
	if len(p.Maps) == 0 {
		v.add("maps.yaml: no map")
	}
	for mi := range p.Maps {
		m := &p.Maps[mi]
		where := fmt.Sprintf("maps.yaml: map %q", m.ID)
		if m.ID == "" {
			v.add("maps.yaml: map #%d has no id", mi+1)
			continue
		}
		if out[m.ID] != nil {
			v.add("%s: the id is used twice", where)
			continue
		}
		areas := map[string]*AreaDef{}
		out[m.ID] = areas
		for i := range m.Areas {
			a := &m.Areas[i]
			if a.ID == "" {
				v.add("%s: area #%d has no id", where, i+1)
				continue
			}
			if areas[a.ID] != nil {
				v.add("%s: area %q is listed twice", where, a.ID)
			}
			areas[a.ID] = a
		}
		ports := 0
		for _, id := range sortedKeys(areas) {
			a := areas[id]
			at := fmt.Sprintf("%s, area %q", where, id)
			switch a.Kind {
			case KindPort:
				ports++
				if a.Refit < 0 {
					v.add("%s: a port's refit number cannot be negative", at)
				}
				if len(a.Contacts) > 0 || a.Mine != nil || a.Attack != nil || a.Raider != nil || a.Patrolling != 0 {
					v.add("%s: a port has no contact table, mission box or patrolling value", at)
				}
			case KindSea:
				if a.Refit != 0 {
					v.add("%s: only ports have a refit number", at)
				}
				v.contactTable(at, a.Contacts)
			default:
				v.add("%s: kind %q is not sea or port", at, a.Kind)
			}
			if a.Patrolling < 0 || a.Moving < 0 || a.Patrolling > 10 || a.Moving > 10 {
				v.add("%s: patrolling and moving are event counts from 0 to 10", at)
			}
			if len(a.Adjacent) == 0 {
				v.add("%s: no adjacent area", at)
			}
			for _, n := range a.Adjacent {
				b := areas[n]
				switch {
				case b == nil:
					v.add("%s: adjacent area %q is missing", at, n)
				case n == id:
					v.add("%s: an area is not adjacent to itself", at)
				case !contains(b.Adjacent, id):
					v.add("%s: adjacent to %q, but %q does not list %q (adjacency must be mutual)", at, n, n, id)
				case a.Kind == KindPort && b.Kind == KindPort:
					v.add("%s: two ports (%q) cannot be adjacent; a boat sails from a port into a sea area", at, n)
				}
			}
			if a.Mine != nil {
				if a.Mine.Events < 0 || len(a.Mine.VP) == 0 {
					v.add("%s: a mine box needs its event count and a VP table", at)
				}
				for k, r := range a.Mine.VP {
					if r.Mines < 1 || r.VP < 0 || k > 0 && r.Mines <= a.Mine.VP[k-1].Mines {
						v.add("%s: mine VP rows need rising mine counts of at least 1", at)
						break
					}
				}
			}
			if a.Attack != nil && (a.Attack.Events < 0 || a.Attack.Ships < 1) {
				v.add("%s: an attack box needs its event count and at least 1 ship", at)
			}
			if a.Raider != nil && (a.Raider.Events < 0 || a.Raider.Attacks < 1) {
				v.add("%s: a raider box needs its event count and at least 1 attack", at)
			}
		}
		if ports == 0 {
			v.add("%s: no port", where)
		}
		placed := 0
		for _, id := range sortedKeys(areas) {
			if at := areas[id].At; at != nil {
				placed++
				if at[0] < 0 || at[0] > 100 || at[1] < 0 || at[1] > 100 {
					v.add("%s, area %q: at [%g, %g] is off the picture (x and y from 0 to 100)", where, id, at[0], at[1])
				}
			}
		}
		if placed > 0 && placed < len(areas) {
			for _, id := range sortedKeys(areas) {
				if areas[id].At == nil {
					v.add("%s, area %q: no at, while other areas of the map have one (place every area, or none)", where, id)
				}
			}
		}
		// Every area must be reachable from a port.
		g := newMapGraph(m)
		for _, id := range sortedKeys(areas) {
			if _, ok := g.toPort[id]; !ok {
				v.add("%s, area %q: no port can be reached from it", where, id)
			}
		}
	}
	return out
}

func (v *validator) contactTable(at string, bands []ContactBand) {
	if len(bands) == 0 {
		v.add("%s: a sea area needs a contact table", at)
		return
	}
	prev := -100
	for i, b := range bands {
		last := i == len(bands)-1
		switch {
		case b.N < 0 || b.N > 9:
			v.add("%s: contact band %d gives %d contacts (0 to 9)", at, i+1, b.N)
		case !last && b.Max == nil:
			v.add("%s: contact band %d needs a max (only the last band is open)", at, i+1)
		case last && b.Max != nil:
			v.add("%s: the last contact band must be open (no max), so every roll has a row", at)
		case b.Max != nil && *b.Max <= prev:
			v.add("%s: contact bands must rise (band %d)", at, i+1)
		}
		if b.Max != nil {
			prev = *b.Max
		}
	}
}

func (v *validator) display(d *DisplayDef) {
	seen := map[string]string{}
	for _, r := range []struct {
		kind string
		ids  []string
		min  int
	}{{RingLong, d.Long, 3}, {RingMedium, d.Medium, 3}, {RingShort, d.Short, 3}, {RingConvoy, d.Convoy, 4}} {
		if len(r.ids) < r.min {
			v.add("display.yaml: the %s ring needs at least %d areas", r.kind, r.min)
		}
		for _, id := range r.ids {
			if id == "" {
				v.add("display.yaml: an empty area id in the %s ring", r.kind)
			} else if seen[id] != "" {
				v.add("display.yaml: area %q is listed twice", id)
			}
			seen[id] = r.kind
		}
	}
	if len(d.Convoy) != 4 {
		v.add("display.yaml: the display has 4 convoy areas (UBL-1.4), not %d", len(d.Convoy))
	}
	if d.Wake == "" {
		v.add("display.yaml: the wake area is missing")
	} else if seen[d.Wake] != "" {
		v.add("display.yaml: the wake %q is also a ring area", d.Wake)
	} else {
		seen[d.Wake] = RingWake
	}
	legal := map[[2]string]bool{
		{RingLong, RingMedium}: true, {RingMedium, RingShort}: true, {RingShort, RingConvoy}: true,
		{RingWake, RingLong}: true, {RingWake, RingMedium}: true, {RingWake, RingShort}: true,
	}
	touches := map[string]map[string]bool{}
	linked := map[[2]string]bool{}
	for i, l := range d.Links {
		ka, kb := seen[l[0]], seen[l[1]]
		switch {
		case ka == "":
			v.add("display.yaml: link %d names a missing area %q", i+1, l[0])
		case kb == "":
			v.add("display.yaml: link %d names a missing area %q", i+1, l[1])
		case !legal[[2]string{ka, kb}] && !legal[[2]string{kb, ka}]:
			v.add("display.yaml: link %d joins a %s area to a %s area, which are not adjacent kinds (UBL-1.4)", i+1, ka, kb)
		case linked[[2]string{l[0], l[1]}] || linked[[2]string{l[1], l[0]}]:
			v.add("display.yaml: link %d (%s-%s) is listed twice", i+1, l[0], l[1])
		default:
			linked[[2]string{l[0], l[1]}] = true
			for _, x := range [][2]string{{l[0], kb}, {l[1], ka}} {
				if touches[x[0]] == nil {
					touches[x[0]] = map[string]bool{}
				}
				touches[x[0]][x[1]] = true
			}
		}
	}
	for _, id := range d.Long {
		if !touches[id][RingMedium] {
			v.add("display.yaml: long area %q touches no medium area", id)
		}
	}
	for _, id := range d.Medium {
		if !touches[id][RingShort] || !touches[id][RingLong] {
			v.add("display.yaml: medium area %q must touch a short and a long area", id)
		}
	}
	for _, id := range d.Short {
		if !touches[id][RingMedium] {
			v.add("display.yaml: short area %q touches no medium area", id)
		}
	}
	for _, id := range d.Convoy {
		if !touches[id][RingShort] {
			v.add("display.yaml: convoy area %q touches no short area", id)
		}
	}
	if d.Wake != "" && len(touches[d.Wake]) == 0 {
		v.add("display.yaml: the wake touches no area")
	}
	for k := range d.Names {
		if seen[k] == "" {
			v.add("display.yaml: a name for the missing area %q", k)
		}
	}
	for _, k := range []string{ShipMerchant, ShipEscort, ShipWarship, ShipFleetEscort} {
		if s, ok := d.UnknownSpeed[k]; !ok || s < 0 || s > 9 {
			v.add("display.yaml: unknown_speed needs the %s counter's speed (0 to 9)", k)
		}
	}
	for k := range d.UnknownSpeed {
		if !contains([]string{ShipMerchant, ShipEscort, ShipWarship, ShipFleetEscort}, k) {
			v.add("display.yaml: unknown_speed for %q, which is no ship kind", k)
		}
	}
}

// Types the rules know (UBL-1.7, UBL-10).
var boatTypes = []string{"IIA", "IIB", "IIC", "IID", "VIIA", "VIIB", "VIIC", "VIID", "VIIF", "IXA", "IXB", "IXC", "IXD", "XXI"}

// typeClass is a type's class: II, VII, IX or XXI.
func typeClass(t string) string {
	for _, c := range []string{"XXI", "VII", "IX", "II"} {
		if strings.HasPrefix(t, c) {
			return c
		}
	}
	return t
}

// typeMatches reports whether a boat type matches a sheet's entry: the type
// itself or its class ("II", "VII", "IX", "XXI").
func typeMatches(typ, entry string) bool { return typ == entry || typeClass(typ) == entry }

// hasNoGun: Type II and Type XXI boats have no deck gun (UBL-2, UBL-6.15).
func hasNoGun(typ string) bool { return strings.HasPrefix(typ, "II") || typ == "XXI" }

func (v *validator) uboats(p *Pack) {
	if len(p.UBoats) == 0 {
		v.add("uboats.yaml: no U-boat")
	}
	ids := map[string]bool{}
	for i := range p.UBoats {
		b := &p.UBoats[i]
		at := fmt.Sprintf("uboats.yaml: %q", b.ID)
		if b.ID == "" {
			v.add("uboats.yaml: U-boat #%d has no id", i+1)
			continue
		}
		if ids[b.ID] {
			v.add("%s: listed twice", at)
		}
		ids[b.ID] = true
		if !contains(boatTypes, b.Type) {
			v.add("%s: type %q is not one of %s", at, b.Type, strings.Join(boatTypes, ", "))
		}
		if b.Service.From.IsZero() || b.Service.To.IsZero() || b.Service.To.Before(b.Service.From) {
			v.add("%s: service needs from and to dates in order", at)
		}
		if b.Ready < 1 || b.Stored < 0 || b.Ready+b.Stored > 40 {
			v.add("%s: ready (1 or more) and stored (0 or more) torpedoes, at most 40 in all", at)
		}
		if b.Speed.Surfaced < 0 || b.Speed.Submerged < 0 || b.Speed.Surfaced > 5 || b.Speed.Submerged > 5 {
			v.add("%s: speeds from 0 to 5", at)
		}
		if b.Gun && hasNoGun(b.Type) {
			v.add("%s: a Type %s has no deck gun (UBL-2)", at, b.Type)
		}
		if b.Optional != "" && b.Optional != "xxi" {
			v.add("%s: optional %q is no optional rule (xxi)", at, b.Optional)
		}
		for k := range b.Levels {
			if !contains(levelKeys, k) {
				v.add("%s: level %q is not one of %s", at, k, strings.Join(levelKeys, ", "))
			}
		}
		for li, k := range levelKeys {
			lv, ok := b.Levels[k]
			if !ok {
				v.add("%s: the %s level is missing", at, k)
				continue
			}
			lat := at + " " + k
			if lv.SO < 0 || lv.SO > 60 {
				v.add("%s: SO cost from 0 to 60", lat)
			}
			if li < 3 && lv.XP < 1 {
				v.add("%s: the XP to the next level must be at least 1", lat)
			}
			if li == 3 && lv.XP != 0 {
				v.add("%s: there is no level above ace, so no XP to reach it", lat)
			}
			for _, ab := range lv.Abilities {
				if !contains([]string{AbilityInfiltrator, AbilityCool, AbilitySearcher}, ab) {
					v.add("%s: ability %q is not infiltrator, cool or searcher", lat, ab)
				}
			}
			for _, r := range []struct {
				name string
				row  Row
			}{{"okay", lv.Okay}, {"shaken", lv.Shaken}} {
				if r.row.Init != "aggressive" && r.row.Init != "cautious" {
					v.add("%s %s row: init %q is not aggressive or cautious", lat, r.name, r.row.Init)
				}
				if r.row.EV < 0 || r.row.EV > 10 || r.row.GS < -5 || r.row.GS > 5 || r.row.TS < -5 || r.row.TS > 5 {
					v.add("%s %s row: EV 0 to 10, GS and TS -5 to 5", lat, r.name)
				}
			}
		}
	}
	for i := range p.UBoats {
		for _, x := range p.UBoats[i].Excludes {
			if !ids[x] {
				v.add("uboats.yaml: %q excludes the missing U-boat %q", p.UBoats[i].ID, x)
			}
		}
	}
}

func (v *validator) events(p *Pack) {
	if len(p.Events) == 0 {
		v.add("events.yaml: no Event card")
	}
	for _, e := range p.Events {
		at := fmt.Sprintf("events.yaml: card %d (%s)", e.Number, e.Name)
		if e.Name == "" {
			v.add("%s: no name", at)
		}
		switch {
		case len(e.Halves) > 0 && (len(e.Effects) > 0 || e.Text != ""):
			v.add("%s: give either halves or text and effects, not both", at)
		case len(e.Halves) > 0:
			for i, h := range e.Halves {
				if h.From < 1930 || h.To < h.From || h.To > 1950 {
					v.add("%s: half %d needs years from and to in order", at, i+1)
				}
				for j := 0; j < i; j++ {
					if h.From <= e.Halves[j].To && e.Halves[j].From <= h.To {
						v.add("%s: halves %d and %d overlap", at, j+1, i+1)
					}
				}
				v.effects(fmt.Sprintf("%s half %d", at, i+1), h.Effects)
			}
		default:
			v.effects(at, e.Effects)
		}
	}
}

func (v *validator) effects(at string, effs []Effect) {
	for i, e := range effs {
		set := 0
		for _, ok := range []bool{e.Stress != nil, e.VP != nil, e.UBoatAlert != nil, e.ContactMod != nil, e.RollEV != nil, e.Trade != nil} {
			if ok {
				set++
			}
		}
		if set != 1 {
			v.add("%s: effect %d must be exactly one of stress, vp, uboat_alert, contact_mod, roll_ev, trade", at, i+1)
			continue
		}
		if e.UBoatAlert != nil && (*e.UBoatAlert < 1 || *e.UBoatAlert > 5) {
			v.add("%s: effect %d places 1 to 5 U-Boat Alert markers", at, i+1)
		}
		if e.RollEV != nil {
			for k, b := range e.RollEV {
				last := k == len(e.RollEV)-1
				if !last && b.Max == nil || last && b.Max != nil {
					v.add("%s: effect %d: every roll_ev band but the last needs a max, and the last none", at, i+1)
					break
				}
				if k > 0 && b.Max != nil && *b.Max <= *e.RollEV[k-1].Max {
					v.add("%s: effect %d: roll_ev bands must rise", at, i+1)
					break
				}
			}
		}
		if t := e.Trade; t != nil {
			if !contains([]string{"stored_torpedo", "ready_torpedo", "any_torpedo", "gun_round"}, t.Pay) || t.N < 1 {
				v.add("%s: effect %d: a trade pays n (1 or more) of stored_torpedo, ready_torpedo, any_torpedo or gun_round", at, i+1)
			}
		}
	}
}

func (v *validator) ships(p *Pack) {
	for _, deck := range shipDeckNames {
		cards := p.Ships.deck(deck)
		if len(cards) == 0 {
			v.add("ships.yaml: the %s deck is empty", deck)
		}
		for i := range cards {
			v.shipCard(deck, &cards[i])
		}
	}
}

// shipCard checks one ship card of a deck (a pack's, or one entered in
// physical mode).
func (v *validator) shipCard(deck string, c *ShipCard) {
	at := fmt.Sprintf("ships.yaml: %s card %d (%s)", deck, c.Number, c.Name)
	if c.Name == "" {
		v.add("%s: no name", at)
	}
	if c.Speed < 0 || c.Speed > 9 || c.VP < 0 || c.XP < 0 {
		v.add("%s: speed 0 to 9, VP and XP not negative", at)
	}
	v.hitNumbers(at+" torpedo", c.Torpedo, true)
	v.hitNumbers(at+" gun", c.Gun, true)
	v.hitNumbers(at+" surface attack", c.Surface, deck != DeckMerchants || !c.Misidentified)
	switch deck {
	case DeckEscorts, DeckEscortFleet:
		if c.Detect == nil || c.Detect.Surfaced < 1 || c.Detect.Submerged < 1 {
			v.add("%s: an escort needs its detect numbers, surfaced and submerged", at)
		}
		v.hitNumbers(at+" submerged attack", c.Submerged, true)
	default:
		if c.Detect != nil {
			v.add("%s: only escorts detect (UBL-6.11)", at)
		}
	}
	if c.Misidentified && deck != DeckMerchants {
		v.add("%s: only a merchant card can be a misidentified escort", at)
	}
	if c.Carrier {
		v.hitNumbers(at+" submerged attack", c.Submerged, true)
	}
}

// hitNumbers checks three thresholds: the printed ones rise.
func (v *validator) hitNumbers(at string, n Numbers, required bool) {
	if !n.Set() {
		if required {
			v.add("%s: the numbers are missing", at)
		}
		return
	}
	prev := 0
	for _, x := range n {
		if x == 0 {
			continue
		}
		if x <= prev {
			v.add("%s: %s must rise", at, n)
			return
		}
		prev = x
	}
}

func (v *validator) convoys(p *Pack) {
	if len(p.Convoys) == 0 {
		v.add("convoys.yaml: no Convoy card")
	}
	most := map[string]int{}
	for i := range p.Convoys {
		count := v.convoyCard(&p.Convoys[i], p)
		for k, n := range count {
			most[k] = max(most[k], n)
		}
		// A misidentified merchant draws an escort too (UBL-1.8).
		most["escort+merchant"] = max(most["escort+merchant"], count[ShipEscort]+count[ShipMerchant])
	}
	// A battle must never find a deck and its discards empty: the decks hold
	// at least as many cards as one Convoy card can put on the display.
	for _, x := range []struct{ deck, kind string }{{DeckMerchants, ShipMerchant}, {DeckEscortFleet, ShipFleetEscort}, {DeckWarships, ShipWarship}} {
		if n := len(p.Ships.deck(x.deck)); n < most[x.kind] {
			v.add("ships.yaml: the %s deck has %d cards, but a Convoy card puts %d %s counters on the display", x.deck, n, most[x.kind], x.kind)
		}
	}
	if n := len(p.Ships.Escorts); n < most["escort+merchant"] {
		v.add("ships.yaml: the escorts deck has %d cards, but a Convoy card's escorts and misidentified merchants may need %d", n, most["escort+merchant"])
	}
	for _, area := range p.Maps {
		for _, a := range area.Areas {
			if a.Attack != nil && a.Attack.Ships > len(p.Ships.Warships) {
				v.add("maps.yaml: %s's attack box draws %d ships, the warships deck has %d", a.ID, a.Attack.Ships, len(p.Ships.Warships))
			}
		}
	}
}

// convoyCard checks one Convoy card against the pack's display, and counts
// its counters by kind.
func (v *validator) convoyCard(c *ConvoyCard, p *Pack) map[string]int {
	d := &p.Display
	areas := map[string]bool{}
	for _, ring := range [][]string{d.Long, d.Medium, d.Short, d.Convoy} {
		for _, id := range ring {
			areas[id] = true
		}
	}
	at := fmt.Sprintf("convoys.yaml: card %d", c.Number)
	if !contains([]string{ContactLone, ContactMerchant, ContactNaval}, c.Type) {
		v.add("%s: type %q is not L, M or N", at, c.Type)
	}
	count := map[string]int{}
	targets := 0
	pos := map[string]bool{}
	for _, s := range c.Ships {
		if pos[s.Pos] {
			v.add("%s: position %q is used twice", at, s.Pos)
		}
		pos[s.Pos] = true
		if !areas[s.Area] {
			v.add("%s: position %s is in the missing display area %q", at, s.Pos, s.Area)
		}
		naval := c.Type == ContactNaval
		switch {
		case s.Kind == ShipMerchant && !naval, s.Kind == ShipEscort && !naval, s.Kind == ShipWarship && naval, s.Kind == ShipFleetEscort && naval:
		default:
			v.add("%s: a %s counter has no place in a type %s contact (UBL-6.5)", at, s.Kind, c.Type)
		}
		count[s.Kind]++
		if s.Kind == ShipMerchant || s.Kind == ShipWarship {
			targets++
		}
	}
	if targets == 0 {
		v.add("%s: no merchant or warship", at)
	}
	return count
}

func (v *validator) tactics(p *Pack) {
	for i, t := range p.Tactics {
		if t.Count < 1 || t.Detect < 0 || t.Attack < 0 || t.Detect > 5 || t.Attack > 5 {
			v.add("counters.yaml: tactics counter %d: count 1 or more, detect and attack 0 to 5", i+1)
		}
	}
}

func (v *validator) campaigns(p *Pack, maps map[string]map[string]*AreaDef) {
	if len(p.Campaigns) == 0 {
		v.add("campaigns.yaml: no campaign")
	}
	ids := map[string]bool{}
	convoys := map[int]bool{}
	for _, c := range p.Convoys {
		convoys[c.Number] = true
	}
	for i := range p.Campaigns {
		c := &p.Campaigns[i]
		at := fmt.Sprintf("campaigns.yaml: %q", c.ID)
		if c.ID == "" {
			v.add("campaigns.yaml: campaign #%d has no id", i+1)
			continue
		}
		if ids[c.ID] {
			v.add("%s: listed twice", at)
		}
		ids[c.ID] = true
		if c.Name == "" || c.Start.IsZero() || c.End.IsZero() || c.End.Before(c.Start) {
			v.add("%s: name, start and end (in order) are required", at)
		}
		areas := maps[c.Map]
		if areas == nil {
			v.add("%s: map %q is missing", at, c.Map)
		}
		for _, k := range lengthKeys {
			l, ok := c.Lengths[k]
			if !ok {
				v.add("%s: the %s length is missing", at, k)
				continue
			}
			if l.Patrols < 1 || l.SO < 1 {
				v.add("%s %s: patrols and SO must be at least 1", at, k)
			}
			if !(l.Great > l.Good && l.Good > l.Adequate && l.Adequate > l.Poor) {
				v.add("%s %s: the VP evaluation must fall from great to poor", at, k)
			}
		}
		for k := range c.Lengths {
			if !contains(lengthKeys, k) {
				v.add("%s: length %q is not short, medium or long", at, k)
			}
		}
		seen := map[string]bool{}
		for _, o := range c.Options {
			if !contains(optionKeys, o.Key) {
				v.add("%s: option %q is not one of %s", at, o.Key, strings.Join(optionKeys, ", "))
				continue
			}
			if seen[o.Key] {
				v.add("%s: option %q is listed twice", at, o.Key)
			}
			seen[o.Key] = true
			if o.Cost <= 0 || o.Cost*2 != float64(int(o.Cost*2)) {
				v.add("%s: option %s costs a positive number of SO, in halves", at, o.Key)
			}
			if len(o.Areas) > 0 && !contains(areaOptions, o.Key) {
				v.add("%s: option %s places no marker, so it takes no areas", at, o.Key)
			}
			for _, a := range o.Areas {
				if areas != nil && areas[a] == nil {
					v.add("%s: option %s names the missing area %q", at, o.Key, a)
				}
			}
		}
		for _, n := range c.RemoveConvoys {
			if n < 1 || n > maxCardNumber {
				v.add("%s: remove_convoys: card number %d is out of range (1 to %d)", at, n, maxCardNumber)
			} else if !convoys[n] {
				v.add("%s: remove_convoys: there is no Convoy card %d", at, n)
			}
		}
		if len(c.RemoveConvoys) >= len(p.Convoys) {
			v.add("%s: removes every Convoy card", at)
		}
		for _, t := range c.Types {
			if !typeKnown(t) {
				v.add("%s: type %q is no U-boat type or class", at, t)
			}
		}
		for _, r := range c.Restrict {
			for _, t := range r.Types {
				if !typeKnown(t) {
					v.add("%s: restriction type %q is no U-boat type or class", at, t)
				}
			}
			for _, a := range r.Areas {
				if areas != nil && areas[a] == nil {
					v.add("%s: restriction names the missing area %q", at, a)
				}
			}
		}
		if c.Wolfpack.Joins < 1 || c.Wolfpack.Joins > 11 {
			v.add("%s: wolfpack.joins is the least roll that joins (1 to 11)", at)
		}
		for _, n := range c.Wolfpack.StressNaturals {
			if n < 1 || n > 10 {
				v.add("%s: wolfpack.stress_naturals are die faces 1 to 10", at)
			}
		}
		eligible, cheapest := 0, 1<<30
		for _, b := range p.UBoats {
			if b.Optional == "" && campaignAllows(c, &b) {
				eligible++
				for _, lv := range b.Levels {
					cheapest = min(cheapest, lv.SO)
				}
			}
		}
		if eligible == 0 {
			v.add("%s: no U-boat card serves in the campaign", at)
		}
		for _, k := range lengthKeys {
			if l, ok := c.Lengths[k]; ok && eligible > 0 && l.SO < cheapest {
				v.add("%s %s: %d SO buy no boat (the cheapest costs %d; UBL-2 needs at least one)", at, k, l.SO, cheapest)
			}
		}
		if !c.Start.Before(tacticsFrom) && len(p.Tactics) == 0 {
			v.add("%s: starts in June 1942 or later, so it needs Escort Tactics counters (UBL-6.22)", at)
		}
	}
}

func typeKnown(t string) bool {
	for _, b := range boatTypes {
		if typeMatches(b, t) {
			return true
		}
	}
	return false
}

// numbers checks that every card number is in range and printed once in
// the whole pack (the cards share one numbering: #028 is an Event card,
// #37 a Convoy card, #78 a Merchant card, #126 a U-boat card).
func (v *validator) numbers(p *Pack) {
	where := map[int][]string{}
	note := func(n int, what string) {
		if n < 1 || n > maxCardNumber {
			v.add("%s: card number %d is out of range (1 to %d)", what, n, maxCardNumber)
			return
		}
		where[n] = append(where[n], what)
	}
	for _, b := range p.UBoats {
		note(b.Numbers[0], fmt.Sprintf("uboats.yaml: %s (green/trained card)", b.ID))
		note(b.Numbers[1], fmt.Sprintf("uboats.yaml: %s (veteran/ace card)", b.ID))
	}
	for _, e := range p.Events {
		note(e.Number, fmt.Sprintf("events.yaml: %s", e.Name))
	}
	for _, c := range p.Convoys {
		note(c.Number, fmt.Sprintf("convoys.yaml: %s", c.Name))
	}
	for _, deck := range shipDeckNames {
		for _, c := range p.Ships.deck(deck) {
			note(c.Number, fmt.Sprintf("ships.yaml: %s %s", deck, c.Name))
		}
	}
	nums := make([]int, 0, len(where))
	for n := range where {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		if len(where[n]) > 1 {
			v.add("card number %d is printed on %d cards: %s", n, len(where[n]), strings.Join(where[n], "; "))
		}
	}
}

// campaignAllows reports whether a card may serve in a campaign: its
// service overlaps the campaign's period (UBL-2) and the sheet allows its
// type (UBL-1.7).
func campaignAllows(c *CampaignDef, b *UBoatCard) bool {
	if c.End.Before(b.Service.From) || b.Service.To.Before(c.Start) {
		return false
	}
	if len(c.Types) == 0 {
		return true
	}
	for _, t := range c.Types {
		if typeMatches(b.Type, t) {
			return true
		}
	}
	return false
}
