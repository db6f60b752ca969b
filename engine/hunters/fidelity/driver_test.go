// Package fidelity holds The Hunters' second reading: rule tests written from
// the rulebook's words by readers who had not read the rules code, driving the
// game only through its public face (engine.Rules, engine.State, scripted dice)
// exactly as `kaleun play --jsonl --dice` does. A test here quotes the case it
// checks; docs/rules-fidelity.md maps every case to its test.
package fidelity

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

// loadedRules reads the embedded chart pack once for the whole package:
// parsing and validating it for each of several hundred careers made the
// package slow under the race detector. The rules are never changed.
var loadedRules = sync.OnceValues(hunters.NewRules)

// game is one career driven from its set-up with forced dice.
type game struct {
	t     testing.TB
	state engine.State
	// all is every event since the set-up, in order.
	all []engine.Event
}

// career starts a career: setup keys are those of `kaleun play` (boat, start,
// kommandant, uboat, rules); faces are every die the set-up rolls, in order.
func career(t testing.TB, setup map[string]string, faces ...int) *game {
	t.Helper()
	rules, err := loadedRules()
	if err != nil {
		t.Fatalf("loading the rules: %v", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.NewScripted(faces)
	st, evs, err := rules.New(raw, d)
	if err != nil {
		t.Fatalf("set-up %v: %v", setup, err)
	}
	g := &game{t: t, state: st, all: evs}
	if left := d.Remaining(); left != 0 {
		t.Fatalf("set-up left %d scripted face(s) unused\nevents:\n%s", left, dump(evs))
	}
	return g
}

// choose answers the pending prompt with key; faces are every die rolled until
// the next prompt (or the end). It fails the test if the choice is refused, the
// script runs out, or faces are left over, printing what happened.
func (g *game) choose(key string, faces ...int) []engine.Event {
	g.t.Helper()
	evs, err := g.try(key, faces...)
	if err != nil {
		g.t.Fatalf("choosing %q at %s: %v", key, g.where(), err)
	}
	return evs
}

// try is choose that returns the refusal instead of failing; on a refusal the
// game is unchanged. Leftover faces are still a failure: they mean the test
// misjudged what the rules roll.
func (g *game) try(key string, faces ...int) ([]engine.Event, error) {
	g.t.Helper()
	d := dice.NewScripted(faces)
	next, evs, err := g.state.Apply(engine.Choice{Key: key}, d)
	if err != nil {
		return nil, err
	}
	if left := d.Remaining(); left != 0 {
		g.t.Fatalf("choosing %q left %d scripted face(s) unused (used %d)\nevents:\n%s", key, left, d.Cursor(), dump(evs))
	}
	g.state = next
	g.all = append(g.all, evs...)
	return evs, nil
}

// isLoadPrompt reports whether a prompt kind belongs to stowing torpedoes
// before a patrol (4.5).
func isLoadPrompt(kind string) bool {
	switch kind {
	case "hunters.torpedo_mix", "hunters.load_tubes", "hunters.load_aft_reloads":
		return true
	}
	return false
}

// firstBoxQuiet are two dice that make a patrol's first box pass without an
// encounter: it is a Transit or a Bay of Biscay box (8: none in Transit;
// Bay of Biscay none on 5 or more, 6 with 1943's -2).
var firstBoxQuiet = []int{4, 4}

// stowAssign answers the torpedo-load prompts with the first offered loads. The
// last answer rolls assign, the patrol's assignment (6.1: it follows the
// load; the 11.2.1 request roll of a Kapitänleutnant, P1), and then box 1's
// encounter, which firstBoxQuiet makes nothing — unless the assignment stops
// at a prompt of its own (11.2.1's choice of patrol), where stowAssign stops.
func (g *game) stowAssign(assign ...int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	pending := [][]int{assign, firstBoxQuiet}
	for isLoadPrompt(g.kind()) {
		key := g.keys()[0]
		var faces []int
		for {
			evs, err := g.try(key, faces...)
			if err == nil {
				out = append(out, evs...)
				break
			}
			if !ranOut(err) || len(pending) == 0 {
				g.t.Fatalf("stowing %q with %v at %s: %v\nlast events:\n%s", key, faces, g.where(), err, dump(tail(g.all, 12)))
			}
			faces = append(faces, pending[0]...)
			pending = pending[1:]
		}
	}
	if len(pending) == 2 && len(assign) > 0 {
		g.t.Fatalf("the load was stowed without rolling the assignment dice %v: %s", assign, g.where())
	}
	return out
}

// loadedCareer starts a career and stows its first load: faces are the dice the
// set-up rolls (the rank, 11.2.2) and then the first assignment's, which
// follows the load (4.4.2): the set-up takes the shortest prefix it accepts,
// and stowAssign rolls the rest with the load, entering box 1 quietly.
func loadedCareer(t testing.TB, setup map[string]string, faces ...int) *game {
	t.Helper()
	rules, err := loadedRules()
	if err != nil {
		t.Fatalf("loading the rules: %v", err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= len(faces); n++ {
		_, _, err := rules.New(raw, dice.NewScripted(faces[:n]))
		if err == nil {
			g := career(t, setup, faces[:n]...)
			g.stowAssign(faces[n:]...)
			return g
		}
		if !ranOut(err) {
			t.Fatalf("set-up %v: %v", setup, err)
		}
	}
	t.Fatalf("set-up %v: the %d faces given ran out", setup, len(faces))
	return nil
}

// ranOut reports whether err is the dice script running out (the rules wanted
// more dice than the test gave).
func ranOut(err error) bool {
	var de *engine.DiceError
	return errors.As(err, &de)
}

// prompt is the pending decision; the test fails if the game is over.
func (g *game) prompt() *engine.Prompt {
	g.t.Helper()
	p := g.state.Pending()
	if p == nil {
		g.t.Fatalf("the game is over (%+v), no prompt pending", g.state.Outcome())
	}
	return p
}

// kind is the pending prompt's kind ("" when the game is over).
func (g *game) kind() string {
	if p := g.state.Pending(); p != nil {
		return p.Kind
	}
	return ""
}

// keys are the pending prompt's option keys.
func (g *game) keys() []string {
	p := g.state.Pending()
	if p == nil {
		return nil
	}
	out := make([]string, len(p.Options))
	for i, o := range p.Options {
		out[i] = o.Key
	}
	return out
}

// offers reports whether the pending prompt offers key.
func (g *game) offers(key string) bool {
	for _, k := range g.keys() {
		if k == key {
			return true
		}
	}
	return false
}

// expect fails unless the pending prompt is of the given kind.
func (g *game) expect(kind string) {
	g.t.Helper()
	if got := g.kind(); got != kind {
		g.t.Fatalf("pending prompt is %s, want %s\nlast events:\n%s", g.where(), kind, dump(tail(g.all, 12)))
	}
}

func (g *game) where() string {
	p := g.state.Pending()
	if p == nil {
		return "(game over)"
	}
	return fmt.Sprintf("%s %q options %v", p.Kind, p.Text, g.keys())
}

// view renders a named view (status, log, help, rules) as plain text.
func (g *game) view(name string) string {
	g.t.Helper()
	v, err := g.state.View(name)
	if err != nil {
		g.t.Fatalf("view %s: %v", name, err)
	}
	var b strings.Builder
	b.WriteString(v.Title + "\n")
	for _, s := range v.Sections {
		if s.Title != "" {
			b.WriteString("## " + s.Title + "\n")
		}
		for _, l := range s.Lines {
			b.WriteString(l + "\n")
		}
		for _, f := range s.Fields {
			b.WriteString(f.Name + ": " + f.Value + "\n")
		}
	}
	return b.String()
}

// outcome is the finished game's outcome, or nil.
func (g *game) outcome() *engine.Outcome { return g.state.Outcome() }

// rolls are the roll events on chart ("" for any) whose purpose contains purpose.
func rolls(evs []engine.Event, chart, purpose string) []*engine.Roll {
	var out []*engine.Roll
	for _, e := range evs {
		if e.Roll == nil {
			continue
		}
		if (chart == "" || e.Roll.Chart == chart) && strings.Contains(e.Roll.Purpose, purpose) {
			out = append(out, e.Roll)
		}
	}
	return out
}

// firstRoll is the first of rolls, failing the test when there is none.
func firstRoll(t testing.TB, evs []engine.Event, chart, purpose string) *engine.Roll {
	t.Helper()
	rs := rolls(evs, chart, purpose)
	if len(rs) == 0 {
		t.Fatalf("no roll on %q for %q among:\n%s", chart, purpose, dump(evs))
	}
	return rs[0]
}

// modifier returns the summed value of the roll's modifiers whose reason
// contains reason, and whether any did.
func modifier(r *engine.Roll, reason string) (int, bool) {
	sum, found := 0, false
	for _, m := range r.Modifiers {
		if strings.Contains(strings.ToLower(m.Reason), strings.ToLower(reason)) {
			sum += m.Value
			found = true
		}
	}
	return sum, found
}

// said reports whether any event's text contains s (case-insensitive).
func said(evs []engine.Event, s string) bool {
	s = strings.ToLower(s)
	for _, e := range evs {
		if strings.Contains(strings.ToLower(e.Text), s) {
			return true
		}
	}
	return false
}

func dump(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString("  ")
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func tail(evs []engine.Event, n int) []engine.Event {
	if len(evs) > n {
		return evs[len(evs)-n:]
	}
	return evs
}

// cat joins face lists.
func cat(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// results lists the results of rolls (chart "" for any, purpose substring).
func results(evs []engine.Event, chart, purpose string) []string {
	var out []string
	for _, r := range rolls(evs, chart, purpose) {
		out = append(out, r.Result)
	}
	return out
}
