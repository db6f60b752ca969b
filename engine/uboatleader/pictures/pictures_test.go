package pictures

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// -update rewrites the golden pictures; a person looks at them before they
// are committed.
var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/")

// campaign starts a seeded campaign and lets the built-in player decide
// until done says so.
func campaign(t testing.TB, r *uboatleader.Rules, setup string, seed uint64, done func(*uboatleader.State) bool) *uboatleader.State {
	t.Helper()
	d := dice.NewFast(seed)
	st, _, err := r.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; st.Outcome() == nil && !done(st.(*uboatleader.State)); n++ {
		if n > 40000 {
			t.Fatal("never done")
		}
		next, _, err := st.Apply(engine.Choice{Key: uboatleader.BuiltIn(st.(*uboatleader.State))}, d)
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	return st.(*uboatleader.State)
}

func house(t testing.TB) *uboatleader.Rules {
	t.Helper()
	r, err := uboatleader.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// golden compares a picture with testdata/name, pixel for pixel.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update, then look at the picture before committing it)", err)
	}
	gi, err1 := png.Decode(bytes.NewReader(got))
	wi, err2 := png.Decode(bytes.NewReader(want))
	if err1 != nil || err2 != nil {
		t.Fatalf("decoding: %v %v", err1, err2)
	}
	if gi.Bounds() != wi.Bounds() {
		t.Fatalf("%s: size %v, golden %v", name, gi.Bounds(), wi.Bounds())
	}
	if p, ok := firstDifference(gi, wi); ok {
		os.WriteFile(filepath.Join(t.TempDir(), name), got, 0o644)
		t.Fatalf("%s differs from the golden picture first at %v", name, p)
	}
	if len(got) > 400_000 {
		t.Errorf("%s is %d bytes: over the 400 KB target", name, len(got))
	}
}

func firstDifference(a, b image.Image) (image.Point, bool) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return image.Point{X: x, Y: y}, true
			}
		}
	}
	return image.Point{}, false
}

func painter(t testing.TB) *Painter {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The Turning Tide's map in its first Operations phase: the pack places the
// areas; ports, boxes, markers and the boats at sea.
func TestMapOfTheHousePack(t *testing.T) {
	s := campaign(t, house(t), `{"campaign":"turning-tide","length":"medium"}`, 4, func(s *uboatleader.State) bool {
		sh := s.MapSheet()
		at := 0
		for _, a := range sh.Areas {
			if !a.Port {
				at += len(a.Boats)
			}
		}
		return s.Phase == "operations" && at >= 3
	})
	b, err := painter(t).Map(s.MapSheet())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "map-turning-tide.png", b)
}

// A battle in the middle of its rounds: counters identified and not, damage,
// a detected boat, the legend.
func TestDisplayInABattle(t *testing.T) {
	s := campaign(t, house(t), `{"campaign":"turning-tide","length":"medium"}`, 9, func(s *uboatleader.State) bool {
		d, ok := s.DisplaySheet()
		if !ok {
			return false
		}
		known, damaged, detected, merchants := 0, 0, false, 0
		for _, x := range d.Ships {
			if x.Kind == "merchant" {
				merchants++
			}
			if x.Name != "" {
				known++
			}
			if (x.Light || x.Heavy) && x.Gone == "" {
				damaged++
			}
		}
		for _, b := range d.Boats {
			detected = detected || b.Detected
		}
		return known >= 2 && damaged >= 1 && detected && len(d.Ships) > known && merchants >= 3
	})
	d, ok := s.DisplaySheet()
	if !ok {
		t.Fatal("no battle")
	}
	b, err := painter(t).Display(d)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "display-battle.png", b)
}

// A pack that places no area (the rulebook example's fixture): the map
// lays them out in columns by their distance from port.
func TestMapLaidOutWithoutPlaces(t *testing.T) {
	p, err := uboatleader.LoadPack(os.DirFS("../testdata"), "example")
	if err != nil {
		t.Fatal(err)
	}
	s := campaign(t, uboatleader.NewRulesWith(p), `{"campaign":"battle-begins"}`, 2, func(s *uboatleader.State) bool { return s.Phase == "operations" })
	sh := s.MapSheet()
	seen := map[[2]float64]string{}
	for _, a := range sh.Areas {
		if other, ok := seen[a.At]; ok {
			t.Fatalf("%s and %s are laid out at the same place %v", a.ID, other, a.At)
		}
		seen[a.At] = a.ID
		if a.Port && a.At[0] != 88 {
			t.Errorf("port %s is not in the rightmost column: %v", a.ID, a.At)
		}
	}
	b, err := painter(t).Map(sh)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "map-laid-out.png", b)
}

// The illustrator's choices: the map for `map` and `status` and when boats
// move, the display with `display` and with every decision of a battle,
// nothing for the other views or a decision that moves nothing.
func TestIllustratorPicksThePictures(t *testing.T) {
	il, err := NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	names := func(st engine.State, view string, events []engine.Event) string {
		t.Helper()
		pics, err := il.Illustrate(st, view, events)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range pics {
			if p.ContentType != "image/png" || len(p.Data) < 1000 {
				t.Fatalf("%s: %s, %d bytes", p.Name, p.ContentType, len(p.Data))
			}
			out = append(out, p.Name)
		}
		return strings.Join(out, ",")
	}
	r := house(t)
	s := campaign(t, r, `{"campaign":"opening"}`, 3, func(s *uboatleader.State) bool { return s.Phase == "operations" })
	moved := []engine.Event{{Kind: engine.KindNote, Case: "UBL-5.1", Text: "U-47 moves"}}
	for _, c := range []struct {
		view   string
		events []engine.Event
		want   string
	}{{"map", nil, "map.png"}, {"status", nil, "map.png"}, {"display", nil, ""}, {"fleet", nil, ""}, {"", moved, ""}, {"", nil, ""}} {
		if got := names(s, c.view, c.events); got != c.want {
			t.Errorf("view %q: %q, want %q", c.view, got, c.want)
		}
	}
	s = campaign(t, r, `{"campaign":"opening"}`, 3, func(s *uboatleader.State) bool { _, ok := s.DisplaySheet(); return ok })
	round := []engine.Event{{Kind: engine.KindNote, Case: "UBL-6.7", Text: "Combat round 2: 1 U-boat and 4 ships on the display, 1 Alert marker."}}
	step := []engine.Event{{Kind: engine.KindNote, Case: "UBL-6.7", Text: "U-47 dives."}}
	for _, c := range []struct {
		view   string
		events []engine.Event
		want   string
	}{{"display", nil, "display.png"}, {"", round, "display.png"}, {"", step, ""}, {"", nil, ""}, {"", moved, "map.png"}} {
		// In the Tactical phase, a decision with UBL-5 events is the one
		// that ended the Operations phase.
		if got := names(s, c.view, c.events); got != c.want {
			t.Errorf("in a battle, view %q, events %v: %q, want %q", c.view, c.events, got, c.want)
		}
	}
	if _, err := il.Illustrate(nil, "map", nil); err == nil {
		t.Error("another game's state is drawn")
	}
}

func BenchmarkMap(b *testing.B) {
	s := campaign(b, house(b), `{"campaign":"turning-tide"}`, 4, func(s *uboatleader.State) bool { return s.Phase == "operations" })
	p := painter(b)
	for b.Loop() {
		if _, err := p.Map(s.MapSheet()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDisplay(b *testing.B) {
	s := campaign(b, house(b), `{"campaign":"turning-tide"}`, 9, func(s *uboatleader.State) bool { _, ok := s.DisplaySheet(); return ok })
	d, _ := s.DisplaySheet()
	p := painter(b)
	for b.Loop() {
		if _, err := p.Display(d); err != nil {
			b.Fatal(err)
		}
	}
}

// Issue 17's bound on a channel, at most a picture every four
// interactions, held over whole campaigns as chat plays them: the built-in
// player (who fights every battle it can) and a player who takes the
// routine or first safe choice, as the every-game test's does. Decisions
// are fewer than a chat's interactions (the Start, confirmations), so the
// figure here is the stricter.
func TestPicturesComeOnceATurnAndOnceACombatRound(t *testing.T) {
	r := house(t)
	routine := func(st engine.State) string {
		p := engine.PendingAll(st)[0]
		if k, ok := engine.RoutineChoice(st, p.Token); ok && p.HasOption(k) {
			return k
		}
		for _, o := range p.Options {
			if o.Safe {
				return o.Key
			}
		}
		for _, o := range p.Options {
			if o.Risk == "" {
				return o.Key
			}
		}
		return p.Options[0].Key
	}
	builtIn := func(st engine.State) string { return uboatleader.BuiltIn(st.(*uboatleader.State)) }
	for _, c := range []struct {
		name   string
		choose func(engine.State) string
	}{{"built-in", builtIn}, {"routine", routine}} {
		for seed := uint64(1); seed <= 4; seed++ {
			d := dice.NewFast(seed)
			st, _, err := r.New([]byte(`{"length":"short","draws":"deck"}`), d)
			if err != nil {
				t.Fatal(err)
			}
			decisions, pictures, maps, displays := 0, 0, 0, 0
			for st.Outcome() == nil {
				if decisions > 20000 {
					t.Fatal("never ends")
				}
				p := engine.PendingAll(st)[0]
				phase := st.(*uboatleader.State).Phase
				var events []engine.Event
				st, events, err = st.Apply(engine.Choice{Token: p.Token, Key: c.choose(st)}, d)
				if err != nil {
					t.Fatal(err)
				}
				decisions++
				moments := Moments(st.(*uboatleader.State), events)
				if now := st.(*uboatleader.State).Phase; phase == "operations" && now != phase && !slices.Contains(moments, "map") {
					t.Errorf("%s, seed %d, decision %d: the Operations phase (UBL-5) ended without the map", c.name, seed, decisions)
				}
				for _, m := range moments {
					pictures++
					if m == "map" {
						maps++
					} else {
						displays++
					}
				}
			}
			s := st.(*uboatleader.State)
			per := float64(pictures) / float64(decisions)
			t.Logf("%s, seed %d: %d decisions over %d turns, %d maps and %d displays: %.2f a decision", c.name, seed, decisions, s.Turn, maps, displays, per)
			if per > 0.25 {
				t.Errorf("%s, seed %d: %.2f pictures a decision (at most 0.25, issue 17)", c.name, seed, per)
			}
		}
	}
}
