package uboatleader

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"gopkg.in/yaml.v3"
)

// toDraw starts a physical campaign and lets the built-in player decide
// until the first draw of a deck is asked.
func toDraw(t *testing.T, setup, deck string) (*State, engine.Dice) {
	t.Helper()
	return toDrawWith(t, houseRules(t), setup, deck)
}

func toDrawWith(t *testing.T, r *Rules, setup, deck string) (*State, engine.Dice) {
	t.Helper()
	d := dice.NewFast(5)
	st, _, err := r.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for n := 0; ; n++ {
		p := s.Pending()
		if p == nil || n > 20000 {
			t.Fatalf("no %s draw came", deck)
		}
		if p.Kind == "uboatleader.draw."+deck {
			return s, d
		}
		key := BuiltIn(s)
		if strings.HasPrefix(p.Kind, "uboatleader.draw.") {
			key = "new"
		}
		if strings.HasPrefix(p.Kind, "uboatleader.card_form.") {
			key = firstValue(p) // any legal card
		}
		next, _, err := s.Apply(engine.Choice{Token: p.Token, Key: key}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
}

// firstValue is a form's first field value, or yes at the confirmation.
func firstValue(p *engine.Prompt) string {
	if p.HasOption("yes") {
		return "yes"
	}
	return p.Options[0].Key
}

// press answers the pending prompt; the key must be offered.
func press(t *testing.T, s *State, d engine.Dice, key string) (*State, []engine.Event) {
	t.Helper()
	p := s.Pending()
	next, ev, err := s.Apply(engine.Choice{Token: p.Token, Key: key}, d)
	if err != nil {
		t.Fatalf("%s: %q: %v\noptions %v", p.Kind, key, err, keysOf(p))
	}
	return next.(*State), ev
}

func keysOf(p *engine.Prompt) []string {
	var out []string
	for _, o := range p.Options {
		out = append(out, o.Key)
	}
	return out
}

func offers(p *engine.Prompt, prefix string) []string {
	var out []string
	for _, o := range p.Options {
		if strings.HasPrefix(o.Key, prefix) {
			out = append(out, strings.TrimPrefix(o.Key, prefix))
		}
	}
	return out
}

// UBL-1.8, UBL-6.13: a ship card entered field by field is offered only
// legal values (hit numbers that rise, NA), can go back a field, enter a
// part again at the confirmation, start again or give up for another card;
// what is confirmed is the card the next step takes.
func TestEnteringAShipCard(t *testing.T) {
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckMerchants)
	if k := s.Pending().Options[0].Key; k != "new" {
		t.Fatalf("the first option is %q, not a new card", k)
	}
	s, _ = press(t, s, d, "new")
	for _, k := range []string{"n100=0", "n10=7", "n1=8"} {
		s, _ = press(t, s, d, k)
	}
	if p := s.Pending(); p.HasOption("like=0") {
		s, _ = press(t, s, d, "like=0")
	}
	s, _ = press(t, s, d, "speed=5")
	// A slip: the speed was 2. Back asks it again.
	if !s.Pending().HasOption("back") {
		t.Fatal("no way back after the speed")
	}
	s, _ = press(t, s, d, "back")
	if !strings.Contains(s.Pending().Text, "speed") {
		t.Fatalf("back does not ask the speed again: %s", s.Pending().Text)
	}
	for _, k := range []string{"speed=2", "vp=3", "xp=2", "misidentified=0", "torpedo.a=4"} {
		s, _ = press(t, s, d, k)
	}
	// UBL-6.13: the second number is above the first, or NA.
	if got := offers(s.Pending(), "torpedo.b="); got[0] != "0" || got[1] != "5" || len(got) != 17 {
		t.Fatalf("the torpedo's second number offers %v", got)
	}
	for _, k := range []string{"torpedo.b=7", "torpedo.c=10", "gun.a=4", "gun.b=6", "gun.c=9", "surface.a=7", "surface.b=9", "surface.c=0"} {
		s, _ = press(t, s, d, k)
	}
	p := s.Pending()
	if !p.HasOption("yes") || !strings.Contains(p.Text, "Merchant #78: speed 2, 3 VP 2 XP, torpedo 4-7-10, gun 4-6-9, surface 7-9-NA") {
		t.Fatalf("the confirmation: %s %v", p.Text, keysOf(p))
	}
	// Enter the gun numbers again: only they are asked, then the card again.
	s, _ = press(t, s, d, "fix=gun")
	if got := offers(s.Pending(), "gun.a="); len(got) != 21 {
		t.Fatalf("fix=gun asks %s %v", s.Pending().Text, keysOf(s.Pending()))
	}
	for _, k := range []string{"gun.a=3", "gun.b=5", "gun.c=7"} {
		s, _ = press(t, s, d, k)
	}
	if p := s.Pending(); !strings.Contains(p.Text, "gun 3-5-7") || !p.HasOption("yes") {
		t.Fatalf("after fix=gun: %s", p.Text)
	}
	// Not this card after all: back to the list, nothing entered.
	s, _ = press(t, s, d, "other")
	if p := s.Pending(); p.Kind != "uboatleader.draw.merchants" || len(s.Seen.Ships[DeckMerchants]) != 0 || s.Form != nil {
		t.Fatalf("other: %s, seen %v", p.Kind, s.Seen.Ships)
	}
	// Again, and this time confirmed: the identification takes it.
	s, _ = press(t, s, d, "new")
	for _, k := range []string{"n100=0", "n10=7", "n1=8"} {
		s, _ = press(t, s, d, k)
	}
	if s.Pending().HasOption("like=0") {
		s, _ = press(t, s, d, "like=0")
	}
	s, _ = press(t, s, d, "speed=1")
	// Cancelled at a field: back to the list.
	s, _ = press(t, s, d, "other")
	if p := s.Pending(); p.Kind != "uboatleader.draw.merchants" || s.Form != nil {
		t.Fatalf("other at a field: %s", p.Kind)
	}
	s, _ = press(t, s, d, "new")
	for _, k := range []string{"n100=0", "n10=7", "n1=9"} {
		s, _ = press(t, s, d, k)
	}
	if s.Pending().HasOption("like=0") {
		s, _ = press(t, s, d, "like=0")
	}
	for _, k := range []string{"speed=2", "vp=3", "xp=2", "misidentified=1", "torpedo.a=4", "torpedo.b=7", "torpedo.c=10", "gun.a=4", "gun.b=6", "gun.c=9"} {
		s, _ = press(t, s, d, k)
	}
	// A misidentified escort prints no attack on a surfaced boat: not asked.
	if p := s.Pending(); !p.HasOption("yes") || !strings.Contains(p.Text, "misidentified escort") {
		t.Fatalf("a misidentified merchant: %s", p.Text)
	}
	s, _ = press(t, s, d, "restart")
	if !strings.Contains(s.Pending().Text, "which hundred") {
		t.Fatalf("restart: %s", s.Pending().Text)
	}
	for _, k := range []string{"n100=0", "n10=7", "n1=8"} {
		s, _ = press(t, s, d, k)
	}
	if s.Pending().HasOption("like=0") {
		s, _ = press(t, s, d, "like=0")
	}
	for _, k := range []string{"speed=2", "vp=3", "xp=2", "misidentified=0", "torpedo.a=4", "torpedo.b=7", "torpedo.c=10", "gun.a=4", "gun.b=6", "gun.c=9", "surface.a=7", "surface.b=9", "surface.c=0"} {
		s, _ = press(t, s, d, k)
	}
	var ev []engine.Event
	s, ev = press(t, s, d, "yes")
	c := s.shipOf(DeckMerchants, 78)
	if c == nil || c.Torpedo.String() != "4-7-10" || c.Surface.String() != "7-9-NA" || c.Name != "Merchant #78" {
		t.Fatalf("entered %+v", c)
	}
	if !strings.Contains(eventsText(ev), "Entered Merchant #78") || !strings.Contains(eventsText(ev), "is identified") {
		t.Fatalf("events:\n%s", eventsText(ev))
	}
	// Its number is taken: a new card cannot have it.
	if bt := s.Battle; bt == nil {
		t.Fatal("no battle")
	}
}

// A value the form does not offer is refused and changes nothing.
func TestEnteringACardRefusesValuesNotOffered(t *testing.T) {
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckEvents)
	s, _ = press(t, s, d, "new")
	for _, bad := range []string{"n100=10", "n10=3", "speed=2", "yes", "card=5", "fix=number", "back"} {
		_, _, err := s.Apply(engine.Choice{Token: s.Pending().Token, Key: bad}, d)
		if !errors.Is(err, engine.ErrIllegalChoice) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// UBL-1.8, UBL-2: card numbers are one numbering, so a number entered for
// any deck is not offered again, nor is a Convoy card the campaign sheet
// takes out; a card already entered is one click from the list, unless it
// is on the table now.
func TestNumbersAlreadyUsedAreNotOffered(t *testing.T) {
	s, d := toDrawWith(t, ownRules(t), `{"campaign":"opening","draws":"physical"}`, DeckConvoys)
	used := s.seenNumbers()
	if len(used) == 0 {
		t.Fatal("no Event card was entered before the first contact")
	}
	s, _ = press(t, s, d, "new")
	// The opening sheet takes out Convoy cards 41, 42, 45 and 46.
	s, _ = press(t, s, d, "n100=0")
	s, _ = press(t, s, d, "n10=4")
	got := strings.Join(offers(s.Pending(), "n1="), ",")
	if got != "0,3,4,7,8,9" {
		t.Fatalf("Convoy numbers 40-49 offered: %s", got)
	}
	// The Event cards entered took the first numbers.
	s, _ = press(t, s, d, "back")
	low := 0
	for n := range used {
		if n < 10 {
			low++
		}
	}
	if low == 9 {
		if s.Pending().HasOption("n10=0") {
			t.Fatal("1-9 are all used, and offered")
		}
		return
	}
	s, _ = press(t, s, d, "n10=0")
	for _, k := range offers(s.Pending(), "n1=") {
		if n := int(k[0] - '0'); used[n] != "" {
			t.Fatalf("the number %d, entered for the %s, is offered again", n, used[n])
		}
	}
}

// Linked campaigns (UBL-9.4): an Event card entered in 1939 drawn again in
// 1942 asks only its part for 1942, and keeps both.
func TestAnEventCardEnteredInAnotherYearAsksItsHalf(t *testing.T) {
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckEvents)
	s.Seen.Events = append(s.Seen.Events, EventCard{Number: 5, Halves: []Half{{From: 1938, To: 1938, Effects: []Effect{{Stress: intp(2)}}}}})
	s, ev := press(t, s, d, "card=5")
	if !strings.Contains(eventsText(ev), "enter its part for 1939") || !strings.Contains(s.Pending().Text, "Event card #5's part for 1939") {
		t.Fatalf("%s\n%s", eventsText(ev), s.Pending().Text)
	}
	if s.Pending().HasOption("n100=0") {
		t.Fatal("the number is asked again")
	}
	s, _ = press(t, s, d, "effect1.kind=3")
	s, _ = press(t, s, d, "effect1.value=1")
	s, _ = press(t, s, d, "effect2.kind=0")
	if s.Pending().HasOption("fix=number") {
		t.Fatal("the number of a known card can be entered again")
	}
	s, _ = press(t, s, d, "yes")
	e := s.eventCard(5)
	if len(e.Halves) != 2 || e.Halves[1].From != 1939 || *e.Halves[1].Effects[0].UBoatAlert != 1 {
		t.Fatalf("halves %+v", e.Halves)
	}
}

// The cards view writes each entered card as a line of a pack's YAML file,
// which a pack reads back to the same card.
func TestTheCardsViewWritesPackLines(t *testing.T) {
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckMerchants)
	s, _ = press(t, s, d, "new")
	for _, k := range []string{"n100=0", "n10=6", "n1=1"} {
		s, _ = press(t, s, d, k)
	}
	if s.Pending().HasOption("like=0") {
		s, _ = press(t, s, d, "like=0")
	}
	for _, k := range []string{"speed=3", "vp=3", "xp=2", "misidentified=0", "torpedo.a=4", "torpedo.b=7", "torpedo.c=10", "gun.a=4", "gun.b=6", "gun.c=9", "surface.a=7", "surface.b=9", "surface.c=0", "yes"} {
		s, _ = press(t, s, d, k)
	}
	v, err := s.View("cards")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, sec := range v.Sections {
		if strings.HasPrefix(sec.Title, "Merchant cards") {
			line = sec.Lines[0]
		}
	}
	var back []ShipCard
	if err := yaml.Unmarshal([]byte(line), &back); err != nil || len(back) != 1 {
		t.Fatalf("%q: %v", line, err)
	}
	if back[0] != *s.shipOf(DeckMerchants, 61) {
		t.Fatalf("%q reads back as %+v", line, back[0])
	}
	if !strings.Contains(line, "torpedo: 4-7-10") {
		t.Fatalf("line %q", line)
	}
}

func intp(n int) *int { return &n }

// A long list of cards entered before is paged like any long list: the
// first page leads with the new card, the others follow, each card once.
func TestALongListOfCardsIsPaged(t *testing.T) {
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckMerchants)
	house := houseRules(t).packs[0]
	if s.Seen.Ships == nil {
		s.Seen.Ships = map[string][]ShipCard{}
	}
	s.Seen.Ships[DeckMerchants] = append(s.Seen.Ships[DeckMerchants], house.Ships.Merchants...)
	p := s.Pending()
	if len(p.Options) != 24 || p.Options[0].Key != "new" || !p.HasOption("page+") || !p.HasOption("card=61") {
		t.Fatalf("page 1: %v", keysOf(p))
	}
	s, _ = press(t, s, d, "page+")
	p = s.Pending()
	if !p.HasOption("card=92") || p.HasOption("card=61") || !p.HasOption("page-") || p.HasOption("new") {
		t.Fatalf("page 2: %v", keysOf(p))
	}
	s, ev := press(t, s, d, "card=92")
	if !strings.Contains(eventsText(ev), "Drew Merchant #92 (entered before)") {
		t.Fatalf("events:\n%s", eventsText(ev))
	}
}

// UBL-1.8: a printed number typed whole ("number=78", engine.Entry) is one
// answer for the three digit prompts, checked as the digits are: a number
// entered before or a Convoy card the sheet takes out is refused with its
// reason; "back" after it asks the number again. A field whose values are
// printed numbers asks for a number, so a keyboard types the value itself.
func TestAPrintedNumberTypedWhole(t *testing.T) {
	s, d := toDrawWith(t, ownRules(t), `{"campaign":"opening","draws":"physical"}`, DeckConvoys)
	s, _ = press(t, s, d, "new")
	p := s.Pending()
	if p.Entry == nil || p.Entry.Key != "number=" || p.Entry.Walk != "n100=" || p.Entry.Max != 999 {
		t.Fatalf("the number prompt asks for no number: %+v", p.Entry)
	}
	used := 0
	for n := range s.seenNumbers() {
		used = n
	}
	for key, why := range map[string]string{
		"number=41":                    "Convoy card #41 is out of this campaign's deck",
		"number=1000":                  "a printed number is 1 to 999",
		"number=x":                     "a printed number is 1 to 999",
		"number=" + strconv.Itoa(used): "is entered already",
	} {
		_, _, err := s.Apply(engine.Choice{Token: p.Token, Key: key}, d)
		if !errors.Is(err, engine.ErrIllegalChoice) || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want %q", key, err, why)
		}
	}
	s, ev := press(t, s, d, "number=78")
	if !strings.Contains(eventsText(ev), "Decision: #78") {
		t.Errorf("the decision reads %s", eventsText(ev))
	}
	if v := s.Form.Values; v["n100"] != 0 || v["n10"] != 7 || v["n1"] != 8 {
		t.Fatalf("the digits are %v", v)
	}
	if s.Pending().HasOption("like=0") {
		s, _ = press(t, s, d, "like=0")
	}
	if p := s.Pending(); p.Entry != nil {
		t.Fatalf("the contact type (L, M, N) is no number: %+v", p.Entry)
	}
	s, _ = press(t, s, d, "type=2")
	p = s.Pending()
	if p.Entry == nil || p.Entry.Key != "torpedo_mod=" || p.Entry.Min != -3 || p.Entry.Max != 3 || p.Entry.Walk != "" {
		t.Fatalf("the torpedo modifier asks for no number: %+v", p.Entry)
	}
	if !strings.Contains(p.Text, "So far: #78") {
		t.Errorf("the number typed is not in the summary: %s", p.Text)
	}
}

// ownRules play the house pack's cards as a pack of the player's own,
// which numbers its cards as his are printed (housePhysical).
func ownRules(t *testing.T) *Rules {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range packFiles {
		b, err := housePack.ReadFile("packs/house/" + name)
		if err != nil {
			t.Fatal(err)
		}
		m["p/"+name] = &fstest.MapFile{Data: b}
	}
	edit(t, m, "pack.yaml", "id: house", "id: mine")
	p, err := LoadPack(m, "p")
	if err != nil {
		t.Fatal(err)
	}
	return NewRulesWith(p)
}

// UBL-2 with the house pack and the player's own cards: the house's list of
// Convoy cards to take out names house numbers, not the ones printed on his
// cards, so set-up sends him to his campaign sheet and no number is refused
// or left out for it (issue 28: "Take Convoy cards [41 42 45 46] out").
func TestHouseNumbersAreNeverTheOwnersCards(t *testing.T) {
	_, ev, err := houseRules(t).New([]byte(`{"campaign":"opening","draws":"physical"}`), dice.NewFast(5))
	if err != nil {
		t.Fatal(err)
	}
	text := eventsText(ev)
	if strings.Contains(text, "[41 42 45 46]") || !strings.Contains(text, "the cards your campaign sheet lists") {
		t.Fatalf("set-up says:\n%s", text)
	}
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckConvoys)
	if strings.Contains(s.Pending().Text, "41 42 45 46") {
		t.Fatalf("the draw names house numbers: %s", s.Pending().Text)
	}
	s, _ = press(t, s, d, "new")
	s, _ = press(t, s, d, "number=41")
	if s.Form.Values["n10"] != 4 || s.Form.Values["n1"] != 1 {
		t.Fatalf("Convoy card #41 was not taken: %v", s.Form.Values)
	}
}

// Entering a card names it once: "Entered Event #17: +2 stress.", not
// "Event #17: #17: +2 stress.".
func TestEnteredCardIsNamedOnce(t *testing.T) {
	s, d := toDraw(t, `{"campaign":"opening","draws":"physical"}`, DeckEvents)
	s, _ = press(t, s, d, "new")
	n := 1
	for s.seenNumbers()[n] != "" {
		n++
	}
	for _, k := range []string{"number=" + strconv.Itoa(n), "effect1.kind=1", "effect1.value=2", "effect2.kind=0", "yes"} {
		if p := s.Pending(); p.HasOption("like=0") {
			s, _ = press(t, s, d, "like=0")
		}
		var ev []engine.Event
		s, ev = press(t, s, d, k)
		if k == "yes" {
			want := "Entered Event #" + strconv.Itoa(n) + ": +2 stress."
			if !strings.Contains(eventsText(ev), want) {
				t.Fatalf("no %q in\n%s", want, eventsText(ev))
			}
		}
	}
}
