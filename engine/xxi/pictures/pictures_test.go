package pictures

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// -update rewrites the golden pictures; a person looks at them before they
// are committed.
var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/")

func housePack(t testing.TB) *content.Pack {
	t.Helper()
	p, err := content.LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func illustrator(t testing.TB) *Illustrator {
	t.Helper()
	il, err := NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	return il
}

// midGame is a Board built by hand, as engine/xxi's state would fill it, in
// the fifth month's Movement Phase: resources on their Production spaces
// (5.1) and on the way, two shipyards with squares filled, two hubs
// devastated (6.0), model A built (8.4), a flotilla on each path, convoys
// in both areas (5.1, 12.1).
func midGame(p *content.Pack) Board {
	return Board{
		Pack:  p,
		House: true,
		OnSpace: map[string][]string{
			"A": {"Hull A", "Hull A"}, "B": {"Hull B"}, "D": {"Systems D"}, "E": {"Systems E"},
			"F": {"Crew F"}, "G": {"Crew G"}, "14": {"Hull A"}, "12": {"Systems E", "Crew G"},
			"10": {"Hull C", "Hull C", "Systems E", "Crew F", "Hull B"},
		},
		InYard: map[string][]string{
			"12": {"Hull A", "Hull B", "Systems D", "Crew F"},
			"8":  {"Hull C", "Crew G"},
		},
		Devastated:  map[string]string{"5": "hull", "9": "crew"},
		Moved:       map[string]bool{"Hull A": true},
		GrindingWar: 1,
		Armies:      3,
		Turn:        4,
		Built:       []string{"A"},
		Flotillas: []Flotilla{
			{ID: "VII-1", Class: "VII", Where: "Valentin"},
			{ID: "VII-2", Class: "VII", Where: "atlantic:PBY Searchers", Depleted: true},
			{ID: "XXI-1", Class: "XXI", Where: "western-approaches:2"},
			{ID: "XXI-2", Class: "XXI", Where: "Prototype Pen"},
			{ID: "XXI-3", Class: "XXI", Where: "Prototype Pen"},
			{ID: "XXI-4", Class: "XXI", Where: "Prototype Pen"},
			{ID: "XXI-5", Class: "XXI", Where: "Prototype Pen"},
		},
		Convoys:    map[string][]int{"Atlantic Ocean": {5, 3}, "Western Approaches": {4}},
		Transport:  5,
		Phase:      "Movement (7.0)",
		Allocation: []string{"IBG Command", "IBG Command", "Bomber Devastation (systems)"},
	}
}

func decode(t *testing.T, p engine.Picture) image.Image {
	t.Helper()
	if p.ContentType != "image/png" {
		t.Fatalf("%s: content type %q", p.Name, p.ContentType)
	}
	img, err := png.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatalf("%s does not decode as PNG: %v", p.Name, err)
	}
	return img
}

// golden compares a picture with testdata/name, pixel for pixel.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
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
	if p, ok := firstDifference(gi, wi, gi.Bounds()); ok {
		t.Fatalf("%s differs from the golden picture first at %v", name, p)
	}
	if len(got) > 400_000 {
		t.Errorf("%s is %d bytes: over the 400 KB target", name, len(got))
	}
}

func firstDifference(a, b image.Image, r image.Rectangle) (image.Point, bool) {
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

// The house pack's map (2.4.1) and tracks mid-game: PNGs at chat size,
// pixel for pixel the golden pictures.
func TestPicturesOfTheHousePack(t *testing.T) {
	il := illustrator(t)
	p := housePack(t)
	m, err := il.Map(midGame(p))
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "map.png" {
		t.Errorf("the map is named %q", m.Name)
	}
	if got := decode(t, m).Bounds(); got != image.Rect(0, 0, 1200, mapH) {
		t.Errorf("the map is %v, want 1200 wide and %d tall", got, mapH)
	}
	golden(t, "map-house-midgame.png", m.Data)
	tr, err := il.Tracks(midGame(p))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Name != "tracks.png" {
		t.Errorf("the tracks are named %q", tr.Name)
	}
	if got := decode(t, tr).Bounds(); got != image.Rect(0, 0, 1200, tracksHeight(p)) {
		t.Errorf("the tracks are %v, want 1200 wide and %d tall", got, tracksHeight(p))
	}
	golden(t, "tracks-house-midgame.png", tr.Data)
}

// The same Board gives the same bytes, whatever the order its maps are
// walked in: a picture is reproducible from a replayed game.
func TestSameBoardSameBytes(t *testing.T) {
	il := illustrator(t)
	p := housePack(t)
	for _, draw := range []struct {
		name string
		f    func(Board) (engine.Picture, error)
	}{{"map", il.Map}, {"tracks", il.Tracks}} {
		var first []byte
		for i := 0; i < 3; i++ {
			pic, err := draw.f(midGame(p))
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = pic.Data
			} else if !bytes.Equal(first, pic.Data) {
				t.Fatalf("%s: drawing the same Board twice gave different bytes", draw.name)
			}
		}
	}
}

// region is the square of side 2r around a space's node.
func region(p *content.Pack, id string, r int) image.Rectangle {
	for _, s := range p.Map.Spaces {
		if s.ID == id {
			x, y := mapPoint(s.At)
			return image.Rect(x-r, y-r, x+r, y+r)
		}
	}
	panic("no space " + id)
}

// A devastated hub (6.0) is marked on its node, and its marker's icon, the
// resource that repairs it (11.2), shows: the node's pixels differ from the
// same hub undevastated, and a hull marker's from a crew marker's.
func TestDevastatedHubIsMarked(t *testing.T) {
	il := illustrator(t)
	p := housePack(t)
	draw := func(marker string) image.Image {
		b := midGame(p)
		b.Devastated = map[string]string{}
		if marker != "" {
			b.Devastated["7"] = marker
		}
		pic, err := il.Map(b)
		if err != nil {
			t.Fatal(err)
		}
		return decode(t, pic)
	}
	clear, hull, crew := draw(""), draw("hull"), draw("crew")
	node := region(p, "7", 36)
	if _, differ := firstDifference(clear, hull, node); !differ {
		t.Error("6.0: hub 7 devastated looks the same as hub 7 clear")
	}
	// The badge at the node's upper right holds the marker's icon.
	badge := region(p, "7", 0)
	badge = image.Rect(badge.Min.X+hubR-10, badge.Min.Y-hubR-14, badge.Min.X+hubR+14, badge.Min.Y-hubR+10)
	if _, differ := firstDifference(hull, crew, badge); !differ {
		t.Error("11.2: a hull marker's badge looks the same as a crew marker's")
	}
	// Away from hub 7, nothing changed.
	far := region(p, "17", 30)
	if pt, differ := firstDifference(clear, hull, far); differ {
		t.Errorf("devastating hub 7 changed hub 17's pixels at %v", pt)
	}
}

// Crowded spaces, an overfull yard, a full Valentin, many convoys and
// values off the tracks draw without panicking; a space's chips stop at
// "+N more".
func TestCrowdedBoardsDraw(t *testing.T) {
	il := illustrator(t)
	p := housePack(t)
	b := midGame(p)
	for i := 0; i < 40; i++ {
		b.OnSpace["12"] = append(b.OnSpace["12"], fmt.Sprintf("Hull %c", 'A'+i%9))
		b.Allocation = append(b.Allocation, fmt.Sprintf("Counter %d", i))
	}
	b.InYard["18"] = []string{"Hull A", "Hull B", "Hull C", "Systems D", "Systems E", "Crew F", "Crew G"}
	for i := 0; i < 14; i++ {
		b.Flotillas = append(b.Flotillas, Flotilla{ID: fmt.Sprintf("XXI-%d", 10+i), Class: "XXI", Where: "Valentin", Depleted: i%2 == 0})
		b.Flotillas = append(b.Flotillas, Flotilla{ID: fmt.Sprintf("VII-%d", 10+i), Class: "VII", Where: "atlantic:area"})
	}
	b.Flotillas = append(b.Flotillas, Flotilla{ID: "XXI-9", Class: "XXI", Where: "Scrap Pile"}, Flotilla{ID: "U-X", Where: "somewhere odd"})
	b.Convoys["Atlantic Ocean"] = []int{3, 4, 4, 5, 5, 5, 6, 6, 3, 4, 5, 6}
	b.Convoys["North Sea"] = []int{2}
	b.Transport, b.GrindingWar, b.Turn, b.Built = 19, 9, 40, []string{"A", "B", "C", "D"}
	for _, draw := range []func(Board) (engine.Picture, error){il.Map, il.Tracks} {
		pic, err := draw(b)
		if err != nil {
			t.Fatal(err)
		}
		decode(t, pic)
	}
	gs := groups(b.OnSpace["12"], b.Moved)
	shown, more := visible(gs, columnRows)
	if len(shown) != columnRows-1 || more != 42-countOf(shown) {
		t.Errorf("a crowded space shows %d chips and +%d more: %+v", len(shown), more, shown)
	}
	if shown, more := visible(groups([]string{"Hull A", "Hull A", "Crew F"}, nil), columnRows); len(shown) != 2 || more != 0 || shown[0].text() != "Hull A ×2" {
		t.Errorf("two Hull A and a Crew F (5.2): %+v, +%d", shown, more)
	}
}

func countOf(gs []group) int {
	n := 0
	for _, g := range gs {
		n += g.n
	}
	return n
}

// An owner's pack places the spaces elsewhere: the map draws them where it
// says, not where the house pack does.
func TestAnotherPacksCoordinatesStillDraw(t *testing.T) {
	il := illustrator(t)
	house := housePack(t)
	mirrored := *house
	mirrored.Map.Spaces = append([]content.Space(nil), house.Map.Spaces...)
	for i, s := range mirrored.Map.Spaces {
		mirrored.Map.Spaces[i].At = []float64{100 - s.At[0], s.At[1]}
	}
	a, err := il.Map(midGame(house))
	if err != nil {
		t.Fatal(err)
	}
	b, err := il.Map(midGame(&mirrored))
	if err != nil {
		t.Fatal(err)
	}
	ha, hb := decode(t, a), decode(t, b)
	// Space A (hull, 13.0) is at x 14 in the house pack and 86 mirrored.
	x, y := mapPoint([]float64{86, 70})
	if got := hb.At(x-prodHalf+5, y-prodHalf+5); !sameColour(got, hullCol) {
		t.Errorf("the mirrored pack's space A is not drawn at (86, 70): %v", got)
	}
	if got := ha.At(x-prodHalf+5, y-prodHalf+5); sameColour(got, hullCol) {
		t.Errorf("the house pack draws a hull space at (86, 70)")
	}
	// A space without a place, or off the frame, is drawn at the edge or
	// the centre, never refused.
	broken := mirrored
	broken.Map.Spaces = append([]content.Space(nil), mirrored.Map.Spaces...)
	broken.Map.Spaces[0].At = nil
	broken.Map.Spaces[1].At = []float64{-20, 140}
	if _, err := il.Map(midGame(&broken)); err != nil {
		t.Fatal(err)
	}
	// An empty pack (no spaces, tracks or paths) draws empty frames.
	for _, draw := range []func(Board) (engine.Picture, error){il.Map, il.Tracks} {
		pic, err := draw(Board{Pack: &content.Pack{}, GrindingWar: -1})
		if err != nil {
			t.Fatal(err)
		}
		decode(t, pic)
		if _, err := draw(Board{}); err == nil {
			t.Error("a Board without a pack is drawn")
		}
	}
}

func sameColour(c interface{ RGBA() (r, g, b, a uint32) }, want interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, _ := c.RGBA()
	r2, g2, b2, _ := want.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2
}

// Channels draw at once: the illustrator's fonts are shared safely (run
// with -race).
func TestConcurrentDrawing(t *testing.T) {
	il, p := illustrator(t), housePack(t)
	done := make(chan error)
	for i := 0; i < 4; i++ {
		go func() {
			_, err := il.Illustrate(boarded{b: midGame(p)}, "board", nil)
			done <- err
		}()
	}
	for i := 0; i < 4; i++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func BenchmarkMap(b *testing.B) {
	il, p := illustrator(b), housePack(b)
	for b.Loop() {
		if _, err := il.Map(midGame(p)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTracks(b *testing.B) {
	il, p := illustrator(b), housePack(b)
	for b.Loop() {
		if _, err := il.Tracks(midGame(p)); err != nil {
			b.Fatal(err)
		}
	}
}
