package pictures

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/testsize"
)

// -update rewrites the golden pictures; a person looks at them before they
// are committed.
var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/")

// career starts a seeded career and lets the built-in commander decide
// until done says so (or n decisions).
func career(t testing.TB, setup string, seed uint64, n int, done func(*hunters.State) bool) *hunters.State {
	t.Helper()
	r, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	d := dice.NewFast(seed)
	st, _, err := r.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*hunters.State)
	for i := 0; i < n && s.Over == nil && !done(s); i++ {
		if _, err := s.ApplyInPlace(engine.Choice{Key: hunters.Command(s)}, d, false); err != nil {
			t.Fatal(err)
		}
	}
	return s
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
	if filepath.Ext(name) != ".png" {
		if !bytes.Equal(got, want) {
			t.Fatalf("%s differs from the golden file", name)
		}
		return
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
	if len(got) > 300_000 {
		t.Errorf("%s is %d bytes: over the 300 KB target", name, len(got))
	}
}

func firstDifference(a, b image.Image) (image.Point, bool) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, aa := a.At(x, y).RGBA()
			br, bg, bb, ba := b.At(x, y).RGBA()
			if ar != br || ag != bg || ab != bb || aa != ba {
				return image.Pt(x, y), true
			}
		}
	}
	return image.Point{}, false
}

func TestDisplayMatFreshBoat(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	loaded := func(s *hunters.State) bool { return s.Boat.Fwd[0] != "" }
	s := career(t, `{"boat":"VIIC","start":"1940-10","kommandant":"Kretschmer"}`, 3, 50, loaded)
	png, err := p.DisplayMat(s.Sheet())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "mat-fresh.png", png)
}

// Heavy damage with wounded crew: the state is edited to show every mark.
func TestDisplayMatHeavyDamage(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	loaded := func(s *hunters.State) bool { return s.Boat.Fwd[0] != "" }
	s := career(t, `{"boat":"IXB","start":"1941-03","kommandant":"Lüth","rules":"14.6"}`, 5, 50, loaded)
	s.Boat.Hull, s.Boat.Flooding = 5, 2
	s.Boat.Sys[0], s.Boat.Sys[3], s.Boat.Sys[7], s.Boat.Sys[12] = hunters.Damaged, hunters.Inoperable, hunters.Inoperable, hunters.Damaged
	s.Boat.Fwd[1], s.Boat.Aft[0] = "", hunters.G7e
	s.Boat.Ammo = 3
	s.Crew.WO1.Health, s.Crew.LI.Health, s.Crew.Generic[2].Health = hunters.LW, hunters.SW, hunters.KIA
	s.Crew.Doctor.Experte = true
	s.Career.Hals = 1
	png, err := p.DisplayMat(s.Sheet())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "mat-damaged.png", png)
}

// A full career's log sheet, as a picture and as CSV.
func TestLogSheetOfAFullCareer(t *testing.T) {
	testsize.FullOnly(t) // a whole career drawn against its golden file
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	s := career(t, `{"boat":"VIIB","start":"1939-09","kommandant":"Prien"}`, 21, 100000, func(*hunters.State) bool { return false })
	if s.Over == nil {
		t.Fatal("the career did not end")
	}
	png, err := p.LogSheet(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "log-career.png", png)
	csv, err := LogCSV(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "log-career.csv", csv)
}

// sunkCareer plays seed 11's VIIC career to its end: sunk by depth charges
// on its fifth patrol (Jul-41, Atlantic) after sinking two of the four ships
// it engaged, as the rulebook's sample sheet (3.5) ends on a sunk boat.
func sunkCareer(t testing.TB) *hunters.State {
	t.Helper()
	s := career(t, `{"boat":"VIIC","start":"1940-10","kommandant":"Blennemann","uboat":"U-235"}`, 11, 100000, func(*hunters.State) bool { return false })
	if s.Over == nil || s.Career.Fate != "sunk" {
		t.Fatalf("seed 11 no longer ends with the boat sunk: %+v", s.Over)
	}
	return s
}

// A sunk boat's pictures show the loss the way the printed sheet is filled in
// (3.5): the fatal patrol is counted (TOTAL PATROLS 5, as in the sample), its
// row says SUNK instead of S or F, and the display mat and the combat mat of
// the last engagement carry the boat's fate.
func TestPicturesOfASunkBoat(t *testing.T) {
	testsize.FullOnly(t) // a whole career to its sinking, drawn against golden files
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	s := sunkCareer(t)
	if s.Career.Patrols != 5 {
		t.Fatalf("patrols %d, want 5 (the fatal one counts)", s.Career.Patrols)
	}
	var last hunters.LogRow
	for _, r := range s.LogSheet() {
		if r.Mark == "patrol" {
			last = r
		}
	}
	if last.Loss != "SUNK" || last.Result != "" || last.Verdict() != "SUNK" {
		t.Fatalf("the fatal patrol's row: %+v", last)
	}
	mat := s.Sheet()
	if !strings.HasPrefix(mat.Fate, "SUNK · Jul-41") {
		t.Fatalf("display mat fate %q", mat.Fate)
	}
	combat, ok := s.CombatSheet()
	if !ok || combat.Fate != mat.Fate {
		t.Fatalf("combat mat of the last engagement: %v %q", ok, combat.Fate)
	}
	// The mat shows the attack that sank her, not the one before (issue 28).
	if !strings.HasSuffix(combat.LastAttack, "U-boat sunk") {
		t.Fatalf("combat mat's last attack %q", combat.LastAttack)
	}
	for _, c := range []struct {
		name string
		draw func() ([]byte, error)
	}{
		{"mat-sunk.png", func() ([]byte, error) { return p.DisplayMat(mat) }},
		{"combat-sunk.png", func() ([]byte, error) { return p.CombatMat(combat) }},
		{"log-sunk.png", func() ([]byte, error) { return p.LogSheet(s) }},
		{"log-sunk.csv", func() ([]byte, error) { return LogCSV(s) }},
	} {
		b, err := c.draw()
		if err != nil {
			t.Fatal(err)
		}
		golden(t, c.name, b)
	}
}

// A convoy engagement at night on a wolfpack patrol, in the middle of aiming
// a salvo: two tubes aimed at two ships, the third being aimed.
func TestCombatMatConvoyAtNightWithWolfpack(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	s := nightConvoyAiming(t)
	sheet, ok := s.CombatSheet()
	if !ok {
		t.Fatal("no combat mat during an engagement")
	}
	if sheet.Time != "Night" || sheet.Wolfpack == "" || len(sheet.Targets) < 2 || sheet.Aiming == "" {
		t.Fatalf("the state is not the one the golden picture shows: %+v", sheet)
	}
	if len(sheet.Targets[0].Salvo) != 1 || len(sheet.Targets[1].Salvo) != 1 {
		t.Fatalf("salvo per target: %+v", sheet.Targets)
	}
	png, err := p.CombatMat(sheet)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "combat-night-wolfpack.png", png)
}

// nightConvoyAiming plays seed 174 to a night surface attack on a convoy on a wolfpack
// patrol (7.2.2), fires forward and aims the first two tubes at ships #1 and #2 (9.2.1).
func nightConvoyAiming(t testing.TB) *hunters.State {
	t.Helper()
	s := career(t, `{"boat":"VIIC","start":"1941-06","kommandant":"Topp","rules":"14.6"}`, 174, 3000, func(s *hunters.State) bool {
		e := s.Enc
		return e != nil && e.Type == "convoy" && e.Night && e.Surfaced && s.Patrol.Wolfpack && e.WolfRolled && s.Phase.String() == "weapon"
	})
	if s.Phase.String() != "weapon" {
		t.Fatal("seed 174 no longer reaches a night convoy on a wolfpack patrol")
	}
	d := dice.NewScripted(nil)
	for _, key := range []string{"fwd", "t1", "t2"} {
		if _, err := s.ApplyInPlace(engine.Choice{Key: key}, d, false); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// Every state a career passes through can be drawn: no panic, a PNG under
// the size target (the sheets are computed from whatever the state holds).
func TestEveryStateOfACareerDraws(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	r, _ := hunters.NewRules()
	d := dice.NewFast(9)
	st, _, err := r.New([]byte(`{"boat":"IXB","start":"1940-04"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*hunters.State)
	// Under -race (testsize) the display of one state in 50, not in 7.
	every := testsize.Scale(7, 50)
	for i := 0; s.Over == nil && i < 5000; i++ {
		if i%every == 0 {
			if _, err := p.DisplayMat(s.Sheet()); err != nil {
				t.Fatalf("decision %d: %v", i, err)
			}
		}
		if sheet, ok := s.CombatSheet(); ok {
			if _, err := p.CombatMat(sheet); err != nil {
				t.Fatalf("decision %d: combat mat: %v", i, err)
			}
		}
		if _, err := s.ApplyInPlace(engine.Choice{Key: hunters.Command(s)}, d, false); err != nil {
			t.Fatal(err)
		}
	}
}

// The illustrator draws a picture when the decision changed it (issue 17:
// a channel is not a wall of images): the combat mat when an engagement
// begins and after a hit on a target, the display mat after damage to the
// boat, the log sheet at refit; nothing for a decision that changed none
// (aiming, a miss, a repair); and Show board's picture of the moment.
func TestIllustratorPicksThePictures(t *testing.T) {
	il, err := NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	names := func(s *hunters.State, view string, events []engine.Event) []string {
		t.Helper()
		pics, err := il.Illustrate(s, view, events)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range pics {
			if p.ContentType != "image/png" || len(p.Data) == 0 {
				t.Fatalf("%s: %s, %d bytes", p.Name, p.ContentType, len(p.Data))
			}
			out = append(out, p.Name)
		}
		return out
	}
	combat := nightConvoyAiming(t)
	sunk := sunkCareer(t)
	end := []engine.Event{{Kind: "roll", Case: "9.6.8", Roll: &engine.Roll{Chart: "E3"}}, {Kind: engine.KindEnd, Case: "5.2"}}
	damage := []engine.Event{{Kind: "roll", Case: "9.6.9", Roll: &engine.Roll{Chart: "E4"}}}
	refit := []engine.Event{{Kind: "note", Case: "10.10.3"}}
	contact := []engine.Event{{Kind: "roll", Case: "8.2.1", Roll: &engine.Roll{Chart: "E1", Case: "8.2.1"}}, {Kind: "roll", Case: "8.2.2", Roll: &engine.Roll{Chart: "T1", Case: "8.2.2"}}}
	hit := []engine.Event{{Kind: "roll", Case: "9.2.3", Roll: &engine.Roll{Chart: "U1", Case: "9.2.3"}}, {Kind: "roll", Case: "9.2.4", Roll: &engine.Roll{Chart: "U2", Case: "9.2.4"}},
		{Kind: "roll", Case: "9.2.5", Roll: &engine.Roll{Chart: "U3", Case: "9.2.5"}}}
	miss := []engine.Event{{Kind: "roll", Case: "9.2.3", Roll: &engine.Roll{Chart: "U1", Case: "9.2.3"}}}
	repair := []engine.Event{{Kind: "roll", Case: "10.7.2", Roll: &engine.Roll{Chart: "E5", Case: "10.7.2"}}}
	inPort := career(t, `{"boat":"VIIC","start":"1940-10"}`, 3, 50, func(s *hunters.State) bool { return s.Boat.Fwd[0] != "" })
	for _, c := range []struct {
		name   string
		s      *hunters.State
		view   string
		events []engine.Event
		want   string
	}{
		{"aiming (nothing changed)", combat, "", nil, "[]"},
		{"an engagement begins (8.2)", combat, "", contact, "[combat.png]"},
		{"a salvo that hit (9.2.5): told in its lines", combat, "", hit, "[]"},
		{"a salvo that missed", combat, "", miss, "[]"},
		{"damage in combat: told in its lines", combat, "", damage, "[]"},
		{"a repair (10.7)", combat, "", repair, "[]"},
		{"show board in combat", combat, "board", nil, "[combat.png]"},
		{"show board in port", inPort, "board", nil, "[mat.png]"},
		{"status view in combat", combat, "status", nil, "[mat.png]"},
		{"log view", inPort, "log", nil, "[log.png]"},
		{"refit", inPort, "", refit, "[log.png]"},
		{"a quiet decision", inPort, "", nil, "[]"},
		{"the decision that sinks the boat: the log sheet with her fate (3.5)", sunk, "", end, "[log.png]"},
		{"a view of the sunk boat", sunk, "status", nil, "[mat.png]"},
	} {
		if got := fmt.Sprint(names(c.s, c.view, c.events)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// The "Undone" mark the log and status views carry is on the display mat
// and the log sheet too: a band that makes each picture taller.
func TestPicturesCarryTheUndoneMark(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	s := career(t, `{"boat":"VIIC","start":"1941-03"}`, 7, 3, func(*hunters.State) bool { return false })
	height := func() (mat, log int) {
		t.Helper()
		for i, draw := range []func() ([]byte, error){
			func() ([]byte, error) { return p.DisplayMat(s.Sheet()) },
			func() ([]byte, error) { return p.LogSheet(s) },
		} {
			b, err := draw()
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				mat = cfg.Height
			} else {
				log = cfg.Height
			}
		}
		return
	}
	mat0, log0 := height()
	s.Career.Undone = 1
	if s.UndoneMark() == "" {
		t.Fatal("no mark for an undone decision")
	}
	mat1, log1 := height()
	if mat1 <= mat0 || log1 <= log0 {
		t.Fatalf("no Undone band: mat %d → %d, log %d → %d", mat0, mat1, log0, log1)
	}
}

// Issue 17's bound on a channel, at most a picture every four
// interactions, held by every career of the chat player the every-game
// test plays (the routine or first safe choice), on fixed seeds, of each
// boat: the shortest careers (a boat lost on her first patrol) included,
// since the server's dice make any of them. The interactions are counted
// as chat counts them at the least: the decisions, the slash command and
// the Start.
func TestEveryCareerPostsAtMostAPictureEveryFourInteractions(t *testing.T) {
	r, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	seeds := uint64(testsize.Scale(100, 20))
	for _, boat := range []string{"VIIA", "VIIC", "IXA"} {
		worst, worstSeed, shortest := 0.0, uint64(0), 1<<30
		for seed := uint64(1); seed <= seeds; seed++ {
			d := dice.NewFast(seed)
			st, _, err := r.New([]byte(`{"boat":"`+boat+`","kommandant":"Kommandant"}`), d)
			if err != nil {
				t.Fatal(err)
			}
			decisions, pictures := 0, 0
			for st.Outcome() == nil {
				p := engine.PendingAll(st)[0]
				var events []engine.Event
				if st, events, err = st.Apply(engine.Choice{Token: p.Token, Key: chatChoice(st, p)}, d); err != nil {
					t.Fatal(err)
				}
				decisions++
				pictures += len(Moments(st.(*hunters.State), events))
			}
			shortest = min(shortest, decisions)
			if per := float64(pictures) / float64(decisions+2); per > worst {
				worst, worstSeed = per, seed
			}
		}
		t.Logf("%s: %d careers, the shortest %d decisions; at most %.2f pictures an interaction (seed %d)", boat, seeds, shortest, worst, worstSeed)
		if worst > 0.25 {
			t.Errorf("%s, seed %d: %.2f pictures an interaction (at most 0.25, issue 17)", boat, worstSeed, worst)
		}
	}
}

// chatChoice is the every-game test's player: the routine choice where
// the state offers one, else the first safe option, else the first that
// risks nothing, else the first.
func chatChoice(st engine.State, p *engine.Prompt) string {
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
