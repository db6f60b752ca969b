package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// What the app decides, entered as the app says it (§1.2, §8.1): a
// condition in a section, an attack's crew damage, a sinking, an event
// card's signal, a morale change it orders. Never rolled by the board.

func (s *State) appPrompt() *engine.Prompt {
	d := s.Draft
	if len(d.Args) == 0 {
		o := []engine.Option{
			{Key: "env", Label: "An environmental condition in a section (fire, electrical hazard, toxic gas, lighting failure, leak)", Short: "Env. condition", Case: "10.3.4"},
			{Key: "tech", Label: "A technical condition in a section (green, yellow, red)", Short: "Tech. condition", Case: "10.3.1"},
			{Key: "attack", Label: "Crew damage from an enemy attack in a section", Short: "Attack damage", Case: "6.12"},
			{Key: "breach", Label: "A hull breach in a section (the countdown starts)", Short: "Hull breach", Case: "10.3.7"},
			{Key: "sunk", Label: "An enemy vessel sunk (morale +3)", Short: "Vessel sunk", Case: "7.3"},
			{Key: "event", Label: "An event: draw the top event card", Short: "Event card", Case: "8.7"},
			{Key: "eat", Label: "22:00: what did the crew eat? (score today's meals)", Short: "22:00 meals", Case: "9.4.2"},
			{Key: "up", Label: "Morale +1 (a card or the app says so)", Short: "Morale +1", Case: "7.3"},
			{Key: "down", Label: "Morale −1 (a card or the app says so)", Short: "Morale −1", Case: "7.3"},
		}
		for sec := 1; sec <= 6; sec++ {
			if s.Sections[sec].Breach && s.Sections[sec].Crew {
				o = append(o, engine.Option{Key: "sealed:" + strconv.Itoa(sec), Label: fmt.Sprintf("The breach in section %d is sealed (puzzle solved in time)", sec), Short: "Sealed " + strconv.Itoa(sec), Case: "10.3.7"})
			}
			if s.Sections[sec].Breach {
				o = append(o, engine.Option{Key: "flood:" + strconv.Itoa(sec), Label: fmt.Sprintf("The timer ran out for section %d: it floods", sec), Short: "Flood " + strconv.Itoa(sec), Case: "10.3.7",
					Risk: "Sailors still in the section are KIA; a second flooded section sinks the boat."})
			}
		}
		if len(s.breaches()) > 0 {
			o = append(o, engine.Option{Key: "timer", Label: "A breach's countdown: the seconds the app's timer shows", Short: "Breach timer", Case: "10.3.7"})
		}
		if s.worsening() {
			o = append(o, engine.Option{Key: "worse", Label: "A technical condition grows worse (green → yellow → red)", Short: "Condition worse", Case: "10.3.1"})
		}
		if s.techCount() > 0 {
			o = append(o, engine.Option{Key: "fixed", Label: "A technical repair is finished (remove its token)", Short: "Repair done", Case: "10.3.2"})
		}
		return &engine.Prompt{Kind: "uboot.app", Title: "The app reports", Text: "What does the app report?", Case: "8.1", Options: append(o, back())}
	}
	switch d.Args[0] {
	case "env":
		if len(d.Args) == 1 {
			var o []engine.Option
			for _, k := range envKinds {
				o = append(o, engine.Option{Key: k, Label: envName(k), Case: "10.3.4"})
			}
			return &engine.Prompt{Kind: "uboot.env", Title: "Environmental condition", Text: "Which condition?", Case: "10.3.4", Options: append(o, back())}
		}
		return s.sectionPrompt("uboot.envsec", "Environmental condition", "In which section is the "+envName(d.Args[1])+"?", "10.3.4", 1, 8)
	case "tech":
		if len(d.Args) == 1 {
			var o []engine.Option
			for _, c := range techColours {
				o = append(o, engine.Option{Key: c, Label: strings.ToUpper(c[:1]) + c[1:] + " (" + map[string]string{"green": "maintenance", "yellow": "failure", "red": "major failure"}[c] + ")", Case: "10.3.1"})
			}
			return &engine.Prompt{Kind: "uboot.tech", Title: "Technical condition", Text: "Which colour?", Case: "10.3.1", Options: append(o, back())}
		}
		return s.sectionPrompt("uboot.techsec", "Technical condition", "In which section is the "+d.Args[1]+" condition?", "10.3.1", 1, 8)
	case "breach":
		var o []engine.Option
		for sec := 1; sec <= 6; sec++ {
			if !s.Sections[sec].Flooded && !s.Sections[sec].Breach {
				o = append(o, engine.Option{Key: "s:" + strconv.Itoa(sec), Label: fmt.Sprintf("Section %d", sec), Short: strconv.Itoa(sec), Case: "10.3.8"})
			}
		}
		return &engine.Prompt{Kind: "uboot.breach", Title: "Hull breach", Text: "In which section (1-6, §10.3.8)?", Case: "10.3.7", Options: append(o, back())}
	case "timer":
		return s.timerPrompt()
	case "attack":
		return s.sectionPrompt("uboot.attack", "Enemy attack", "Which section takes crew damage (7 and 8 count as one)?", "6.12", 1, 8)
	case "worse":
		var o []engine.Option
		for sec := 1; sec <= 8; sec++ {
			for k, c := range s.Sections[sec].Tech {
				if c.Colour != "red" {
					o = append(o, engine.Option{Key: fmt.Sprintf("t:%d:%d", sec, k), Label: fmt.Sprintf("The %s condition in section %d", c.Colour, sec), Case: "10.3.1"})
				}
			}
		}
		return &engine.Prompt{Kind: "uboot.worse", Title: "Condition worse", Text: "Which condition did the app report worse?", Case: "10.3.1", Options: append(o, back())}
	case "fixed":
		var o []engine.Option
		for sec := 1; sec <= 8; sec++ {
			for k, c := range s.Sections[sec].Tech {
				o = append(o, engine.Option{Key: fmt.Sprintf("t:%d:%d", sec, k), Label: fmt.Sprintf("The %s condition in section %d (%s)", c.Colour, sec, s.techState(c)), Case: "10.3.2"})
			}
		}
		return &engine.Prompt{Kind: "uboot.fixed", Title: "Repair finished", Text: "Which technical condition did the app report repaired?", Case: "10.3.2", Options: append(o, back())}
	}
	return nil
}

func envName(k string) string {
	return map[string]string{"fire": "fire", "electrical": "electrical hazard", "gas": "toxic gas", "lighting": "lighting failure", "leak": "leak"}[k]
}

// sectionPrompt asks for a section not flooded (§10.3.8: no game effect
// targets a flooded section).
func (s *State) sectionPrompt(kind, title, text, cas string, lo, hi int) *engine.Prompt {
	var o []engine.Option
	for sec := lo; sec <= hi; sec++ {
		if !s.Sections[sec].Flooded {
			o = append(o, engine.Option{Key: "s:" + strconv.Itoa(sec), Label: fmt.Sprintf("Section %d", sec), Short: strconv.Itoa(sec), Case: cas})
		}
	}
	return &engine.Prompt{Kind: kind, Title: title, Text: text, Case: cas, Options: append(o, back())}
}

// worsening: a condition not yet red (§10.3.1: left alone, conditions
// grow more severe, as the app says).
func (s *State) worsening() bool {
	for sec := 1; sec <= 8; sec++ {
		for _, c := range s.Sections[sec].Tech {
			if c.Colour != "red" {
				return true
			}
		}
	}
	return false
}

func (s *State) techCount() int {
	n := 0
	for sec := 1; sec <= 8; sec++ {
		n += len(s.Sections[sec].Tech)
	}
	return n
}

func (s *State) applyApp(key string) {
	d := s.Draft
	if len(d.Args) == 0 {
		if what, sec, ok := strings.Cut(key, ":"); ok && (what == "sealed" || what == "flood") {
			n, _ := strconv.Atoi(sec)
			s.Draft = nil
			if what == "sealed" {
				s.sealed(n)
			} else {
				s.flood(n)
			}
			return
		}
		switch key {
		case "sunk":
			s.moraleUp(3, "7.3", "an enemy vessel sunk")
			s.Draft = nil
		case "eat":
			s.Draft = nil
			s.eat()
		case "up":
			s.moraleUp(1, "7.3", "as the app or a card says")
			s.Draft = nil
		case "down":
			s.moraleDown(1, "7.3", "as the app or a card says")
			s.Draft = nil
		case "event":
			s.Draft = nil
			if s.Own {
				s.queueDraw("events", "8.7", "Event card", "")
				return
			}
			id, err := s.drawCard("events", "8.7", "Event card")
			if err != nil {
				return
			}
			if id == "" {
				s.note("8.7", "The event deck is empty.")
				return
			}
			s.resolveCard(id, "events", "8.7")
		default:
			d.Args = []string{key}
		}
		return
	}
	if d.Args[0] == "timer" {
		s.applyTimer(key)
		return
	}
	sec, _ := strconv.Atoi(strings.TrimPrefix(key, "s:"))
	switch d.Args[0] {
	case "env":
		if len(d.Args) == 1 {
			d.Args = append(d.Args, key)
			return
		}
		s.Draft = nil
		s.addEnv(sec, d.Args[1])
	case "tech":
		if len(d.Args) == 1 {
			d.Args = append(d.Args, key)
			return
		}
		s.Draft = nil
		s.Sections[sec].Tech = append(s.Sections[sec].Tech, TechCond{Colour: d.Args[1]})
		s.note("10.3.1", fmt.Sprintf("A %s technical condition in section %d: its token goes on the Technical View.", d.Args[1], sec))
	case "breach":
		s.Draft = nil
		s.breach(sec)
	case "attack":
		s.Draft = nil
		s.crewDamage("attack", "section "+strconv.Itoa(sec), s.inSection(sec, true), 1, "6.12")
	case "fixed":
		s.Draft = nil
		var k int
		fmt.Sscanf(key, "t:%d:%d", &sec, &k)
		c := s.Sections[sec].Tech[k]
		s.Sections[sec].Tech = append(s.Sections[sec].Tech[:k:k], s.Sections[sec].Tech[k+1:]...)
		for _, f := range c.Crew {
			s.flipBusy(figIndex(f), "has finished the repair")
		}
		s.discardCE(c.Card)
		s.note("10.3.2", fmt.Sprintf("The %s condition in section %d is repaired: its token leaves the Technical View.", c.Colour, sec))
	case "worse":
		s.Draft = nil
		var k int
		fmt.Sscanf(key, "t:%d:%d", &sec, &k)
		c := &s.Sections[sec].Tech[k]
		from := c.Colour
		c.Colour = map[string]string{"green": "yellow", "yellow": "red"}[from]
		for _, f := range c.Crew {
			sl := s.sailor(figIndex(f))
			if j := slices.Index(sl.Slots, from); j >= 0 {
				sl.Slots[j] = c.Colour
			}
		}
		s.note("10.3.1", fmt.Sprintf("The %s condition in section %d grows worse: it is %s now; the app gives the new crew size.", from, sec, c.Colour))
	}
}

// addEnv places an environmental condition as the app says (§10.3.4):
// morale −1, and for an exhausted crew the boat is lost (§7.4) unless it
// is a lighting failure; then crew damage there. Toxic gas while surfaced
// places no token and leaves morale alone: crew damage once (§10.3.5).
func (s *State) addEnv(sec int, kind string) {
	if kind == "gas" && s.Up {
		s.note("10.3.5", fmt.Sprintf("Toxic gas in section %d while surfaced: no token, morale unchanged, crew damage once.", sec))
		if !has(s.Sections[sec].Res, "rebreathers") {
			s.crewDamage("gas", "section "+strconv.Itoa(sec), s.inSection(sec, false), 1, "10.3.5")
		}
		return
	}
	if s.exhausted() && kind != "lighting" {
		s.lose("7.4", fmt.Sprintf("a new %s in section %d with the crew exhausted", envName(kind), sec))
		return
	}
	sc := &s.Sections[sec]
	if sc.Env == nil {
		sc.Env = map[string]int{}
	}
	sc.Env[kind]++
	s.note("10.3.4", fmt.Sprintf("A %s in section %d: its token goes on the Technical View.", envName(kind), sec))
	s.moraleDown(1, "10.3.4", "an environmental condition")
	if _, hz := hazardDeck[kind]; hz && s.End == nil {
		if kind == "gas" && has(sc.Res, "rebreathers") {
			s.note("10.3.5", "Rebreathers are in the section: no crew damage from the gas.")
			return
		}
		// §6.12: as many crew tokens a sailor as tokens of the kind there;
		// a second one's placement counts both, or itself alone (ruling
		// same-kind).
		times := sc.Env[kind]
		if s.ruling(rSameKind) == "new" {
			times = 1
		}
		s.crewDamage(kind, "section "+strconv.Itoa(sec), s.inSection(sec, false), times, "6.12")
	}
}

// removeEnv removes one environmental condition token, morale +2
// (§10.3.5).
func (s *State) removeEnv(sec int, kind string) {
	sc := &s.Sections[sec]
	sc.Env[kind]--
	if sc.Env[kind] == 0 {
		delete(sc.Env, kind)
	}
	s.note("10.3.5", fmt.Sprintf("The %s in section %d is removed.", envName(kind), sec))
	s.moraleUp(2, "10.3.5", "an environmental condition removed")
}
