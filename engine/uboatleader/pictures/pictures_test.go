package pictures

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
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
	}{{"map", nil, "map.png"}, {"status", nil, "map.png"}, {"display", nil, ""}, {"fleet", nil, ""}, {"", moved, "map.png"}, {"", nil, ""}} {
		if got := names(s, c.view, c.events); got != c.want {
			t.Errorf("view %q: %q, want %q", c.view, got, c.want)
		}
	}
	s = campaign(t, r, `{"campaign":"opening"}`, 3, func(s *uboatleader.State) bool { _, ok := s.DisplaySheet(); return ok })
	for _, view := range []string{"display", ""} {
		if got := names(s, view, nil); got != "display.png" {
			t.Errorf("in a battle, view %q: %q", view, got)
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
