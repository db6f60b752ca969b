package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Entering a card of the owner's deck (owndeck.go): its values as printed,
// one field a step, each a choice among the legal values only, then the
// whole card shown for confirmation. "back" forgets the last answer.
//
// The fields are the ones the board reads (pack.go's CardDef): its kind
// (a health card tucked under a sailor, §6.9; an effect resolved and put
// under its deck, §7.3, §8.7; an event card that joins the Captain's hand,
// §8.7), the morale change it makes, a hand card's number of the Chief
// Engineer's sailors it activates (§6.6.1's beer), and a health card's bar: the wound,
// fatigue and activation icons, the medical supplies that treat it (§8.6)
// and the orders it forbids. A wound card is a health card (§8.8); a
// health card from a morale or event deck goes to a random sailor by crew
// token (§7.3, §7.6).

// formField is one question of the form.
type formField struct {
	name, question string
	opts           []engine.Option
	// multi: a set chosen a toggle at a time, closed with "next".
	multi bool
}

const (
	kindHealth = 0
	kindEffect = 1
	kindHand   = 2
)

var kindNames = []string{"health", "effect", "hand"}

// fields walks the form in order, returning the first field unanswered,
// or nil when the card is complete.
func (s *State) nextField(dr *Draw) *formField {
	f := dr.Form
	asked := func(name string) bool { _, ok := f.Values[name]; return ok }
	num := func(name, q string, lo, hi int, show func(int) string) *formField {
		fd := &formField{name: name, question: q}
		for v := lo; v <= hi; v++ {
			fd.opts = append(fd.opts, engine.Option{Key: "v:" + strconv.Itoa(v), Label: show(v), Short: show(v)})
		}
		return fd
	}
	kind := kindHealth
	if dr.Deck == "captain" {
		kind = kindHand // §7.7: a Captain's card is played from his hand
	} else if !slices.Contains(woundDecks, dr.Deck) {
		if !asked("kind") {
			fd := &formField{name: "kind", question: "What kind of card is it?", opts: []engine.Option{
				{Key: "v:0", Label: "A health condition: tucked under a sailor (a random one, by crew token)", Short: "Health", Case: "6.9"},
				{Key: "v:1", Label: "An effect: resolved now, then under its deck", Short: "Effect", Case: "7.3"}}}
			if dr.Deck == "events" {
				fd.opts = append(fd.opts, engine.Option{Key: "v:2", Label: "A card for the Captain's hand", Short: "Hand", Case: "8.7"})
			}
			return fd
		}
		kind = f.Values["kind"]
	}
	if kind != kindHealth {
		if !asked("morale") {
			return num("morale", "The morale change it prints (0: none)?", -3, 3, func(v int) string {
				if v == 0 {
					return "None"
				}
				return fmt.Sprintf("Morale %+d", v)
			})
		}
		if kind == kindHand && !asked("ce") {
			return num("ce", "How many of the Chief Engineer's sailors must he activate when it is played (§6.6.1: the 'beer'; 0: none)?", 0, 4, func(v int) string {
				if v == 0 {
					return "None"
				}
				return fmt.Sprintf("%d CE sailor(s)", v)
			})
		}
		return nil
	}
	for _, b := range []struct {
		name, icon string
		hi         int
	}{{"wound", "wound", 2}, {"fatigue", "fatigue", 3}, {"activation", "activation", 3}} {
		if !asked(b.name) {
			return num(b.name, fmt.Sprintf("How many %s icons does its bar print?", b.icon), 0, b.hi, strconv.Itoa)
		}
	}
	if !asked("supplies") {
		fd := &formField{name: "supplies", multi: true, question: "Which medical supplies treat it (§8.6)? Press each, then Next. Chosen: " + orNone(f.Supplies)}
		for _, k := range medicalKinds {
			if !slices.Contains(f.Supplies, k) {
				fd.opts = append(fd.opts, engine.Option{Key: "s:" + k, Label: k, Case: "8.6"})
			}
		}
		return fd
	}
	if !asked("forbids") {
		fd := &formField{name: "forbids", multi: true, question: "Which orders does it forbid the sailor? Press each, then Next. Chosen: " + orNone(f.Forbids)}
		for _, o := range s.p.Orders {
			if !slices.Contains(f.Forbids, o.ID) {
				fd.opts = append(fd.opts, engine.Option{Key: "f:" + o.ID, Label: o.Name, Case: "6.9"})
			}
		}
		return fd
	}
	return nil
}

// entered is the card the complete form makes.
func (s *State) entered(dr *Draw) CardDef {
	f := dr.Form
	n := s.entries(dr.Deck) + 1
	c := CardDef{ID: fmt.Sprintf("own:%s:%d", dr.Deck, n), Title: fmt.Sprintf("Own %s card %d", strings.TrimSuffix(deckTitles[dr.Deck], " deck"), n)}
	kind := kindHealth
	switch {
	case dr.Deck == "captain":
		kind = kindHand
	case !slices.Contains(woundDecks, dr.Deck):
		kind = f.Values["kind"]
	}
	c.Kind = kindNames[kind]
	if kind != kindHealth {
		c.Morale = f.Values["morale"]
		c.Text = "as printed on your card"
		if c.Morale != 0 {
			c.Text += fmt.Sprintf("; morale %+d", c.Morale)
		}
		if kind == kindHand {
			c.CEActivates = f.Values["ce"]
		}
		if c.CEActivates > 0 {
			c.Text += fmt.Sprintf("; the Chief Engineer activates %d of his sailors", c.CEActivates)
		}
		return c
	}
	c.Random = dr.For == "" // §7.3, §7.6: a morale or event deck's health card goes to a random sailor
	c.Bar = Bar{Wound: f.Values["wound"], Fatigue: f.Values["fatigue"], Activation: f.Values["activation"],
		Supplies: slices.Clone(f.Supplies), Forbids: slices.Clone(f.Forbids)}
	c.Text = fmt.Sprintf("as printed on your card; %d wound, %d fatigue, %d activation; treated with %s", c.Bar.Wound, c.Bar.Fatigue, c.Bar.Activation, orNone(c.Bar.Supplies))
	if len(c.Bar.Forbids) > 0 {
		c.Text += "; forbids " + strings.Join(c.Bar.Forbids, ", ")
	}
	return c
}

func (s *State) formPrompt(dr *Draw) *engine.Prompt {
	p := &engine.Prompt{Kind: "uboot.cardform", Title: "Enter your card", Subject: deckTitles[dr.Deck], Seat: drawer(dr.Deck), Case: dr.Case}
	fd := s.nextField(dr)
	if fd == nil {
		c := s.entered(dr)
		p.Text = fmt.Sprintf("%s (%s): %s. Is that the card?", c.Title, c.Kind, c.Text)
		p.Options = []engine.Option{{Key: "ok", Label: "Enter it and resolve it", Short: "Enter", Case: dr.Case},
			{Key: "redo", Label: "Enter it again from the start", Short: "Again"}}
	} else {
		p.Text = fd.question
		p.Options = fd.opts
		if fd.multi {
			p.Options = append(p.Options, engine.Option{Key: "next", Label: "Next (that is all)", Short: "Next"})
		}
	}
	if len(dr.Form.Order) > 0 || len(dr.Form.Supplies)+len(dr.Form.Forbids) > 0 {
		p.Options = append(p.Options, engine.Option{Key: backKey, Label: "Forget the last answer", Short: "Back"})
	} else {
		p.Options = append(p.Options, engine.Option{Key: backKey, Label: "Not a new card: back to the draw", Short: "Back"})
	}
	return p
}

func (s *State) applyForm(dr *Draw, key string) {
	f := dr.Form
	if f.Values == nil {
		f.Values = map[string]int{} // an encoding leaves an empty map out
	}
	fd := s.nextField(dr)
	switch {
	case key == backKey:
		s.formBack(dr)
	case key == "redo":
		dr.Form = &CardForm{Values: map[string]int{}}
	case key == "ok":
		c := s.entered(dr)
		s.Entered = append(s.Entered, c)
		s.note(dr.Case, fmt.Sprintf("Entered from your own %s: %s (%s): %s.", deckTitles[dr.Deck], c.Title, c.Kind, c.Text))
		s.resolveDrawn(c.ID)
	case key == "next":
		f.Values[fd.name] = 1
		f.Order = append(f.Order, fd.name)
	case strings.HasPrefix(key, "s:"):
		f.Supplies = append(f.Supplies, strings.TrimPrefix(key, "s:"))
		f.Order = append(f.Order, key)
	case strings.HasPrefix(key, "f:"):
		f.Forbids = append(f.Forbids, strings.TrimPrefix(key, "f:"))
		f.Order = append(f.Order, key)
	default:
		v, _ := strconv.Atoi(strings.TrimPrefix(key, "v:"))
		f.Values[fd.name] = v
		f.Order = append(f.Order, fd.name)
	}
}

// formBack forgets the last answer, or leaves the form for the draw.
func (s *State) formBack(dr *Draw) {
	f := dr.Form
	if len(f.Order) == 0 {
		dr.Form = nil
		return
	}
	last := f.Order[len(f.Order)-1]
	f.Order = f.Order[:len(f.Order)-1]
	switch {
	case strings.HasPrefix(last, "s:"):
		f.Supplies = f.Supplies[:len(f.Supplies)-1]
	case strings.HasPrefix(last, "f:"):
		f.Forbids = f.Forbids[:len(f.Forbids)-1]
	default:
		delete(f.Values, last)
	}
}
