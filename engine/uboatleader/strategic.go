package uboatleader

import (
	"fmt"
	"strings"
)

// The turn (UBL-3 "Sequenza di Gioco") and its Strategic phase (UBL-4
// "Fase Strategica"): Special Option points spent on the options the
// campaign sheet lists, each with its cost and its limit per campaign.

// Special options (UBL-4.1-4.11). The Radio Call is bought in the Contact
// sub-phase (UBL-4.7); the snorkel is the optional rule UBL-9.2.
var optionKeys = []string{"air_search", "supply_ship", "intelligence", "rr", "advanced_torpedo", "radio_call", "mine", "attack", "raider"}

// areaOptions place a marker in a map area, one of a kind per area.
var areaOptions = []string{"air_search", "supply_ship", "intelligence"}

var optionInfo = map[string]struct{ Name, Case, What string }{
	"air_search":       {"Air Search", "UBL-4.2", "draw 2 Convoy cards a contact in an area, keep 1"},
	"supply_ship":      {"Supply Ship", "UBL-4.3", "-2 stress at Refit for boats in an area"},
	"intelligence":     {"Intelligence", "UBL-4.4", "+2 to contact rolls in an area"},
	"rr":               {"R&R priority", "UBL-4.5", "-4 stress for every boat in port, once a phase"},
	"advanced_torpedo": {"Advanced torpedo", "UBL-4.6", "a FAT or T5 replaces a torpedo of a boat in port"},
	"radio_call":       {"Radio Call", "UBL-4.7", "a called boat joins a wolfpack without a roll"},
	"mine":             {"Mine mission", "UBL-4.9", "a boat in port trades torpedoes for mines"},
	"attack":           {"Attack mission", "UBL-4.10", "a boat attacks warships from an Attack box"},
	"raider":           {"Raider mission", "UBL-4.11", "a boat supports a surface raider from a Raider box"},
	"snorkel":          {"Snorkel", "UBL-9.2", "+2 EV for a boat in port (not Type II or XXI)"},
}

func init() {
	register("turn", &opDef{act: (*State).beginTurn})
	register("strategic_begin", &opDef{act: (*State).strategicBegin})
	register("strategic", &opDef{ask: (*State).askStrategic, answer: (*State).answerStrategic, act: func(s *State, st Step) {}})
	register("so_area", &opDef{ask: (*State).askSOArea, answer: (*State).answerSOArea})
	register("so_boat", &opDef{ask: (*State).askSOBoat, answer: (*State).answerSOBoat})
	register("so_mines", &opDef{ask: (*State).askSOMines, answer: (*State).answerSOMines})
	register("so_torpedo", &opDef{ask: (*State).askSOTorpedo, answer: (*State).answerSOTorpedo})
}

// beginTurn runs the four phases (UBL-3).
func (s *State) beginTurn(st Step) {
	s.Turn++
	s.note("UBL-3", "Turn %d.", s.Turn)
	s.push(Step{Op: "strategic_begin"}, Step{Op: "operations_begin"}, Step{Op: "tactical_begin"}, Step{Op: "refit"})
}

func (s *State) strategicBegin(st Step) {
	s.Phase = "strategic"
	s.RR = false
	s.push(Step{Op: "strategic"})
}

// optionDef is the sheet's line for an option, or the snorkel's.
func (s *State) optionDef(key string) *OptionDef {
	if key == "snorkel" {
		if s.optional("snorkel") {
			return &OptionDef{Key: "snorkel", Cost: 1}
		}
		return nil
	}
	for i := range s.camp().Options {
		if s.camp().Options[i].Key == key {
			return &s.camp().Options[i]
		}
	}
	return nil
}

func costHalves(o *OptionDef) int { return int(o.Cost * 2) }

// buyable reports whether an option can be bought now: on the sheet,
// affordable, under its limit (UBL-4.1) and, for R&R, not yet this phase.
func (s *State) buyable(key string) bool {
	o := s.optionDef(key)
	if o == nil || costHalves(o) > s.SO || o.Max > 0 && s.Bought[key] >= int(o.Max) {
		return false
	}
	return key != "rr" || !s.RR
}

func (s *State) pay(key, what string) {
	o := s.optionDef(key)
	s.SO -= costHalves(o)
	if s.Bought == nil {
		s.Bought = map[string]int{}
	}
	s.Bought[key]++
	s.note(optionInfo[key].Case, "%s bought for %s SO: %s (%s SO left).", optionInfo[key].Name, costText(o.Cost), what, s.soText())
}

func costText(c float64) string {
	if c == float64(int(c)) {
		return fmt.Sprint(int(c))
	}
	if c == 0.5 {
		return "½"
	}
	return fmt.Sprintf("%d½", int(c))
}

func limitText(o *OptionDef, bought int) string {
	if o.Max == 0 {
		return "unlimited"
	}
	return fmt.Sprintf("%d of %d left", int(o.Max)-bought, o.Max)
}

func (s *State) askStrategic(st Step) *ask {
	a := &ask{Case: "UBL-4.1", Text: s.f("Strategic phase, turn %d (UBL-4): %s SO left, %d VP. Buy Special Options, or end the phase.", s.Turn, s.soText(), s.VP)}
	for _, key := range append(append([]string(nil), optionKeys...), "snorkel") {
		if key == "radio_call" || !s.buyable(key) || !s.hasTarget(key) {
			continue
		}
		o := s.optionDef(key)
		info := optionInfo[key]
		a.Options = append(a.Options, opt("o:"+key, s.f("%s, %s SO: %s (%s)", info.Name, costText(o.Cost), info.What, limitText(o, s.Bought[key])), info.Case))
	}
	if len(a.Options) == 0 {
		return nil
	}
	a.Options = append(a.Options, opt("end", "End the Strategic phase", "UBL-4.1"))
	return a
}

func (s *State) answerStrategic(st Step, key string) {
	if key == "end" {
		return
	}
	k := strings.TrimPrefix(key, "o:")
	s.push(Step{Op: "strategic"})
	switch {
	case k == "rr":
		s.RR = true
		s.pay("rr", "every boat in port")
		for i := range s.Fleet {
			if b := &s.Fleet[i]; b.inPlay() && s.inPort(b) && b.Stress > 0 {
				s.addStress(i, -min(4, b.Stress), "UBL-4.5", "R&R")
			}
		}
	case contains(areaOptions, k):
		s.push(Step{Op: "so_area", Key: k})
	default:
		s.push(Step{Op: "so_boat", Key: k})
	}
}

// hasTarget reports whether an option has somewhere or someone to go.
func (s *State) hasTarget(key string) bool {
	if contains(areaOptions, key) {
		return len(s.optionAreas(key)) > 0
	}
	if key == "rr" {
		for i := range s.Fleet {
			if b := &s.Fleet[i]; b.inPlay() && s.inPort(b) && b.Stress > 0 {
				return true
			}
		}
		return false
	}
	return len(s.optionBoats(key)) > 0
}

// optionAreas are the sea areas a marker may go to: the sheet's list if it
// has one (Air Search "only in North Sea"), one marker of a kind an area.
func (s *State) optionAreas(key string) []string {
	o := s.optionDef(key)
	var out []string
	for _, id := range s.board().order {
		a := s.board().area(id)
		if a.Kind != KindSea || len(o.Areas) > 0 && !contains(o.Areas, id) {
			continue
		}
		m := s.marks(id)
		if key == "air_search" && m.AirSearch || key == "supply_ship" && m.Supply || key == "intelligence" && m.Intelligence {
			continue
		}
		out = append(out, id)
	}
	return out
}

func (s *State) askSOArea(st Step) *ask {
	info := optionInfo[st.Key]
	a := &ask{Case: info.Case, Text: s.f("%s (%s): in which area?", info.Name, info.What)}
	for _, id := range s.optionAreas(st.Key) {
		a.Options = append(a.Options, opt(id, s.areaName(id)+s.boatsIn(id), info.Case))
	}
	a.Options = append(a.Options, opt("back", "Back", "UBL-4.1"))
	return a
}

// boatsIn names the boats in an area, for labels.
func (s *State) boatsIn(area string) string {
	var ids []string
	for i := range s.Fleet {
		if s.Fleet[i].inPlay() && s.Fleet[i].At == area {
			ids = append(ids, s.Fleet[i].ID)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return " (" + strings.Join(ids, ", ") + ")"
}

func (s *State) answerSOArea(st Step, key string) {
	if key == "back" {
		return
	}
	s.pay(st.Key, s.areaName(key))
	s.setMarks(key, func(m *Marks) {
		switch st.Key {
		case "air_search":
			m.AirSearch = true
		case "supply_ship":
			m.Supply = true
		case "intelligence":
			m.Intelligence = true
		}
	})
}

// optionBoats are the boats an option can be bought for.
func (s *State) optionBoats(key string) []int {
	var out []int
	for i := range s.Fleet {
		b := &s.Fleet[i]
		if !b.inPlay() {
			continue
		}
		ok := false
		switch key {
		case "mine":
			// UBL-4.9: only a boat in port; it needs torpedoes to trade.
			ok = s.inPort(b) && !contains(b.Missions, "mine") && b.Ready.Std+b.Stored.Std > 0
		case "attack", "raider":
			// UBL-4.10, UBL-4.11: any boat that is not Unfit.
			ok = !b.unfit() && !contains(b.Missions, key)
		case "advanced_torpedo":
			// UBL-4.6: loaded in port, replacing a torpedo.
			ok = s.inPort(b) && b.Ready.Std+b.Stored.Std > 0
		case "snorkel":
			// UBL-9.2: not for Type II or XXI; fitted in port.
			t := s.card(b).Type
			ok = s.inPort(b) && !b.Snorkel && typeClass(t) != "II" && t != "XXI"
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) askSOBoat(st Step) *ask {
	info := optionInfo[st.Key]
	a := &ask{Case: info.Case, Text: s.f("%s (%s): for which U-boat?", info.Name, info.What)}
	for _, i := range s.optionBoats(st.Key) {
		b := &s.Fleet[i]
		a.Options = append(a.Options, opt(fmt.Sprint(i), s.f("%s at %s, stress %d, torpedoes %d+%d", s.boatName(i), s.areaName(b.At), b.Stress, b.Ready.Torps(), b.Stored.Torps()), info.Case))
	}
	a.Options = append(a.Options, opt("back", "Back", "UBL-4.1"))
	return a
}

func (s *State) answerSOBoat(st Step, key string) {
	if key == "back" {
		return
	}
	i := atoi(key)
	switch st.Key {
	case "mine":
		s.push(Step{Op: "so_mines", Boat: i})
	case "advanced_torpedo":
		s.push(Step{Op: "so_torpedo", Boat: i})
	case "snorkel":
		s.pay("snorkel", s.boatName(i))
		s.Fleet[i].Snorkel = true
	default:
		s.pay(st.Key, s.boatName(i))
		s.Fleet[i].Missions = append(s.Fleet[i].Missions, st.Key)
	}
}

func (s *State) askSOMines(st Step) *ask {
	b := &s.Fleet[st.Boat]
	a := &ask{Case: "UBL-4.9", Text: s.f("Mine mission for %s (UBL-4.9): how many torpedoes become mines? (stored ones first; %d stored, %d ready)", s.boatName(st.Boat), b.Stored.Std, b.Ready.Std)}
	for n := 1; n <= b.Ready.Std+b.Stored.Std; n++ {
		a.Options = append(a.Options, opt(fmt.Sprint(n), s.f("%s", count(n, "mine")), "UBL-4.9"))
	}
	a.Options = append(a.Options, opt("back", "Back", "UBL-4.1"))
	return a
}

func (s *State) answerSOMines(st Step, key string) {
	if key == "back" {
		return
	}
	n := atoi(key)
	b := &s.Fleet[st.Boat]
	fromStored := min(n, b.Stored.Std)
	b.Stored.Std -= fromStored
	b.Stored.Mine += fromStored
	b.Ready.Std -= n - fromStored
	b.Ready.Mine += n - fromStored
	b.Missions = append(b.Missions, "mine")
	s.pay("mine", fmt.Sprintf("%s carries %d mines", s.boatName(st.Boat), n))
}

func (s *State) askSOTorpedo(st Step) *ask {
	b := &s.Fleet[st.Boat]
	a := &ask{Case: "UBL-4.6", Text: s.f("Advanced torpedo for %s (UBL-4.6): FAT (pattern-running, against merchants) or T5 (acoustic, against escorts), in place of a torpedo in which box?", s.boatName(st.Boat))}
	for _, k := range []string{"fat", "t5"} {
		if b.Ready.Std > 0 {
			a.Options = append(a.Options, opt(k+":ready", strings.ToUpper(k)+" in a Ready tube", "UBL-4.6"))
		}
		if b.Stored.Std > 0 {
			a.Options = append(a.Options, opt(k+":stored", strings.ToUpper(k)+" in Stored", "UBL-4.6"))
		}
	}
	a.Options = append(a.Options, opt("back", "Back", "UBL-4.1"))
	return a
}

func (s *State) answerSOTorpedo(st Step, key string) {
	if key == "back" {
		return
	}
	kind, box, _ := strings.Cut(key, ":")
	b := &s.Fleet[st.Boat]
	l := &b.Ready
	if box == "stored" {
		l = &b.Stored
	}
	l.Std--
	if kind == "fat" {
		l.FAT++
	} else {
		l.T5++
	}
	s.pay("advanced_torpedo", fmt.Sprintf("a %s in %s's %s box", strings.ToUpper(kind), b.ID, box))
}

func atoi(s string) int {
	n := 0
	neg := strings.HasPrefix(s, "-")
	for _, c := range strings.TrimPrefix(s, "-") {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		return -n
	}
	return n
}
