package uboatleader

import (
	"fmt"
	"strings"
)

// Setting up a campaign (UBL-2 "Preparazione"): the sheet's SO, the decks,
// buying the fleet (or drawing it, UBL-9.3), placing each boat in a port
// and loading it.

func init() {
	register("campaign_begin", &opDef{act: (*State).campaignBegin})
	register("buy", &opDef{ask: (*State).askBuy, answer: (*State).answerBuy, act: func(s *State, st Step) { s.placeAll() }})
	register("buy_level", &opDef{ask: (*State).askBuyLevel, answer: (*State).answerBuyLevel})
	register("random_begin", &opDef{act: (*State).randomBegin})
	register("random_next", &opDef{ask: (*State).askRandom, answer: (*State).answerRandom, act: (*State).randomEnd})
	register("place", &opDef{ask: (*State).askPlace, answer: (*State).answerPlace, act: (*State).autoPlace})
	register("campaign_start", &opDef{act: (*State).campaignStart})
}

func (s *State) campaignBegin(st Step) {
	c := s.camp()
	l := s.length()
	s.Phase = "setup"
	s.SO += 2 * l.SO
	s.Bought = nil
	s.note("UBL-2", "Campaign %s (%s - %s), %s: %s a U-boat, %d SO. VP evaluation: Great %d+, Good %d+, Adequate %d+, Poor %d+, Dismal below.",
		c.Name, c.Start, c.End, s.Setup.Length, count(l.Patrols, "patrol"), l.SO, l.Great, l.Good, l.Adequate, l.Poor)
	s.buildDecks()
	first := Step{Op: "buy"}
	if s.optional("random_fleet") {
		first = Step{Op: "random_begin"}
	}
	s.push(first, Step{Op: "campaign_start"})
}

// eligible lists the cards the fleet may still take: in service during
// the campaign, of an allowed type (UBL-2), not already in the fleet at any
// level, the Type XXI only with its optional rule and never with U-201
// (UBL-9.1).
func (s *State) eligible() []string {
	var out []string
	c := s.camp()
	for _, id := range s.pack.idx.boatOrder {
		b := s.pack.Boat(id)
		switch {
		case s.fleetIndex(id) >= 0:
			continue
		case b.Optional != "":
			// UBL-9.1: the Type XXI serves in any campaign, with its rule.
			if !s.optional(b.Optional) {
				continue
			}
		case !campaignAllows(c, b):
			continue
		}
		excluded := false
		for i := range s.Fleet {
			f := s.card(&s.Fleet[i])
			excluded = excluded || contains(f.Excludes, id) || contains(b.Excludes, f.ID)
		}
		if !excluded {
			out = append(out, id)
		}
	}
	return out
}

func (s *State) fleetIndex(id string) int {
	for i := range s.Fleet {
		if s.Fleet[i].ID == id {
			return i
		}
	}
	return -1
}

func (s *State) cheapest(b *UBoatCard) int {
	least := 1 << 30
	for _, k := range levelKeys {
		least = min(least, b.Levels[k].SO)
	}
	return least
}

func (s *State) soText() string {
	if s.SO%2 == 1 {
		return fmt.Sprintf("%d½", s.SO/2)
	}
	return fmt.Sprint(s.SO / 2)
}

func (s *State) fleetText() string {
	if len(s.Fleet) == 0 {
		return "none yet"
	}
	var parts []string
	for i := range s.Fleet {
		if s.Fleet[i].inPlay() {
			parts = append(parts, s.boatName(i))
		}
	}
	return strings.Join(parts, ", ")
}

func (s *State) askBuy(st Step) *ask {
	a := &ask{Case: "UBL-2", Text: s.f("Buy your fleet (UBL-2, choosing the U-boats): %s SO left. Fleet: %s. Pick a U-boat, then its level.", s.soText(), s.fleetText())}
	for _, id := range s.eligible() {
		b := s.pack.Boat(id)
		if 2*s.cheapest(b) > s.SO {
			continue
		}
		a.Options = append(a.Options, opt("b:"+id, s.f("%s Type %s, %s (from %d SO)", id, b.Type, b.Captain, s.cheapest(b)), "UBL-2"))
	}
	if len(s.Fleet) > 0 {
		a.Options = append(a.Options, opt("done", s.f("Done: keep %s SO for Special Options", s.soText()), "UBL-2"))
	}
	if len(a.Options) == 0 {
		return nil // nothing affordable and no fleet: validation makes this unreachable
	}
	if len(s.Fleet) > 0 && len(a.Options) == 1 {
		return nil // nothing more to buy
	}
	return a
}

func (s *State) answerBuy(st Step, key string) {
	if key == "done" {
		s.placeAll()
		return
	}
	s.push(Step{Op: "buy_level", Key: strings.TrimPrefix(key, "b:")})
}

// placeAll asks where each boat starts, and loads it.
func (s *State) placeAll() {
	var steps []Step
	for i := range s.Fleet {
		if s.Fleet[i].inPlay() && s.Fleet[i].At == "" {
			steps = append(steps, Step{Op: "place", Boat: i})
		}
	}
	s.push(steps...)
}

func levelText(lv Lv) string {
	t := fmt.Sprintf("%s TS %+d GS %+d EV %d", lv.Okay.Init, lv.Okay.TS, lv.Okay.GS, lv.Okay.EV)
	if len(lv.Abilities) > 0 {
		t += ", " + strings.Join(lv.Abilities, ", ")
	}
	return t
}

func (s *State) askBuyLevel(st Step) *ask {
	b := s.pack.Boat(st.Key)
	a := &ask{Case: "UBL-2", Text: s.f("%s (Type %s, %s; %d ready and %d stored torpedoes%s): at which level? A boat is taken at one level only (UBL-2). %s SO left.",
		b.ID, b.Type, b.Captain, b.Ready, b.Stored, map[bool]string{true: ", deck gun", false: ", no deck gun"}[b.Gun], s.soText())}
	for _, k := range levelKeys {
		lv := b.Levels[k]
		if 2*lv.SO <= s.SO {
			a.Options = append(a.Options, opt(k, s.f("%s, %d SO: %s", k, lv.SO, levelText(lv)), "UBL-1.7"))
		}
	}
	a.Options = append(a.Options, opt("back", "Back to the list", "UBL-2"))
	return a
}

func (s *State) answerBuyLevel(st Step, key string) {
	if key != "back" {
		s.buy(st.Key, key)
	}
	s.push(Step{Op: "buy"})
}

// buy adds a boat to the fleet at a level, paying its SO, and loads it:
// Ready and Stored to the card's capacity, 6 gun rounds if it has a gun
// (UBL-2).
func (s *State) buy(id, level string) {
	b := s.pack.Boat(id)
	li := 0
	for i, k := range levelKeys {
		if k == level {
			li = i
		}
	}
	cost := b.Levels[level].SO
	s.SO -= 2 * cost
	boat := Boat{ID: id, Level: li, Ready: Load{Std: b.Ready}, Stored: Load{Std: b.Stored}}
	if b.Gun {
		boat.Gun = gunRounds
	}
	s.Fleet = append(s.Fleet, boat)
	s.note("UBL-2", "%s joins the fleet as %s for %d SO (%s SO left).", id, level, cost, s.soText())
	for _, x := range b.Excludes {
		s.note("UBL-9.1", "%s shares a captain with %s, which cannot serve now.", id, x)
	}
}

// gunRounds is a patrol's gun ammunition (UBL-2, UBL-6.15).
const gunRounds = 6

// randomBegin shuffles the eligible cards for a random fleet (UBL-9.3).
func (s *State) randomBegin(st Step) {
	s.Pool = s.eligible()
	idx := make([]int, len(s.Pool))
	for i := range idx {
		idx[i] = i
	}
	s.shuffle(idx, "the U-boat cards")
	pool := make([]string, len(idx))
	for i, k := range idx {
		pool[i] = s.Pool[k]
	}
	s.Pool = pool
	s.note("UBL-9.3", "Random fleet: the %d U-boat cards that may serve are shuffled and drawn one at a time.", len(pool))
	s.push(Step{Op: "random_next"})
}

func (s *State) askRandom(st Step) *ask {
	if len(s.Pool) == 0 {
		return nil
	}
	b := s.pack.Boat(s.Pool[0])
	if s.fleetIndex(b.ID) >= 0 {
		return nil
	}
	a := &ask{Case: "UBL-9.3", Text: s.f("Random fleet (UBL-9.3): you draw %s (Type %s, %s). Take it at which level? %s SO left. Fleet: %s.", b.ID, b.Type, b.Captain, s.soText(), s.fleetText())}
	for _, k := range levelKeys {
		lv := b.Levels[k]
		if 2*lv.SO <= s.SO {
			a.Options = append(a.Options, opt(k, s.f("%s, %d SO: %s", k, lv.SO, levelText(lv)), "UBL-9.3"))
		}
	}
	if len(a.Options) == 0 {
		return nil // every level would take the SO below 0: the draw stops
	}
	if len(s.Fleet) > 0 {
		a.Options = append(a.Options, opt("stop", s.f("Stop drawing: keep %s SO", s.soText()), "UBL-9.3"))
	}
	return a
}

func (s *State) answerRandom(st Step, key string) {
	if key == "stop" {
		s.randomEnd(st)
		return
	}
	id := s.Pool[0]
	s.Pool = s.Pool[1:]
	s.buy(id, key)
	s.push(Step{Op: "random_next"})
}

// randomEnd closes the draw: the bonus SO by length (UBL-9.3).
func (s *State) randomEnd(st Step) {
	if len(s.Pool) > 0 {
		if b := s.pack.Boat(s.Pool[0]); 2*s.cheapest(b) > s.SO {
			s.note("UBL-9.3", "%s would take the SO below 0: it is not taken, and the draw stops.", b.ID)
		}
	}
	s.Pool = nil
	bonus := map[string]int{"short": 2, "medium": 4, "long": 8}[s.Setup.Length]
	s.SO += 2 * bonus
	s.note("UBL-9.3", "The random fleet earns %d SO (%s SO left).", bonus, s.soText())
	s.placeAll()
}

func (s *State) ports() []string {
	var out []string
	for _, id := range s.board().order {
		if s.board().isPort(id) {
			out = append(out, id)
		}
	}
	return out
}

func (s *State) askPlace(st Step) *ask {
	ports := s.ports()
	if len(ports) == 1 {
		return nil
	}
	a := &ask{Case: "UBL-2", Text: s.f("Place %s in a port (UBL-2).", s.boatName(st.Boat))}
	for _, p := range ports {
		a.Options = append(a.Options, opt(p, s.areaName(p), "UBL-2"))
	}
	return a
}

func (s *State) answerPlace(st Step, key string) {
	s.Fleet[st.Boat].At = key
	s.note("UBL-2", "%s is in port at %s.", s.boatName(st.Boat), s.areaName(key))
}

func (s *State) autoPlace(st Step) { s.answerPlace(st, s.ports()[0]) }

func (s *State) campaignStart(st Step) {
	s.note("UBL-2", "The fleet: %s. %s SO left for Special Options.", s.fleetText(), s.soText())
	s.push(Step{Op: "turn"})
}
