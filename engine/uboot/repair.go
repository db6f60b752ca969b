package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Repairs (§6.11, §10.3): one Repair order deals with one problem — a
// technical condition (§10.3.2), an environmental condition (§10.3.5) or
// a hull breach (§10.3.7). The CE's cards (§10.3.3) are not on this board
// yet: no card is played, so no toolbox is locked.

// repairProblems are the problems a Repair order could take on now, with
// the sailors they need: "env:SEC:KIND", "tech:SEC:K", "breach:SEC".
func (s *State) repairProblems() []engine.Option {
	var o []engine.Option
	for sec := 1; sec <= 8; sec++ {
		sc := s.Sections[sec]
		for _, k := range envKinds {
			if sc.Env[k] == 0 || k == "gas" {
				continue // §10.3.5: toxic gas goes only by surfacing
			}
			if !has(sc.Res, removedWith[k]) {
				continue // the supply must be in the section
			}
			od := s.repairDef("env:" + strconv.Itoa(sec) + ":" + k)
			if s.feasible(od) {
				o = append(o, engine.Option{Key: fmt.Sprintf("env:%d:%s", sec, k), Label: fmt.Sprintf("Remove the %s in section %d with the %s (morale +2)", envName(k), sec, removedWith[k]), Case: "10.3.5"})
			}
		}
		for k, c := range sc.Tech {
			if c.Need > 0 {
				continue // ordered already: a paused repair resumes without an order (§10.3.2)
			}
			od := s.repairDef(fmt.Sprintf("tech:%d:%d", sec, k))
			if s.feasible(od) {
				o = append(o, engine.Option{Key: fmt.Sprintf("tech:%d:%d", sec, k), Label: fmt.Sprintf("Repair the %s technical condition in section %d (crew size from the app)", c.Colour, sec), Case: "10.3.2"})
			}
		}
		if sc.Breach && !sc.Crew && s.feasible(s.repairDef("breach:"+strconv.Itoa(sec), max(1, 5-s.bestBonus(sec)))) {
			o = append(o, engine.Option{Key: fmt.Sprintf("breach:%d", sec), Label: fmt.Sprintf("Seal the hull breach in section %d (5 repair icons)", sec), Case: "10.3.7"})
		}
	}
	return o
}

// repairDef is the Repair order for one problem, as the generic order
// machinery checks it: the sailors in the problem's section, the repair
// icon's count (1 for a condition token, 5 for a breach, the app's crew
// size for a technical condition), busy tokens of the condition's colour
// for a technical repair.
func (s *State) repairDef(problem string, crew ...int) OrderDef {
	base, _ := s.p.order("repair")
	parts := strings.Split(problem, ":")
	sec, _ := strconv.Atoi(parts[1])
	od := OrderDef{ID: "repair", Name: base.Name, Owner: base.Owner, Case: "10.3"}
	n := 1
	switch parts[0] {
	case "breach":
		n, od.Case = 5, "10.3.7"
		if len(crew) > 0 {
			n = crew[0]
		}
	case "tech":
		k, _ := strconv.Atoi(parts[2])
		od.Busy, od.Case = s.Sections[sec].Tech[k].Colour, "10.3.2"
		if len(crew) > 0 {
			n = crew[0]
		}
	case "env":
		od.Case = "10.3.5"
	}
	od.Parts = []PartDef{{Icon: "repair", Count: n, Max: n, Sections: []int{sec}}}
	return od
}

// crewSizes are the repair crews the app may ask for that the section
// can field (§10.3.2: the app's repair menu gives the number).
func (s *State) crewSizes(problem string) []int {
	var out []int
	for n := 1; n <= 8; n++ {
		if s.feasible(s.repairDef(problem, max(1, n-s.bestBonus(problemSection(problem))))) {
			out = append(out, n)
		}
	}
	return out
}

// The Repair order's Draft: Args ["repair"], then the problem, then (for
// a technical condition) the crew size; Picks the sailors.
func (s *State) repairPrompt() *engine.Prompt {
	d := s.Draft
	if len(d.Args) == 1 && d.Free {
		return &engine.Prompt{Kind: "uboot.resume", Title: "Resume a repair", Text: "Which paused repair? (no order needed, §10.3.2)", Case: "10.3.2", Options: append(s.resumable(), back())}
	}
	if len(d.Args) == 1 {
		return &engine.Prompt{Kind: "uboot.problem", Title: "Repairs", Text: "Which problem? (one Repair order deals with one, §6.11)", Case: "10.3", Options: append(s.repairProblems(), back())}
	}
	if strings.HasPrefix(d.Args[1], "tech:") && len(d.Args) == 2 {
		var o []engine.Option
		for _, n := range s.crewSizes(d.Args[1]) {
			o = append(o, engine.Option{Key: "n:" + strconv.Itoa(n), Label: fmt.Sprintf("%d sailor(s), as the app's repair menu says", n), Short: strconv.Itoa(n), Case: "10.3.2"})
		}
		return &engine.Prompt{Kind: "uboot.crew", Title: "Repairs", Text: "How many sailors does the app's repair menu ask for?", Case: "10.3.2", Options: append(o, back())}
	}
	return s.cardPrompt(problemSection(d.Args[1]))
}

// repairOrder is the Draft's Repair order once its problem, crew and card
// are known: the real sailors it needs are the crew less the card's
// virtual sailors for the sailors chosen so far, at least one (§10.3.3).
func (s *State) repairOrder() OrderDef {
	d := s.Draft
	problem := d.Args[1]
	n := 1
	switch {
	case strings.HasPrefix(problem, "breach:"):
		n = 5
	case strings.HasPrefix(problem, "tech:"):
		n, _ = strconv.Atoi(strings.TrimPrefix(d.Args[2], "n:"))
	}
	return s.repairDef(problem, max(1, n-s.bonus(s.repairCard(), distinct(s.picked()))))
}

// repairCard is the CE card on the Draft's repair: the one chosen now, or,
// resuming a paused repair, the one already beside it.
func (s *State) repairCard() string {
	d := s.Draft
	if k := d.Args[len(d.Args)-1]; strings.HasPrefix(k, "k:") && k != "k:-" {
		return strings.TrimPrefix(k, "k:")
	}
	if d.Free {
		var sec, k int
		fmt.Sscanf(d.Args[1], "tech:%d:%d", &sec, &k)
		return s.Sections[sec].Tech[k].Card
	}
	return ""
}

// repairReady: the Draft has chosen all it needs before the sailors: the
// problem, a technical condition's crew size, and a card for a technical
// repair or a breach (asked only when one may be played, §10.3.3).
func (s *State) repairReady() bool {
	d := s.Draft
	if len(d.Args) < 2 {
		return false
	}
	p := d.Args[1]
	switch {
	case strings.HasPrefix(p, "tech:") && len(d.Args) < 3:
		return false
	case d.Free || strings.HasPrefix(p, "env:"):
		return true
	}
	return strings.HasPrefix(d.Args[len(d.Args)-1], "k:")
}

// repaired applies what a carried-out Repair order does on the board.
func (s *State) repaired(problem string, crew []int, card string) {
	parts := strings.Split(problem, ":")
	sec, _ := strconv.Atoi(parts[1])
	if card != "" && !s.Draft.Free {
		s.playCE(card)
	}
	switch parts[0] {
	case "env":
		s.removeEnv(sec, parts[2])
	case "tech":
		k, _ := strconv.Atoi(parts[2])
		c := &s.Sections[sec].Tech[k]
		n, _ := strconv.Atoi(strings.TrimPrefix(s.Draft.Args[2], "n:"))
		c.Need, c.Crew, c.Card = n, names(crew), card
		s.note("10.3.2", fmt.Sprintf("The repair of the %s condition in section %d is under way (crew %s): enter the crew size in the app; the app says when it is done.", c.Colour, sec, strings.Join(c.Crew, ", ")))
	case "breach":
		s.Sections[sec].Crew, s.Sections[sec].BreachCard = true, card
		s.note("10.3.7", fmt.Sprintf("The repair crew is activated in section %d: the Chief Engineer may start the Technical Puzzle (sections %s).", sec, puzzleParts(sec)))
	}
}

// leaveRepair takes figure i off the technical repair he is busy with
// (he moved, died, lost his busy token, or his counterpart could not take
// over): when the crew drops below the app's number the repair stops, the
// others' tokens are flipped, and the app must pause it (§10.3.2).
func (s *State) leaveRepair(i int) {
	fig := figureIDs[i]
	for sec := 1; sec <= 8; sec++ {
		for k := range s.Sections[sec].Tech {
			c := &s.Sections[sec].Tech[k]
			j := slices.Index(c.Crew, fig)
			if j < 0 {
				continue
			}
			c.Crew = slices.Delete(c.Crew, j, j+1)
			var left []int
			for _, f := range c.Crew {
				left = append(left, figIndex(f))
			}
			if len(c.Crew)+s.bonus(c.Card, left) < c.Need && len(c.Crew) > 0 {
				for _, f := range c.Crew {
					s.flipBusy(figIndex(f), "stops: the repair crew is short")
				}
				c.Crew = nil
			}
			if len(c.Crew) == 0 {
				s.note("10.3.2", fmt.Sprintf("The repair of the %s condition in section %d is paused: pause it in the app; enough sailors activated there resume it without an order.", c.Colour, sec))
				if s.flipUp(c.Card, "its repair is paused") {
					c.Card = "" // back in play; a +1/+2 card stays with its repair
				}
			}
			return
		}
	}
}

// techState is a technical condition as the status shows it: a repair is
// under way while its crew and its +1/+2 card's virtual sailors make the
// crew the app was given (§10.3.3: the card "increase[s] the effective
// number of sailors in the repair crew"), as leaveRepair counts them.
func (s *State) techState(t TechCond) string {
	var crew []int
	for _, f := range t.Crew {
		crew = append(crew, figIndex(f))
	}
	b := s.bonus(t.Card, crew)
	switch {
	case t.Need == 0:
		return "awaiting repair"
	case len(t.Crew) > 0 && len(t.Crew)+b >= t.Need:
		by := strings.Join(t.Crew, ", ")
		if b > 0 {
			by += fmt.Sprintf(" and %s (+%d)", s.title(t.Card), b)
		}
		return "under repair by " + by
	}
	return fmt.Sprintf("repair paused (crew of %d)", t.Need)
}

// cardMost is the most a card could add.
func (s *State) cardMost(id string) int {
	if id == "" {
		return 0
	}
	c, _, _ := s.card(id)
	return c.Advanced
}

// resumable are the paused repairs a crew there could resume (§10.3.2).
func (s *State) resumable() []engine.Option {
	var o []engine.Option
	for sec := 1; sec <= 8; sec++ {
		for k, c := range s.Sections[sec].Tech {
			if c.Need > 0 && len(c.Crew) == 0 && s.feasible(s.repairDef(fmt.Sprintf("tech:%d:%d", sec, k), max(1, c.Need-s.cardMost(c.Card)))) {
				o = append(o, engine.Option{Key: fmt.Sprintf("tech:%d:%d", sec, k), Label: fmt.Sprintf("Resume the %s repair in section %d (crew of %d)", c.Colour, sec, c.Need), Case: "10.3.2"})
			}
		}
	}
	return o
}

// puzzleParts are the three puzzle parts a breach in sec needs (§10.3.8).
func puzzleParts(sec int) string {
	name := func(n int) string {
		switch n {
		case 0:
			return "bow"
		case 7:
			return "stern"
		}
		return strconv.Itoa(n)
	}
	return name(sec-1) + ", " + name(sec) + ", " + name(sec+1)
}

// breach: the app reports a hull breach (§10.3.7 step 1): morale −1; an
// exhausted crew loses the boat (§7.4).
func (s *State) breach(sec int) {
	if s.exhausted() {
		s.lose("7.4", fmt.Sprintf("a hull breach in section %d with the crew exhausted", sec))
		return
	}
	s.Sections[sec].Breach = true
	s.note("10.3.7", fmt.Sprintf("Hull breach in section %d: the app's countdown runs. A Repair order of 5 repair icons there, then the puzzle (%s).", sec, puzzleParts(sec)))
	s.moraleDown(1, "10.3.7", "a hull breach")
}

// sealed: the puzzle was solved and flipped in time (§10.3.7 step 5).
func (s *State) sealed(sec int) {
	s.discardCE(s.Sections[sec].BreachCard)
	s.Sections[sec].Breach, s.Sections[sec].Crew, s.Sections[sec].BreachCard = false, false, ""
	s.Sections[sec].Timer, s.Sections[sec].TimerAt = 0, 0
	s.note("10.3.7", fmt.Sprintf("The breach in section %d is sealed.", sec))
}

// flood: the timer ran out or the flip showed an error (§10.3.7): the
// section floods, sailors inside are KIA, resources there are lost; a
// second flooded section sinks the boat (§10.3.6).
func (s *State) flood(sec int) {
	sc := &s.Sections[sec]
	s.discardCE(sc.BreachCard)
	sc.Breach, sc.Crew, sc.Flooded, sc.BreachCard = false, false, true, ""
	sc.Timer, sc.TimerAt = 0, 0
	s.note("10.3.7", fmt.Sprintf("Section %d floods: the flooded token goes on it; nobody may enter or cross it, nothing may target it.", sec))
	if len(sc.Res) > 0 {
		s.note("10.3.7", fmt.Sprintf("Lost to the box: %s.", strings.Join(sc.Res, ", ")))
		sc.Res = nil
	}
	for _, i := range s.inSection(sec, false) {
		s.kia(i, "in the flooded section")
	}
	n := 0
	for k := 1; k <= 8; k++ {
		if s.Sections[k].Flooded {
			n++
		}
	}
	if n >= 2 && s.End == nil {
		s.lose("10.3.6", "a second section flooded")
	}
}
