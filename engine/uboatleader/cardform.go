package uboatleader

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Entering a card in physical mode (physical.go): a form of fields, each
// asked as a choice among its legal values only (a hit number above the one
// before it, a display area of the pack's display, a printed number not
// already used), then the whole card shown for confirmation, where any field
// can be entered again. "back" forgets the field just answered.
//
// One walk over the card's fields (walker) both finds the next field to ask
// and builds the card once every field is answered: the fields asked depend
// on the answers (a misidentified merchant prints no attack on a surfaced
// boat; a Convoy card's counters are a list), so the form is never out of
// step with the card it makes.

func init() {
	register("draw", &opDef{ask: (*State).askDraw, answer: (*State).answerDraw,
		act: func(s *State, st Step) { s.Drawn = append(s.Drawn, s.drawCard(st.Key)) }})
	register("card_form", &opDef{ask: (*State).askCardForm, answer: (*State).answerCardForm})
}

// CardForm is a card being entered.
type CardForm struct {
	Deck string `json:"deck"`
	// Values are the answers, by field name.
	Values map[string]int `json:"values,omitempty"`
	// Order is the order they were given in: "back" forgets the last.
	Order []string `json:"order,omitempty"`
	// Half, for an Event card entered in another year: its number; only its
	// part for this campaign's year is entered (UBL-1.8).
	Half int `json:"half,omitempty"`
}

// Limits of the lists on a card.
const (
	maxCounters = 12 // ship counters on a Convoy card
	maxEffects  = 6  // effects on an Event card
	maxBands    = 6  // result bands of an EV roll
)

// formField is one question of a form.
type formField struct {
	name     string
	title    string // short, for the summary: "speed"
	question string
	opts     []formOpt
	// number: the values are the numbers printed on the card, so a
	// keyboard takes one typed as it is (engine.Entry), where a line's
	// number would be the value less one ("1) 0  2) 1").
	number bool
}

type formOpt struct {
	v     int
	label string
}

// groupOf is the part of a card a field belongs to: "fix" enters the whole
// part again (a hit number's three values, a Convoy card's counters).
func groupOf(name string) string {
	switch {
	case name == "n100" || name == "n10" || name == "n1":
		return "number"
	case name == "torpedo_mod" || name == "gun_mod":
		return "modifiers"
	case strings.HasPrefix(name, "ship"):
		return "counters"
	case strings.HasPrefix(name, "effect"):
		return "effects"
	}
	g, _, _ := strings.Cut(name, ".")
	return g
}

var groupLabels = map[string]string{
	"number": "the printed number", "speed": "the speed", "vp": "the VP", "xp": "the XP", "detect": "the detect numbers",
	"misidentified": "whether it is a misidentified escort", "carrier": "whether it is a carrier", "torpedo": "the torpedo numbers",
	"gun": "the gun numbers", "surface": "the attack numbers against a surfaced U-boat", "submerged": "the attack numbers against a submerged U-boat",
	"type": "the contact type (and the counters)", "modifiers": "the torpedo and gun modifiers", "counters": "the ship counters", "effects": "the effects",
}

// walker walks a form's fields in order, reading the answers, until the
// first field without one.
type walker struct {
	s    *State
	f    *CardForm
	seq  []formField
	open bool
}

func (w *walker) ask(fd formField) int {
	if w.open {
		return 0
	}
	w.seq = append(w.seq, fd)
	v, ok := w.f.Values[fd.name]
	if !ok {
		w.open = true
	}
	return v
}

// numeric marks a field whose values are numbers printed on the card.
func numeric(fd formField) formField {
	fd.number = true
	return fd
}

func rangeOpts(from, to int, label func(v int) string) []formOpt {
	var out []formOpt
	for v := from; v <= to; v++ {
		out = append(out, formOpt{v, label(v)})
	}
	return out
}

func plain(v int) string { return strconv.Itoa(v) }

func signed(v int) string { return fmt.Sprintf("%+d", v) }

func yesNo(name, title, question string) formField {
	return formField{name: name, title: title, question: question, opts: []formOpt{{0, "No"}, {1, "Yes"}}}
}

// walk builds the form's card, or returns nil while a field is unanswered.
func (w *walker) walk() any {
	switch w.f.Deck {
	case DeckEvents:
		if e := w.event(); !w.open {
			return e
		}
	case DeckConvoys:
		if c := w.convoy(); !w.open {
			return c
		}
	default:
		if c := w.ship(); !w.open {
			return c
		}
	}
	return nil
}

// number asks the printed number digit by digit, offering only digits that
// lead to a number no card entered has (numbers are one numbering, UBL-1.8)
// and that the campaign has not taken out of its deck (UBL-2).
func (w *walker) number() int {
	if w.f.Half > 0 {
		return w.f.Half
	}
	used := w.s.seenNumbers()
	free := func(lo, hi int) bool {
		for n := max(lo, 1); n <= min(hi, maxCardNumber); n++ {
			if used[n] == "" && !w.s.removed(w.f.Deck, n) {
				return true
			}
		}
		return false
	}
	var hs []formOpt
	for h := 0; h <= 9; h++ {
		if free(h*100, h*100+99) {
			hs = append(hs, formOpt{h, fmt.Sprintf("%d-%d", max(h*100, 1), h*100+99)})
		}
	}
	h := w.ask(formField{name: "n100", title: "number", question: "Its printed number (bottom left): which hundred? (Numbers of cards entered before are not offered: pick those from the list.)", opts: hs})
	var ts []formOpt
	for t := 0; t <= 9; t++ {
		if lo := h*100 + t*10; free(lo, lo+9) {
			ts = append(ts, formOpt{t, fmt.Sprintf("%d-%d", max(lo, 1), lo+9)})
		}
	}
	t := w.ask(formField{name: "n10", title: "number", question: fmt.Sprintf("Its printed number, %d-%d: which ten?", max(h*100, 1), h*100+99), opts: ts})
	var os []formOpt
	for o := 0; o <= 9; o++ {
		if n := h*100 + t*10 + o; free(n, n) {
			os = append(os, formOpt{o, strconv.Itoa(n)})
		}
	}
	o := w.ask(formField{name: "n1", title: "number", question: "Its printed number:", opts: os})
	return h*100 + t*10 + o
}

// like offers to copy the printed values of a card entered before (three
// Rough Seas, a dozen corvettes): then only the number differs.
func (w *walker) like() {
	var opts []formOpt
	for _, n := range w.s.seenIn(w.f.Deck) {
		if n == w.f.Half || w.s.cardAnswers(w.f.Deck, n) == nil {
			continue
		}
		opts = append(opts, formOpt{n, "Same as " + w.s.cardLine(w.f.Deck, n)})
	}
	if len(opts) == 0 {
		return
	}
	opts = append([]formOpt{{0, "No: I enter them"}}, opts...)
	w.ask(formField{name: "like", title: "like", question: "Does it print the same values as a card you entered before (all but its number)?", opts: opts})
}

// hitNumbers asks three thresholds a-b-c, each above the one before or NA
// (UBL-6.13 "Numeri del Colpo"); a required set prints one at least.
func (w *walker) hitNumbers(prefix, what string, required bool) Numbers {
	var n Numbers
	names := [3]string{"first (light damage)", "second (heavy damage)", "third (sunk)"}
	if prefix == "surface" || prefix == "submerged" {
		names = [3]string{"first", "second", "third"}
	}
	floor := 0
	for i := range n {
		opts := []formOpt{{0, "NA (not printed)"}}
		if required && i == 2 && n[0] == 0 && n[1] == 0 {
			opts = nil // one number at least
		}
		opts = append(opts, rangeOpts(floor+1, 20, plain)...)
		n[i] = w.ask(numeric(formField{name: fmt.Sprintf("%s.%c", prefix, 'a'+i), title: prefix + " " + string(rune('a'+i)),
			question: fmt.Sprintf("Its %s numbers a-b-c: the %s (0 for NA).", what, names[i]), opts: opts}))
		floor = max(floor, n[i])
	}
	return n
}

func (w *walker) ship() *ShipCard {
	deck := w.f.Deck
	c := &ShipCard{Number: w.number()}
	w.like()
	c.Name = w.s.cardTitle(deck, c.Number)
	c.Speed = w.ask(numeric(formField{name: "speed", title: "speed", question: "Its speed (UBL-6.10).", opts: rangeOpts(0, 9, plain)}))
	c.VP = w.ask(numeric(formField{name: "vp", title: "VP", question: "Its VP (Victory Points when sunk).", opts: rangeOpts(0, 15, plain)}))
	c.XP = w.ask(numeric(formField{name: "xp", title: "XP", question: "Its XP (experience when sunk).", opts: rangeOpts(0, 15, plain)}))
	escort := deck == DeckEscorts || deck == DeckEscortFleet
	if escort {
		c.Detect = &DetectDef{
			Surfaced:  w.ask(numeric(formField{name: "detect.surfaced", title: "detect surfaced", question: "Its Detect number against a surfaced U-boat (UBL-6.11).", opts: rangeOpts(1, 12, plain)})),
			Submerged: w.ask(numeric(formField{name: "detect.submerged", title: "detect submerged", question: "Its Detect number against a submerged U-boat (UBL-6.11).", opts: rangeOpts(1, 12, plain)})),
		}
	}
	if deck == DeckMerchants {
		c.Misidentified = w.ask(yesNo("misidentified", "misidentified escort", "Is it a misidentified escort (UBL-1.8: the counter is really an escort, an Escort card is drawn)?")) == 1
	}
	if deck == DeckWarships {
		c.Carrier = w.ask(yesNo("carrier", "carrier", "Is it a fleet or escort carrier (UBL-6.21)?")) == 1
	}
	c.Torpedo = w.hitNumbers("torpedo", "torpedo", true)
	c.Gun = w.hitNumbers("gun", "gun", true)
	if !c.Misidentified {
		c.Surface = w.hitNumbers("surface", "attack against a surfaced U-boat (UBL-6.18)", true)
	}
	if escort || deck == DeckWarships {
		// A warship that is no carrier never attacks a submerged boat
		// (UBL-6.18), but its card may print the numbers: NA-NA-NA if not.
		c.Submerged = w.hitNumbers("submerged", "attack against a submerged U-boat (UBL-6.18)", escort || c.Carrier)
	}
	return c
}

// Ship counter kinds as form values.
var counterKinds = []string{"", ShipMerchant, ShipEscort, ShipWarship, ShipFleetEscort}

var counterPrefix = map[string]string{ShipMerchant: "M", ShipEscort: "E", ShipWarship: "W", ShipFleetEscort: "F"}

func (w *walker) convoy() *ConvoyCard {
	c := &ConvoyCard{Number: w.number()}
	w.like()
	types := []string{"", ContactLone, ContactMerchant, ContactNaval}
	t := w.ask(formField{name: "type", title: "type", question: "Its contact type (UBL-1.8).", opts: []formOpt{
		{1, "L: lone ships (stragglers, independents)"}, {2, "M: a merchant convoy"}, {3, "N: a naval group"}}})
	c.Type = types[t]
	c.Torpedo = w.ask(numeric(formField{name: "torpedo_mod", title: "torpedo modifier", question: "Its modifier to torpedo attacks (0 when it prints none).", opts: rangeOpts(-3, 3, signed)}))
	c.Gun = w.ask(numeric(formField{name: "gun_mod", title: "gun modifier", question: "Its modifier to gun attacks (0 when it prints none).", opts: rangeOpts(-3, 3, signed)}))
	kinds := []int{1, 2}
	if c.Type == ContactNaval {
		kinds = []int{3, 4}
	}
	g := w.s.display()
	count := map[string]int{}
	targets := 0
	for k := 1; k <= maxCounters && !w.open; k++ {
		var opts []formOpt
		if targets > 0 {
			opts = append(opts, formOpt{0, "No more counters"})
		}
		for _, x := range kinds {
			opts = append(opts, formOpt{x, "A " + strings.ReplaceAll(counterKinds[x], "_", " ") + " counter"})
		}
		kind := w.ask(formField{name: fmt.Sprintf("ship%d.kind", k), title: fmt.Sprintf("counter %d", k),
			question: fmt.Sprintf("Counter %d on the card (UBL-6.5): what is it?", k), opts: opts})
		if w.open || kind == 0 {
			break
		}
		rings := [][]string{g.def.Convoy, g.def.Short, g.def.Medium, g.def.Long}
		ringNames := []string{"a convoy area", "the short-range ring", "the medium-range ring", "the long-range ring"}
		var ropts []formOpt
		for r := range rings {
			ropts = append(ropts, formOpt{r + 1, "In " + ringNames[r]})
		}
		r := w.ask(formField{name: fmt.Sprintf("ship%d.ring", k), title: fmt.Sprintf("counter %d ring", k), question: fmt.Sprintf("Counter %d: where on the Tactical Display?", k), opts: ropts})
		if w.open {
			break
		}
		var aopts []formOpt
		for i, id := range rings[r-1] {
			aopts = append(aopts, formOpt{i + 1, fmt.Sprintf("%s (%s)", g.name(id), g.code(id))})
		}
		a := w.ask(formField{name: fmt.Sprintf("ship%d.area", k), title: fmt.Sprintf("counter %d area", k), question: fmt.Sprintf("Counter %d: which area of %s?", k, ringNames[r-1]), opts: aopts})
		if w.open {
			break
		}
		kindName := counterKinds[kind]
		count[kindName]++
		if kindName == ShipMerchant || kindName == ShipWarship {
			targets++
		}
		c.Ships = append(c.Ships, ConvoyPos{Pos: fmt.Sprintf("%s%d", counterPrefix[kindName], count[kindName]), Kind: kindName, Area: rings[r-1][a-1]})
	}
	return c
}

// Effect kinds as form values.
var effectKinds = []string{"", "stress", "vp", "uboat_alert", "contact_mod", "roll_ev", "trade"}

var payKinds = []string{"", "stored_torpedo", "ready_torpedo", "any_torpedo", "gun_round"}

func (w *walker) event() *EventCard {
	n := w.number()
	w.like()
	year := w.s.campaignYear()
	var effs []Effect
	for k := 1; k <= maxEffects && !w.open; k++ {
		p := fmt.Sprintf("effect%d.", k)
		none := "No more effects"
		if k == 1 {
			none = "None: the card does nothing"
		}
		kind := w.ask(formField{name: p + "kind", title: fmt.Sprintf("effect %d", k),
			question: fmt.Sprintf("What does the card do in %d (its part for this year, when it has two)? Effect %d:", year, k),
			opts:     []formOpt{{0, none}, {1, "Stress on the boat"}, {2, "Victory Points"}, {3, "U-Boat Alert markers in its area"}, {4, "A modifier to its contact rolls this turn"}, {5, "A d10 + EV roll with result bands"}, {6, "A trade: weapons for VP"}}})
		if w.open || kind == 0 {
			break
		}
		var e Effect
		val := func(name, title, q string, opts []formOpt) *int {
			v := w.ask(numeric(formField{name: p + name, title: fmt.Sprintf("effect %d %s", k, title), question: q, opts: opts}))
			return &v
		}
		nonZero := func(from, to int) []formOpt {
			var out []formOpt
			for _, o := range rangeOpts(from, to, signed) {
				if o.v != 0 {
					out = append(out, o)
				}
			}
			return out
		}
		switch effectKinds[kind] {
		case "stress":
			e.Stress = val("value", "stress", "How much stress (a minus removes it)?", nonZero(-5, 5))
		case "vp":
			e.VP = val("value", "VP", "How many VP?", nonZero(-5, 10))
		case "uboat_alert":
			e.UBoatAlert = val("value", "markers", "How many U-Boat Alert markers?", rangeOpts(1, 5, plain))
		case "contact_mod":
			e.ContactMod = val("value", "modifier", "Which modifier to the boat's contact rolls?", nonZero(-5, 5))
		case "roll_ev":
			floor := 0
			for j := 1; j <= maxBands && !w.open; j++ {
				b := fmt.Sprintf("band%d.", j)
				opts := []formOpt{{0, "Any higher total: the last band"}}
				if j < maxBands {
					opts = append(opts, rangeOpts(floor+1, 20, func(v int) string { return fmt.Sprintf("A total up to %d", v) })...)
				}
				m := w.ask(numeric(formField{name: p + b + "max", title: fmt.Sprintf("effect %d band %d", k, j), question: fmt.Sprintf("The d10 + EV roll's result band %d: up to which total (0: any higher total, the last band)?", j), opts: opts}))
				st := w.ask(numeric(formField{name: p + b + "stress", title: fmt.Sprintf("effect %d band %d stress", k, j), question: fmt.Sprintf("Band %d: stress?", j), opts: rangeOpts(-3, 5, signed)}))
				vp := w.ask(numeric(formField{name: p + b + "vp", title: fmt.Sprintf("effect %d band %d VP", k, j), question: fmt.Sprintf("Band %d: VP?", j), opts: rangeOpts(-3, 5, signed)}))
				if w.open {
					break
				}
				band := EVBand{Stress: st, VP: vp}
				if m > 0 {
					mm := m
					band.Max = &mm
					floor = m
				}
				e.RollEV = append(e.RollEV, band)
				if m == 0 {
					break
				}
			}
		case "trade":
			pay := w.ask(formField{name: p + "pay", title: fmt.Sprintf("effect %d pays", k), question: "What does the trade spend?",
				opts: []formOpt{{1, "Stored torpedoes"}, {2, "Ready torpedoes"}, {3, "Torpedoes, stored or ready"}, {4, "Gun rounds"}}})
			t := &Trade{Pay: payKinds[max(pay, 1)]}
			t.N = *val("n", "how many", "How many?", rangeOpts(1, 5, plain))
			t.VP = *val("vp", "VP", "For how many VP?", rangeOpts(0, 5, plain))
			t.XP = *val("xp", "XP", "And how many XP?", rangeOpts(0, 5, plain))
			e.Trade = t
		}
		if !w.open {
			effs = append(effs, e)
		}
	}
	return &EventCard{Number: n, Halves: []Half{{From: year, To: year, Effects: effs}}}
}

// askCardForm asks the form's next field, or the whole card for
// confirmation.
func (s *State) askCardForm(st Step) *ask {
	f := s.Form
	w := &walker{s: s, f: f}
	card := w.walk()
	title := s.f("Entering %s card (physical components)", article(deckNames[f.Deck]))
	if f.Half > 0 {
		title = s.f("Entering Event card #%d's part for %d", f.Half, s.campaignYear())
	}
	if card == nil {
		cur := w.seq[len(w.seq)-1]
		a := &ask{Case: "UBL-1.8", Text: s.f("%s. %s%s", title, formSoFar(w.seq[:len(w.seq)-1], f), cur.question)}
		for _, o := range cur.opts {
			a.Options = append(a.Options, opt(fmt.Sprintf("%s=%d", cur.name, o.v), o.label, "UBL-1.8"))
		}
		switch {
		case groupOf(cur.name) == "number":
			// The buttons enter the number digit by digit; typed, it is
			// one answer (numberKey).
			a.Entry = &engine.Entry{Label: "Its printed number", Key: numberKey, Min: 1, Max: maxCardNumber, Walk: cur.name + "="}
			a.accept = s.acceptNumber
		case cur.number && len(cur.opts) > 0:
			lo, hi := cur.opts[0].v, cur.opts[0].v
			for _, o := range cur.opts {
				lo, hi = min(lo, o.v), max(hi, o.v)
			}
			a.Entry = &engine.Entry{Label: strings.ToUpper(cur.title[:1]) + cur.title[1:], Key: cur.name + "=", Min: lo, Max: hi}
		}
		if n := len(w.seq); n > 1 && len(f.Order) > 0 && f.Order[len(f.Order)-1] == w.seq[n-2].name {
			a.Options = append(a.Options, opt("back", "← Back: "+w.seq[n-2].title+" again", "UBL-1.8"))
		}
		a.Options = append(a.Options, opt("other", "Cancel: back to the list of cards", "UBL-1.8"))
		return a
	}
	text, problems := s.describeEntered(f, card)
	a := &ask{Case: "UBL-1.8", Text: s.f("%s: %s. Is this the card you drew?", title, text)}
	if len(problems) > 0 {
		a.Text = s.f("%s: %s. It cannot be played as entered: %s. Enter the wrong part again.", title, text, strings.Join(problems, "; "))
	} else {
		a.Options = append(a.Options, opt("yes", "Yes: that is the card", "UBL-1.8"))
	}
	seen := map[string]bool{"like": true}
	if f.Half > 0 {
		seen["number"] = true
	}
	for _, fd := range w.seq {
		if g := groupOf(fd.name); !seen[g] {
			seen[g] = true
			a.Options = append(a.Options, opt("fix="+g, "Enter "+groupLabels[g]+" again", "UBL-1.8"))
		}
	}
	a.Options = append(a.Options, opt("restart", "Start this card again", "UBL-1.8"), opt("other", "Not this card: back to the list", "UBL-1.8"))
	return a
}

// numberKey answers a card's printed number whole ("number=123"), where
// the form's buttons enter it digit by digit: a keyboard types it.
const numberKey = "number="

// acceptNumber checks a printed number typed whole: a number no card
// entered has (they are one numbering, UBL-1.8), not taken out of the
// campaign's deck (UBL-2).
func (s *State) acceptNumber(key string) (label string, ok bool, why string) {
	v, isNumber := strings.CutPrefix(key, numberKey)
	n, err := strconv.Atoi(v)
	switch {
	case !isNumber:
		return "", false, ""
	case err != nil || n < 1 || n > maxCardNumber:
		return "", false, fmt.Sprintf("%q: a printed number is 1 to %d", v, maxCardNumber)
	case s.seenNumbers()[n] != "":
		return "", false, fmt.Sprintf("#%d is entered already, as %s: pick it from the list of cards (Cancel), or check the number", n, s.cardTitle(s.seenNumbers()[n], n))
	case s.removed(s.Form.Deck, n):
		return "", false, fmt.Sprintf("Convoy card #%d is out of this campaign's deck (UBL-2): check the number", n)
	}
	return fmt.Sprintf("#%d", n), true, ""
}

// formSoFar sums the answers up, for the next question's context.
func formSoFar(seq []formField, f *CardForm) string {
	if len(seq) == 0 {
		return ""
	}
	var parts []string
	number := ""
	for _, fd := range seq {
		v := f.Values[fd.name]
		label := strconv.Itoa(v)
		for _, o := range fd.opts {
			if o.v == v {
				label = o.label
			}
		}
		switch {
		case fd.name == "n100" || fd.name == "n10":
			continue
		case fd.name == "n1":
			number = "#" + label
			continue
		case fd.name == "like":
			if v == 0 {
				continue
			}
			label = strings.ToLower(label[:1]) + label[1:]
		}
		parts = append(parts, fd.title+" "+label)
	}
	if number != "" {
		parts = append([]string{number}, parts...)
	}
	if len(parts) == 0 {
		return ""
	}
	return "So far: " + strings.Join(parts, ", ") + ". "
}

func (s *State) answerCardForm(st Step, key string) {
	f := s.Form
	switch {
	case key == "yes":
		w := &walker{s: s, f: f}
		s.enterCard(f, w.walk())
		s.Form = nil
		return
	case key == "other":
		s.Form = nil
		s.push(Step{Op: "draw", Key: f.Deck})
		return
	case key == "restart":
		f.Values, f.Order = map[string]int{}, nil
	case key == "back":
		last := f.Order[len(f.Order)-1]
		f.Order = f.Order[:len(f.Order)-1]
		delete(f.Values, last)
	case strings.HasPrefix(key, "fix="):
		g := strings.TrimPrefix(key, "fix=")
		f.clear(g)
		if g == "type" {
			f.clear("counters") // a counter's kind depends on the type
		}
	case strings.HasPrefix(key, numberKey):
		n, _ := strconv.Atoi(strings.TrimPrefix(key, numberKey))
		f.clear("number")
		if f.Values == nil {
			f.Values = map[string]int{}
		}
		for _, d := range []string{"n100", "n10", "n1"} {
			f.Values[d] = numberAnswers(n)[d]
			f.Order = append(f.Order, d)
		}
	default:
		name, val, _ := strings.Cut(key, "=")
		v, _ := strconv.Atoi(val)
		if f.Values == nil {
			f.Values = map[string]int{}
		}
		f.Values[name] = v
		f.Order = append(f.Order, name)
		if name == "like" && v > 0 {
			for k, x := range s.cardAnswers(f.Deck, v) {
				if groupOf(k) != "number" {
					f.Values[k] = x
				}
			}
		}
	}
	s.push(Step{Op: "card_form", Key: f.Deck})
}

// clear forgets a part of the card.
func (f *CardForm) clear(group string) {
	for k := range f.Values {
		if groupOf(k) == group {
			delete(f.Values, k)
		}
	}
	kept := f.Order[:0]
	for _, k := range f.Order {
		if groupOf(k) != group {
			kept = append(kept, k)
		}
	}
	f.Order = kept
}

// describeEntered writes the card as entered and checks it as a pack's card
// is checked.
func (s *State) describeEntered(f *CardForm, card any) (string, []string) {
	v := &validator{}
	var text string
	switch c := card.(type) {
	case *ShipCard:
		text = deckNames[f.Deck] + " " + shipLine(f.Deck, c)
		v.shipCard(f.Deck, c)
	case *ConvoyCard:
		text = "Convoy " + convoyLine(c)
		v.convoyCard(c, s.pack)
	case *EventCard:
		h := c.Halves[0]
		text = fmt.Sprintf("Event #%d in %d: %s", c.Number, h.From, effectsText(h.Effects))
		v.effects(fmt.Sprintf("Event #%d", c.Number), h.Effects)
	}
	return text, v.problems
}

// enterCard keeps a confirmed card in the catalogue and hands it to the
// step after the draw.
func (s *State) enterCard(f *CardForm, card any) {
	var n int
	switch c := card.(type) {
	case *ShipCard:
		if s.Seen.Ships == nil {
			s.Seen.Ships = map[string][]ShipCard{}
		}
		s.Seen.Ships[f.Deck] = append(s.Seen.Ships[f.Deck], *c)
		n = c.Number
	case *ConvoyCard:
		s.Seen.Convoys = append(s.Seen.Convoys, *c)
		n = c.Number
	case *EventCard:
		n = c.Number
		if e := s.eventCard(n); e != nil {
			e.Halves = append(e.Halves, c.Halves...)
		} else {
			s.Seen.Events = append(s.Seen.Events, *c)
		}
	}
	s.Drawn = append(s.Drawn, n)
	s.note("UBL-1.8", "Entered %s: %s.", s.cardTitle(f.Deck, n), s.cardBody(f.Deck, n))
}

// cardAnswers are the form's answers that enter a card of the catalogue
// (its part for this year, for an Event card), or nil.
func (s *State) cardAnswers(deck string, n int) map[string]int {
	switch deck {
	case DeckEvents:
		_, effs, ok := s.eventHalf(s.eventCard(n))
		if !ok {
			return nil
		}
		return EventAnswers(n, effs)
	case DeckConvoys:
		return ConvoyAnswers(s.convoyCard(n), &s.pack.Display)
	}
	return ShipAnswers(deck, s.shipOf(deck, n))
}

// numberAnswers are the three digits of a printed number.
func numberAnswers(n int) map[string]int {
	return map[string]int{"n100": n / 100, "n10": n / 10 % 10, "n1": n % 10}
}

// ShipAnswers are the form's answers that enter a ship card: what a player
// holding it presses, field by field (tests and scripted players use them).
func ShipAnswers(deck string, c *ShipCard) map[string]int {
	out := numberAnswers(c.Number)
	out["like"] = 0
	out["speed"], out["vp"], out["xp"] = c.Speed, c.VP, c.XP
	if c.Detect != nil {
		out["detect.surfaced"], out["detect.submerged"] = c.Detect.Surfaced, c.Detect.Submerged
	}
	if deck == DeckMerchants {
		out["misidentified"] = boolInt(c.Misidentified)
	}
	if deck == DeckWarships {
		out["carrier"] = boolInt(c.Carrier)
	}
	for _, x := range []struct {
		p string
		n Numbers
	}{{"torpedo", c.Torpedo}, {"gun", c.Gun}, {"surface", c.Surface}, {"submerged", c.Submerged}} {
		for i, v := range x.n {
			out[fmt.Sprintf("%s.%c", x.p, 'a'+i)] = v // 0 is NA
		}
	}
	return out
}

// ConvoyAnswers are the form's answers that enter a Convoy card laid out on
// a display.
func ConvoyAnswers(c *ConvoyCard, d *DisplayDef) map[string]int {
	out := numberAnswers(c.Number)
	out["like"] = 0
	out["type"] = map[string]int{ContactLone: 1, ContactMerchant: 2, ContactNaval: 3}[c.Type]
	out["torpedo_mod"], out["gun_mod"] = c.Torpedo, c.Gun
	rings := [][]string{d.Convoy, d.Short, d.Medium, d.Long}
	for k, p := range c.Ships {
		for i, x := range counterKinds {
			if x == p.Kind && i > 0 {
				out[fmt.Sprintf("ship%d.kind", k+1)] = i
			}
		}
		for r, ring := range rings {
			for a, id := range ring {
				if id == p.Area {
					out[fmt.Sprintf("ship%d.ring", k+1)], out[fmt.Sprintf("ship%d.area", k+1)] = r+1, a+1
				}
			}
		}
	}
	if len(c.Ships) < maxCounters {
		out[fmt.Sprintf("ship%d.kind", len(c.Ships)+1)] = 0
	}
	return out
}

// EventAnswers are the form's answers that enter an Event card's effects.
func EventAnswers(n int, effs []Effect) map[string]int {
	out := numberAnswers(n)
	out["like"] = 0
	for k, e := range effs {
		p := fmt.Sprintf("effect%d.", k+1)
		switch {
		case e.Stress != nil:
			out[p+"kind"], out[p+"value"] = 1, *e.Stress
		case e.VP != nil:
			out[p+"kind"], out[p+"value"] = 2, *e.VP
		case e.UBoatAlert != nil:
			out[p+"kind"], out[p+"value"] = 3, *e.UBoatAlert
		case e.ContactMod != nil:
			out[p+"kind"], out[p+"value"] = 4, *e.ContactMod
		case e.RollEV != nil:
			out[p+"kind"] = 5
			for j, b := range e.RollEV {
				q := fmt.Sprintf("%sband%d.", p, j+1)
				out[q+"max"], out[q+"stress"], out[q+"vp"] = 0, b.Stress, b.VP
				if b.Max != nil {
					out[q+"max"] = *b.Max
				}
			}
		case e.Trade != nil:
			out[p+"kind"] = 6
			for i, x := range payKinds {
				if x == e.Trade.Pay && i > 0 {
					out[p+"pay"] = i
				}
			}
			out[p+"n"], out[p+"vp"], out[p+"xp"] = e.Trade.N, e.Trade.VP, e.Trade.XP
		}
	}
	if len(effs) < maxEffects {
		out[fmt.Sprintf("effect%d.kind", len(effs)+1)] = 0
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FormKey is the option a player holding a card presses at a form's
// prompt, given the card's answers; "" when the prompt is not a field of
// this card (then the card is not what the form is entering).
func FormKey(p *engine.Prompt, answers map[string]int) string {
	for _, o := range p.Options {
		name, val, ok := strings.Cut(o.Key, "=")
		if !ok || name == "fix" || name == "card" {
			continue
		}
		want, has := answers[name]
		if has && val == strconv.Itoa(want) {
			return o.Key
		}
	}
	return ""
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if strings.ContainsRune("AEIOU", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
