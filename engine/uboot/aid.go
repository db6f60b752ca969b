package uboot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// First Aid (§8.6): one sailor activated, in the patients' section, one
// activation per patient; each patient's cards are treated by putting all
// the medical supplies they list on them, from the medkit space. Not an
// app order. Medkit tokens (linked and campaign play) return the spent
// supplies, free, at any time.

// treatable are the untreated cards of figure i the supplies left (after
// need, already spoken for) can treat, and what they take.
func (s *State) treatable(i int, need map[string]int) ([]int, map[string]int) {
	take := map[string]int{}
	var cards []int
	for k, c := range s.sailor(i).Cards {
		if c.Treated {
			continue
		}
		cd, _, _ := s.card(c.Card)
		want := map[string]int{}
		for _, sup := range cd.Bar.Supplies {
			want[sup]++
		}
		ok := true
		for sup, n := range want {
			if s.Medkit[sup] < need[sup]+take[sup]+n {
				ok = false
			}
		}
		if ok {
			for sup, n := range want {
				take[sup] += n
			}
			cards = append(cards, k)
		}
	}
	return cards, take
}

// patients are the figures in section sec with a card the supplies can
// treat, beside those already chosen.
func (s *State) patients(sec int, chosen []string) []int {
	need := s.supplyNeed(chosen)
	var out []int
	for _, i := range s.inSection(sec, false) {
		if slices.Contains(chosen, figureIDs[i]) {
			continue
		}
		if cards, _ := s.treatable(i, need); len(cards) > 0 {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) supplyNeed(chosen []string) map[string]int {
	need := map[string]int{}
	for _, f := range chosen {
		_, take := s.treatable(figIndex(f), need)
		for k, n := range take {
			need[k] += n
		}
	}
	return need
}

func (s *State) medics() []int {
	aid, _ := s.p.order("aid")
	var out []int
	for _, i := range s.eligible(aid) {
		sec := s.Figures[i].Sec
		if len(s.patients(sec, nil)) == 0 {
			continue
		}
		if s.Sections[sec].Env["lighting"] > 0 && len(s.inSection(sec, false)) < 2 {
			continue // §10.3.5: a second sailor there is needed
		}
		out = append(out, i)
	}
	return out
}

// aidPrompt: Args ["aid"] asks for the medic; ["aid", medic(, extra)]
// for the patients (Picks) and the lighting failure's extra sailor.
func (s *State) aidPrompt() *engine.Prompt {
	d := s.Draft
	if len(d.Args) == 1 {
		var o []engine.Option
		for _, i := range s.medics() {
			o = append(o, engine.Option{Key: "m:" + figureIDs[i], Label: fmt.Sprintf("%s gives first aid in section %d (%s)", figureIDs[i], s.Figures[i].Sec, strings.Join(s.def(i).Icons, "+")), Short: figureIDs[i], Case: "8.6"})
		}
		return &engine.Prompt{Kind: "uboot.medic", Title: "First Aid", Text: "Who gives first aid? (one sailor, in his patients' section)", Case: "8.6", Options: append(o, back())}
	}
	medic := figIndex(d.Args[1])
	sec := s.Figures[medic].Sec
	lit := s.Sections[sec].Env["lighting"] > 0
	var o []engine.Option
	if len(d.Picks) > 0 && (!lit || len(d.Args) == 3) {
		o = append(o, engine.Option{Key: "go", Label: fmt.Sprintf("Pay and treat %s: %s takes %d activation(s)", strings.Join(d.Picks, ", "), d.Args[1], s.aidCost(medic, len(d.Picks))), Short: "Go", Case: "8.6"})
	}
	for _, i := range s.patients(sec, d.Picks) {
		cards, take := s.treatable(i, s.supplyNeed(d.Picks))
		var titles []string
		for _, k := range cards {
			titles = append(titles, s.title(s.sailor(i).Cards[k].Card))
		}
		o = append(o, engine.Option{Key: "p:" + figureIDs[i], Label: fmt.Sprintf("Treat %s: %s with %s", figureIDs[i], strings.Join(titles, ", "), supplyText(take)), Short: figureIDs[i], Case: "8.6"})
	}
	if lit && len(d.Args) == 2 {
		for _, i := range s.inSection(sec, false) {
			if i != medic {
				o = append(o, engine.Option{Key: "x:" + figureIDs[i], Label: figureIDs[i] + " is the lighting failure's extra sailor (1 activation)", Short: "Extra " + figureIDs[i], Case: "10.3.5"})
			}
		}
	}
	return &engine.Prompt{Kind: "uboot.patients", Title: "First Aid", Subject: d.Args[1],
		Text: fmt.Sprintf("Patients in section %d (chosen: %s); medkit %s.", sec, orNone(d.Picks), supplyText(s.Medkit)), Case: "8.6", Options: append(o, back())}
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none yet"
	}
	return strings.Join(xs, ", ")
}

func supplyText(m map[string]int) string {
	var out []string
	for _, k := range medicalKinds {
		if m[k] > 0 {
			out = append(out, fmt.Sprintf("%d %s", m[k], k))
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}

// aidCost: one activation per patient (§8.6), one more for a
// non-specialist, one fewer for an easy Captain (§6.5).
func (s *State) aidCost(medic, patients int) int {
	n := patients
	if !s.hasIcon(medic, "firstaid") {
		n++
	}
	if s.easy() {
		n--
	}
	return max(0, n)
}

func (s *State) applyAid(key string) {
	d := s.Draft
	switch {
	case strings.HasPrefix(key, "m:"):
		d.Args = append(d.Args, strings.TrimPrefix(key, "m:"))
	case strings.HasPrefix(key, "p:"):
		d.Picks = append(d.Picks, strings.TrimPrefix(key, "p:"))
	case strings.HasPrefix(key, "x:"):
		d.Args = append(d.Args, strings.TrimPrefix(key, "x:"))
	case key == "go":
		medic := figIndex(d.Args[1])
		aid, _ := s.p.order("aid")
		s.pay(aid.Name)
		most := s.activate(medic, s.aidCost(medic, len(d.Picks)))
		if len(d.Args) == 3 && !s.easy() {
			most = max(most, s.activate(figIndex(d.Args[2]), 1))
		}
		if s.Excess < 0 {
			most = 0
		}
		for _, f := range d.Picks {
			s.treat(figIndex(f))
		}
		s.excess(most, "6.6.1")
		s.Draft = nil
	}
}

// treat puts the supplies on every card of figure i they cover (§8.6); a
// treated card with no health token left is discarded at once.
func (s *State) treat(i int) {
	sl := s.sailor(i)
	cards, _ := s.treatable(i, map[string]int{})
	for _, k := range cards {
		c := &sl.Cards[k]
		cd, _, _ := s.card(c.Card)
		for _, sup := range cd.Bar.Supplies {
			s.Medkit[sup]--
		}
		c.Treated = true
		c.Supplies = append([]string(nil), cd.Bar.Supplies...)
		s.note("8.6", fmt.Sprintf("%s's %s is treated with %s: one of its health tokens goes at each watch change.", figureIDs[i], cd.Title, strings.Join(cd.Bar.Supplies, ", ")))
	}
	sl.Cards = slices.DeleteFunc(sl.Cards, func(c Health) bool {
		if c.Treated && c.Left == 0 {
			s.discardCard(c)
			return true
		}
		return false
	})
}

// discardCard puts a card leaving a sailor at the bottom of its deck
// (§7.3, §8.8), and its supplies on the spent pile (§8.6).
func (s *State) discardCard(c Health) {
	if _, deck, ok := s.card(c.Card); ok {
		s.bottom(deck, c.Card)
	}
	if s.MedSpent == nil {
		s.MedSpent = map[string]int{}
	}
	for _, sup := range c.Supplies {
		s.MedSpent[sup]++
	}
}

// openMedkit discards a medkit token: every spent supply token returns
// to the medkit space (§8.6, linked and campaign play).
func (s *State) openMedkit() {
	s.Medkits--
	for k, n := range s.MedSpent {
		s.Medkit[k] += n
	}
	s.MedSpent = nil
	s.note("8.6", fmt.Sprintf("A medkit is opened (%d left): the spent supplies are back on the medkit space: %s.", s.Medkits, supplyText(s.Medkit)))
}
