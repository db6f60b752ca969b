package uboot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// §6.6.1's example: "All of the Chief Engineer's sailors have been fully
// activated when the Captain plays the 'beer' card. This means that the
// Chief Engineer must activate two of his sailors … Since both of the
// sailors have taken one excess activation each, the Captain will need to
// move the activation token on the Morale Track by one space." A hand card
// says so with CEActivates (the pack's ce_activates: the house Beer's 2).
// Which sailors is the Chief Engineer's to say, so once Address the crew
// is carried out (the order paid and its sailor activated before the card
// takes effect, §7.7) the board asks him: "+E1", "+E3"… his sailors on the
// model, then "go" once as many as the card says are chosen (all of them
// if fewer are left). Each takes one activation token; a full one takes
// an excess activation, and the marker moves by the most one sailor took
// (§6.6.1), on easy not at all (no sailor holds more than three).

// CEActivation is the Chief Engineer's activation a card calls for: the
// card, how many of his sailors, and those chosen so far.
type CEActivation struct {
	Card  string   `json:"card"`
	N     int      `json:"n"`
	Picks []string `json:"picks,omitempty"`
}

// ceSailors are the Chief Engineer's figures on the model.
func (s *State) ceSailors() []int {
	var out []int
	for i, f := range figureIDs {
		if roleOf(f) == ce && s.onBoard(i) {
			out = append(out, i)
		}
	}
	return out
}

// ceActivates starts the activation card id calls for, if any.
func (s *State) ceActivates(id string) {
	c, _, _ := s.card(id)
	if c.CEActivates <= 0 {
		return
	}
	if len(s.ceSailors()) == 0 {
		s.note("6.6.1", c.Title+": the Chief Engineer has no sailor on the model to activate.")
		return
	}
	s.CEAct = &CEActivation{Card: id, N: c.CEActivates}
	s.note("6.6.1", fmt.Sprintf("%s: the Chief Engineer must activate %d of his sailors.", c.Title, c.CEActivates))
}

// ceWanted is how many sailors the activation takes: the card's number,
// or every CE sailor on the model if fewer.
func (s *State) ceWanted() int { return min(s.CEAct.N, len(s.ceSailors())) }

func (s *State) ceActPrompt() *engine.Prompt {
	a := s.CEAct
	var o []engine.Option
	if len(a.Picks) == s.ceWanted() {
		o = append(o, engine.Option{Key: "go", Label: "Activate " + strings.Join(a.Picks, " and "), Short: "Go", Case: "6.6.1"})
	} else {
		for _, i := range s.ceSailors() {
			f := figureIDs[i]
			if slices.Contains(a.Picks, f) {
				continue
			}
			lbl := fmt.Sprintf("%s in %d [%s]", f, s.Figures[i].Sec, slotLine(*s.sailor(i)))
			if len(s.sailor(i).Slots) >= slotsPerSailor {
				lbl += " (fully activated: an excess activation)"
			}
			o = append(o, engine.Option{Key: "+" + f, Label: lbl, Short: f, Case: "6.6.1"})
		}
	}
	if len(a.Picks) > 0 {
		o = append(o, engine.Option{Key: "clear", Label: "Choose again", Short: "Clear"})
	}
	return &engine.Prompt{Kind: "uboot.ceactivate", Title: s.title(a.Card), Seat: ce, Case: "6.6.1",
		Text: fmt.Sprintf("%s (§6.6.1): which %d of the Chief Engineer's sailors are activated? Chosen: %s", s.title(a.Card), s.ceWanted(), orNone(a.Picks)), Options: o}
}

func (s *State) applyCEAct(key string) {
	a := s.CEAct
	switch {
	case key == "clear":
		a.Picks = nil
	case strings.HasPrefix(key, "+"):
		a.Picks = append(a.Picks, strings.TrimPrefix(key, "+"))
	case key == "go":
		most := 0
		var lines []string
		for _, f := range a.Picks {
			ex := s.activate(figIndex(f), 1)
			if s.Excess < 0 {
				ex = 0
			}
			most = max(most, ex)
			t := f + " +1 act"
			if ex > 0 {
				t += fmt.Sprintf(" (%d excess)", ex)
			}
			lines = append(lines, t)
		}
		s.note("6.6.1", fmt.Sprintf("%s: the Chief Engineer activates %s.", s.title(a.Card), strings.Join(lines, ", ")))
		s.excess(most, "6.6.1")
		s.CEAct = nil
	}
}
