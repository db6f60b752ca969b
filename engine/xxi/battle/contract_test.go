package battle

import (
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Every prompt refuses a key it does not offer, with ErrIllegalChoice and
// no change; so does a finished phase.
func TestIllegalKeysAtEveryPrompt(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	for _, k := range []string{"", "sail", "sail:VII-1", "sail:VII-1:nowhere", "sail:VII-9:" + atlantic, "sail:VII-1:" + atlantic + ":x", "test", "go", "attack:convoy-5", "END"} {
		illegal(t, p, k)
	}
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	for _, k := range []string{"end", "continue", "home", "leave", "sail:VII-2:" + atlantic, "Test"} {
		illegal(t, p, k)
	}
	hit, _ := step(t, p, "test", 1, 1, 6) // Open Ocean: hit
	for _, k := range []string{"abort", "test", "leave", "end"} {
		illegal(t, hit, k)
	}
	p, _ = step(t, p, "test", 6, 6)
	p, _ = step(t, p, "test", 1, 1, 1) // PBY: fail, miss
	for _, k := range []string{"home", "test", "leave", "attack:convoy-5"} {
		illegal(t, p, k)
	}
	p = toArea(t, mustNew(t, setup9_10(t, DefaultRulings())), "VII-1", atlantic, 2)
	for _, k := range []string{"attack:", "attack:convoy-6", "attack:VII-2", "abort", "test", "end"} {
		illegal(t, p, k)
	}
	p, _ = step(t, mustNew(t, setup9_10(t, DefaultRulings())), "end")
	illegal(t, p, "end")
	illegal(t, p, "sail:VII-1:"+atlantic)
}

// Apply never changes its receiver, nor does the caller's Setup stay tied
// to the phase: every slice is copied. Checked at every step of 9.10, by
// the receiver's JSON before and after.
func TestReceiverNeverChanges(t *testing.T) {
	s := setup9_10(t, DefaultRulings())
	p := mustNew(t, s)
	// Changing the setup after New changes nothing in the phase.
	s.Flotillas[0].Depleted = true
	s.Convoys[0].Value = 1
	s.Paths[0].Spaces[0].Target = 1
	if f := flot(t, p, "VII-1"); f.Depleted || p.ConvoyState[0].Value != 5 || p.Paths[0].Spaces[0].Target != 4 {
		t.Fatal("the phase shares the setup's slices")
	}
	// Nor does changing what Flotillas and Convoys return.
	p.Flotillas()[0].Sunk = true
	p.Convoys()[0].Sunk = true
	if p.FlotillaState[0].Sunk || p.ConvoyState[0].Sunk {
		t.Fatal("Flotillas/Convoys return the phase's own slices")
	}
	script := []struct {
		key   string
		faces []int
	}{{"sail:VII-1:" + atlantic, nil}, {"test", []int{3, 4}}, {"test", []int{2, 4, 5}}, {"abort", []int{4, 5}},
		{"sail:VII-2:" + atlantic, nil}, {"test", []int{1, 6}}, {"test", []int{3, 5}}, {"test", []int{5, 6}},
		{"test", []int{4, 4, 3, 6}}, {"continue", nil}, {"attack:convoy-5", []int{4, 5, 1, 4}}}
	for _, st := range script {
		before, _ := json.Marshal(p)
		kept := p
		q, _ := step(t, p, st.key, st.faces...)
		after, _ := json.Marshal(p)
		if string(before) != string(after) || !reflect.DeepEqual(kept, p) {
			t.Fatalf("Apply(%q) changed its receiver:\n%s\n%s", st.key, before, after)
		}
		p = q
	}
}

// A die that cannot be rolled is an error naming the roll's purpose and
// case, wrapping the dice's error; the receiver is returned unchanged.
func TestDiceErrorsNameTheRoll(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	for _, c := range []struct {
		faces []int
		want  string
	}{{nil, "Engine test to enter Open Ocean"}, {[]int{1}, "Engine test to enter Open Ocean"}, {[]int{1, 1}, "Depth charges against VII-1 in Open Ocean"}, {[]int{7}, "(9.2)"}} {
		q, ev, err := p.Apply("test", dice.NewScripted(c.faces))
		var de *engine.DiceError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("faces %v: %v, want a DiceError naming %q", c.faces, err, c.want)
		}
		if errors.Is(err, engine.ErrIllegalChoice) || ev != nil || !reflect.DeepEqual(q, p) {
			t.Fatalf("faces %v: a dice error changed the phase or called the key illegal", c.faces)
		}
	}
	if _, _, err := p.Apply("test", nil); err == nil || !strings.Contains(err.Error(), "no dice") {
		t.Fatalf("nil dice: %v", err)
	}
}

// The phase is saved inside the game's state: mid-mission it survives a
// JSON round trip, and plays on the same from either copy.
func TestJSONRoundTripMidMission(t *testing.T) {
	for _, r := range []Rulings{{}, {A8: A8Together, A7: A7AfterDCOnly, A5: A5StaysOut, A6: A6StraightHome, A20: A20Forbidden}} {
		s := setup9_10(t, r)
		s.Flotillas = append(s.Flotillas, xxi("XXI-1", Ratings{3, 3, 3, 4}))
		p := mustNew(t, s)
		if r.A8 == A8Together {
			p, _ = step(t, p, "sail:XXI-1:"+atlantic)
			p, _ = step(t, p, "sail:VII-1:"+atlantic)
			p, _ = step(t, p, "go", 1, 1, 1, 1) // Open Ocean: fail, miss
		} else {
			p, _ = step(t, p, "sail:XXI-1:"+atlantic)
			p, _ = step(t, p, "test", 1, 1, 1, 1)
		}
		if r.A6 == A6StraightHome {
			wantKind(t, p, KindAfterDC, "continue", "home", "abort")
		} else {
			wantKind(t, p, KindAfterDC, "continue", "abort")
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back Phase
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, p) {
			t.Fatalf("round trip:\n%+v\n%+v", back, p)
		}
		// The default waits before PBY Searchers; after_dc_only rolls it
		// (pass) and the Scout Bomber (fail, miss) at once.
		var faces []int
		if r.A7 == A7AfterDCOnly {
			faces = []int{6, 6, 6, 1, 1, 1, 1}
		}
		a, evA := step(t, p, "continue", faces...)
		b2, evB := step(t, back, "continue", faces...)
		if !reflect.DeepEqual(a, b2) || !reflect.DeepEqual(evA, evB) {
			t.Fatal("the decoded phase plays differently")
		}
	}
}

// New refuses a malformed setup, each with the case that says why.
func TestNewRefusesMalformedSetups(t *testing.T) {
	good := func() Setup { return setup9_10(t, DefaultRulings()) }
	badVII := vii("VII-1")
	badVII.Ratings.Defense = 3
	sunk := vii("VII-1")
	sunk.Sunk = true
	for _, c := range []struct {
		name string
		edit func(*Setup)
		want string
	}{
		{"VII not 2/2/2/2", func(s *Setup) { s.Flotillas[0] = badVII }, "XXI-A22"},
		{"duplicate flotilla", func(s *Setup) { s.Flotillas[1].ID = "VII-1" }, "twice"},
		{"colon in an ID", func(s *Setup) { s.Flotillas[1].ID = "VII:2" }, "':'"},
		{"sunk flotilla", func(s *Setup) { s.Flotillas[0] = sunk }, "Scrap Pile"},
		{"unknown class", func(s *Setup) { s.Flotillas[0].Class = "IX" }, "2.1.1"},
		{"no dice", func(s *Setup) { s.Flotillas = []Flotilla{xxi("X", Ratings{0, 2, 2, 3})} }, "2.4.9"},
		{"defense 7", func(s *Setup) { s.Flotillas = []Flotilla{xxi("X", Ratings{2, 2, 2, 7})} }, "9.4"},
		{"no path", func(s *Setup) { s.Paths = nil }, "9.1"},
		{"three spaces", func(s *Setup) { s.Paths[0].Spaces = s.Paths[0].Spaces[:3] }, "9.1"},
		{"bad test", func(s *Setup) { s.Paths[0].Spaces[1].Test = "luck" }, "9.2"},
		{"silence home", func(s *Setup) { s.Paths[0].Home.Test = content.Silence }, "9.6"},
		{"no area dice", func(s *Setup) { s.Paths[1].Area.DepthCharges = 0 }, "9.8"},
		{"duplicate path", func(s *Setup) { s.Paths[1].ID = s.Paths[0].ID }, "twice"},
		{"convoy nowhere", func(s *Setup) { s.Convoys[0].Path = "pacific" }, "9.7"},
		{"convoy 0", func(s *Setup) { s.Convoys[0].Value = 0 }, "9.7"},
		{"sunk convoy", func(s *Setup) { s.Convoys[0].Sunk = true }, "Scrap Pile"},
		{"duplicate convoy", func(s *Setup) { s.Convoys = append(s.Convoys, s.Convoys[0]) }, "twice"},
	} {
		s := good()
		s.Paths = clonePaths(s.Paths)
		c.edit(&s)
		if _, err := New(s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: New = %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

// Events follow the contract: each roll names its case, purpose, dice,
// faces, natural (the highest face) and result; a note for each
// consequence.
func TestEventsAreDescribed(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	_, ev := step(t, p, "test", 1, 3, 2)
	var n int
	for _, e := range ev {
		if e.Kind != engine.KindRoll {
			continue
		}
		n++
		r := e.Roll
		// 9.2 "If any one die equals or exceeds": the highest die is read,
		// and the text says so rather than summing the faces.
		if !r.Highest || r.Target != nil || (len(r.Faces) > 1) != strings.Contains(e.String(), ": highest ") || sumRE.MatchString(e.String()) {
			t.Fatalf("roll %q does not read as the highest die", e.String())
		}
		if r.Case == "" || r.Case != e.Case || r.Purpose == "" || r.Dice == "" || r.Natural != maxOf(r.Faces) || r.Total != r.Natural || r.Result == "" || e.Text == "" {
			t.Fatalf("roll %+v", r)
		}
	}
	if n != 2 || !strings.Contains(notes(ev), "Depleted") {
		t.Fatalf("%d rolls, notes %q", n, notes(ev))
	}
}

var sumRE = regexp.MustCompile(`\d\+\d`)

func maxOf(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
