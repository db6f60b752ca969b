package uboot

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

var viewSpecs = []engine.ViewSpec{
	{Name: "status", Help: "The whole board as text: tracks, the 8 sections with sailors and tokens, the Technical View, decks"},
	{Name: "log", Help: "The board's recent entries, one line each"},
	{Name: "variants", Help: "The rulings in force (digest §15) and the difficulty switches"},
	{Name: "data", Help: "The pack: its label and provenance, the crew tiles' icons, the orders' requirements"},
	{Name: engine.HelpView, Help: "What the board takes now, and where the rules are"},
}

// Views implements engine.State.
func (s *State) Views() []string {
	out := make([]string, len(viewSpecs))
	for k, v := range viewSpecs {
		out[k] = v.Name
	}
	return out
}

// View implements engine.State.
func (s *State) View(name string) (*engine.View, error) {
	switch name {
	case "status":
		return s.statusView(), nil
	case "log":
		lines := s.Log
		if len(lines) > 40 {
			lines = lines[len(lines)-40:]
		}
		return &engine.View{Title: "U-BOOT board log", Sections: []engine.Section{{Lines: append([]string(nil), lines...)}}}, nil
	case "variants":
		var diff []string
		for _, r := range roleIDs {
			diff = append(diff, fmt.Sprintf("%s: %s", roleNames[r], s.Difficulty[r]))
		}
		switches := []string{"Captain on easy: specialists are not activated by orders, non-specialists once (§6.5); excess activations are not tracked and no sailor holds more than 3 tokens (§6.6.1).",
			"Captain on medium or hard: the excess-activation marker on the Morale Track (§6.6.1, §6.8 step 3).",
			"High alerts: their number per watch is the app's difficulty rule (§7.2); the board counts them.",
			fmt.Sprintf("Simple watch change (§6.8 optional rule): %s. Kaleun reads \"slide\" (the picture is missing, digest §15.7) as: the tile keeps the face it showed, so each figure keeps his icons, while the watch's activation spaces change as usual.", onOff(s.Simple))}
		return &engine.View{Title: "U-BOOT variants", Sections: []engine.Section{
			{Title: "Rulings (digest §15)", Lines: s.rulingLines()},
			{Title: "Difficulty (chosen in the app, §1.3)", Lines: append(diff, switches...)},
			{Title: "Not on this board yet", Lines: notBuilt},
		}}, nil
	case "data":
		return s.dataView(), nil
	case engine.HelpView:
		var pending []*engine.Prompt
		if p := s.Pending(); p != nil {
			pending = append(pending, p)
		}
		v := engine.HelpViewOf(pending, "The official app runs the game; this board keeps the crew's side (engine/uboot/doc.go, docs/players/uboot.md). Rulebook §6 core rules, §7 Captain, §8.6-8.8 cards, §10 Chief Engineer.")
		return v, nil
	}
	return nil, fmt.Errorf("no view %q (one of: %s)", name, strings.Join(s.Views(), ", "))
}

// notBuilt are the rules the board does not keep yet: absent, not faked.
var notBuilt = []string{
	"The effect on the crew's activation of the CE's cards with the technical-condition icon (§10.3.3: not in the text); the board plays them face down and locks their toolbox, and the players apply the printed effect",
	"The Chief Engineer's cards from the owner's own copy (dealt into the toolboxes at set-up: the pack's, even with cards=own)",
}

func (s *State) statusView() *engine.View {
	state := "submerged"
	if s.Up {
		state = "surfaced"
	}
	var ot []string
	for k, sp := range orderSpaces {
		c := sp
		if s.Blocked[k] {
			c = "[x]"
		}
		if k == s.Order {
			c = "(" + c + ")"
		}
		ot = append(ot, c)
	}
	var mt []string
	for k, sp := range moraleSpaces {
		c := sp
		if k == s.Excess {
			c += "*"
		}
		if k == s.Morale {
			c = "(" + c + ")"
		}
		mt = append(mt, c)
	}
	tracks := []string{
		"Order Track:  " + strings.Join(ot, " ") + fmt.Sprintf("   high alerts this watch: %d", s.Alerts),
		"Morale Track: " + strings.Join(mt, " ") + excessNote(s),
		"Next order is paid on: " + s.payWhere(),
	}
	if s.patrolParts() > 1 {
		tracks = append(tracks, fmt.Sprintf("Linked patrol (§4.3): part %d of %d", s.patrolPart(), s.patrolParts()))
	}
	if s.exhausted() {
		tracks = append(tracks, "THE CREW IS EXHAUSTED (§7.4): a new environmental condition (not lighting) or a hull breach loses the boat.")
	}
	var secs []string
	for sec := 1; sec <= 8; sec++ {
		sc := s.Sections[sec]
		var bits []string
		for _, i := range s.inSection(sec, false) {
			bits = append(bits, fmt.Sprintf("%s[%s]", figureIDs[i], slotLine(*s.sailor(i))))
		}
		line := fmt.Sprintf("%d: %s", sec, strings.Join(bits, " "))
		if len(bits) == 0 {
			line = fmt.Sprintf("%d: —", sec)
		}
		var tv []string
		if sc.Flooded {
			tv = append(tv, "FLOODED")
		}
		keys := make([]string, 0, len(sc.Env))
		for k := range sc.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			tv = append(tv, fmt.Sprintf("%d× %s", sc.Env[k], envName(k)))
		}
		for _, t := range sc.Tech {
			tv = append(tv, t.Colour+" tech, "+s.techState(t))
		}
		if sc.Breach {
			tv = append(tv, "HULL BREACH"+s.timerText(sec))
		}
		tv = append(tv, sc.Res...)
		if len(tv) > 0 {
			line += "   | " + strings.Join(tv, ", ")
		}
		secs = append(secs, line)
	}
	var health []string
	for i, fig := range figureIDs {
		sl := s.sailor(i)
		for _, c := range sl.Cards {
			t := "untreated"
			if c.Treated {
				t = "treated"
			}
			health = append(health, fmt.Sprintf("%s: %s (%s, %d token(s) left)", fig, s.title(c.Card), t, c.Left))
		}
	}
	var off []string
	for w := 0; w < 2; w++ {
		for i, fig := range figureIDs {
			if s.Sailors[w][i].KIA {
				off = append(off, fmt.Sprintf("%s watch %d", fig, w+1))
			}
		}
	}
	if len(off) > 0 {
		health = append(health, "KIA: "+strings.Join(off, ", "))
	}
	var decks []string
	for _, d := range deckNames {
		if s.Own && slices.Contains(ownDecks, d) {
			decks = append(decks, fmt.Sprintf("%s your own (%d entered)", d, s.entries(d)))
		} else if dk := s.Decks[d]; dk != nil {
			decks = append(decks, fmt.Sprintf("%s %d", d, len(dk.Hidden)+len(dk.Bottom)))
		}
	}
	for _, tb := range []string{"toolbox-I", "toolbox-II"} {
		var titles []string
		for _, id := range s.Toolboxes[tb] {
			t := s.title(id)
			if has(s.FaceDown, id) {
				t += " (face down: on a repair, the toolbox cannot move)"
			}
			titles = append(titles, t)
		}
		decks = append(decks, tb+": "+orNone(titles))
	}
	var hand []string
	for _, id := range s.Hand {
		hand = append(hand, s.title(id))
	}
	var cigs []string
	for _, r := range roleIDs {
		cigs = append(cigs, fmt.Sprintf("%s %d", roleNames[r], s.Cigs[r]))
	}
	other := []string{
		"Decks: " + strings.Join(decks, ", "),
		"Captain's hand: " + strings.Join(hand, ", "),
		"Cigarettes: " + strings.Join(cigs, ", ") + smokedNote(s),
		fmt.Sprintf("Medkit: %s; spent %s; medkit tokens %d", supplyText(s.Medkit), supplyText(s.MedSpent), s.Medkits),
		"Food: pyramid " + s.pyramidText() + fmt.Sprintf("; Food Supply %d, discard %d; today %d meal(s); lemons aside %d; spoiled %s", len(s.Supply), len(s.FoodDiscard), len(s.Today), len(s.Lemons), orNone(s.Spoiled)),
	}
	v := &engine.View{Title: fmt.Sprintf("U-BOOT board — watch %d on duty, %s", s.Watch, state), Sections: []engine.Section{
		{Title: "Tracks (§7.2, §7.3)", Lines: tracks},
		{Title: "Sections (figure[activation spaces]) | Technical View", Lines: secs},
	}}
	if len(health) > 0 {
		v.Sections = append(v.Sections, engine.Section{Title: "Health (§6.9, §6.10)", Lines: health})
	}
	if s.Mob != nil {
		v.Sections = append(v.Sections, engine.Section{Title: "Mobilization in progress (§6.4)", Lines: []string{fmt.Sprint("paths: ", s.Mob.Paths)}})
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Supplies and cards", Lines: other},
		engine.Section{Lines: []string{"Pack: " + s.p.Meta.ID + " — " + s.p.Meta.Label}})
	return v
}

func onOff(b bool) string {
	if b {
		return "on, for the roles on easy"
	}
	return "off"
}

func excessNote(s *State) string {
	if s.Excess < 0 {
		return "   (easy Captain: excess activations not tracked)"
	}
	return "   (* excess-activation marker)"
}

func smokedNote(s *State) string {
	if s.Smoked {
		return " (this watch's smoking break is over)"
	}
	return ""
}

func (s *State) dataView() *engine.View {
	var crew []string
	for w := 1; w <= 2; w++ {
		for _, fig := range figureIDs {
			d := s.p.sailorDef(fig, w)
			c := ""
			if d.Crown {
				c = " (crown)"
			}
			crew = append(crew, fmt.Sprintf("watch %d %s: %s%s", w, fig, strings.Join(d.Icons, " + "), c))
		}
	}
	var orders []string
	for _, o := range s.p.Orders {
		orders = append(orders, fmt.Sprintf("%s (%s, §%s):%s", o.Name, o.Owner, o.Case, partsText(o.Parts)))
	}
	return &engine.View{Title: "U-BOOT pack " + s.p.Meta.ID, Sections: []engine.Section{
		{Title: s.p.Meta.Label, Lines: append([]string{s.p.Meta.Name}, s.p.Meta.Provenance...)},
		{Title: "Crew tiles (§6.2)", Lines: crew},
		{Title: "Orders (§7.5)", Lines: orders},
	}}
}

// PinnedView implements engine.Pinned: the board is one picture kept
// posted and edited in place in chat, beside a log line per change.
func (s *State) PinnedView() string { return "status" }
