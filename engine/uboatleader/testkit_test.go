package uboatleader

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// The test kit: the fixture pack of the rulebook's worked examples
// (testdata/example), dice that keep every deck in the pack's order, and a
// driver that answers prompts through the public engine API with the die
// faces each answer must roll.

func fixtureRules(t testing.TB) *Rules {
	t.Helper()
	p, err := LoadPack(os.DirFS("testdata"), "example")
	if err != nil {
		t.Fatal(err)
	}
	return NewRulesWith(p)
}

func houseRules(t testing.TB) *Rules {
	t.Helper()
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// inOrder answers every die with its highest face: a Fisher-Yates shuffle
// then leaves a deck in the pack's order.
type inOrder struct{}

func (inOrder) Roll(sides int) (int, error) { return sides, nil }

// queue hands out the faces a test puts in it, and fails on any other die.
type queue struct {
	faces []int
	n     int64
}

func (q *queue) Roll(sides int) (int, error) {
	if len(q.faces) == 0 {
		return 0, &engine.DiceError{Index: q.n, Sides: sides, Msg: "the test gave no face for this die"}
	}
	f := q.faces[0]
	if f < 1 || f > sides {
		return 0, &engine.DiceError{Index: q.n, Sides: sides, Msg: fmt.Sprintf("face %d on a d%d", f, sides)}
	}
	q.faces = q.faces[1:]
	q.n++
	return f, nil
}

// game drives a campaign.
type game struct {
	t      testing.TB
	r      *Rules
	s      *State
	q      *queue
	events []engine.Event // the last answer's
	all    []engine.Event
}

// newGame starts a campaign with the decks in the pack's order.
func newGame(t testing.TB, r *Rules, setup string) *game {
	t.Helper()
	st, ev, err := r.New([]byte(setup), inOrder{})
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, r: r, s: st.(*State), q: &queue{}, events: ev, all: ev}
}

// do answers the pending prompt with key; the answer must roll exactly the
// faces given.
func (g *game) do(key string, faces ...int) *game {
	g.t.Helper()
	g.q.faces = append(g.q.faces[:0], faces...)
	p := g.s.Pending()
	if p == nil {
		g.t.Fatalf("no prompt pending for %q", key)
	}
	st, ev, err := g.s.Apply(engine.Choice{Token: p.Token, Key: key}, g.q)
	if err != nil {
		g.t.Fatalf("%s: %q: %v\n%s", p.Kind, key, err, g.prompt())
	}
	if len(g.q.faces) > 0 {
		g.t.Fatalf("%s: %q left faces %v unrolled; events:\n%s", p.Kind, key, g.q.faces, eventsText(ev))
	}
	g.s, g.events = st.(*State), ev
	g.all = append(g.all, ev...)
	return g
}

// pick answers with the option whose label contains text.
func (g *game) pick(text string, faces ...int) *game {
	g.t.Helper()
	return g.do(g.key(text), faces...)
}

// key finds the option whose label contains text.
func (g *game) key(text string) string {
	g.t.Helper()
	p := g.s.Pending()
	if p == nil {
		g.t.Fatalf("no prompt for %q", text)
	}
	for _, o := range p.Options {
		if strings.Contains(o.Label, text) {
			return o.Key
		}
	}
	g.t.Fatalf("no option %q in:\n%s", text, g.prompt())
	return ""
}

// at checks the pending prompt's step.
func (g *game) at(op string) *game {
	g.t.Helper()
	p := g.s.Pending()
	if p == nil || p.Kind != "uboatleader."+op {
		g.t.Fatalf("want prompt %s, have:\n%s", op, g.prompt())
	}
	return g
}

func (g *game) prompt() string {
	p := g.s.Pending()
	if p == nil {
		return "(no prompt)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", p.Kind, p.Text)
	for _, o := range p.Options {
		fmt.Fprintf(&b, "  [%s] %s\n", o.Key, o.Label)
	}
	return b.String()
}

// jump replaces the agenda with steps and runs to the first prompt,
// rolling exactly faces.
func (g *game) jump(faces []int, steps ...Step) *game {
	g.t.Helper()
	g.q.faces = append(g.q.faces[:0], faces...)
	g.s.Agenda = nil
	g.s.push(steps...)
	ev, err := g.s.run(g.q, func() { g.s.advance() })
	if err != nil {
		g.t.Fatal(err)
	}
	if len(g.q.faces) > 0 {
		g.t.Fatalf("faces %v unrolled; events:\n%s", g.q.faces, eventsText(ev))
	}
	g.events = ev
	g.all = append(g.all, ev...)
	return g
}

// saw checks that the last answer's events say each text.
func (g *game) saw(texts ...string) *game {
	g.t.Helper()
	all := eventsText(g.events)
	for _, x := range texts {
		if !strings.Contains(all, x) {
			g.t.Fatalf("no event says %q; events:\n%s", x, all)
		}
	}
	return g
}

func (g *game) notSaw(texts ...string) *game {
	g.t.Helper()
	all := eventsText(g.events)
	for _, x := range texts {
		if strings.Contains(all, x) {
			g.t.Fatalf("an event says %q; events:\n%s", x, all)
		}
	}
	return g
}

func eventsText(ev []engine.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// boat is a fleet member by id.
func (g *game) boat(id string) *Boat {
	g.t.Helper()
	i := g.s.fleetIndex(id)
	if i < 0 {
		g.t.Fatalf("no %s in the fleet", id)
	}
	return &g.s.Fleet[i]
}

// ship is a battle ship by name (or position of an unknown one).
func (g *game) ship(name string) *Ship {
	g.t.Helper()
	for k := range g.s.Battle.Ships {
		sh := &g.s.Battle.Ships[k]
		if g.s.shipName(k) == name || sh.Pos == name {
			return sh
		}
	}
	g.t.Fatalf("no ship %s", name)
	return nil
}

func (g *game) shipIndex(name string) int {
	g.t.Helper()
	for k := range g.s.Battle.Ships {
		if g.s.shipName(k) == name || g.s.Battle.Ships[k].Pos == name {
			return k
		}
	}
	g.t.Fatalf("no ship %s", name)
	return -1
}

// fleet buys boats at levels (keys b:ID and level) and ends the purchase.
func (g *game) fleet(boats ...string) *game {
	g.t.Helper()
	for _, b := range boats {
		id, level, _ := strings.Cut(b, ":")
		g.at("buy").do("b:" + id).at("buy_level").do(level)
	}
	if p := g.s.Pending(); p != nil && p.Kind == "uboatleader.buy" {
		g.do("done")
	}
	return g
}

// battleAt puts boat i on a fresh display with the given convoy card,
// ships identified from the listed cards (deck:number at area) and the
// boats at their areas; the agenda is then steps.
func (g *game) battle(convoy int, ships []Ship, boats []OnDisp) *Battle {
	bt := &Battle{Convoy: convoy, Type: g.s.pack.idx.convoys[convoy].Type, Area: g.s.Fleet[boats[0].Boat].At, Active: boats[0].Boat, Engaged: true, Ships: ships, Boats: boats}
	g.s.Battle = bt
	g.s.Phase = "tactical"
	return bt
}

func known(deck string, card int, area string) Ship {
	kind := map[string]string{DeckMerchants: ShipMerchant, DeckEscorts: ShipEscort, DeckWarships: ShipWarship, DeckEscortFleet: ShipFleetEscort}[deck]
	return Ship{Pos: fmt.Sprintf("%s%d", deck[:1], card), Kind: kind, Deck: deck, Card: card, Area: area}
}

func unknown(kind, pos, area string) Ship { return Ship{Pos: pos, Kind: kind, Area: area} }

func engineChoice(key string) engine.Choice { return engine.Choice{Key: key} }
