package fidelity

// Helpers of the read-a reading (sections 4, 5, 6, 7, 8 and 12). They drive the
// game only through its public face, like driver_test.go, which they extend.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// fs flattens ints and int slices into one dice script, so a test can write
// a step's faces as groups: fs(4, 4, rep(3, 6), ...).
func fs(parts ...any) []int {
	var out []int
	for _, p := range parts {
		switch v := p.(type) {
		case int:
			out = append(out, v)
		case []int:
			out = append(out, v...)
		default:
			panic("fs: not an int or []int")
		}
	}
	return out
}

// rep is n copies of face.
func rep(n, face int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = face
	}
	return out
}

// setupErr is the refusal of a set-up (nil when it starts). Its dice are
// generous: a test of refusals does not count the set-up's dice.
func setupErr(t testing.TB, setup map[string]string) error {
	t.Helper()
	rules, err := loadedRules()
	if err != nil {
		t.Fatalf("loading the rules: %v", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = rules.New(raw, dice.NewScripted(rep(40, 2)))
	return err
}

// loose starts a career with a generous script of one repeated face and
// does not hold the test to its count: for tests of what the set-up shows,
// not of the dice it takes.
func loose(t testing.TB, setup map[string]string, face int) *game {
	t.Helper()
	rules, err := loadedRules()
	if err != nil {
		t.Fatalf("loading the rules: %v", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	st, evs, err := rules.New(raw, dice.NewScripted(rep(40, face)))
	if err != nil {
		t.Fatalf("set-up %v: %v", setup, err)
	}
	return &game{t: t, state: st, all: evs}
}

// stowLoose stows the first offered loads (4.5) with a generous script of one
// repeated face, not holding the test to its count: the last answer rolls
// the first assignment (it follows the load, 4.4.2) and box 1's encounter.
func (g *game) stowLoose(face int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for isLoadPrompt(g.kind()) {
		next, evs, err := g.state.Apply(engine.Choice{Key: g.keys()[0]}, dice.NewScripted(rep(40, face)))
		if err != nil {
			g.t.Fatalf("stowing at %s: %v", g.where(), err)
		}
		g.state = next
		g.all = append(g.all, evs...)
		out = append(out, evs...)
	}
	return out
}

// optionKeys lists a prompt's keys.
func optionKeys(p *engine.Prompt) []string {
	out := make([]string, len(p.Options))
	for i, o := range p.Options {
		out[i] = o.Key
	}
	return out
}

// label is the label of the pending prompt's option key ("" if not offered).
func (g *game) label(key string) string {
	if p := g.state.Pending(); p != nil {
		for _, o := range p.Options {
			if o.Key == key {
				return o.Label
			}
		}
	}
	return ""
}

// stow answers the torpedo-load prompts (4.5) with mix (a torpedo_mix key,
// "" for the first offered) and the first offer of every later load prompt;
// faces are the dice rolled after the last of them (the first travel box).
func (g *game) stow(mix string, faces ...int) []engine.Event {
	g.t.Helper()
	for isLoadPrompt(g.kind()) {
		key := g.keys()[0]
		if g.kind() == "hunters.torpedo_mix" && mix != "" {
			key = mix
		}
		evs, err := g.try(key)
		switch {
		case err == nil:
			if !isLoadPrompt(g.kind()) {
				if len(faces) != 0 {
					g.t.Fatalf("stowing rolled no dice, but the test gave %v\nevents:\n%s", faces, dump(evs))
				}
				return evs
			}
		case ranOut(err):
			return g.choose(key, faces...)
		default:
			g.t.Fatalf("stowing %q at %s: %v", key, g.where(), err)
		}
	}
	g.t.Fatalf("no torpedo-load prompt pending: %s", g.where())
	return nil
}

// field reads "Name: value" from a rendered view ("" when absent).
func field(view, name string) string {
	for _, l := range strings.Split(view, "\n") {
		if v, ok := strings.CutPrefix(l, name+": "); ok {
			return v
		}
	}
	return ""
}

// charts lists the chart of every roll, in order.
func charts(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Roll != nil {
			out = append(out, e.Roll.Chart)
		}
	}
	return out
}

// eventIndex is the index of the first event whose text contains s, or -1.
func eventIndex(evs []engine.Event, s string) int {
	s = strings.ToLower(s)
	for i, e := range evs {
		if strings.Contains(strings.ToLower(e.Text), s) {
			return i
		}
	}
	return -1
}

// reloadFirst answers any pending reload prompts (9.2.8, 4.5 step 8) with
// their first offer; they roll no dice.
func (g *game) reloadFirst() {
	g.t.Helper()
	for g.kind() == "hunters.reload_forward" || g.kind() == "hunters.reload_aft" {
		g.choose(g.keys()[0])
	}
}

// breakOff leaves an engagement that is over (9.7.1: no following) and
// answers the reload prompts that come with it, up to the next prompt of
// another kind; none of these roll dice.
func (g *game) breakOff() {
	g.t.Helper()
	for {
		switch g.kind() {
		case "hunters.after_combat":
			g.choose("leave")
		case "hunters.reload_forward", "hunters.reload_aft":
			g.choose(g.keys()[0])
		default:
			return
		}
	}
}

// rollIndex is the index of the first roll event on chart, or -1.
func rollIndex(evs []engine.Event, chart string) int {
	for i, e := range evs {
		if e.Roll != nil && e.Roll.Chart == chart {
			return i
		}
	}
	return -1
}

// reloadThen answers reload prompts with their first offer; faces are the
// dice rolled after the last of them (or after key when no reload is asked).
func (g *game) reloadThen(faces ...int) []engine.Event {
	g.t.Helper()
	for g.kind() == "hunters.reload_forward" || g.kind() == "hunters.reload_aft" {
		key := g.keys()[0]
		evs, err := g.try(key)
		if err == nil {
			continue
		}
		if !ranOut(err) {
			g.t.Fatalf("reloading %q: %v", key, err)
		}
		_ = evs
		return g.choose(key, faces...)
	}
	if len(faces) != 0 {
		g.t.Fatalf("no reload prompt took the faces %v: %s", faces, g.where())
	}
	return nil
}

// reloadThenOr is reloadThen when a reload prompt is pending; otherwise it
// chooses key (when not "") with faces... or fails if faces are left over.
func (g *game) reloadThenOr(key string, faces ...int) []engine.Event {
	g.t.Helper()
	if g.kind() == "hunters.reload_forward" || g.kind() == "hunters.reload_aft" {
		return g.reloadThen(faces...)
	}
	if key == "" {
		if len(faces) != 0 {
			g.t.Fatalf("nothing takes the faces %v at %s", faces, g.where())
		}
		return nil
	}
	return g.choose(key, faces...)
}
