package pictures

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// boarded is a state that only draws: what engine/xxi's State is to the
// illustrator.
type boarded struct {
	engine.State
	b Board
}

func (s boarded) Board() Board { return s.b }

// The views: map, tracks, both for board and status, none for the others;
// a state that is not XXI's is refused.
func TestIllustrateViews(t *testing.T) {
	il := illustrator(t)
	st := boarded{b: midGame(housePack(t))}
	for _, c := range []struct{ view, want string }{
		{"map", "map.png"}, {"tracks", "tracks.png"}, {"board", "map.png,tracks.png"},
		{"status", "map.png,tracks.png"}, {"log", ""}, {"variants", ""}, {"data", ""},
	} {
		if got := names(t, il, st, c.view, nil); got != c.want {
			t.Errorf("view %q: %q, want %q", c.view, got, c.want)
		}
	}
	if _, err := il.Illustrate(nil, "map", nil); err == nil {
		t.Error("another game's state is drawn")
	}
}

func names(t *testing.T, il *Illustrator, st engine.State, view string, events []engine.Event) string {
	t.Helper()
	pics, err := il.Illustrate(st, view, events)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pics {
		decode(t, p)
		out = append(out, p.Name)
	}
	return strings.Join(out, ",")
}

// A decision posts a picture only at the moments that matter (Changed):
// both at set-up and at the game's end; the map with the decision that
// ends the Movement Phase (a 7.x case, the board past Movement) when a
// counter was moved this turn; the tracks when a model is built (8.4);
// nothing for a move within the Movement Phase, the draws, bombing, a
// battle, the Grinding War, a repair or the month's marker, which the
// decision's lines tell.
func TestIllustrateEventsDrawAtTheMomentsThatMatter(t *testing.T) {
	il := illustrator(t)
	during := midGame(housePack(t)) // Movement (7.0), Hull A moved
	after := during
	after.Phase = "XXI Construction (8.0)"
	still := after
	still.Moved = nil
	note := func(c string) []engine.Event { return []engine.Event{{Kind: engine.KindNote, Case: c}} }
	roll := func(c string) []engine.Event {
		return []engine.Event{{Kind: engine.KindRoll, Roll: &engine.Roll{Case: c, Dice: "3d6"}}}
	}
	const both = "map.png,tracks.png"
	for _, c := range []struct {
		name   string
		b      Board
		events []engine.Event
		want   string
	}{
		{"4.0 draw", during, roll("4.0"), ""},
		{"5.1 allocation", during, note("5.1"), ""},
		{"6.0 bombing roll", during, roll("6.0"), ""},
		{"7.1 Transport Points, the next month's Movement begun", during, roll("7.1"), ""},
		{"7.2 a move within the Movement Phase", during, note("7.2"), ""},
		{"the Movement Phase ended, a counter moved", after, append(note("7.0"), note("8.1")...), "map.png"},
		{"the Movement Phase ended, nothing moved", still, append(note("7.0"), note("8.1")...), ""},
		{"8.1 construction, nothing built", still, note("8.1"), ""},
		{"8.4 a model built", still, note("8.4"), "tracks.png"},
		{"9.2 a test", still, roll("9.2"), ""},
		{"9.7 a convoy attack", still, roll("XXI-9.7"), ""},
		{"10.1 armies advance", still, roll("10.1"), ""},
		{"10.3 a crew removed", still, note("10.3"), ""},
		{"11.1 flotillas restored", still, note("11.1"), ""},
		{"11.2 repair", still, note("11.2"), ""},
		{"12.2 the month marked", during, note("12.2"), ""},
		{"13.0 set-up", during, note("13.0"), both},
		{"the end", still, []engine.Event{{Kind: engine.KindEnd, Text: "the track is full"}}, both},
		{"a ruling alone", after, note("XXI-A7"), ""},
		{"a choice with no case", after, []engine.Event{{Kind: engine.KindChoice, Choice: &engine.Choice{Key: "done"}}}, ""},
		{"no events", after, nil, ""},
	} {
		if got := names(t, il, boarded{b: c.b}, "", c.events); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// Case numbers are read by module and section, a game prefix dropped.
func TestModuleOfACase(t *testing.T) {
	for _, c := range []struct {
		in     string
		m, sub int
		ok     bool
	}{{"10.3.1", 10, 3, true}, {"7.0", 7, 0, true}, {"9", 9, 0, true}, {"XXI-11.2", 11, 2, true}, {"XXI-A3", 0, 0, false}, {"", 0, 0, false}} {
		m, sub, ok := module(c.in)
		if m != c.m || sub != c.sub || ok != c.ok {
			t.Errorf("module(%q) = %d, %d, %v", c.in, m, sub, ok)
		}
	}
}

// Where a flotilla is, read against the pack's paths (Flotilla's doc).
func TestWhereAFlotillaIs(t *testing.T) {
	paths := housePack(t).Tracks.Paths
	for _, c := range []struct {
		where string
		want  place
	}{
		{"Valentin", place{kind: "valentin"}},
		{"Prototype Pen", place{kind: "pen"}},
		{"Scrap Pile", place{kind: "lost"}},
		{"atlantic:Open Ocean", place{kind: "encounter", path: 0, slot: 0}},
		{"atlantic:4", place{kind: "encounter", path: 0, slot: 3}},
		{"western-approaches:home", place{kind: "home", path: 1}},
		{"western-approaches:Western Approaches", place{kind: "area", path: 1}},
		{"Atlantic Ocean", place{kind: "area", path: 0}},
		{"atlantic:9", place{kind: "elsewhere"}},
		{"the moon", place{kind: "elsewhere"}},
	} {
		if got := placeOf(c.where, paths); got != c.want {
			t.Errorf("%q: %+v, want %+v", c.where, got, c.want)
		}
	}
}
