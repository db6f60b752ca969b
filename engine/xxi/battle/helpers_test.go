package battle

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// housePaths are the house pack's two paths: the Atlantic one is the
// rulebook's bottom path of 9.10 (Open Ocean Engine 4+ 1 icon, PBY
// Searchers Engine 5+ 1, Scout Bomber Silence 4+, Destroyer Screen Silence
// 5+ 2, Dangerous Trip Home 4+, Atlantic Ocean 2d6), as content's checks
// require.
func housePaths(t *testing.T) []content.Path {
	t.Helper()
	pk, err := content.LoadHousePack()
	if err != nil {
		t.Fatalf("house pack: %v", err)
	}
	return pk.Tracks.Paths
}

func vii(id string) Flotilla {
	return Flotilla{ID: id, Class: "VII", Ratings: Ratings{2, 2, 2, 2}}
}

// setup9_10 is 9.10's: two Type VIIs and a convoy rated 5 in the Atlantic
// Ocean.
func setup9_10(t *testing.T, r Rulings) Setup {
	return Setup{
		Flotillas: []Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []Convoy{{ID: "convoy-5", Value: 5, Path: content.Atlantic}},
		Rulings:   r,
	}
}

func mustNew(t *testing.T, s Setup) Phase {
	t.Helper()
	p, err := New(s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return p
}

// step answers key with exactly faces: every one must be rolled, and no
// other.
func step(t *testing.T, p Phase, key string, faces ...int) (Phase, []engine.Event) {
	t.Helper()
	d := dice.NewScripted(faces)
	q, ev, err := p.Apply(key, d)
	if err != nil {
		t.Fatalf("Apply(%q): %v", key, err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("Apply(%q) rolled %d of the %d faces %v", key, d.Cursor(), len(faces), faces)
	}
	return q, ev
}

// rolls are the roll events, as "case purpose-free summary": case, dice,
// faces and result.
func rolls(ev []engine.Event) []string {
	var out []string
	for _, e := range ev {
		if e.Kind == engine.KindRoll {
			out = append(out, fmt.Sprintf("%s %s %v %s", e.Roll.Case, e.Roll.Dice, e.Roll.Faces, e.Roll.Result))
		}
	}
	return out
}

func wantRolls(t *testing.T, ev []engine.Event, want ...string) {
	t.Helper()
	if got := rolls(ev); !reflect.DeepEqual(got, want) {
		t.Fatalf("rolls:\n got %q\nwant %q", got, want)
	}
}

func wantKind(t *testing.T, p Phase, kind string, keys ...string) {
	t.Helper()
	pr := p.Prompt()
	if pr == nil {
		t.Fatalf("no prompt; want %s %v", kind, keys)
	}
	var got []string
	for _, o := range pr.Options {
		got = append(got, o.Key)
		if o.Label == "" || o.Case == "" {
			t.Errorf("option %q lacks a label or a case", o.Key)
		}
	}
	if pr.Kind != kind || !reflect.DeepEqual(got, keys) {
		t.Fatalf("prompt %s %v, want %s %v", pr.Kind, got, kind, keys)
	}
}

func flot(t *testing.T, p Phase, id string) Flotilla {
	t.Helper()
	for _, f := range p.Flotillas() {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no flotilla %s", id)
	return Flotilla{}
}

func notes(ev []engine.Event) string {
	var b strings.Builder
	for _, e := range ev {
		if e.Kind == engine.KindNote {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

func illegal(t *testing.T, p Phase, key string) {
	t.Helper()
	before := fmt.Sprintf("%#v", p)
	q, ev, err := p.Apply(key, dice.NewScripted([]int{6, 6, 6, 6, 6, 6}))
	if !errors.Is(err, engine.ErrIllegalChoice) {
		t.Fatalf("Apply(%q) = %v, want ErrIllegalChoice", key, err)
	}
	if ev != nil || !reflect.DeepEqual(q, p) || fmt.Sprintf("%#v", p) != before {
		t.Fatalf("Apply(%q) refused but changed something", key)
	}
}

// xxi is a Type XXI flotilla with the given ratings.
func xxi(id string, r Ratings) Flotilla { return Flotilla{ID: id, Class: "XXI", Ratings: r} }

// sixes is n faces of 6: a pass of any test.
func sixes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 6
	}
	return out
}

// toArea sails flotilla id (whose Engine and Silence are n dice) on path
// and passes its four encounter tests with sixes (9.2), under the default
// XXI-A7.
func toArea(t *testing.T, p Phase, id, path string, n int) Phase {
	t.Helper()
	p, _ = step(t, p, "sail:"+id+":"+path)
	for range 4 {
		p, _ = step(t, p, "test", sixes(n)...)
	}
	return p
}
