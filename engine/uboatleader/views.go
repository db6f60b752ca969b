package uboatleader

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Views: the campaign at a glance, the fleet, the map, the tactical
// display, the rulings and the help. Each carries the pack's label.

var viewSpecs = []engine.ViewSpec{
	{Name: "status", Help: "The campaign at a glance: turn, phase, SO, VP and the fleet"},
	{Name: "fleet", Help: "Each U-boat: level, XP, stress, torpedoes, gun, patrols, missions"},
	{Name: "map", Help: "The campaign map: areas, adjacency, markers and boats"},
	{Name: "display", Help: "The tactical display: ships, U-boats, damage, Alerts"},
	{Name: "variants", Help: "The rulings and optional rules in force, and the content pack"},
	{Name: "cards", Help: "The cards entered from your own decks (physical components), as pack lines"},
	{Name: "help", Help: "What to do now, and where the rules are"},
}

// ViewSpecs implements engine.ViewCatalog.
func (r *Rules) ViewSpecs() []engine.ViewSpec { return append([]engine.ViewSpec(nil), viewSpecs...) }

// Views implements engine.State.
func (s *State) Views() []string {
	out := make([]string, len(viewSpecs))
	for i, v := range viewSpecs {
		out[i] = v.Name
	}
	return out
}

// PinnedView implements engine.Pinned: the fleet card stays posted in the
// channel, edited after each decision.
func (s *State) PinnedView() string { return "fleet" }

// View implements engine.State.
func (s *State) View(name string) (*engine.View, error) {
	var v *engine.View
	switch name {
	case "status":
		v = s.statusView()
	case "fleet":
		v = s.fleetView()
	case "map":
		v = s.mapView()
	case "display":
		v = s.displayView()
	case "variants":
		v = s.variantsView()
	case "cards":
		v = s.cardsView()
	case "help":
		v = s.helpView()
	default:
		return nil, fmt.Errorf("no view %q (one of %s)", name, strings.Join(s.Views(), ", "))
	}
	// First, so that no chat message cut to its length loses it.
	v.Sections = append([]engine.Section{s.labelSection()}, v.Sections...)
	return v, nil
}

// labelSection says whose content the game is played with.
func (s *State) labelSection() engine.Section {
	return engine.Section{Lines: []string{fmt.Sprintf("[%s: pack %s, SHA-256 %s]", strings.TrimSpace(s.pack.Meta.Label), s.pack.Meta.ID, s.pack.SHA256[:16])}}
}

func (s *State) statusView() *engine.View {
	c := s.camp()
	v := &engine.View{Title: fmt.Sprintf("U-Boat Leader: %s (%s), turn %d, %s phase", c.Name, s.Setup.Length, s.Turn, s.Phase)}
	l := s.length()
	f := []engine.Field{
		{Name: "VP", Value: fmt.Sprintf("%d (now %s; Great %d+, Good %d+, Adequate %d+, Poor %d+)", s.VP, grade(l, s.VP), l.Great, l.Good, l.Adequate, l.Poor)},
		{Name: "SO left", Value: s.soText()},
		{Name: "Patrols per U-boat", Value: fmt.Sprint(l.Patrols)},
		{Name: "Ships sunk", Value: fmt.Sprint(s.ShipsSunk)},
	}
	if s.Setup.Commander != "" {
		f = append([]engine.Field{{Name: "Commander", Value: s.Setup.Commander}}, f...)
	}
	v.Sections = append(v.Sections, engine.Section{Fields: f})
	var lines []string
	for i := range s.Fleet {
		lines = append(lines, s.boatLine(i))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Fleet", Lines: lines})
	if len(s.Results) > 0 {
		var r []string
		for _, x := range s.Results {
			r = append(r, fmt.Sprintf("%s: %d VP, %s", s.pack.Campaign(x.Campaign).Name, x.VP, x.Grade))
		}
		v.Sections = append(v.Sections, engine.Section{Title: "Campaigns played", Lines: r})
	}
	if n := len(s.Ledger); n > 0 {
		var r []string
		for _, x := range s.Ledger[max(0, n-8):] {
			r = append(r, fmt.Sprintf("turn %d: %+d %s (%s)", x.Turn, x.VP, x.Why, x.Case))
		}
		v.Sections = append(v.Sections, engine.Section{Title: "VP ledger (latest)", Lines: r})
	}
	return v
}

func (s *State) boatLine(i int) string {
	b := &s.Fleet[i]
	return fmt.Sprintf("%s: %s, stress %d (%s), XP %d, %d+%d torpedoes, %d gun, patrols %d/%d, %d VP",
		s.boatName(i), s.whereText(i), b.Stress, stressState(b.Stress), b.XP, b.Ready.Torps(), b.Stored.Torps(), b.Gun, b.Patrols, s.length().Patrols, b.VP)
}

func (s *State) whereText(i int) string {
	b := &s.Fleet[i]
	switch {
	case b.Sunk:
		return "sunk"
	case b.Retired:
		return "patrols done"
	case b.At == "":
		return "not yet in port"
	case b.Searched:
		return s.areaName(b.At) + ", Searched box"
	}
	return s.areaName(b.At)
}

func loadText(l Load) string {
	parts := []string{fmt.Sprintf("%d torpedoes", l.Std)}
	if l.FAT > 0 {
		parts = append(parts, fmt.Sprintf("%d FAT", l.FAT))
	}
	if l.T5 > 0 {
		parts = append(parts, fmt.Sprintf("%d T5", l.T5))
	}
	if l.Mine > 0 {
		parts = append(parts, fmt.Sprintf("%d mines", l.Mine))
	}
	return strings.Join(parts, ", ")
}

func (s *State) fleetView() *engine.View {
	v := &engine.View{Title: "The fleet (UBL-1.7)"}
	for i := range s.Fleet {
		b := &s.Fleet[i]
		c := s.card(b)
		lv := s.lv(b)
		row := s.row(b)
		lines := []string{
			fmt.Sprintf("Type %s, %s; %s, %d XP%s", c.Type, c.Captain, levelKeys[b.Level], b.XP, nextLevel(b, lv)),
			fmt.Sprintf("Stress %d (%s); %s, GS %+d, TS %+d, EV %d%s; speed %d/%d", b.Stress, stressState(b.Stress), row.Init, row.GS, row.TS, s.ev(b), map[bool]string{true: " (snorkel)", false: ""}[b.Snorkel], c.Speed.Surfaced, c.Speed.Submerged),
			fmt.Sprintf("Ready %s of %d; Stored %s of %d; %d gun rounds", loadText(b.Ready), c.Ready, loadText(b.Stored), c.Stored, b.Gun),
			fmt.Sprintf("%s; patrols %d of %d; %d VP, %d ships", s.whereText(i), b.Patrols, s.length().Patrols, b.VP, b.ShipsSunk),
		}
		var extra []string
		if len(lv.Abilities) > 0 {
			extra = append(extra, "abilities: "+strings.Join(lv.Abilities, ", "))
		}
		if len(b.Missions) > 0 {
			extra = append(extra, "missions: "+strings.Join(b.Missions, ", "))
		}
		if b.Attacker {
			extra = append(extra, "Attacker marker")
		}
		if len(extra) > 0 {
			lines = append(lines, strings.Join(extra, "; "))
		}
		v.Sections = append(v.Sections, engine.Section{Title: b.ID, Lines: lines})
	}
	return v
}

func nextLevel(b *Boat, lv *Lv) string {
	if b.Level >= 3 {
		return " (ace: the highest level)"
	}
	return fmt.Sprintf(" of %d for %s", lv.XP, levelKeys[b.Level+1])
}

func (s *State) mapView() *engine.View {
	g := s.board()
	v := &engine.View{Title: fmt.Sprintf("Campaign map: %s (UBL-1.2)", g.def.Name)}
	for _, id := range g.order {
		a := g.area(id)
		var lines []string
		if a.Kind == KindPort {
			lines = append(lines, fmt.Sprintf("Port, Refit %d", a.Refit))
		} else {
			lines = append(lines, fmt.Sprintf("Patrolling %d, Moving %d, contacts %s", a.Patrolling, a.Moving, contactTableText(a.Contacts)))
		}
		if a.NoStop {
			lines = append(lines, "No boat may end its move here (UBL-5.1)")
		}
		var adj []string
		for _, n := range a.Adjacent {
			adj = append(adj, s.areaName(n))
		}
		lines = append(lines, "Adjacent: "+strings.Join(adj, ", "))
		for _, box := range []struct {
			on   bool
			text string
		}{
			{a.Mine != nil, "Mine box"}, {a.Attack != nil, "Attack box"}, {a.Raider != nil, "Raider box"},
		} {
			if box.on {
				lines = append(lines, box.text)
			}
		}
		m := s.marks(id)
		var mk []string
		if m.AirSearch {
			mk = append(mk, "Air Search")
		}
		if m.Supply {
			mk = append(mk, "Supply Ship")
		}
		if m.Intelligence {
			mk = append(mk, "Intelligence")
		}
		if m.UBoatAlerts > 0 {
			mk = append(mk, fmt.Sprintf("%d U-Boat Alert", m.UBoatAlerts))
		}
		if s.Battle != nil && s.Battle.Area == id {
			mk = append(mk, "Battle Location")
		}
		if len(mk) > 0 {
			lines = append(lines, "Markers: "+strings.Join(mk, ", "))
		}
		var boats []string
		for i := range s.Fleet {
			if b := &s.Fleet[i]; b.inPlay() && b.At == id {
				t := s.boatName(i)
				if b.Searched {
					t += " (Searched)"
				}
				boats = append(boats, t)
			}
		}
		if len(boats) > 0 {
			lines = append(lines, "U-boats: "+strings.Join(boats, ", "))
		}
		v.Sections = append(v.Sections, engine.Section{Title: a.Name, Lines: lines})
	}
	return v
}

func contactTableText(bands []ContactBand) string {
	var parts []string
	lo := -99
	for _, b := range bands {
		switch {
		case b.Max == nil:
			parts = append(parts, fmt.Sprintf("%d+: %d", lo, b.N))
		case lo == -99:
			parts = append(parts, fmt.Sprintf("<=%d: %d", *b.Max, b.N))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d: %d", lo, *b.Max, b.N))
		}
		if b.Max != nil {
			lo = *b.Max + 1
		}
	}
	return strings.Join(parts, ", ")
}

func (s *State) displayView() *engine.View {
	bt := s.Battle
	if bt == nil || bt.Type == "mission" {
		return &engine.View{Title: "Tactical display (UBL-1.3)", Sections: []engine.Section{{Lines: []string{"No battle on the display."}}}}
	}
	g := s.display()
	v := &engine.View{Title: fmt.Sprintf("Tactical display: %s's contact in %s, round %d", s.Fleet[bt.Active].ID, s.areaName(bt.Area), bt.Round)}
	f := []engine.Field{{Name: "Alert markers", Value: fmt.Sprint(bt.Alerts)}, {Name: "Contacts left", Value: fmt.Sprint(bt.Contacts)}}
	if bt.Convoy != 0 {
		f = append(f, engine.Field{Name: "Convoy card", Value: s.convoyText(bt.Convoy)})
	}
	v.Sections = append(v.Sections, engine.Section{Fields: f})
	for _, ring := range []string{RingLong, RingMedium, RingShort, RingConvoy, RingWake} {
		var lines []string
		ids := g.ring[ring]
		for _, id := range ids {
			if l := s.areaContents(id); l != "" {
				lines = append(lines, g.name(id)+": "+l)
			}
		}
		if len(lines) > 0 {
			title := strings.ToUpper(ring[:1]) + ring[1:] + " range"
			if ring == RingWake || ring == RingConvoy {
				title = strings.ToUpper(ring[:1]) + ring[1:]
			}
			v.Sections = append(v.Sections, engine.Section{Title: title, Lines: lines})
		}
	}
	var off []string
	for k, sh := range bt.Ships {
		if !sh.onDisplay() && !sh.Gone {
			state := "off the display"
			switch {
			case sh.Sunk:
				state = "sunk"
			case sh.Out:
				state = "out of the battle"
			}
			t := fmt.Sprintf("%s: %s", s.shipName(k), state)
			if d := sh.damageText(); d != "" && !sh.Sunk {
				t += ", " + d
			}
			off = append(off, t)
		}
	}
	if len(off) > 0 {
		v.Sections = append(v.Sections, engine.Section{Title: "Not on the display", Lines: off})
	}
	return v
}

func (s *State) areaContents(id string) string {
	bt := s.Battle
	var in []string
	for _, k := range bt.shipsOn() {
		sh := &bt.Ships[k]
		if sh.Area != id {
			continue
		}
		t := fmt.Sprintf("%s [%s, speed %d]", s.shipName(k), sh.Pos, s.shipSpeed(sh))
		if d := sh.damageText(); d != "" {
			t += " " + d
		}
		if sh.Tactics > 0 {
			tc := s.pack.Tactics[sh.Tactics-1]
			t += fmt.Sprintf(" Tactics +%d/+%d", tc.Detect, tc.Attack)
		}
		in = append(in, t)
	}
	for _, k := range bt.boatsOn() {
		d := &bt.Boats[k]
		if d.Area != id {
			continue
		}
		t := fmt.Sprintf("%s %s", s.Fleet[d.Boat].ID, side(d.Surfaced))
		for _, m := range []struct {
			on   bool
			name string
		}{{d.Detected, "Detected"}, {d.Silent, "Silent Running"}, {d.Deep, "Deep Dive"}} {
			if m.on {
				t += ", " + m.name
			}
		}
		in = append(in, t)
	}
	return strings.Join(in, "; ")
}

func (s *State) variantsView() *engine.View {
	v := &engine.View{Title: "Rulings and optional rules (docs/players/uboatleader.md explains each)"}
	var lines []string
	for _, r := range rulings {
		val := s.ruling(r.Key)
		id := strings.Fields(r.Case)[0]
		if len(r.Values) == 1 {
			lines = append(lines, fmt.Sprintf("%d. %s: fixed reading (%s)", r.Ambiguity, r.Key, id))
			continue
		}
		mark := ""
		if val != r.Default {
			mark = " (not the default)"
		}
		lines = append(lines, fmt.Sprintf("%d. %s = %s%s [%s] (%s)", r.Ambiguity, r.Key, val, mark, strings.Join(r.Values, "|"), id))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Rulings, the digest's §12 (change with rules: key=value)", Lines: lines})
	var opts []string
	for _, o := range optionalRules {
		on := "off"
		if s.optional(o.Key) {
			on = "on"
		}
		opts = append(opts, fmt.Sprintf("%s: %s (%s)", o.Key, on, o.Case))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Optional rules (UBL-9)", Lines: opts})
	cards := fmt.Sprintf("Cards: the pack's decks, shuffled by the dice (draws:%s)", DrawsDeck)
	if s.physical() {
		cards = fmt.Sprintf("Cards: your own decks, drawn by you and entered as they come up (draws:%s); %d entered so far (`cards`)", DrawsPhysical, len(s.seenNumbers()))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Content pack", Lines: []string{fmt.Sprintf("%s, %q, SHA-256 %s", s.pack.Meta.ID, s.pack.Meta.Name, s.pack.SHA256), cards}})
	return v
}

// readings are the engine's choices where the rules say nothing, without a
// switch (docs/players/uboatleader.md).
var readings = []string{
	"Identification (UBL-6.8) is checked after each U-boat's whole move ('Dopo aver mosso'), after the wake movement and after each escort's move.",
	"A random choice among n (an escort's path target, a FAT's ship, a tie for the nearest boat, a Tactics counter) is a roll of a die with n faces.",
	"An escort heading for a detected boat takes the first area one step nearer in the display's order (UBL-6.12 names no path).",
	"Enemy ships declare their targets together at the start of their attacks; the player orders the attacks; a target's one reaction (crash or deep dive) holds for every attack on it that round, and a crash dive still answers attacks declared on the surfaced boat (UBL-6.19: 'for each attack').",
	"A boat on silent running counts speed 0 in the wake movement too (UBL-6.9).",
	"A FAT goes at the non-escort ships within torpedo range (3 areas) and gets no salvo bonus; a T5 counts in its target's salvo (UBL-6.14).",
	"An unknown target is revealed when the attack on it is fired, after the declaration (UBL-6.8, UBL-6.13).",
	"A Tactics counter stays on its escort to the end of the battle and then returns to the cup (UBL-6.22).",
	"Once no U-boat is on the display, the round's remaining steps are skipped (the example, UBL-12).",
	"Reloading takes standard torpedoes first, then FAT, then T5; mines stay where they were loaded.",
	"A coup de grâce spends a stored torpedo before a ready one (UBL-6.26).",
	"An Event card's half is the one for the campaign's first year (UBL-1.8).",
	"An Unfit boat that starts the Operations phase sails all the way to its nearest port that phase (UBL-5.1).",
	"A withdrawn contact (UBL-6.4) adds no stress and offers no re-attack or coup de grâce.",
	"A mission that fails because the boat is Unfit keeps its marker; the boat may try again later.",
}

func (s *State) helpView() *engine.View {
	v := &engine.View{Title: "Help: U-Boat Leader"}
	now := "The campaign is over."
	if p := s.Pending(); p != nil {
		now = fmt.Sprintf("Now (%s): %s", p.Case, strings.SplitN(p.Text, "\n", 2)[0])
	}
	v.Sections = append(v.Sections, engine.Section{Lines: []string{now,
		"A turn: Strategic (UBL-4: spend SO), Operations (UBL-5: move, Event cards), Tactical (UBL-6: contacts and battles), Refit (UBL-7: promotion, stress, rearm).",
		"Rule ids are the digest's (UBL-n.m), each with the rulebook's Italian heading in `variants` and docs/players/uboatleader.md.",
		"Views: status, fleet, map, display, variants."}})
	v.Sections = append(v.Sections, engine.Section{Title: "Readings where the rules are silent", Lines: readings})
	return v
}

// Summaries implements engine.Summarized: the campaign for leaderboards.
func (s *State) Summaries() []engine.Summary {
	name := s.Setup.Commander
	if name == "" {
		name = "BdU"
	}
	fate := "at war"
	if s.Done {
		fate = "campaign over"
	}
	level := grade(s.length(), s.VP)
	total := s.VP
	if s.Done {
		total = 0
		for _, r := range s.Results {
			total += r.VP
		}
		level = s.Results[len(s.Results)-1].Grade
	}
	return []engine.Summary{{Name: name, Score: total, Rank: level, Fate: fate, Over: s.Done,
		Label: fmt.Sprintf("%s, %s", s.camp().Name, s.Setup.Length)}}
}
