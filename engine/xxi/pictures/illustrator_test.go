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

// A decision's events draw the pictures their cases changed (3.0's
// phases): the map for the draw (4.0), bombing (6.0), movement (7.0) and
// repair of devastation (11.2); the tracks for battle (9.x), the grinding
// war (10.1), restored flotillas (11.1) and the end phase (12.x); both for
// allocation (5.1: resources to the map, convoys and armies to the
// tracks), construction (8.4: the yard emptied, the model built), the
// Constant Retreat's lost crew (10.3), set-up and the game's end; nothing
// for a decision whose events name no phase.
func TestIllustrateEventsDrawWhatChanged(t *testing.T) {
	il := illustrator(t)
	st := boarded{b: midGame(housePack(t))}
	note := func(c string) []engine.Event { return []engine.Event{{Kind: engine.KindNote, Case: c}} }
	roll := func(c string) []engine.Event {
		return []engine.Event{{Kind: engine.KindRoll, Roll: &engine.Roll{Case: c, Dice: "3d6"}}}
	}
	const both = "map.png,tracks.png"
	for _, c := range []struct {
		name   string
		events []engine.Event
		want   string
	}{
		{"4.0 draw", roll("4.0"), "map.png"},
		{"5.1 allocation", note("5.1"), both},
		{"6.0 bombing roll", roll("6.0"), "map.png"},
		{"7.1 Transport Points", roll("7.1"), "map.png"},
		{"7.2 a move", note("7.2"), "map.png"},
		{"8.4 construction", note("8.4"), both},
		{"9.2 a test", roll("9.2"), "tracks.png"},
		{"9.7 a convoy attack", roll("XXI-9.7"), "tracks.png"},
		{"10.1 armies advance", roll("10.1"), "tracks.png"},
		{"10.3 a crew removed", note("10.3"), both},
		{"11.1 flotillas restored", note("11.1"), "tracks.png"},
		{"11.2 repair", note("11.2"), "map.png"},
		{"12.1 convoys move", note("12.1"), "tracks.png"},
		{"12.2 the month marked", note("12.2"), "tracks.png"},
		{"13.0 set-up", note("13.0"), both},
		{"the end", []engine.Event{{Kind: engine.KindEnd, Text: "the track is full"}}, both},
		{"movement then battle", append(note("7.2"), roll("9.4")...), both},
		{"a ruling alone", note("XXI-A7"), ""},
		{"a choice with no case", []engine.Event{{Kind: engine.KindChoice, Choice: &engine.Choice{Key: "done"}}}, ""},
		{"no events", nil, ""},
	} {
		if got := names(t, il, st, "", c.events); got != c.want {
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
