package uboatleader

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kaleun/kaleun/engine"
)

// Physical components (set-up "draws: physical"): the player shuffles and
// draws his own Event, Convoy, Merchant, Escort, Escort Fleet and Warship
// decks and tells the bot what he drew; the bot rolls every die, moves every
// escort and enforces every rule as with the pack's decks. The draw step
// (decks.go) then asks which card came up: a card entered before is picked
// from a list, a new one is entered field by field (cardform.go), each
// field a choice among its legal values, and confirmed. The cards entered
// are the game's own catalogue (State.Seen), saved with it: the next time
// the same card comes up it is one click. Every answer is a decision, so
// the audit log holds each card as entered and a replay reads them back.
//
// The pack still gives what is not drawn: the campaign sheets and maps,
// the tactical display, the U-boat cards (bought, not drawn) and the Escort
// Tactics counters, which the bot draws from its cup with a die. The
// player's physical card names are not asked (a chat choice cannot take
// free text, and the rules never read a name): a card is called by its deck
// and printed number, "Merchant #78".

// Where drawn cards come from (SetupInfo.Draws).
const (
	DrawsDeck     = "deck"
	DrawsPhysical = "physical"
)

// Seen is the catalogue of the cards entered in physical mode.
type Seen struct {
	Events  []EventCard           `json:"events,omitempty"`
	Convoys []ConvoyCard          `json:"convoys,omitempty"`
	Ships   map[string][]ShipCard `json:"ships,omitempty"`
}

func (s *State) physical() bool { return s.Setup.Draws == DrawsPhysical }

// eventCard is an Event card by number: the pack's, or in physical mode
// the one entered.
func (s *State) eventCard(n int) *EventCard {
	if !s.physical() {
		return s.pack.idx.events[n]
	}
	for i := range s.Seen.Events {
		if s.Seen.Events[i].Number == n {
			return &s.Seen.Events[i]
		}
	}
	return nil
}

// convoyCard is a Convoy card by number.
func (s *State) convoyCard(n int) *ConvoyCard {
	if !s.physical() {
		return s.pack.idx.convoys[n]
	}
	for i := range s.Seen.Convoys {
		if s.Seen.Convoys[i].Number == n {
			return &s.Seen.Convoys[i]
		}
	}
	return nil
}

// shipOf is a ship card of a deck by number.
func (s *State) shipOf(deck string, n int) *ShipCard {
	if !s.physical() {
		return s.pack.Ship(deck, n)
	}
	cards := s.Seen.Ships[deck]
	for i := range cards {
		if cards[i].Number == n {
			return &cards[i]
		}
	}
	return nil
}

// seenNumbers are the printed numbers entered so far, in every deck (card
// numbers are one numbering, UBL-1.8), with the deck of each.
func (s *State) seenNumbers() map[int]string {
	out := map[int]string{}
	for _, e := range s.Seen.Events {
		out[e.Number] = DeckEvents
	}
	for _, c := range s.Seen.Convoys {
		out[c.Number] = DeckConvoys
	}
	for deck, cards := range s.Seen.Ships {
		for _, c := range cards {
			out[c.Number] = deck
		}
	}
	return out
}

// seenIn lists the numbers of the cards entered for a deck, in order.
func (s *State) seenIn(deck string) []int {
	var out []int
	switch deck {
	case DeckEvents:
		for _, e := range s.Seen.Events {
			out = append(out, e.Number)
		}
	case DeckConvoys:
		for _, c := range s.Seen.Convoys {
			out = append(out, c.Number)
		}
	default:
		for _, c := range s.Seen.Ships[deck] {
			out = append(out, c.Number)
		}
	}
	sort.Ints(out)
	return out
}

// inPlay reports whether a card of a deck is out of its deck now: drawn and
// not yet taken, on the tactical display, or the battle's Convoy card. A
// physical card cannot come up twice at once.
func (s *State) inPlay(deck string, n int) bool {
	// Drawn holds cards of any deck; a number is one card (UBL-1.8).
	if containsInt(s.Drawn, n) {
		return true
	}
	bt := s.Battle
	if bt == nil {
		return false
	}
	if deck == DeckConvoys {
		return bt.Convoy == n
	}
	for _, sh := range bt.Ships {
		if sh.Deck == deck && sh.Card == n && !sh.Sunk && !sh.Gone {
			return true
		}
	}
	return false
}

// removed reports a Convoy card the campaign sheet takes out (UBL-2). The
// house pack's list names its own cards: with the player's own cards it
// says nothing of his numbers (housePhysical).
func (s *State) removed(deck string, n int) bool {
	return deck == DeckConvoys && !s.housePhysical() && containsInt(s.camp().RemoveConvoys, n)
}

// housePhysical: the player's own cards with the house pack, whose card
// numbers are the house's, not the ones printed on the publisher's cards
// he holds; a pack of his own is taken to number its cards as his are.
func (s *State) housePhysical() bool {
	return s.physical() && s.pack.Meta.ID == HousePackName
}

// askDraw asks which card the player drew, in physical mode; with the
// pack's decks the draw acts at once (drawCard).
func (s *State) askDraw(st Step) *ask {
	if !s.physical() {
		return nil
	}
	deck := st.Key
	a := &ask{Case: deckCases[deck], Text: s.f("Draw the top card of your %s deck (%s) and tell me which it is: a card entered before, or a new one (you enter its printed numbers).", deckNames[deck], deckCases[deck])}
	if deck == DeckConvoys && len(s.camp().RemoveConvoys) > 0 && !s.housePhysical() {
		a.Text += s.f(" Convoy cards %v are out of this campaign's deck (UBL-2).", s.camp().RemoveConvoys)
	}
	a.Options = append(a.Options, opt("new", "A card not entered yet: enter it", "UBL-1.8"))
	for _, n := range s.seenIn(deck) {
		if s.inPlay(deck, n) || s.removed(deck, n) {
			continue
		}
		a.Options = append(a.Options, opt("card="+strconv.Itoa(n), s.f("%s", s.cardLine(deck, n)), deckCases[deck]))
	}
	return a
}

func (s *State) answerDraw(st Step, key string) {
	deck := st.Key
	if key == "new" {
		s.Form = &CardForm{Deck: deck, Values: map[string]int{}}
		s.push(Step{Op: "card_form", Key: deck})
		return
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(key, "card="))
	if deck == DeckEvents {
		if _, _, ok := s.eventHalf(s.eventCard(n)); !ok {
			// Entered in another year: the half for this one is still unknown.
			s.Form = &CardForm{Deck: deck, Half: n, Values: map[string]int{}}
			s.note("UBL-1.8", "Event card #%d was entered for another year: enter its part for %d.", n, s.campaignYear())
			s.push(Step{Op: "card_form", Key: deck})
			return
		}
	}
	s.Drawn = append(s.Drawn, n)
	s.note(deckCases[deck], "Drew %s (entered before): %s.", s.cardTitle(deck, n), s.cardBody(deck, n))
}

// cardTitle is a card's name: its deck and printed number.
func (s *State) cardTitle(deck string, n int) string {
	return fmt.Sprintf("%s #%d", deckNames[deck], n)
}

// cardBody is a card's line without its number, for a note that names the
// card first ("Entered Event #17: +2 stress.").
func (s *State) cardBody(deck string, n int) string {
	return strings.TrimPrefix(s.cardLine(deck, n), fmt.Sprintf("#%d: ", n))
}

// cardLine describes a card entered, for lists and notes.
func (s *State) cardLine(deck string, n int) string {
	switch deck {
	case DeckEvents:
		e := s.eventCard(n)
		_, effs, ok := s.eventHalf(e)
		if !ok {
			return fmt.Sprintf("#%d (entered for another year)", n)
		}
		return fmt.Sprintf("#%d: %s", n, effectsText(effs))
	case DeckConvoys:
		return convoyLine(s.convoyCard(n))
	}
	return shipLine(deck, s.shipOf(deck, n))
}

func shipLine(deck string, c *ShipCard) string {
	t := fmt.Sprintf("#%d: speed %d, %d VP %d XP", c.Number, c.Speed, c.VP, c.XP)
	if c.Detect != nil {
		t += fmt.Sprintf(", detect %d/%d", c.Detect.Surfaced, c.Detect.Submerged)
	}
	t += fmt.Sprintf(", torpedo %s, gun %s", c.Torpedo, c.Gun)
	if c.Surface.Set() {
		t += ", surface " + c.Surface.String()
	}
	if c.Submerged.Set() {
		t += ", submerged " + c.Submerged.String()
	}
	if c.Misidentified {
		t += ", misidentified escort"
	}
	if c.Carrier {
		t += ", carrier"
	}
	return t
}

func convoyLine(c *ConvoyCard) string {
	var parts []string
	for _, p := range c.Ships {
		parts = append(parts, fmt.Sprintf("%s %s", p.Kind, p.Area))
	}
	t := fmt.Sprintf("#%d: type %s", c.Number, c.Type)
	if c.Torpedo != 0 {
		t += fmt.Sprintf(", %+d torpedo", c.Torpedo)
	}
	if c.Gun != 0 {
		t += fmt.Sprintf(", %+d gun", c.Gun)
	}
	return t + "; " + strings.Join(parts, ", ")
}

// effectsText says what an Event card's effects do.
func effectsText(effs []Effect) string {
	if len(effs) == 0 {
		return "no effect"
	}
	var out []string
	for _, e := range effs {
		out = append(out, effectText(e))
	}
	return strings.Join(out, "; ")
}

func effectText(e Effect) string {
	switch {
	case e.Stress != nil:
		return fmt.Sprintf("%+d stress", *e.Stress)
	case e.VP != nil:
		return fmt.Sprintf("%+d VP", *e.VP)
	case e.UBoatAlert != nil:
		return count(*e.UBoatAlert, "U-Boat Alert marker")
	case e.ContactMod != nil:
		return fmt.Sprintf("%+d to contact rolls this turn", *e.ContactMod)
	case e.RollEV != nil:
		var bands []string
		for _, b := range e.RollEV {
			what := []string{}
			if b.Stress != 0 {
				what = append(what, fmt.Sprintf("%+d stress", b.Stress))
			}
			if b.VP != 0 {
				what = append(what, fmt.Sprintf("%+d VP", b.VP))
			}
			if len(what) == 0 {
				what = []string{"nothing"}
			}
			if b.Max != nil {
				bands = append(bands, fmt.Sprintf("up to %d %s", *b.Max, strings.Join(what, " ")))
			} else {
				bands = append(bands, "else "+strings.Join(what, " "))
			}
		}
		return "d10+EV: " + strings.Join(bands, ", ")
	case e.Trade != nil:
		t := fmt.Sprintf("may spend %s for %d VP", count(e.Trade.N, payNames[e.Trade.Pay]), e.Trade.VP)
		if e.Trade.XP > 0 {
			t += fmt.Sprintf(" and %d XP", e.Trade.XP)
		}
		return t
	}
	return "?"
}

// cardsView lists the cards entered so far, each as the line of a pack's
// YAML file that holds it, so an owner can keep them in his own pack.
func (s *State) cardsView() *engine.View {
	v := &engine.View{Title: "Cards entered (physical components)"}
	if !s.physical() {
		v.Sections = append(v.Sections, engine.Section{Lines: []string{fmt.Sprintf("This game draws from pack %s's decks, shuffled by the dice: nothing is entered. Start a game with draws:physical to play your own cards.", s.pack.Meta.ID)}})
		return v
	}
	decks := s.enteredDecks()
	if len(decks) == 0 {
		v.Sections = append(v.Sections, engine.Section{Lines: []string{"No card entered yet."}})
		return v
	}
	// A chat message holds a few thousand characters, a campaign's cards
	// several times that: in chat the whole list comes as a file too.
	v.Sections = append(v.Sections, engine.Section{Lines: []string{fmt.Sprintf("%s entered; in chat the whole list comes attached as %s, each deck under the pack file it belongs in.", count(len(s.seenNumbers()), "card"), CardsFile)}})
	for _, d := range decks {
		v.Sections = append(v.Sections, engine.Section{Title: d.title, Lines: d.lines})
	}
	return v
}

// CardsFile is the name of the file the cards entered are attached as.
const CardsFile = "cards.yaml"

// enteredDeck is one deck's entered cards as pack lines.
type enteredDeck struct {
	title string
	lines []string
}

func (s *State) enteredDecks() []enteredDeck {
	var out []enteredDeck
	for _, deck := range []string{DeckEvents, DeckConvoys, DeckMerchants, DeckEscorts, DeckEscortFleet, DeckWarships} {
		nums := s.seenIn(deck)
		if len(nums) == 0 {
			continue
		}
		var lines []string
		for _, n := range nums {
			lines = append(lines, s.cardYAML(deck, n))
		}
		file := map[string]string{DeckEvents: "events.yaml", DeckConvoys: "convoys.yaml"}[deck]
		if file == "" {
			file = "ships.yaml, " + deck
		}
		out = append(out, enteredDeck{title: fmt.Sprintf("%s cards (%s)", deckNames[deck], file), lines: lines})
	}
	return out
}

// CardsYAML is every card entered in physical mode as pack lines, each deck
// under a comment naming the pack file (and list) it belongs in; nil when
// none is entered or the game draws from its pack.
func (s *State) CardsYAML() []byte {
	if !s.physical() {
		return nil
	}
	decks := s.enteredDecks()
	if len(decks) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# The cards entered in a game with pack %s (SHA-256 %s), as lines of a pack's files.\n", s.pack.Meta.ID, s.pack.SHA256)
	for _, d := range decks {
		fmt.Fprintf(&b, "\n# %s\n", d.title)
		for _, l := range d.lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return []byte(b.String())
}

// cardYAML writes an entered card as one line of a pack's YAML file.
func (s *State) cardYAML(deck string, n int) string {
	var card any
	switch deck {
	case DeckEvents:
		card = s.eventCard(n)
	case DeckConvoys:
		card = s.convoyCard(n)
	default:
		card = s.shipOf(deck, n)
	}
	var node yaml.Node
	if err := node.Encode(card); err != nil {
		return fmt.Sprintf("#%d: %v", n, err)
	}
	flow(&node)
	b, err := yaml.Marshal(&node)
	if err != nil {
		return fmt.Sprintf("#%d: %v", n, err)
	}
	return "- " + strings.TrimSpace(string(b))
}

// flow sets a YAML node and its children to the one-line style.
func flow(n *yaml.Node) {
	n.Style |= yaml.FlowStyle
	for _, c := range n.Content {
		flow(c)
	}
}
